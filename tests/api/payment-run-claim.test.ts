// The claim's guards (issue 52), each held by a test that fails without it, on PostgreSQL where the
// claim can meet another writer. A run of several currencies makes one run per currency whose
// lines and payments are all in it, and the database itself refuses a payment or a line on a run of
// another currency (a composite key). A payment another writer took while the claim waited on it is
// not taken again (`status = 'due' and payment_run_id is null`, re-read on the row the claim waited
// for; each removed alone fails it). Two runs awaiting approval raced over one set hold each payment once, with a clean answer.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '../../src/contract/constants';
import * as messages from '../../src/contract/messages';
import type { PaymentRunOutcome, PaymentRunPreview } from '../../src/contract/paymentRuns';
import { assertPaidOnce } from '../support/paymentRuns';
import { useSignedInServer } from '../support/signedIn';
import { until } from '../support/until';

const ALL_DATES = { start_date: '01-Jan-2020', end_date: '31-Dec-2099' } as const;
type Answer = PaymentRunOutcome & { code?: string; error?: string };

describe.skipIf(!process.env.TEST_DATABASE_URL)('the payment run claim and its guards (PostgreSQL only: set TEST_DATABASE_URL)', () => {
  // GHS runs await approval (any GHS total passes 0); the other currencies pay at once.
  // The waiting lock is read from pg_stat_activity: the run's claim is the statement updating payments.
  const { server, tokens: token } = useSignedInServer('postgres', ['super'], { PAYMENT_RUN_APPROVAL_LIMITS: 'GHS=0' });
  let campaignsByCurrency = new Map<string, number[]>();

  const sqlOf = () => {
    if (!server.sql) throw new Error('no SQL connection');
    return server.sql;
  };
  const preview = async (body: Record<string, unknown>) => {
    const answer = await server.post<PaymentRunPreview>('/admin/payment_run_preview', body, token.super);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  };
  const run = (body: Record<string, unknown>) =>
    server.request<Answer>('POST', '/admin/payment_run', { body, token: token.super, headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() } });

  beforeAll(async () => {
    const all = await preview(ALL_DATES);
    campaignsByCurrency = new Map();
    for (const campaign of [...all.campaigns].sort((a, b) => b.payments - a.payments)) {
      const list = campaignsByCurrency.get(campaign.total.currency) ?? [];
      if (!list.includes(campaign.campaign_id)) list.push(campaign.campaign_id);
      campaignsByCurrency.set(campaign.total.currency, list);
    }
    expect(campaignsByCurrency.size).toBeGreaterThanOrEqual(3);
    expect((campaignsByCurrency.get('GHS') ?? []).length).toBeGreaterThanOrEqual(3);
  });

  it('refuses, in the database, a line on a run of another currency', async () => {
    const db = sqlOf();
    const { rows: [runRow] } = await db.query<{ id: number; currency_code: string }>("select id, currency_code from payment_runs order by id limit 1");
    if (!runRow) throw new Error('no run');
    const { rows: [payment] } = await db.query<{ id: string; event_id: string; currency_code: string }>(
      "select id, event_id, currency_code from payments where status = 'due' and payment_run_id is null and currency_code <> $1 limit 1", [runRow.currency_code]);
    if (!payment) throw new Error('no payment of another currency');
    // The payment's own currency on the run of another (what a claim without its currency guard writes), and one made up.
    for (const currency of [payment.currency_code, 'ZZZ']) {
      await expect(db.query('insert into payment_run_lines (payment_run_id, payment_id, event_id, amount, currency_code) values ($1, $2, $3, 1, $4)',
        [runRow.id, payment.id, payment.event_id, currency])).rejects.toMatchObject({ code: '23503', constraint: 'payment_run_lines_run_currency' });
    }
  });

  it('does not take a payment another writer took while the claim waited for it', { timeout: 60_000 }, async () => {
    const db = sqlOf();
    // A run is one statement at a time under its lock; another writer (an older server mid-deploy, a
    // hand-run fix) is not. It holds one payment of the set, uncommitted, while the run claims the set.
    // A payable one: a valid number, its agent neither blacklisted nor suspended, its event not in Fraud Events.
    const { rows: [due] } = await db.query<{ id: string; campaign_id: number; currency_code: string }>(`
      select p.id, p.campaign_id, p.currency_code from payments p
      where p.status = 'due' and p.payment_run_id is null and p.currency_code <> 'GHS'
        and exists (select 1 from users u where u.id = p.agent_id and u.msisdn ~ '^[1-9][0-9]{7,22}$')
        and not exists (select 1 from user_roles r where r.user_id = p.agent_id and r.status_type_id in (3, 4))
        and not exists (select 1 from fraud_events f join events e on e.id = p.event_id where f.agent_id = p.agent_id and f.msisdn = e.customer_msisdn)
      order by p.id limit 1`);
    if (!due) throw new Error('no due payment');
    const shown = await preview({ ...ALL_DATES, campaign: due.campaign_id });
    expect(shown.payments).toBeGreaterThan(1);
    const { rows: [holder] } = await db.query<{ id: number }>("select id from payment_runs where currency_code = $1 order by id limit 1", [due.currency_code]);
    if (!holder) throw new Error('no run of its currency');

    /** The run's claim is waiting for a row lock (pg_stat_activity cuts the statement's text short: the wait is read, not the text). */
    const claimWaits = async () => {
      const waiting = await until(async () => (await db.query<{ n: number }>(
        "select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()")).rows[0]?.n ?? 0, (n) => n > 0, 10_000, 50);
      expect(waiting, 'the run waits on the held payment').toBeGreaterThan(0);
    };
    const other = new pg.Client({ connectionString: server.databaseUrl });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('update payments set payment_run_id = $1 where id = $2', [holder.id, due.id]);
      const claiming = run({ ...ALL_DATES, campaign: due.campaign_id, reference: 'ACC-WAITED', fingerprint: shown.fingerprint });
      // The run's claim waits on the held payment's row.
      await claimWaits();
      await other.query('commit');
      const answer = await claiming;
      // The set it was confirmed for is not the one due any more: nothing paid, and the payment stays the other writer's.
      expect([answer.status, answer.body.code, answer.body.error]).toEqual([409, 'edit_conflict', messages.paymentRunChanged]);
      const { rows: [after] } = await db.query<{ payment_run_id: number | null; lines: number }>(
        'select payment_run_id, (select count(*)::int from payment_run_lines where payment_id = $1) as lines from payments where id = $1', [due.id]);
      expect(after).toEqual({ payment_run_id: holder.id, lines: 0 });
      expect((await preview({ ...ALL_DATES, campaign: due.campaign_id })).payments).toBe(shown.payments - 1);

      // Marked paid by hand (outside any run) while the claim waits: not paid again either.
      await db.query('update payments set payment_run_id = null where id = $1', [due.id]);
      await other.query('begin');
      await other.query("update payments set status = 'paid', paid_at = now() where id = $1", [due.id]);
      const byHand = run({ ...ALL_DATES, campaign: due.campaign_id, reference: 'ACC-BY-HAND', fingerprint: shown.fingerprint });
      await claimWaits();
      await other.query('commit');
      expect((await byHand).status).toBe(409);
      const { rows: [untouched] } = await db.query<{ status: string; payment_run_id: number | null }>('select status, payment_run_id from payments where id = $1', [due.id]);
      expect(untouched).toEqual({ status: 'paid', payment_run_id: null });
      await db.query("update payments set status = 'due', paid_at = null where id = $1", [due.id]);

      // Section 7's body (no fingerprint) pays the rest as it stands, and still not that payment.
      await db.query('update payments set payment_run_id = null where id = $1', [due.id]);
      await other.query('begin');
      await other.query('update payments set payment_run_id = $1 where id = $2', [holder.id, due.id]);
      const spec = run({ ...ALL_DATES, campaign: due.campaign_id, reference: 'ACC-WAITED-7' });
      await claimWaits();
      await other.query('commit');
      const paid = await spec;
      expect(paid.status, JSON.stringify(paid.body)).toBe(201);
      expect(paid.body.runs.reduce((sum, r) => sum + r.events, 0)).toBe(shown.payments - 1);
      const { rows: [still] } = await db.query<{ payment_run_id: number | null }>('select payment_run_id from payments where id = $1', [due.id]);
      expect(still?.payment_run_id).toBe(holder.id);
    } finally {
      await other.query('rollback').catch(() => undefined);
      await other.end();
      await db.query('update payments set payment_run_id = null where id = $1 and payment_run_id = $2', [due.id, holder.id]);
    }
    await assertPaidOnce(db);
  });

  it('holds each payment once when two runs awaiting approval race over one set, each with a clean answer', async () => {
    const db = sqlOf();
    const campaign = (campaignsByCurrency.get('GHS') ?? [])[1] as number;
    const shown = await preview({ ...ALL_DATES, campaign });
    expect(shown.payments).toBeGreaterThan(0);
    const answers = await Promise.all([
      run({ ...ALL_DATES, campaign, reference: 'ACC-AWAIT-1', fingerprint: shown.fingerprint }),
      run({ ...ALL_DATES, campaign, reference: 'ACC-AWAIT-2', fingerprint: shown.fingerprint }),
      run({ ...ALL_DATES, campaign, reference: 'ACC-AWAIT-3' }),
    ]);
    const created = answers.filter((a) => a.status === 201);
    expect(created).toHaveLength(1);
    expect(created[0]?.body.runs.map((r) => r.status)).toEqual(['Awaiting approval']);
    for (const other of answers.filter((a) => a.status !== 201)) {
      expect([200, 409]).toContain(other.status);
      if (other.status === 200) expect(other.body).toEqual({ message: messages.paymentRunEmpty, runs: [] });
      else expect(other.body.code).toBe('edit_conflict');
    }
    const runId = created[0]?.body.runs[0]?.id;
    const { rows: [held] } = await db.query<{ lines: number; payments: number }>(`select (select count(*)::int from payment_run_lines where payment_run_id = $1) as lines,
      (select count(*)::int from payments where payment_run_id = $1 and status = 'due') as payments`, [runId]);
    expect(held).toEqual({ lines: shown.payments, payments: shown.payments });
    expect((await preview({ ...ALL_DATES, campaign })).payments).toBe(0);
    await assertPaidOnce(db);
  });
  it('makes one run per currency of a run over several, every line and payment in its run\'s currency', async () => {
    const db = sqlOf();
    // Last: it pays what every test above left due, in every currency (GHS awaiting approval).
    const whole = await preview(ALL_DATES);
    const made = await run({ ...ALL_DATES, reference: 'ACC-CURRENCIES', fingerprint: whole.fingerprint });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.runs.map((r) => ({ amount: r.total, currency: r.currency }))).toEqual(whole.totals);
    expect(new Set(made.body.runs.map((r) => r.currency)).size).toBe(made.body.runs.length);
    expect(made.body.runs.length).toBeGreaterThanOrEqual(3);
    for (const each of made.body.runs) expect(each.status).toBe(each.currency === 'GHS' ? 'Awaiting approval' : 'Paid');
    // The preview said so before Confirm: one run per currency, and which await approval.
    expect(whole.runs.map((r) => [r.total.currency, r.awaits_approval])).toEqual(made.body.runs.map((r) => [r.currency, r.status === 'Awaiting approval']));
    expect(whole.runs.find((r) => r.total.currency === 'GHS')?.approval_limit).toEqual({ amount: '0.00', currency: 'GHS' });
    expect(whole.runs.find((r) => r.total.currency !== 'GHS')?.approval_limit).toBeNull();
    const ids = made.body.runs.map((r) => r.id);
    const strays = await db.query(`select l.id from payment_run_lines l join payment_runs r on r.id = l.payment_run_id join payments p on p.id = l.payment_id
      where r.id = any($1::int[]) and (l.currency_code <> r.currency_code or p.currency_code <> r.currency_code or p.payment_run_id <> r.id)`, [ids]);
    expect(strays.rows).toEqual([]);
    const { rows: [counted] } = await db.query<{ lines: number }>('select count(*)::int as lines from payment_run_lines where payment_run_id = any($1::int[])', [ids]);
    expect(counted?.lines).toBe(whole.payments);
    await assertPaidOnce(db);
  });
});
