// Queued payment runs whose worker is killed mid-run (issue 33), on PostgreSQL as production runs
// them: a web server that only queues (REPORT_WORKERS=0) and a worker of its own (`npm run worker`).
// Twenty times in a row a worker is killed (SIGKILL) while its run's transaction is in the middle of
// claiming the payments (held there by a row lock this test takes), and a new worker is started.
// The dead run leaves nothing: the queue retries its job once its heartbeat stops, and the retry
// makes it. After each round and at the end: no payment is paid twice, none is lost (every payment
// a run was queued for ends on exactly one line that is not reversed, a line of that job's runs),
// and every run's total is the sum of its lines.
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '../../src/contract/constants';
import * as messages from '../../src/contract/messages';
import { sumByCurrency } from '../../src/contract/money';
import type { PaymentRunOutcome, PaymentRunPreview } from '../../src/contract/paymentRuns';
import { useSignedInServer } from '../support/signedIn';
import { assertPaidOnce } from '../support/paymentRuns';
import { until } from '../support/until';
import { startWorker } from '../support/workers';

const ROUNDS = 20;
const QUEUE_ABOVE = 5;
/** The rounds' days, before any demo data: round i pays the payments moved to day i. */
const FIRST_DAY = Date.UTC(2019, 0, 1);
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const dayOf = (round: number) => new Date(FIRST_DAY + round * 86_400_000);
const requestDate = (date: Date) => `${String(date.getUTCDate()).padStart(2, '0')}-${MONTHS[date.getUTCMonth()]}-${date.getUTCFullYear()}`;

