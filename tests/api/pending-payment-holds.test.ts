// Pending Payments and what a payment run would make of it (issue 52), against the started server:
// each row's Due split into Payable and Held Back with the reasons in words, the holds filter, and
// the totals per currency (POST /admin/pending_payments_totals). The promise: over the same filters
// the payable total is, to the cent, what the preview says a run pays and what the run then pays;
// the held total is what the preview holds back. Bad bodies are refused; each role reads its scope.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CampaignChoice, GridPage, ListPage } from '../../src/contract/api';
import { IDEMPOTENCY_KEY_HEADER } from '../../src/contract/constants';
import { agentEventsGrid, agentPaymentsGrid, fraudEventsGrid, paymentRunsGrid, pendingPaymentsGrid } from '../../src/contract/grids';
import * as messages from '../../src/contract/messages';
import { addMoney, parseAmount, sumByCurrency, type Money } from '../../src/contract/money';
import { HELD_BACK_LISTED_MAX, type HeldBackReason, type PaymentRunOutcome, type PaymentRunPreview } from '../../src/contract/paymentRuns';
import { heldBackReasonsText, type PendingPaymentTotals } from '../../src/contract/pendingPayments';
import { toRequestDate } from '../../src/contract/dates';
import { backends, LARGE_DATA } from '../support/server';
import { useSignedInServer } from '../support/signedIn';

const ALL_DATES = { start_date: '01-Jan-2020', end_date: '31-Dec-2099' } as const;
const EMPTY_RANGE = { start_date: '01-Jan-2000', end_date: '31-Dec-2000' } as const;
const TOTALS = '/admin/pending_payments_totals';

interface Row { id: string; campaign_name: string; firstname: string; pay: string; payable: string; held: string; held_reasons: string; currency: string; events: number }
type Refusal = { error: string; code: string; errors?: Record<string, string[]> };
/** A payment run's filters (section 7), as the preview and the run take them. */
type RunFilter = { start_date: string; end_date: string; country?: string; campaign?: number; search?: string };

/** The grid's body for a run's filters: its campaign as a list. */
const gridBodyOf = ({ campaign, ...filter }: RunFilter) => ({ ...filter, ...(campaign === undefined ? {} : { campaign: [campaign] }) });
/** Totals of one share, as a list of money without the currencies it has none of. */
const shareOf = (totals: PendingPaymentTotals, share: 'payable' | 'held_back'): Money[] =>
  totals.currencies.filter((entry) => entry[share].payments > 0).map((entry) => entry[share].total);
const paymentsOf = (totals: PendingPaymentTotals, share: 'payable' | 'held_back') => totals.currencies.reduce((sum, entry) => sum + entry[share].payments, 0);
const positive = (amount: string) => (parseAmount(amount) ?? 0n) > 0n;

