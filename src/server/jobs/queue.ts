// The durable job queue (DESIGN.md 'jobs'): pg-boss, on PostgreSQL or, through its PGlite adapter,
// on the embedded database's one connection. Web servers queue; workers run (inside the server by
// default, REPORT_WORKERS=0 to queue only; `npm run worker` runs workers alone on PostgreSQL).
//
// - A worker heartbeats while it runs a job; a job whose worker died (no heartbeat for
//   REPORT_HEARTBEAT_SECONDS) is failed by the queue's monitor and retried.
// - A run that fails is retried REPORT_RETRY_LIMIT times, then the report reads 'Failed: reason'.
//   A job the monitor gives up on lands in the dead-letter queue, whose worker says so.
// - A job runs once per report: the report record decides whether a run may finish it (reportRun.ts).
import { PgBoss, fromPglite, type Job } from 'pg-boss';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { REPORT_FINISHED, REPORT_QUEUED, reportFailed } from '../../contract/reports';
import type { OpenDatabase } from '../db/client';
import { HttpError } from '../http/errors';
import { RunSuperseded, runReport } from './reportRun';

export const REPORT_QUEUE = 'report';
const REPORT_DEAD_LETTERS = 'report-dead';
export const REPORT_RETRY_LIMIT = 2;
export const REPORT_HEARTBEAT_SECONDS = 10;

interface ReportJobData { reportId: number }

/** How often the queue's maintenance looks at its jobs: a dead worker's job is noticed within seconds. */
const CADENCE = { superviseIntervalSeconds: 5, monitorIntervalSeconds: 5, queueCacheIntervalSeconds: 5 };

/**
 * How a worker fetches: a new job wakes it at once (NOTIFY); a worker polls every half second, not
 * every 30 s as pg-boss's NOTIFY default (a NOTIFY sent while every worker is busy wakes none), and
 * fetches without a pause while a backlog waits.
 */
const FETCHING = { pollingIntervalSeconds: 0.5, notifyPollingIntervalSeconds: 0.5, burstWhenReadyExceeds: 1 };

export interface JobQueue {
  sendReport(reportId: number): Promise<string | null>;
  stop(): Promise<void>;
}

/** Why a run failed, in words for the report's status: our own refusals say why; anything else is in the log, not in front of users. */
const reasonOf = (error: unknown): string =>
  error instanceof HttpError ? error.message.slice(0, 200) : 'the report could not be written (the server log has the details)';

export async function startJobQueue(database: OpenDatabase, options: { databaseUrl?: string; workers: number; log: FastifyBaseLogger }): Promise<JobQueue> {
  const { db } = database;
  const boss = database.pglite
    ? new PgBoss({ db: fromPglite(database.pglite), backend: 'pglite', schema: 'pgboss', useListenNotify: true, ...CADENCE })
    : new PgBoss({ connectionString: options.databaseUrl as string, schema: 'pgboss', max: 4, useListenNotify: true, ...CADENCE });
  boss.on('error', (error) => options.log.error({ err: error }, 'job queue error'));
  await boss.start();
  await boss.createQueue(REPORT_DEAD_LETTERS);
  await boss.createQueue(REPORT_QUEUE, {
    retryLimit: REPORT_RETRY_LIMIT,
    retryDelay: 5,
    heartbeatSeconds: REPORT_HEARTBEAT_SECONDS,
    expireInSeconds: 6 * 3600,
    deadLetter: REPORT_DEAD_LETTERS,
    // A new job wakes an idle worker at once instead of at its next poll.
    notify: true,
  });

  const setStatus = (reportId: number, status: string) =>
    db.execute(sql`update report_jobs set status = ${status} where id = ${reportId} and status <> ${REPORT_FINISHED}`);

  if (options.workers > 0) {
    await boss.work<ReportJobData>(REPORT_QUEUE, { localConcurrency: options.workers, ...FETCHING, includeMetadata: true }, async ([job]) => {
      const { reportId } = (job as Job<ReportJobData>).data;
      const retries = (job as unknown as { retryCount: number }).retryCount ?? 0;
      try {
        const outcome = await runReport(database, reportId);
        options.log.info({ reportId, outcome }, 'report run ended');
      } catch (error) {
        if (error instanceof RunSuperseded) {
          options.log.warn({ reportId }, error.message);
          return;
        }
        const reason = reasonOf(error);
        options.log.error({ err: error, reportId, retries }, 'report run failed');
        await setStatus(reportId, retries >= REPORT_RETRY_LIMIT ? reportFailed(reason) : `${REPORT_QUEUED} (to be tried again after: ${reason})`);
        throw error;
      }
    });
    // A job the queue gave up on without a run to say why (its workers died every time).
    await boss.work<ReportJobData>(REPORT_DEAD_LETTERS, { pollingIntervalSeconds: 5 }, async ([job]) => {
      const { reportId } = (job as Job<ReportJobData>).data;
      await db.execute(sql`update report_jobs set status = ${reportFailed('its worker stopped before it finished')} where id = ${reportId} and status <> ${REPORT_FINISHED} and status not like 'Failed%'`);
    });
  }

  return {
    sendReport: (reportId) => boss.send(REPORT_QUEUE, { reportId }, { singletonKey: `report-${reportId}` }),
    stop: () => boss.stop({ graceful: true, timeout: 10_000 }),
  };
}
