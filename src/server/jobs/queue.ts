// The durable job queue (DESIGN.md 'jobs'): pg-boss, on PostgreSQL or, through its PGlite adapter,
// on the embedded database's one connection. Web servers queue; workers run (inside the server by
// default, REPORT_WORKERS=0 to queue only; `npm run worker` runs workers alone on PostgreSQL).
//
// - Each kind of job with a runner (kinds.ts) has a queue of its own, named as the kind, and workers.
// - A worker heartbeats while it runs a job; a job whose worker died (no heartbeat for
//   JOB_HEARTBEAT_SECONDS) is failed by the queue's monitor and retried.
// - A run that fails is retried JOB_RETRY_LIMIT times meanwhile Queued with why it is tried again,
//   then Failed with the reason. A job the monitor gives up on lands in its kind's dead-letter queue,
//   whose worker says so.
// - A job's record (the jobs table) decides whether a run may finish it (reportRun.ts).
import { PgBoss, fromPglite, type Job } from 'pg-boss';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { retryDetail, type JobKind } from '../../contract/jobs';
import type { OpenDatabase } from '../db/client';
import { JOB_RUNNERS, type JobRunner } from './kinds';
import { RunSuperseded } from './reportRun';

export const JOB_RETRY_LIMIT = 2;
export const JOB_HEARTBEAT_SECONDS = 10;

/** A queued job's data: its id in the jobs table (`reportId` in report jobs queued before job kinds). */
interface JobData { jobId?: number; reportId?: number }
const jobIdOf = (job: Job<JobData>) => (job.data.jobId ?? job.data.reportId) as number;

/** How often the queue's maintenance looks at its jobs: a dead worker's job is noticed within seconds. */
const CADENCE = { superviseIntervalSeconds: 5, monitorIntervalSeconds: 5, queueCacheIntervalSeconds: 5 };

/**
 * How a worker fetches: a new job wakes it at once (NOTIFY); a worker polls every half second, not
 * every 30 s as pg-boss's NOTIFY default (a NOTIFY sent while every worker is busy wakes none), and
 * fetches without a pause while a backlog waits.
 */
const FETCHING = { pollingIntervalSeconds: 0.5, notifyPollingIntervalSeconds: 0.5, burstWhenReadyExceeds: 1 };

export interface JobQueue {
  /** Queues a job of a kind by its id in the jobs table; answers its id in the queue. */
  send(kind: JobKind, jobId: number): Promise<string | null>;
  stop(): Promise<void>;
}

export async function startJobQueue(database: OpenDatabase, options: { databaseUrl?: string; workers: number; log: FastifyBaseLogger }): Promise<JobQueue> {
  const { db } = database;
  const boss = database.pglite
    ? new PgBoss({ db: fromPglite(database.pglite), backend: 'pglite', schema: 'pgboss', useListenNotify: true, ...CADENCE })
    : new PgBoss({ connectionString: options.databaseUrl as string, schema: 'pgboss', max: 4, useListenNotify: true, ...CADENCE });
  boss.on('error', (error) => options.log.error({ err: error }, 'job queue error'));
  await boss.start();

  /** A kind's queue, its dead letters and, unless this process only queues, their workers. */
  const startKind = async (kind: JobKind, runner: JobRunner) => {
    const deadLetters = `${kind}-dead`;
    await boss.createQueue(deadLetters);
    await boss.createQueue(kind, {
      retryLimit: JOB_RETRY_LIMIT,
      retryDelay: 5,
      heartbeatSeconds: JOB_HEARTBEAT_SECONDS,
      expireInSeconds: 6 * 3600,
      deadLetter: deadLetters,
      // A new job wakes an idle worker at once instead of at its next poll.
      notify: true,
    });
    if (options.workers === 0) return;

    await boss.work<JobData>(kind, { localConcurrency: options.workers, ...FETCHING, includeMetadata: true }, async ([job]) => {
      const jobId = jobIdOf(job as Job<JobData>);
      const retries = (job as unknown as { retryCount: number }).retryCount ?? 0;
      try {
        const outcome = await runner.run(database, jobId);
        options.log.info({ kind, jobId, outcome }, 'job run ended');
      } catch (error) {
        if (error instanceof RunSuperseded) {
          options.log.warn({ kind, jobId }, error.message);
          return;
        }
        const reason = runner.reasonOf(error);
        options.log.error({ err: error, kind, jobId, retries }, 'job run failed');
        const [status, detail] = retries >= JOB_RETRY_LIMIT ? ['Failed', reason] : ['Queued', retryDetail(reason)];
        await db.execute(sql`update jobs set status = ${status}, detail = ${detail} where id = ${jobId} and status <> 'Finished'`);
        throw error;
      }
    });
    // A job the queue gave up on without a run to say why (its workers died every time).
    await boss.work<JobData>(deadLetters, { pollingIntervalSeconds: 5 }, async ([job]) => {
      await db.execute(sql`update jobs set status = 'Failed', detail = 'its worker stopped before it finished'
        where id = ${jobIdOf(job as Job<JobData>)} and status not in ('Finished', 'Failed')`);
    });
  };
  for (const [kind, runner] of Object.entries(JOB_RUNNERS) as Array<[JobKind, JobRunner]>) await startKind(kind, runner);

  return {
    send: (kind, jobId) => boss.send(kind, { jobId }, { singletonKey: `${kind}-${jobId}` }),
    stop: () => boss.stop({ graceful: true, timeout: 10_000 }),
  };
}