describe.skipIf(!process.env.TEST_DATABASE_URL)('queued payment runs whose worker is killed mid-run, on PostgreSQL', () => {
  const { server, tokens } = useSignedInServer('postgres', ['super'], {
    REPORT_WORKERS: '0', PAYMENT_RUN_QUEUE_ABOVE: String(QUEUE_ABOVE), PAYMENT_RUN_APPROVAL_LIMITS: 'none',
  });
  let sql: pg.Client;
  const workers: ChildProcess[] = [];
  /** Round i's payments (ids as text). */
  const rounds: string[][] = [];

  beforeAll(async () => {
    sql = new pg.Client({ connectionString: server.databaseUrl });
    await sql.connect();
    // The payments a run may pay (due, in no run, not held back), moved to the rounds' days in turn.
    const whole = (await server.post<PaymentRunPreview>('/admin/payment_run_preview', { start_date: '01-Jan-2020', end_date: '31-Dec-2099' }, tokens.super)).body;
    expect(whole.held_back.payments).toBe(whole.held_back.listed.length);
    const held = whole.held_back.listed.map((payment) => payment.payment_id);
    const { rows } = await sql.query<{ id: string }>(`select id::text from payments where status = 'due' and payment_run_id is null
      and id <> all($1::bigint[]) order by id`, [held]);
    expect(rows.length).toBe(whole.payments);
    const perRound = Math.floor(rows.length / ROUNDS);
    expect(perRound, 'payments enough for every round to be queued').toBeGreaterThan(QUEUE_ABOVE);
    for (let round = 0; round < ROUNDS; round++) {
      const ids = rows.slice(round * perRound, (round + 1) * perRound).map((row) => row.id);
      rounds.push(ids);
      await sql.query(`update payments set created_at = $2::timestamptz + interval '12 hours' where id = any($1::bigint[])`, [ids, dayOf(round).toISOString()]);
    }
  });
  afterAll(async () => {
    for (const worker of workers) worker.kill('SIGKILL');
    await sql?.end();
  });

  it(`makes every run once after ${ROUNDS} workers are killed mid-run, paying each payment once`, { timeout: 240_000 }, async () => {
    const made: Array<{ job: number; preview: PaymentRunPreview; ids: string[] }> = [];
    workers.push(await startWorker(server.databaseUrl as string));
    for (let round = 0; round < ROUNDS; round++) {
      const day = requestDate(dayOf(round));
      const filter = { start_date: day, end_date: day };
      const ids = rounds[round] as string[];
      const preview = (await server.post<PaymentRunPreview>('/admin/payment_run_preview', filter, tokens.super)).body;
      expect(preview.payments).toBe(ids.length);

      // Its run will wait for this payment in the middle of its claim, its transaction open.
      const holder = new pg.Client({ connectionString: server.databaseUrl });
      await holder.connect();
      await holder.query('begin');
      await holder.query('select id from payments where id = $1 for update', [ids[ids.length - 1]]);

      const queued = await server.request<PaymentRunOutcome>('POST', '/admin/payment_run', {
        body: { ...filter, reference: `ACC-CRASH-${round}`, fingerprint: preview.fingerprint }, token: tokens.super,
        headers: { [IDEMPOTENCY_KEY_HEADER]: `crash-${round}` },
      });
      expect([queued.status, queued.body.message]).toEqual([202, messages.paymentRunQueued]);
      const job = queued.body.job as number;
      made.push({ job, preview, ids });

      // Started, and its run blocked on the held payment (a row lock it waits for: its claim is
      // under way, its runs written; the only other transaction here is the holder's).
      const { rows: [{ pid: holderPid } = { pid: 0 }] } = await holder.query<{ pid: number }>('select pg_backend_pid() as pid');
      const blocked = await until(async () => (await sql.query<{ status: string; waiting: number }>(`select j.status,
          (select count(*)::int from pg_locks l join pg_stat_activity a on a.pid = l.pid
            where not l.granted and a.datname = current_database() and l.locktype in ('transactionid', 'tuple') and l.pid <> $2) as waiting
        from jobs j where j.id = $1`, [job, holderPid])).rows[0],
      (row) => row?.status === 'Started' && row.waiting > 0, 30_000, 100);
      expect(blocked, `round ${round}: the run did not reach its claim`).toEqual({ status: 'Started', waiting: 1 });
      const worker = workers.pop() as ChildProcess;
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.kill('SIGKILL');
      await exited;
      await holder.query('rollback');
      await holder.end();

      // The killed run paid nothing; a new worker takes over.
      const { rows: [runs] } = await sql.query<{ n: number }>('select count(*)::int as n from payment_runs where job_id = $1', [job]);
      expect(runs?.n).toBe(0);
      await assertPaidOnce(sql);
      workers.push(await startWorker(server.databaseUrl as string));
    }

    // Every job retried and finished: its runs pay exactly its round's payments, once.
    const jobs = await until(
      async () => (await sql.query<{ id: number; status: string; attempts: number }>('select id, status, attempts from jobs where id = any($1::int[]) order by id', [made.map((m) => m.job)])).rows,
      (rows) => rows.every((row) => row.status === 'Finished' || row.status === 'Failed'),
      120_000,
      100,
    );
    for (const job of jobs) expect(job).toMatchObject({ status: 'Finished' });
    for (const job of jobs) expect(job.attempts).toBeGreaterThanOrEqual(2);
    await assertPaidOnce(sql);
    for (const { job, preview, ids } of made) {
      const { rows } = await sql.query<{ payment_id: string; job_id: number }>(`select l.payment_id::text, r.job_id from payment_run_lines l
        join payment_runs r on r.id = l.payment_run_id where l.payment_id = any($1::bigint[]) and l.reversed_at is null order by l.payment_id`, [ids]);
      expect(rows.map((row) => row.payment_id)).toEqual([...ids].sort((a, b) => Number(a) - Number(b)));
      for (const row of rows) expect(row.job_id).toBe(job);
      const { rows: totals } = await sql.query<{ amount: string; currency: string }>(
        'select total::text as amount, currency_code as currency from payment_runs where job_id = $1 order by currency_code', [job]);
      expect(sumByCurrency(totals)).toEqual(preview.totals);
    }
  });
});
