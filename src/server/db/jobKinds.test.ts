// Migration 0014 (issue 32) on a database holding report jobs and payment runs with status texts:
// the migrations before it run on an in-memory PGlite, rows go in, 0014 runs, and each report job is
// a job of kind report (status word and detail apart, its report and file parts kept under its id),
// each payment run a job of kind paymentrun.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobStatusText, type JobStatus } from '../../contract/jobs';

const folder = path.join(import.meta.dirname, 'migrations');
const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as { entries: Array<{ tag: string }> };
const MIGRATION = '0014_jobs';

async function run(db: PGlite, tag: string): Promise<void> {
  for (const statement of readFileSync(path.join(folder, `${tag}.sql`), 'utf8').split('--> statement-breakpoint')) {
    if (statement.trim()) await db.exec(statement);
  }
}

const OLD_STATUSES = [
  'Queued',
  'Queued (to be tried again after: the report could not be written (the server log has the details))',
  'Started: 1,000 of 5,000 rows',
  'Finished',
  'Failed: its worker stopped before it finished',
  'Lost in transit',
];

describe(`migration ${MIGRATION}`, () => {
  let db: PGlite;

  beforeAll(async () => {
    db = await PGlite.create({ extensions: { pg_trgm } });
    const tags = journal.entries.map((entry) => entry.tag);
    for (const tag of tags.slice(0, tags.indexOf(MIGRATION))) await run(db, tag);
    await db.exec(`insert into users (id, username, email, first_name, last_name) values (1, 'super@x.org', 'super@x.org', 'S', 'A')`);
    for (const [i, status] of OLD_STATUSES.entries()) {
      await db.query(
        `insert into report_jobs (id, kind, grid, description, params, scope, scope_campaign_ids, created_by, status, attempts, run_token, job_id, file_name, rows, bytes)
         values ($1, 'fraud_report', 'fraudEvents', $2, '{"page_size": 0}', '{"role": "all"}', $3, 1, $4, 1, $5, $6, 'fraud.csv', $7, $8)`,
        [i + 1, `report ${i + 1}`, i === 0 ? null : '{1,2}', status, `token-${i + 1}`, `boss-${i + 1}`, status === 'Finished' ? 162 : null, status === 'Finished' ? 2400 : null],
      );
    }
    await db.exec(`
      insert into report_file_parts (report_id, run_token, seq, data) values (4, 'token-4', 0, 'a,b\n');
      insert into payment_runs (id, ref, reference, request_id, start_date, end_date, created_by, currency_code, status, created_at) values
        (1, 'PR-000001', 'ACC-1', 'r1', '2026-01-01', '2026-01-31', 1, 'GHS', 'Finished', '2026-02-01T09:00:00Z'),
        (2, 'PR-000002', 'ACC-2', 'r2', '2026-02-01', '2026-02-28', 1, 'GHS', 'Queued', '2026-03-01T09:00:00Z');
    `);
    await run(db, MIGRATION);
  });
  afterAll(async () => db?.close());

  it('splits each report job’s status text into its status word and detail, composed back to the same text', async () => {
    const { rows } = await db.query<{ id: number; kind: string; status: JobStatus; detail: string | null }>(`select id, kind, status, detail from jobs where kind = 'report' order by id`);
    expect(rows.map(({ status, detail }) => [status, detail])).toEqual([
      ['Queued', null],
      ['Queued', 'to be tried again after: the report could not be written (the server log has the details)'],
      ['Started', '1,000 of 5,000 rows'],
      ['Finished', null],
      ['Failed', 'its worker stopped before it finished'],
      ['Failed', 'Lost in transit'],
    ]);
    expect(rows.slice(0, 5).map(jobStatusText)).toEqual(OLD_STATUSES.slice(0, 5));
  });

  it('keeps each job’s own columns on the job and its report’s on the report, under the same id', async () => {
    const { rows: [job] } = await db.query(`select id, description, created_by, scope_campaign_ids, attempts, run_token, queue_job_id from jobs where id = 4`);
    expect(job).toEqual({ id: 4, description: 'report 4', created_by: 1, scope_campaign_ids: [1, 2], attempts: 1, run_token: 'token-4', queue_job_id: 'boss-4' });
    const { rows: [report] } = await db.query(`select job_id, list, grid, params, scope, file_name, rows, bytes::int from reports where job_id = 4`);
    expect(report).toEqual({ job_id: 4, list: 'fraud_report', grid: 'fraudEvents', params: { page_size: 0 }, scope: { role: 'all' }, file_name: 'fraud.csv', rows: 162, bytes: 2400 });
    const { rows: parts } = await db.query(`select p.data from report_file_parts p join jobs j on j.id = p.report_id and j.run_token = p.run_token`);
    expect(parts).toEqual([{ data: 'a,b\n' }]);
  });

  it('makes each payment run a job of kind paymentrun, its status the job’s', async () => {
    const { rows } = await db.query(
      `select r.ref, j.id, j.status, j.description, j.finished_at is not null as finished from payment_runs r join jobs j on j.id = r.job_id and j.kind = 'paymentrun' order by r.id`,
    );
    expect(rows).toEqual([
      { ref: 'PR-000001', id: 7, status: 'Finished', description: 'Payment run PR-000001', finished: true },
      { ref: 'PR-000002', id: 8, status: 'Queued', description: 'Payment run PR-000002', finished: false },
    ]);
  });

  it('numbers new jobs after every one kept, and refuses a status or kind it does not know', async () => {
    const { rows: [next] } = await db.query<{ id: number }>(`insert into jobs (kind, description, created_by) values ('report', 'next', 1) returning id`);
    expect(next?.id).toBe(9);
    await expect(db.exec(`update jobs set status = 'Queued (soon)' where id = 1`)).rejects.toThrow(/jobs_status_known/);
    await expect(db.exec(`update jobs set kind = 'export' where id = 1`)).rejects.toThrow(/jobs_kind_known/);
  });
});