describe.each(backends)('Pending Payments: what a run would pay and hold back, on %s', (backend) => {
  // No approval limit: the runs at the end pay at once. The grids' demo data: the Agency Admin's agency has payments due in it.
  const { server, tokens: token } = useSignedInServer(backend, ['super', 'campaign', 'agency'], { PAYMENT_RUN_APPROVAL_LIMITS: 'none', ...LARGE_DATA });
  let campaigns: CampaignChoice[] = [];

  const rowsOf = async (body: Record<string, unknown>, as = token.super): Promise<Row[]> => {
    const answer = await server.post<GridPage<Row>>(pendingPaymentsGrid.path, { ...body, page_size: 0 }, as);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data;
  };
  const totalsOf = async (body: Record<string, unknown>, as = token.super): Promise<PendingPaymentTotals> => {
    const answer = await server.post<PendingPaymentTotals>(TOTALS, body, as);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  };
  const previewOf = async (filter: RunFilter): Promise<PaymentRunPreview> => {
    const answer = await server.post<PaymentRunPreview>('/admin/payment_run_preview', filter, token.super);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  };
  /** The totals the rows add up to, per currency. */
  const rowTotals = (rows: Row[], column: 'payable' | 'held') =>
    sumByCurrency(rows.filter((row) => positive(row[column])).map((row) => ({ amount: row[column], currency: row.currency })));

  beforeAll(async () => {
    campaigns = (await server.get<ListPage<CampaignChoice>>('/admin/campaigns?page_size=0', token.super)).body.data;
  });

  it('splits every row into Payable and Held Back, with the reasons in words, and totals them as the preview does, to the cent', async () => {
    const every = await rowsOf({ ...ALL_DATES, blacklisted: true });
    const heldRow = every.find((row) => positive(row.held)) as Row;
    const partlyHeld = every.find((row) => positive(row.held) && positive(row.payable));
    expect(heldRow).toBeDefined();
    // One flagged event among several payable ones: the row is both.
    expect(partlyHeld, 'a row partly held back').toBeDefined();
    const dueDays = [...new Set((await server.post<GridPage<{ created_at: string }>>(agentPaymentsGrid.path, { ...ALL_DATES, paid: false, blacklisted: true, page_size: 0 }, token.super))
      .body.data.map((row) => row.created_at.slice(0, 10)))].sort();
    const day = (share: number) => toRequestDate(dueDays[Math.floor((dueDays.length - 1) * share)] as string);
    const campaignOf = (name: string) => campaigns.find((c) => c.campaign_name === name) as CampaignChoice;
    const heldCampaign = campaignOf(heldRow.campaign_name);
    const otherCampaign = campaigns.find((c) => c.id !== heldCampaign.id && every.some((row) => row.campaign_name === c.campaign_name)) as CampaignChoice;
    const currency = heldRow.currency;
    const filters: RunFilter[] = [
      ALL_DATES,
      { start_date: day(0.3), end_date: day(0.7) },
      { start_date: day(0.5), end_date: day(0.5) },
      { ...ALL_DATES, country: heldCampaign.country_code },
      { ...ALL_DATES, campaign: heldCampaign.id },
      { ...ALL_DATES, campaign: otherCampaign.id },
      { ...ALL_DATES, country: otherCampaign.country_code, campaign: otherCampaign.id },
      { ...ALL_DATES, search: heldRow.firstname.toUpperCase() },
      { ...ALL_DATES, search: currency },
      { start_date: day(0.2), end_date: day(0.9), search: heldCampaign.campaign_name.split(' ')[0] as string },
      { ...ALL_DATES, country: heldCampaign.country_code, search: 'no such agent' },
      EMPTY_RANGE,
    ];
    let reasonsCompared = 0;
    for (const filter of filters) {
      const context = JSON.stringify(filter);
      const preview = await previewOf(filter);
      const shown = await totalsOf(gridBodyOf(filter));
      const withBlacklisted = await totalsOf({ ...gridBodyOf(filter), blacklisted: true });
      // What a run pays, per currency; blacklisted agents are all held, so showing them changes none of it.
      expect(shareOf(shown, 'payable'), context).toEqual(preview.totals);
      expect(paymentsOf(shown, 'payable'), context).toBe(preview.payments);
      expect(shareOf(withBlacklisted, 'payable'), context).toEqual(preview.totals);
      // What it holds back, every agent shown.
      expect(shareOf(withBlacklisted, 'held_back'), context).toEqual(preview.held_back.totals);
      expect(paymentsOf(withBlacklisted, 'held_back'), context).toBe(preview.held_back.payments);

      // The rows add up to the totals, and each splits its Due exactly.
      const rows = await rowsOf({ ...gridBodyOf(filter), blacklisted: true });
      expect(rowTotals(rows, 'payable'), context).toEqual(preview.totals);
      expect(rowTotals(rows, 'held'), context).toEqual(preview.held_back.totals);
      for (const row of rows) {
        expect(addMoney({ amount: row.payable, currency: row.currency }, { amount: row.held, currency: row.currency }).amount, row.id).toBe(row.pay);
        expect(row.held_reasons === '', row.id).toBe(!positive(row.held));
      }
      // Each row's reasons are those the preview gives its held payments.
      const listedReasons = new Map<string, Set<HeldBackReason>>();
      for (const held of preview.held_back.listed) {
        const key = `${held.agent_id}-${held.campaign_id}-${held.currency}`;
        const reasons = listedReasons.get(key) ?? new Set();
        for (const reason of held.reasons) reasons.add(reason);
        listedReasons.set(key, reasons);
      }
      const rowReasons = new Map(rows.filter((row) => row.held_reasons !== '').map((row) => [row.id, row.held_reasons]));
      if (preview.held_back.payments <= HELD_BACK_LISTED_MAX) {
        expect(rowReasons, context).toEqual(new Map([...listedReasons].map(([key, reasons]) => [key, heldBackReasonsText(reasons)])));
        reasonsCompared += rowReasons.size;
      } else {
        // Only the oldest are listed: theirs are among their row's.
        for (const [key, reasons] of listedReasons) for (const reason of reasons) expect(rowReasons.get(key), key).toContain(heldBackReasonsText([reason]));
      }
    }
    expect(reasonsCompared, 'rows whose reasons were compared one by one').toBeGreaterThan(0);
  });

  it("filters the rows with something payable, or something held back, and totals only those", async () => {
    const every = await rowsOf({ ...ALL_DATES, blacklisted: true });
    const payable = await rowsOf({ ...ALL_DATES, blacklisted: true, holds: 'payable' });
    const held = await rowsOf({ ...ALL_DATES, blacklisted: true, holds: 'held_back' });
    expect(payable).toEqual(every.filter((row) => positive(row.payable)));
    expect(held).toEqual(every.filter((row) => positive(row.held)));
    expect(payable.length).toBeGreaterThan(0);
    expect(held.length).toBeGreaterThan(0);
    expect(new Set([...payable, ...held].map((row) => row.id)).size).toBe(every.length);
    // A page's count is the filter's.
    const page = await server.post<GridPage<Row>>(pendingPaymentsGrid.path, { ...ALL_DATES, blacklisted: true, holds: 'held_back', page_size: 20 }, token.super);
    expect(page.body.count).toBe(held.length);
    // The totals follow the filter: what the held rows hold is every row's held total.
    const all = await totalsOf({ ...ALL_DATES, blacklisted: true });
    const heldOnly = await totalsOf({ ...ALL_DATES, blacklisted: true, holds: 'held_back' });
    expect(shareOf(heldOnly, 'held_back')).toEqual(shareOf(all, 'held_back'));
    expect(shareOf(heldOnly, 'payable')).toEqual(rowTotals(held, 'payable'));
    const payableOnly = await totalsOf({ ...ALL_DATES, blacklisted: true, holds: 'payable' });
    expect(shareOf(payableOnly, 'payable')).toEqual(shareOf(all, 'payable'));
    // Never a sum across currencies: one entry each, in code order.
    const codes = all.currencies.map((entry) => entry.currency);
    expect(codes).toEqual([...new Set(codes)].sort());
    for (const entry of all.currencies) expect([entry.payable.total.currency, entry.held_back.total.currency]).toEqual([entry.currency, entry.currency]);
  });

  it("filters the money grids by currency (a Stats amount's link): its rows alone, the others refused it", async () => {
    const every = await rowsOf({ ...ALL_DATES, blacklisted: true });
    const currencies = [...new Set(every.map((row) => String(row.currency)))];
    expect(currencies.length).toBeGreaterThan(1);
    for (const currency of currencies.slice(0, 3)) {
      expect(await rowsOf({ ...ALL_DATES, blacklisted: true, currency: currency.toLowerCase() })).toEqual(every.filter((row) => row.currency === currency));
      const payments = await server.post<GridPage<Row>>(agentPaymentsGrid.path, { ...ALL_DATES, currency, page_size: 0 }, token.super);
      expect(payments.status).toBe(200);
      expect(payments.body.count).toBeGreaterThan(0);
      expect(payments.body.data.every((row) => row.currency === currency)).toBe(true);
    }
    expect((await server.post<Refusal>(pendingPaymentsGrid.path, { ...ALL_DATES, currency: 'GH' }, token.super)).body.errors)
      .toEqual({ currency: ['currency must be a three-letter currency code'] });
    for (const grid of [agentEventsGrid, fraudEventsGrid, paymentRunsGrid]) {
      const refused = await server.post<Refusal>(grid.path, { ...ALL_DATES, currency: 'GHS' }, token.super);
      expect([grid.path, refused.status, refused.body.errors]).toEqual([grid.path, 400, { currency: [messages.filterNotOffered('currency', grid.title)] }]);
    }
  });

  it('refuses bad bodies with 400 and a clear line, and the holds filter on any other grid', async () => {
    const cases: Array<[Record<string, unknown>, Record<string, string[]>]> = [
      [{ ...ALL_DATES, holds: 'maybe' }, { holds: [messages.holdsFilterInvalid] }],
      [{ ...ALL_DATES, holds: true }, { holds: [messages.holdsFilterInvalid] }],
      [{ end_date: '30-Nov-2026' }, { start_date: [messages.startDateRequired] }],
      [{ start_date: '02-Nov-2026', end_date: '01-Nov-2026' }, { end_date: [messages.endBeforeStartDate] }],
      [{ ...ALL_DATES, blacklisted: 'yes' }, { blacklisted: ['blacklisted must be true or false, not text'] }],
      [{ ...ALL_DATES, paid: false }, { paid: [messages.filterNotOffered('paid', pendingPaymentsGrid.title)] }],
    ];
    for (const path of [pendingPaymentsGrid.path, TOTALS]) {
      for (const [body, errors] of cases) {
        const refused = await server.post<Refusal>(path, body, token.super);
        expect([path, refused.status], JSON.stringify(body)).toEqual([path, 400]);
        expect(refused.body.errors).toEqual(errors);
      }
      expect((await server.post(path, ALL_DATES, '')).status).toBe(401);
    }
    for (const grid of [agentPaymentsGrid, agentEventsGrid, fraudEventsGrid, paymentRunsGrid]) {
      const refused = await server.post<Refusal>(grid.path, { ...ALL_DATES, holds: 'held_back' }, token.super);
      expect([grid.path, refused.status]).toEqual([grid.path, 400]);
      expect(refused.body.errors).toEqual({ holds: [messages.filterNotOffered('holds', grid.title)] });
    }
  });

  it.each([['an Agency Admin', 'agency'], ['a Campaign Admin', 'campaign']] as const)('gives %s the totals of their own rows only, as the grid does', async (_who, role) => {
    const theirCampaigns = (await server.get<ListPage<CampaignChoice>>('/admin/campaigns?page_size=0', token[role])).body.data;
    const names = new Set(theirCampaigns.map((c) => c.campaign_name));
    const superRows = await rowsOf(ALL_DATES);
    const rows = await rowsOf(ALL_DATES, token[role]);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows).toEqual(superRows.filter((row) => names.has(row.campaign_name)));
    const totals = await totalsOf(ALL_DATES, token[role]);
    expect(shareOf(totals, 'payable')).toEqual(rowTotals(rows, 'payable'));
    expect(shareOf(totals, 'held_back')).toEqual(rowTotals(rows, 'held'));
    expect(shareOf(totals, 'payable')).not.toEqual(shareOf(await totalsOf(ALL_DATES), 'payable'));
    // A campaign outside their scope totals nothing; 'Include Blacklisted' is a Super Admin's.
    const foreign = campaigns.find((c) => !names.has(c.campaign_name)) as CampaignChoice;
    expect(await totalsOf({ ...ALL_DATES, campaign: [foreign.id] }, token[role])).toEqual({ currencies: [] });
    const refused = await server.post<Refusal>(TOTALS, { ...ALL_DATES, blacklisted: true }, token[role]);
    expect([refused.status, refused.body.error]).toEqual([403, messages.includeBlacklistedSuperOnly]);
  });

  // PGlite is held by the server process: only on PostgreSQL can the test change an agent's number.
  it.runIf(backend === 'postgres')('holds back the whole row of an agent without a valid mobile number, and says so', async () => {
    const db = server.sql;
    if (!db) throw new Error('no SQL connection');
    const row = (await rowsOf({ ...ALL_DATES, holds: 'payable' })).find((candidate) => !positive(candidate.held)) as Row;
    const [agentId, campaignId] = row.id.split('-').map(Number) as [number, number];
    const filter = { ...ALL_DATES, campaign: campaignId };
    const { rows: [agent] } = await db.query<{ msisdn: string }>('select msisdn from users where id = $1', [agentId]);
    if (!agent) throw new Error('no agent');
    await db.query("update users set msisdn = '0' || right(msisdn, 9) where id = $1", [agentId]);
    try {
      const after = (await rowsOf(gridBodyOf(filter))).find((candidate) => candidate.id === row.id);
      expect(after).toMatchObject({ pay: row.pay, payable: '0.00', held: row.pay, held_reasons: heldBackReasonsText(['no_valid_msisdn']) });
      const preview = await previewOf(filter);
      const totals = await totalsOf({ ...gridBodyOf(filter), blacklisted: true });
      expect(shareOf(totals, 'payable')).toEqual(preview.totals);
      expect(shareOf(totals, 'held_back')).toEqual(preview.held_back.totals);
      expect((await rowsOf({ ...gridBodyOf(filter), holds: 'payable' })).map((candidate) => candidate.id)).not.toContain(row.id);
    } finally {
      await db.query('update users set msisdn = $2 where id = $1', [agentId, agent.msisdn]);
    }
    expect((await rowsOf(gridBodyOf(filter))).find((candidate) => candidate.id === row.id)).toEqual(row);
  });

  it.runIf(backend === 'postgres')('holds back an event once Fraud Events name it, the rest of its row still payable, and pays it again once they do not', async () => {
    const db = server.sql;
    if (!db) throw new Error('no SQL connection');
    const row = (await rowsOf({ ...ALL_DATES, holds: 'payable' })).find((candidate) => !positive(candidate.held) && candidate.events > 1) as Row;
    const [agentId, campaignId] = row.id.split('-').map(Number) as [number, number];
    const filter = { ...ALL_DATES, campaign: campaignId };
    const { rows: [event] } = await db.query<{ customer_msisdn: string }>(`select e.customer_msisdn from payments p join events e on e.id = p.event_id
      where p.agent_id = $1 and p.campaign_id = $2 and p.currency_code = $3 and p.status = 'due' and p.payment_run_id is null and e.customer_msisdn is not null
      order by p.id limit 1`, [agentId, campaignId, row.currency]);
    if (!event) throw new Error('no due event');
    // As the programme writes a fraud event: straight into its table.
    const { rows: [written] } = await db.query<{ id: string }>(`insert into fraud_events (agent_id, campaign_id, description, msisdn, created_at)
      values ($1, $2, 'Issue 52: one event flagged', $3, now()) returning id`, [agentId, campaignId, event.customer_msisdn]);
    try {
      const after = (await rowsOf(gridBodyOf(filter))).find((candidate) => candidate.id === row.id) as Row;
      expect(after.held_reasons).toBe(heldBackReasonsText(['fraud_flagged']));
      expect(positive(after.held) && positive(after.payable)).toBe(true);
      const preview = await previewOf(filter);
      const theirs = preview.held_back.listed.filter((held) => held.agent_id === agentId && held.currency === row.currency);
      expect(sumByCurrency(theirs)).toEqual([{ amount: after.held, currency: row.currency }]);
      const totals = await totalsOf({ ...gridBodyOf(filter), blacklisted: true });
      expect(shareOf(totals, 'payable')).toEqual(preview.totals);
      expect(shareOf(totals, 'held_back')).toEqual(preview.held_back.totals);
    } finally {
      await db.query('delete from fraud_events where id = $1', [written?.id]);
    }
    expect((await rowsOf(gridBodyOf(filter))).find((candidate) => candidate.id === row.id)).toEqual(row);
  });

  it('makes runs over the same filters that pay exactly the payable total, per currency, and leave the held part due', async () => {
    const heldRow = (await rowsOf({ ...ALL_DATES, blacklisted: true, holds: 'held_back' }))[0] as Row;
    const campaign = campaigns.find((c) => c.campaign_name === heldRow.campaign_name) as CampaignChoice;
    const filters: RunFilter[] = [
      { ...ALL_DATES, campaign: campaign.id, search: heldRow.firstname },
      { ...ALL_DATES, country: campaign.country_code },
      ALL_DATES,
    ];
    for (const filter of filters) {
      const context = JSON.stringify(filter);
      const before = await totalsOf({ ...gridBodyOf(filter), blacklisted: true });
      expect(paymentsOf(before, 'payable'), context).toBeGreaterThan(0);
      const made = await server.request<PaymentRunOutcome & Refusal>('POST', '/admin/payment_run', {
        body: { ...filter, reference: `ACC-HOLDS-${randomUUID().slice(0, 8)}` }, token: token.super, headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
      });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      expect(made.body.runs.map((run) => ({ amount: run.total, currency: run.currency })), context).toEqual(shareOf(before, 'payable'));
      expect(made.body.runs.reduce((sum, run) => sum + run.events, 0), context).toBe(paymentsOf(before, 'payable'));
      // Nothing of it is payable now; what was held back is as it was.
      const after = await totalsOf({ ...gridBodyOf(filter), blacklisted: true });
      expect(paymentsOf(after, 'payable'), context).toBe(0);
      expect(shareOf(after, 'held_back'), context).toEqual(shareOf(before, 'held_back'));
      expect(await rowsOf({ ...gridBodyOf(filter), blacklisted: true, holds: 'payable' }), context).toEqual([]);
    }
  });
});
