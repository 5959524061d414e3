// Payment runs raced across instances (issue 33), on PostgreSQL as production runs them: two web
// servers that only queue (REPORT_WORKERS=0) and one worker of their own, on one database.
// Overlapping runs, some made at once (PAYMENT_RUN_QUEUE_ABOVE payments or fewer), some queued, are
// sent to both servers together: each payment is paid once, every run pays exactly the set its
// preview showed (to the cent) or nothing, and every run's total is the sum of its lines.
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '../../src/contract/constants';
import { toRequestDate } from '../../src/contract/dates';
import * as messages from '../../src/contract/messages';
import { sumByCurrency } from '../../src/contract/money';
import type { PaymentRunOutcome, PaymentRunPreview } from '../../src/contract/paymentRuns';
import { assertPaidOnce } from '../support/paymentRuns';
import { SIGNED_IN_SUITE, startServer, type TestServer } from '../support/server';
import { useSignedInServer } from '../support/signedIn';
import { until } from '../support/until';
import { startWorker } from '../support/workers';

const ALL_DATES = { start_date: '01-Jan-2020', end_date: '31-Dec-2099' } as const;
const QUEUE_ABOVE = 10;
const SETTINGS = { REPORT_WORKERS: '0', PAYMENT_RUN_QUEUE_ABOVE: String(QUEUE_ABOVE), PAYMENT_RUN_APPROVAL_LIMITS: 'none' };
type Answer = PaymentRunOutcome & { code?: string };

describe.skipIf(!process.env.TEST_DATABASE_URL)('payment runs raced from two servers and a worker on one PostgreSQL', () => {
  const { server: first, tokens } = useSignedInServer('postgres', ['super'], SETTINGS);
  let second: TestServer | undefined;
  let worker: ChildProcess | undefined;

  beforeAll(async () => {
    second = await startServer('postgres', { ...SIGNED_IN_SUITE, ...SETTINGS, DATABASE_URL: first.databaseUrl as string });
    worker = await startWorker(first.databaseUrl as string);
  });
  afterAll(async () => {
    worker?.kill('SIGKILL');
    await second?.stop();
  });

  it('pays each payment once between overlapping runs made at once and queued, from both servers', { timeout: 180_000 }, async () => {
    const db = first.sql;
    if (!db || !second) throw new Error('no second server or SQL connection');
    const preview = async (filter: Record<string, unknown>) => (await first.post<PaymentRunPreview>('/admin/payment_run_preview', filter, tokens.super)).body;
    const whole = await preview(ALL_DATES);
    const campaigns = [...new Set(whole.campaigns.map((campaign) => campaign.campaign_id))];

    // Overlapping filters: each campaign whole (queued), and a few days of each campaign (made at
    // once), these sent a little later, while the worker makes the queued ones.
    const filters: Array<{ filter: Record<string, unknown>; delay: number }> = [];
    for (const [i, campaign] of campaigns.slice(0, 8).entries()) {
      if (i < 4) filters.push({ filter: { ...ALL_DATES, campaign }, delay: 0 });
      const { rows } = await db.query<{ day: string }>(`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day from payments
        where campaign_id = $1 and status = 'due' and payment_run_id is null order by created_at desc limit 6`, [campaign]);
      const days = rows.map((row) => toRequestDate(row.day));
      if (days.length > 0) filters.push({ filter: { start_date: days[days.length - 1], end_date: days[0], campaign }, delay: 100 + 100 * i });
    }
    const previews = await Promise.all(filters.map(({ filter }) => preview(filter)));
    expect(previews.some((shown) => shown.payments > QUEUE_ABOVE)).toBe(true);
    expect(previews.some((shown) => shown.payments > 0 && shown.payments <= QUEUE_ABOVE)).toBe(true);

    // Each filter sent to both servers at once, under two keys.
    const servers = [first, second];
    const sent = filters.flatMap(({ filter, delay }, i) => servers.map((server, s) => ({ server, filter, delay, shown: previews[i] as PaymentRunPreview, reference: `ACC-RACE-${i}-${s}` })));
    const answers = await Promise.all(sent.map(async ({ server, filter, delay, shown, reference }) => {
      await new Promise((resolve) => setTimeout(resolve, delay));
      return server.request<Answer>('POST', '/admin/payment_run', {
        body: { ...filter, reference, fingerprint: shown.fingerprint }, token: tokens.super, headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
      });
    }));
    for (const answer of answers) expect([200, 201, 202, 409], JSON.stringify(answer.body)).toContain(answer.status);
    for (const answer of answers.filter((a) => a.status === 409)) expect(answer.body.code).toBe('edit_conflict');
    expect(answers.some((answer) => answer.status === 201)).toBe(true);
    expect(answers.some((answer) => answer.status === 202)).toBe(true);

    // Every queued job ends: made (exactly its preview), empty, or failed on a changed set, paying nothing.
    const jobs = answers.flatMap((answer, i) => (answer.status === 202 ? [{ job: answer.body.job as number, shown: (sent[i] as { shown: PaymentRunPreview }).shown }] : []));
    const ended = await until(
      async () => (await db.query<{ id: number; status: string; detail: string | null }>('select id, status, detail from jobs where id = any($1::int[])', [jobs.map((j) => j.job)])).rows,
      (rows) => rows.length === jobs.length && rows.every((row) => row.status === 'Finished' || row.status === 'Failed'),
      120_000,
    );
    const madeTotals = async (job: number) => (await db.query<{ amount: string; currency: string }>(
      'select total::text as amount, currency_code as currency from payment_runs where job_id = $1 order by currency_code', [job])).rows;
    for (const { job, shown } of jobs) {
      const row = ended.find((candidate) => candidate.id === job);
      const totals = await madeTotals(job);
      if (row?.status === 'Finished' && row.detail === null) expect(sumByCurrency(totals)).toEqual(shown.totals);
      else {
        expect([row?.status, row?.detail]).toContainEqual(row?.status === 'Finished' ? messages.paymentRunEmpty : 'the payments due changed since the preview; nothing was paid');
        expect(totals).toEqual([]);
      }
    }
    answers.forEach((answer, i) => {
      if (answer.status === 201) expect(answer.body.runs.map((run) => ({ amount: run.total, currency: run.currency }))).toEqual((sent[i] as { shown: PaymentRunPreview }).shown.totals);
    });
    await assertPaidOnce(db);
    // Everything paid is on the lines of a run made here: what the answers and jobs made adds up to it.
    const { rows: [paid] } = await db.query<{ n: number }>(`select count(*)::int as n from payment_run_lines l join payment_runs r on r.id = l.payment_run_id
      where r.reference like 'ACC-RACE-%' and l.reversed_at is null`);
    const madeNow = answers.reduce((sum, answer) => sum + (answer.status === 201 ? answer.body.runs.reduce((n, run) => n + run.events, 0) : 0), 0)
      + jobs.filter(({ job }) => ended.find((row) => row.id === job)?.status === 'Finished').reduce((sum, { shown, job }) => sum + (ended.find((row) => row.id === job)?.detail === null ? shown.payments : 0), 0);
    expect(paid?.n).toBe(madeNow);
  });
});
