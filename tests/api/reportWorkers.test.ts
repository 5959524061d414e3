// A report worker killed mid-job (SIGKILL) on PostgreSQL, as production runs them: a web server that
// only queues (REPORT_WORKERS=0) and workers of their own (`npm run worker`). The killed worker's job
// is picked up again by another worker once its heartbeat stops; the report finishes once, its file
// complete, with no part of the dead run left in it.
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListPage } from '../../src/contract/api';
import type { QueueReport } from '../../src/contract/entities';
import { jobStatusText, type JobState } from '../../src/contract/jobs';
import { useSignedInServer } from '../support/signedIn';
import { until } from '../support/until';
import { startWorker } from '../support/workers';

const DATES = 'start_date=01-Jan-2020&end_date=31-Dec-2099';

describe.skipIf(!process.env.TEST_DATABASE_URL)('report workers on PostgreSQL', () => {
  const { server, tokens } = useSignedInServer('postgres', ['super'], { REPORT_WORKERS: '0' });
  let token = '';
  let sql: pg.Client;
  /** A job's status as the lists show it (its word and detail composed) and its runs. */
  const jobOf = async (id: number) => {
    const [row] = (await sql.query<JobState & { attempts: number }>('select status, detail, attempts from jobs where id = $1', [id])).rows;
    return row && { status: jobStatusText(row), attempts: row.attempts };
  };
  const workers: ChildProcess[] = [];

  beforeAll(async () => {
    token = tokens.super;
    sql = new pg.Client({ connectionString: server.databaseUrl });
    await sql.connect();
  });
  afterAll(async () => {
    for (const worker of workers) worker.kill('SIGKILL');
    await sql?.end();
  });

  it('picks up the job of a worker killed mid-job; the report finishes once, its file complete', { timeout: 120_000 }, async () => {
    // Hold the file's first part: the run claims the report, counts its rows, starts its COPY, and waits.
    const holder = new pg.Client({ connectionString: server.databaseUrl });
    await holder.connect();
    await holder.query('begin');
    await holder.query('lock table report_file_parts in exclusive mode');

    const queued = await server.get<QueueReport>(`/admin/queue_report?home=fraud_report&${DATES}`, token);
    expect(queued.status).toBe(200);
    const first = await startWorker(server.databaseUrl as string);
    workers.push(first);
    const statusOf = async () => jobOf(queued.body.id);
    const started = await until(statusOf, (row) => Boolean(row?.status.startsWith('Started:')), 30_000);
    expect(started?.status).toMatch(/^Started: 0 of [\d,]+ rows$/);

    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    await holder.query('rollback');
    await holder.end();

    workers.push(await startWorker(server.databaseUrl as string));
    const report = await until(
      async () => (await server.get<ListPage<QueueReport>>('/admin/list_queue_reports?home=fraud_report', token)).body.data.find((row) => row.id === queued.body.id),
      (row) => row?.status === 'Finished',
      90_000,
    );
    expect(report?.status).toBe('Finished');

    // Two runs, one finish: the file is the grid's whole export, from the last run's parts alone.
    expect((await statusOf())?.attempts).toBe(2);
    const download = await server.post<{ data: string }>('/admin/queued_report_download', { id: queued.body.id }, token);
    const exported = await server.post<string>('/admin/fraud', { start_date: '01-Jan-2020', end_date: '31-Dec-2099', page_size: 0, export: 'csv' }, token);
    expect(download.body.data).toBe(exported.body);
    const runs = await sql.query('select distinct run_token from report_file_parts where report_id = $1', [queued.body.id]);
    expect(runs.rowCount).toBe(1);
    const jobs = await sql.query<{ state: string }>("select state from pgboss.job where name = 'report' and (data->>'jobId')::int = $1", [queued.body.id]);
    expect(jobs.rows.map((job) => job.state)).toEqual(['completed']);
  });

  it('retries a run that fails a bounded number of times, then reads Failed: with the reason', { timeout: 120_000 }, async () => {
    for (const worker of workers.splice(0)) worker.kill('SIGKILL');
    const queued = await server.get<QueueReport>(`/admin/queue_report?home=fraud_report&${DATES}`, token);
    // A report its grid can no longer read (as if the grid lost a column since it was queued).
    await sql.query(`update reports set params = params || '{"orderby": "no_such_column"}' where job_id = $1`, [queued.body.id]);
    workers.push(await startWorker(server.databaseUrl as string));
    const seen = new Set<string>();
    const failed = await until(
      async () => jobOf(queued.body.id),
      (row) => (row ? (seen.add(row.status), row.status.startsWith('Failed')) : false),
      90_000,
    );
    expect(failed?.status).toMatch(/^Failed: .*no_such_column/);
    expect(failed?.attempts).toBe(3);
    expect([...seen].some((status) => status.startsWith('Queued (to be tried again after:'))).toBe(true);
    const download = await server.post<{ code: string }>('/admin/queued_report_download', { id: queued.body.id }, token);
    expect(download.status).toBe(409);
    expect(download.body.code).toBe('report_not_ready');
  });
});
