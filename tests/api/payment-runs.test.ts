// Payment runs (issue 33) against the started server: the preview and the run it confirms (POST
// /admin/payment_run_preview, /admin/payment_run). The run pays what the preview showed, to the
// cent per currency, or nothing; held-back payments stay due; each role's scope; the reference rule;
// one run for 50 submits of one Idempotency-Key; racing runs pay each payment once between them;
// and, on PostgreSQL, the database itself refuses a payment on two runs.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GridPage, ListPage, CampaignChoice } from '../../src/contract/api';
import { IDEMPOTENCY_KEY_HEADER } from '../../src/contract/constants';
import { agentPaymentsGrid, pendingPaymentsGrid } from '../../src/contract/grids';
import * as messages from '../../src/contract/messages';
import { sumByCurrency } from '../../src/contract/money';
import type { PaymentRunOutcome, PaymentRunPreview } from '../../src/contract/paymentRuns';
import { backends } from '../support/server';
import { useSignedInServer } from '../support/signedIn';

const ALL_DATES = { start_date: '01-Jan-2020', end_date: '31-Dec-2099' } as const;
const EMPTY_RANGE = { start_date: '01-Jan-2000', end_date: '31-Dec-2000' } as const;
type Refusal = { error: string; code: string; errors?: Record<string, string[]>; current?: PaymentRunPreview };

describe.each(backends)('payment runs on %s', (backend) => {
  // No approval limit: these runs pay at once (tests/api/payment-run-approval.test.ts: those above it).
  const { server, tokens: token } = useSignedInServer(backend, ['super', 'campaign', 'agency'], { PAYMENT_RUN_APPROVAL_LIMITS: 'none' });
  /** Campaigns with payments due (and payable), most first. */
  let dueCampaigns: number[] = [];
  let campaignAdminCampaigns: number[] = [];

  const preview = (body: Record<string, unknown>, as = token.super) => server.post<PaymentRunPreview & Refusal>('/admin/payment_run_preview', body, as);
  const run = (body: Record<string, unknown>, as = token.super, key: string = randomUUID()) =>
    server.request<PaymentRunOutcome & Refusal>('POST', '/admin/payment_run', { body, token: as, headers: { [IDEMPOTENCY_KEY_HEADER]: key } });
  /** The preview of a filter, and the run made with its fingerprint. */
  async function previewed(filter: Record<string, unknown>, as = token.super): Promise<PaymentRunPreview> {
    const answer = await preview(filter, as);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  }
  /** The payments of a filter's range, paid or due, by id (the agent payments grid). */
  async function paymentsById(campaign: number): Promise<Map<string, { paid: boolean; paymentrun_id: string | null }>> {
    const answer = await server.post<GridPage<{ id: string; paid: boolean; paymentrun_id: string | null }>>(
      agentPaymentsGrid.path, { ...ALL_DATES, campaign: [campaign], blacklisted: true, page_size: 0 }, token.super);
    expect(answer.status).toBe(200);
    return new Map(answer.body.data.map((row) => [row.id, row]));
  }

  beforeAll(async () => {
    const all = await previewed(ALL_DATES);
    const byPayments = [...all.campaigns].sort((a, b) => b.payments - a.payments);
    dueCampaigns = [...new Set(byPayments.map((c) => c.campaign_id))];
    const mine = await server.get<ListPage<CampaignChoice>>('/admin/campaigns?page_size=0', token.campaign);
    campaignAdminCampaigns = mine.body.data.map((c) => c.id);
    expect(dueCampaigns.length).toBeGreaterThanOrEqual(4);
    // The demo data holds back payments of blacklisted and suspended agents, and flagged events.
    expect(all.held_back.reasons.map((r) => r.reason)).toEqual(expect.arrayContaining(['agent_blacklisted', 'agent_suspended', 'fraud_flagged']));
    expect(campaignAdminCampaigns.length).toBeGreaterThan(0);
  });

  it('refuses an Agency Admin (403) and writes nothing', async () => {
    const before = await previewed(ALL_DATES);
    expect((await preview(ALL_DATES, token.agency)).status).toBe(403);
    const refused = await run({ ...ALL_DATES, reference: 'ACC-1', fingerprint: before.fingerprint }, token.agency);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(messages.paymentRunsNotAllowed);
    expect((await previewed(ALL_DATES)).fingerprint).toBe(before.fingerprint);
  });

  it('refuses an Agency Admin every payment-run call (403) whatever the body, before reading it', async () => {
    const before = await previewed(ALL_DATES);
    const bodies: unknown[] = [{}, { start_date: 'not a date', fingerprint: 42 }, { ...ALL_DATES, country: 'GH', campaign: dueCampaigns[0], search: '', reference: 'ACC-AGENCY' }, []];
    const routes = ['/admin/payment_run_preview', '/admin/payment_run', '/admin/payment_run_approval_code', '/admin/payment_run_approve',
      '/admin/payment_run_reject', '/admin/payment_run_reverse', '/admin/payment_run_state', '/admin/payment_run_settle', '/admin/payment_run_settle_file'];
    for (const path of routes) {
      for (const body of bodies) {
        const answer = await server.request<Refusal>('POST', path, { body, token: token.agency, headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() } });
        expect([path, answer.status], JSON.stringify(answer.body)).toEqual([path, 403]);
      }
    }
    // The run's lines, its payout file and its settlement preview, whatever the query.
    // Their grids too: the run's lines whatever the query, and the Payment Runs grid, whatever the body.
    for (const path of ['/admin/payment_run_detail?id=1', '/admin/payment_run_detail?id=x', '/admin/payment_run_detail', '/admin/payment_runs']) {
      for (const body of [{}, { start_date: 'not a date', page_size: -1 }, { ...ALL_DATES, page_size: 20 }]) {
        const answer = await server.post<Refusal>(path, body, token.agency);
        expect([path, answer.status, answer.body.error]).toEqual([path, 403, messages.paymentRunsNotAllowed]);
      }
    }
    for (const path of ['/admin/payment_run_payout?id=1', '/admin/payment_run_payout?id=x', '/admin/payment_run_payout']) {
      expect((await server.get(path, token.agency)).status).toBe(403);
    }
    expect((await previewed(ALL_DATES)).fingerprint).toBe(before.fingerprint);
  });

  it("lets a Campaign Admin preview their own campaigns only, and refuses another's", async () => {
    const own = await previewed(ALL_DATES, token.campaign);
    for (const campaign of [...own.campaigns, ...own.held_back.listed]) expect(campaignAdminCampaigns).toContain(campaign.campaign_id);
    // The same as a Super Admin's preview of those campaigns.
    const whole = await previewed(ALL_DATES);
    const theirs = whole.campaigns.filter((c) => campaignAdminCampaigns.includes(c.campaign_id));
    expect(own.totals).toEqual(sumByCurrency(theirs.map((c) => c.total)));
    expect(own.payments).toBe(theirs.reduce((sum, c) => sum + c.payments, 0));

    const other = dueCampaigns.find((id) => !campaignAdminCampaigns.includes(id)) as number;
    expect((await preview({ ...ALL_DATES, campaign: other }, token.campaign)).status).toBe(403);
    const refused = await run({ ...ALL_DATES, campaign: other, reference: 'ACC-2', fingerprint: whole.fingerprint }, token.campaign);
    expect(refused.status).toBe(403);
    expect((await previewed(ALL_DATES)).fingerprint).toBe(whole.fingerprint);
  });

  it('selects, paid or held back, the payments Pending Payments shows for the same filters', async () => {
    const campaigns = (await server.get<ListPage<CampaignChoice>>('/admin/campaigns?page_size=0', token.super)).body.data;
    const country = campaigns.find((c) => c.id === dueCampaigns[0])?.country_code as string;
    const pendingRows = async (filter: Record<string, unknown>) => {
      const answer = await server.post<GridPage<{ firstname: string; events: number; pay: string; currency: string }>>(
        pendingPaymentsGrid.path, { ...filter, campaign: filter.campaign === undefined ? undefined : [filter.campaign], blacklisted: true, page_size: 0 }, token.super);
      expect(answer.status).toBe(200);
      return answer.body.data;
    };
    const firstname = (await pendingRows(ALL_DATES))[0]?.firstname as string;
    const filters = [
      ALL_DATES, { start_date: '01-Jan-2020', end_date: '15-Oct-2026' }, { ...ALL_DATES, country }, { ...ALL_DATES, campaign: dueCampaigns[1] },
      { ...ALL_DATES, search: firstname.toUpperCase() }, { ...ALL_DATES, country, search: 'no such agent' },
    ];
    for (const filter of filters) {
      const shown = await previewed(filter);
      const rows = await pendingRows(filter);
      expect(shown.payments + shown.held_back.payments, JSON.stringify(filter)).toBe(rows.reduce((sum, row) => sum + row.events, 0));
      expect(sumByCurrency([...shown.totals, ...shown.held_back.totals])).toEqual(sumByCurrency(rows.map((row) => ({ amount: row.pay, currency: row.currency }))));
      expect(shown.held_back.reasons.reduce((most, r) => Math.max(most, r.payments), 0)).toBeLessThanOrEqual(shown.held_back.payments);
    }
  });

  it.runIf(backend === 'postgres')('holds back the payments of an agent without a valid msisdn', async () => {
    const db = server.sql;
    if (!db) throw new Error('no SQL connection');
    const campaign = dueCampaigns[0] as number;
    const before = await previewed({ ...ALL_DATES, campaign });
    const { rows: [agent] } = await db.query<{ id: number; msisdn: string }>(`select u.id, u.msisdn from payments p join users u on u.id = p.agent_id
      where p.status = 'due' and p.campaign_id = $1 and p.agent_id <> all($2::int[]) limit 1`, [campaign, before.held_back.listed.map((h) => h.agent_id)]);
    if (!agent) throw new Error('no payable agent');
    await db.query("update users set msisdn = '0' || right(msisdn, 9) where id = $1", [agent.id]);
    try {
      const after = await previewed({ ...ALL_DATES, campaign });
      const theirs = after.held_back.listed.filter((h) => h.agent_id === agent.id);
      expect(theirs.length).toBeGreaterThan(0);
      for (const held of theirs) expect(held.reasons).toContain('no_valid_msisdn');
      expect(after.payments + after.held_back.payments).toBe(before.payments + before.held_back.payments);
      expect(after.fingerprint).not.toBe(before.fingerprint);
    } finally {
      await db.query('update users set msisdn = $2 where id = $1', [agent.id, agent.msisdn]);
    }
    expect(await previewed({ ...ALL_DATES, campaign })).toEqual(before);
  });

  it('requires the accounting reference', async () => {
    const { fingerprint } = await previewed(ALL_DATES);
    for (const reference of [undefined, '', '   ']) {
      const refused = await run({ ...ALL_DATES, reference, fingerprint });
      expect(refused.status).toBe(400);
      expect(refused.body.errors?.reference).toEqual([messages.accountingReferenceRequired]);
    }
    expect((await previewed(ALL_DATES)).fingerprint).toBe(fingerprint);
  });

  it("answers 'Payment Run was Empty' when nothing is due, and writes nothing", async () => {
    const empty = await previewed(EMPTY_RANGE);
    expect(empty).toMatchObject({ payments: 0, agents: 0, events: 0, totals: [], campaigns: [] });
    const answer = await run({ ...EMPTY_RANGE, reference: 'ACC-EMPTY', fingerprint: empty.fingerprint });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ message: messages.paymentRunEmpty, runs: [] });
  });

  it('pays nothing when the due payments are not the previewed ones', async () => {
    const campaign = dueCampaigns[0] as number;
    const now = await previewed({ ...ALL_DATES, campaign });
    const other = await previewed({ ...ALL_DATES, campaign: dueCampaigns[1] });
    const refused = await run({ ...ALL_DATES, campaign, reference: 'ACC-STALE', fingerprint: other.fingerprint });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: messages.paymentRunChanged, code: 'edit_conflict' });
    expect(refused.body.current).toEqual(now);
    expect(await previewed({ ...ALL_DATES, campaign })).toEqual(now);
  });

  it('pays what the preview showed, to the cent per currency, and holds back what it said it would', async () => {
    const campaign = dueCampaigns[0] as number;
    const shown = await previewed({ ...ALL_DATES, campaign });
    expect(shown.payments).toBeGreaterThan(0);
    const answer = await run({ ...ALL_DATES, campaign, reference: 'ACC-2026-11', fingerprint: shown.fingerprint });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.message).toBe(messages.paymentRunCreated);
    expect(answer.body.runs.map((r) => ({ amount: r.total, currency: r.currency }))).toEqual(shown.totals);
    expect(answer.body.runs.reduce((sum, r) => sum + r.events, 0)).toBe(shown.payments);
    for (const made of answer.body.runs) expect(made).toMatchObject({ reference: 'ACC-2026-11', ref: `PR-${String(made.id).padStart(6, '0')}` });

    // Nothing of it is due any more; what was held back still is.
    const after = await previewed({ ...ALL_DATES, campaign });
    expect(after).toMatchObject({ payments: 0, totals: [] });
    expect(after.held_back).toEqual(shown.held_back);
    const payments = await paymentsById(campaign);
    const refs = new Set(answer.body.runs.map((r) => r.ref));
    const paid = [...payments.values()].filter((p) => p.paymentrun_id !== null && refs.has(p.paymentrun_id));
    expect(paid.length).toBe(shown.payments);
    expect(paid.every((p) => p.paid)).toBe(true);
    for (const held of shown.held_back.listed) expect(payments.get(held.payment_id)).toMatchObject({ paid: false, paymentrun_id: null });

    // Paid once: the same filters again have nothing to pay.
    const again = await run({ ...ALL_DATES, campaign, reference: 'ACC-2026-11', fingerprint: after.fingerprint });
    expect(again.body).toEqual({ message: messages.paymentRunEmpty, runs: [] });
  });

  it('makes one run of 50 concurrent submits with one Idempotency-Key', async () => {
    const campaign = dueCampaigns[1] as number;
    const shown = await previewed({ ...ALL_DATES, campaign });
    const body = { ...ALL_DATES, campaign, reference: 'ACC-ONCE', fingerprint: shown.fingerprint };
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 50 }, () => run(body, token.super, key)));
    const created = answers.filter((a) => a.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    // The others were told the first is still running (409), never paid again.
    for (const other of answers.filter((a) => a.status !== 201)) expect([other.status, other.body.code]).toEqual([409, 'idempotency_in_progress']);
    const runIds = new Set(created.flatMap((a) => a.body.runs.map((r) => r.id)));
    expect(runIds.size).toBe(shown.totals.length);
    // Once it has answered, the same request is answered again with the same runs.
    const replay = await run(body, token.super, key);
    expect(replay.status).toBe(201);
    expect(replay.body.runs.map((r) => r.id).sort()).toEqual([...runIds].sort());
    expect((await previewed({ ...ALL_DATES, campaign })).payments).toBe(0);
  });

  it('pays a set once when ten runs of it race with different keys', async () => {
    const campaign = dueCampaigns[3] as number;
    const shown = await previewed({ ...ALL_DATES, campaign });
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => run({ ...ALL_DATES, campaign, reference: `ACC-TEN-${i}`, fingerprint: shown.fingerprint })));
    const created = answers.filter((a) => a.status === 201);
    expect(created.length).toBe(1);
    expect(created[0]?.body.runs.map((r) => ({ amount: r.total, currency: r.currency }))).toEqual(shown.totals);
    // The others came too late (nothing due) or met the winner's claim (the set changed): none paid.
    for (const other of answers.filter((a) => a.status !== 201)) {
      if (other.status === 200) expect(other.body).toEqual({ message: messages.paymentRunEmpty, runs: [] });
      else expect([other.status, other.body.code], server.log().split('\n').filter((line) => line.includes('"level":50')).join('\n')).toEqual([409, 'edit_conflict']);
    }
    expect((await previewed({ ...ALL_DATES, campaign })).payments).toBe(0);
  });

  it.runIf(backend === 'postgres')('numbers a run past PR-999999 with all its digits, not cut to six', async () => {
    const db = server.sql;
    if (!db) throw new Error('no SQL connection');
    await db.query("select setval(pg_get_serial_sequence('payment_runs', 'id'), 999999)");
    // A campaign no test above has paid (the race below may pay every campaign: this runs before it).
    expect(dueCampaigns.length).toBeGreaterThan(4);
    const campaign = dueCampaigns[4] as number;
    const shown = await previewed({ ...ALL_DATES, campaign });
    expect(shown.payments).toBeGreaterThan(0);
    const answer = await run({ ...ALL_DATES, campaign, reference: 'ACC-MILLION', fingerprint: shown.fingerprint });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    for (const made of answer.body.runs) expect(made.ref).toBe(`PR-${made.id}`);
    expect(answer.body.runs.map((made) => made.id)).toContain(1_000_000);
  });

  it("serves section 7's exact body: pays the due set as it stands, once, then answers it empty", async () => {
    // start_date, end_date, country, campaign, search, reference: no fingerprint, as a client written to the specification sends.
    expect(dueCampaigns.length).toBeGreaterThan(5);
    const campaign = dueCampaigns[5] as number;
    const choices = (await server.get<ListPage<CampaignChoice>>('/admin/campaigns?page_size=0', token.super)).body.data;
    const country = choices.find((c) => c.id === campaign)?.country_code as string;
    const shown = await previewed({ ...ALL_DATES, country, campaign });
    expect(shown.payments).toBeGreaterThan(0);
    const body = { ...ALL_DATES, country, campaign, search: '', reference: 'ACC-SPEC-7' };
    const made = await run(body);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.message).toBe(messages.paymentRunCreated);
    expect(made.body.runs.map((r) => ({ amount: r.total, currency: r.currency }))).toEqual(shown.totals);
    expect(made.body.runs.reduce((sum, r) => sum + r.events, 0)).toBe(shown.payments);
    // What it held back stays due; the same body again has nothing to pay.
    expect((await previewed({ ...ALL_DATES, campaign })).held_back).toEqual(shown.held_back);
    const again = await run(body);
    expect([again.status, again.body]).toEqual([200, { message: messages.paymentRunEmpty, runs: [] }]);
    // A legacy client's left-out filters and fingerprint ('' and null) read as not sent.
    const legacy = await run({ ...ALL_DATES, country: null, campaign, search: null, reference: 'ACC-SPEC-7', fingerprint: '' });
    expect([legacy.status, legacy.body]).toEqual([200, { message: messages.paymentRunEmpty, runs: [] }]);
  });

  it('pays each payment once between two overlapping runs made at once', async () => {
    const campaign = dueCampaigns[2] as number;
    const one = await previewed({ ...ALL_DATES, campaign });
    const everything = await previewed(ALL_DATES);
    expect(one.payments).toBeGreaterThan(0);
    const [first, second] = await Promise.all([
      run({ ...ALL_DATES, campaign, reference: 'ACC-RACE-1', fingerprint: one.fingerprint }),
      run({ ...ALL_DATES, reference: 'ACC-RACE-2', fingerprint: everything.fingerprint }),
    ]);
    // One of them paid; the other paid nothing: the whole run found its set changed (409), or the
    // campaign's found nothing left due (200, empty).
    const winner = first.status === 201 ? one : everything;
    expect([first.status, second.status]).toEqual(winner === one ? [201, 409] : [200, 201]);
    const made = (first.status === 201 ? first : second).body.runs;
    expect(made.map((r) => ({ amount: r.total, currency: r.currency }))).toEqual(winner.totals);
    const left = await previewed(ALL_DATES);
    if (winner === everything) expect(left.payments).toBe(0);
    else expect(left.payments).toBe(everything.payments - one.payments);
  });

  it.runIf(backend === 'postgres')('keeps, in the database, every payment on one active line and every run equal to its lines', async () => {
    const db = server.sql;
    if (!db) throw new Error('no SQL connection');
    const twice = await db.query('select payment_id from payment_run_lines where reversed_at is null group by payment_id having count(*) > 1');
    expect(twice.rows).toEqual([]);
    const unequal = await db.query(`select r.id from payment_runs r left join payment_run_lines l on l.payment_run_id = r.id
      group by r.id having r.total <> coalesce(sum(l.amount), 0) or r.event_count <> count(l.id) or bool_or(l.currency_code <> r.currency_code)`);
    expect(unequal.rows).toEqual([]);
    const mismatched = await db.query(`select p.id from payments p left join payment_run_lines l on l.payment_id = p.id and l.reversed_at is null
      where (p.status = 'paid') <> (l.id is not null) or p.payment_run_id is distinct from l.payment_run_id`);
    expect(mismatched.rows).toEqual([]);

    // One audit entry per run made here, with its count and total.
    const audited = await db.query<{ n: number; count: number; events: number; total: string; currency: string; totals: Record<string, string> }>(`
      select count(a.id)::int as n, min((a.after->>'count')::int) as count, r.event_count as events, r.total::text as total,
        r.currency_code as currency, min(a.after->>'totals')::jsonb as totals
      from payment_runs r left join audit_log a on a.entity = 'payment_run' and a.entity_id = r.id::text
      where r.reference like 'ACC-%' and r.request_id not like 'seed-%' group by r.id`);
    expect(audited.rows.length).toBeGreaterThan(0);
    for (const row of audited.rows) expect(row).toMatchObject({ n: 1, count: row.events, totals: { [row.currency]: row.total } });
    // Each entry says whether its run was previewed: section 7's body was not, the console's runs were.
    const previewedOrNot = await db.query<{ reference: string; previewed: boolean }>(`select distinct r.reference, (a.after->>'previewed')::boolean as previewed
      from payment_runs r join audit_log a on a.entity = 'payment_run' and a.entity_id = r.id::text where r.reference in ('ACC-SPEC-7', 'ACC-2026-11')`);
    expect(previewedOrNot.rows.sort((a, b) => a.reference.localeCompare(b.reference))).toEqual([
      { reference: 'ACC-2026-11', previewed: true }, { reference: 'ACC-SPEC-7', previewed: false },
    ]);
  });

  it.runIf(backend === 'postgres')('refuses, in the database, a second active line for a payment, and any change to a line but its reversal', async () => {
    const db = server.sql;
    if (!db) throw new Error('no SQL connection');
    const { rows: [line] } = await db.query<{ id: string; payment_id: string; event_id: string; payment_run_id: number }>(
      "select l.id, l.payment_id, l.event_id, l.payment_run_id from payment_run_lines l join payment_runs r on r.id = l.payment_run_id where r.request_id not like 'seed-%' limit 1");
    if (!line) throw new Error('no line');
    const { rows: [other] } = await db.query<{ id: number }>('select id from payment_runs where id <> $1 limit 1', [line.payment_run_id]);
    await expect(db.query("insert into payment_run_lines (payment_run_id, payment_id, event_id, amount, currency_code) values ($1, $2, $3, 1, 'GHS')", [other?.id, line.payment_id, line.event_id]))
      .rejects.toMatchObject({ code: '23505', constraint: 'payment_run_lines_paid_once' });
    await expect(db.query('update payment_run_lines set amount = amount + 1 where id = $1', [line.id])).rejects.toMatchObject({ code: '23001' });
    await expect(db.query('delete from payment_run_lines where id = $1', [line.id])).rejects.toMatchObject({ code: '23001' });
  });
});
