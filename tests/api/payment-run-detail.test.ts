// One payment run as its row popup shows it (issue 33), against the started server: its lines
// (POST /admin/payment_run_detail?id=, a grid equal to the run to the cent, paged, sorted, searched
// and exported), its summary (POST /admin/payment_run_state, what the caller may do decided by the
// server), its payout file (GET /admin/payment_run_payout?id=, a Paid run's only, one line per agent
// and the control line), each scoped to who may see the run; the Payment Runs grid's country filter;
// and the Payment Run Report (GET /service/payments-create-payment-run/), which reports runs.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CampaignChoice, GridPage, ListPage, Page } from '../../src/contract/api';
import { IDEMPOTENCY_KEY_HEADER } from '../../src/contract/constants';
import type { ReportRecord } from '../../src/contract/entities';
import { paymentRunDetailGrid, paymentRunsGrid } from '../../src/contract/grids';
import * as messages from '../../src/contract/messages';
import { amountText, requireAmount } from '../../src/contract/money';
import {
  PAYOUT_COLUMNS, PAYOUT_CONTROL_LINE_ID, type PaymentRunMade, type PaymentRunOutcome, type PaymentRunPreview, type PaymentRunState, type PaymentRunSummary,
} from '../../src/contract/paymentRuns';
import { backends } from '../support/server';
import { finished } from '../support/service';
import { useSignedInServer } from '../support/signedIn';

const ALL_DATES = { start_date: '01-Jan-2020', end_date: '31-Dec-2099' } as const;
const DATES = 'start_date=01-Jan-2020&end_date=31-Dec-2099';
// Every run made here awaits approval; the demo's monthly runs are Paid.
const NO_LIMIT_PASSED = 'GHS=0,KES=0,MZN=0,NGN=0,TZS=0,UGX=0,XAF=0,XOF=0';
const UNKNOWN_RUN = 999_999;

interface Line { id: string; created_at: string; country: string | null; campaign_name: string | null; agent: string; msisdn: string | null; download: string | null; pretty_name: string | null; cost: string; currency: string }
interface RunRow { id: string; ref: string; status: string; campaign_name: string | null; country: string | null; total: string; currency: string; events: number }
type Refusal = { error: string; code: string };

/** A CSV file's rows and cells (quoted cells with commas and doubled quotes, as COPY writes them). */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  for (const line of text.split('\n').filter((l) => l !== '')) {
    const cells: string[] = [];
    let cell = '';
    let quoted = false;
    for (let i = 0; i < line.length; i++) {
      const char = line[i];
      if (quoted) {
        if (char === '"' && line[i + 1] === '"') { cell += '"'; i++; } else if (char === '"') quoted = false;
        else cell += char;
      } else if (char === '"') quoted = true;
      else if (char === ',') { cells.push(cell); cell = ''; } else cell += char;
    }
    cells.push(cell);
    rows.push(cells);
  }
  return rows;
}

/** A column's place in a run's lines export, by its key. */
const lineColumn = (key: string): number => paymentRunDetailGrid.columns.findIndex((column) => column.key === key);
const sum = (amounts: readonly string[]): string => amountText(amounts.reduce((total, amount) => total + requireAmount(amount), 0n));

describe.each(backends)('one payment run: its lines, summary and payout file on %s', (backend) => {
  const { server, tokens: token } = useSignedInServer(backend, ['super', 'campaign', 'agency'], { PAYMENT_RUN_APPROVAL_LIMITS: NO_LIMIT_PASSED });
  /** A demo monthly run: Paid, made for a country, without a campaign (a Super Admin's only). */
  let monthly: RunRow;
  /** The Campaign Admin's run of their campaign, approved by the Super Admin: Paid. */
  let theirs: PaymentRunState;
  /** The Super Admin's run of another campaign, awaiting approval. */
  let awaiting: PaymentRunMade;
  let campaignAdminCampaigns: CampaignChoice[] = [];

  const post = <T>(path: string, body: Record<string, unknown>, as: string) => server.post<T & Refusal>(path, body, as);
  const lines = (id: number | string, body: Record<string, unknown>, as = token.super) => post<GridPage<Line>>(`${paymentRunDetailGrid.path}?id=${id}`, body, as);
  const state = (id: number | string, as = token.super) => post<PaymentRunSummary>('/admin/payment_run_state', { id }, as);
  const payout = (id: number | string, as = token.super) => server.get<string & Refusal>(`/admin/payment_run_payout?id=${id}`, as);

  async function makeRun(campaign: number, as: string, reference: string): Promise<PaymentRunMade> {
    const shown = await post<PaymentRunPreview>('/admin/payment_run_preview', { ...ALL_DATES, campaign }, as);
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    const made = await server.request<PaymentRunOutcome>('POST', '/admin/payment_run', {
      body: { ...ALL_DATES, campaign, reference, fingerprint: shown.body.fingerprint }, token: as, headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const [run] = made.body.runs;
    if (!run) throw new Error('no run');
    return run;
  }

  beforeAll(async () => {
    campaignAdminCampaigns = (await server.get<ListPage<CampaignChoice>>('/admin/campaigns?page_size=0', token.campaign)).body.data;
    const everything = await post<PaymentRunPreview>('/admin/payment_run_preview', ALL_DATES, token.super);
    const mine = campaignAdminCampaigns.map((c) => c.id);
    const ownCampaign = everything.body.campaigns.find((c) => mine.includes(c.campaign_id) && c.payments > 0)?.campaign_id;
    const otherCampaign = everything.body.campaigns.find((c) => !mine.includes(c.campaign_id) && c.payments > 0)?.campaign_id;
    if (ownCampaign === undefined || otherCampaign === undefined) throw new Error('the demo has no payments due in the campaigns this needs');

    // An accounting reference a spreadsheet would run, kept harmless in every file.
    const made = await makeRun(ownCampaign, token.campaign, '=HYPERLINK("x")');
    const sent = await post('/admin/payment_run_approval_code', { id: made.id }, token.super);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const approved = await post<PaymentRunState>('/admin/payment_run_approve', { id: made.id, otp: await server.latestCode('super@demo.test', 'SECURE_PAGES') }, token.super);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    theirs = approved.body;
    awaiting = await makeRun(otherCampaign, token.super, 'ACC-AWAITING');

    const runs = await post<GridPage<RunRow>>(paymentRunsGrid.path, { ...ALL_DATES, page_size: 0 }, token.super);
    const found = runs.body.data.find((run) => run.campaign_name === null && run.status === 'Paid' && run.events > 45);
    if (!found) throw new Error('no demo monthly run');
    monthly = found;
  });

  it("lists a run's lines, one per payment, equal to the run to the cent", async () => {
    for (const run of [{ id: monthly.id, total: monthly.total, currency: monthly.currency, events: monthly.events }, theirs]) {
      const answer = await lines(run.id, { page_size: 0 });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.count).toBe(run.events);
      expect(answer.body.data).toHaveLength(run.events);
      expect(sum(answer.body.data.map((line) => line.cost))).toBe(run.total);
      expect(new Set(answer.body.data.map((line) => line.currency))).toEqual(new Set([run.currency]));
      for (const line of answer.body.data) {
        expect(line.agent).toMatch(/\S+ \S+/);
        expect(line.pretty_name).toBeTruthy();
        expect(line.campaign_name).toBeTruthy();
        expect(line.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      }
    }
    // The Campaign Admin's run: its one campaign, its lines the payments it paid.
    const own = await lines(theirs.id, { page_size: 0 }, token.campaign);
    expect(own.body.count).toBe(theirs.events);
    for (const line of own.body.data) expect(campaignAdminCampaigns.map((c) => c.campaign_name)).toContain(line.campaign_name);
  });

  it('pages, sorts and searches the lines; the dates sent are ignored', async () => {
    const all = (await lines(monthly.id, { page_size: 0, orderby: '-cost' })).body.data;
    const costs = all.map((line) => requireAmount(line.cost));
    expect(costs).toEqual([...costs].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0)));
    const first = await lines(monthly.id, { page_size: 20, current_page: 1, orderby: '-cost' });
    const second = await lines(monthly.id, { page_size: 20, current_page: 2, orderby: '-cost', cursor: first.body.next });
    const third = await lines(monthly.id, { page_size: 20, current_page: 2, orderby: '-cost' });
    expect(first.body.count).toBe(monthly.events);
    expect([...first.body.data, ...second.body.data].map((line) => line.id)).toEqual(all.slice(0, 40).map((line) => line.id));
    expect(third.body.data).toEqual(second.body.data);
    // Dates are the run's: any sent filter nothing.
    const dated = await lines(monthly.id, { start_date: '01-Jan-2000', end_date: '02-Jan-2000', page_size: 20, orderby: '-cost' });
    expect(dated.body).toEqual(first.body);

    const agent = all[0]?.agent as string;
    const found = await lines(monthly.id, { page_size: 0, search: agent.toUpperCase() });
    expect(found.body.data.length).toBeGreaterThan(0);
    expect(found.body.data.every((line) => JSON.stringify(line).toLowerCase().includes(agent.toLowerCase()))).toBe(true);
    expect(found.body.count).toBeLessThan(monthly.events);
    // Filters the grid does not offer, and sorts by a column it does not have: 400.
    expect((await lines(monthly.id, { page_size: 20, country: 'GH' })).status).toBe(400);
    expect((await lines(monthly.id, { page_size: 20, orderby: 'nope' })).status).toBe(400);
  });

  it('exports the lines as CSV with page_size 0', async () => {
    const answer = await server.request<string>('POST', `${paymentRunDetailGrid.path}?id=${monthly.id}`, { body: { page_size: 0, export: 'csv' }, token: token.super });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="payment-run-lines_${monthly.ref}.csv"`);
    const [header, ...rows] = csvRows(answer.body);
    expect(header).toEqual(paymentRunDetailGrid.columns.map((column) => column.key));
    expect(rows).toHaveLength(monthly.events);
    expect(sum(rows.map((row) => row[lineColumn('cost')] as string))).toBe(monthly.total);
  });

  it('summarises a run with what the caller may do with it, decided by the server', async () => {
    const paid = await state(theirs.id);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({
      id: theirs.id, ref: theirs.ref, status: 'Paid', total: theirs.total, reference: '=HYPERLINK("x")',
      created_by_name: 'campaign@demo.test', approved_by_name: 'super@demo.test', rejected_by_name: null, reversed_by_name: null,
      start_date: '2020-01-01', end_date: '2099-12-31', search: null,
      can_approve: false, can_reject: false, can_reverse: true, payout_ready: true,
    });
    expect(paid.body.campaign_name).toBeTruthy();
    const ownView = await state(theirs.id, token.campaign);
    expect(paid.body.payout).toMatchObject({ settlement: 'Sent', can_settle: true, provider_paid: false, asked: { amount: theirs.total, currency: theirs.currency } });
    // Settling, like reversing, is a Super Admin's (docs/decisions.md 'Payouts').
    expect(ownView.body).toEqual({ ...paid.body, can_reverse: false, payout: { ...paid.body.payout, can_settle: false } });

    const held = await state(awaiting.id);
    // Its creator may withdraw it, not approve it.
    expect(held.body).toMatchObject({ status: 'Awaiting approval', can_approve: false, can_reject: true, can_reverse: false, payout_ready: false, payout: null, created_by_name: 'super@demo.test' });

    const month = await state(monthly.id);
    expect(month.body).toMatchObject({ status: 'Paid', campaign_name: null, country: monthly.country, payout_ready: true });
  });

  it("answers a run's payout file: one line per agent, then the control line equal to the lines and the run", async () => {
    for (const run of [theirs, { id: Number(monthly.id), ref: monthly.ref, total: monthly.total, currency: monthly.currency, events: monthly.events }]) {
      const answer = await payout(run.id);
      expect(answer.status, answer.body).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^text\/csv/);
      expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="payout_${run.ref}.csv"`);
      const [header, ...rows] = csvRows(answer.body);
      expect(header).toEqual([...PAYOUT_COLUMNS]);
      const control = rows.at(-1) as string[];
      const agentLines = rows.slice(0, -1);
      expect(control[5]).toBe(PAYOUT_CONTROL_LINE_ID);
      expect(control[2]).toBe(run.total);
      expect(sum(agentLines.map((row) => row[2] as string))).toBe(run.total);
      expect(control[1]).toBe(`${agentLines.length} lines, ${run.events} payments`);
      expect(agentLines.map((row) => row[5])).toEqual(agentLines.map((_, index) => `${run.ref}-${index + 1}`));
      for (const row of rows) expect(row[3]).toBe(run.currency);
      // A run pays agents with a valid number only (the preview holds back the others).
      if (run === theirs) for (const row of agentLines) expect(row[0]).toMatch(/^[1-9]\d{7,22}$/);
      // One line per agent: as many as the run's lines have agents.
      const perAgent = new Set((await lines(run.id, { page_size: 0 })).body.data.map((line) => `${line.agent}|${line.msisdn}`));
      expect(agentLines).toHaveLength(perAgent.size);
      // The same file at every download.
      expect((await payout(run.id)).body).toBe(answer.body);
    }
    // The accounting reference a spreadsheet would run is text behind a quote.
    const [, first] = csvRows((await payout(theirs.id)).body);
    expect(first?.[4]).toBe('\'=HYPERLINK("x")');
  });

  it('has no payout file for a run awaiting approval (409)', async () => {
    const refused = await payout(awaiting.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(messages.paymentRunPayoutNotPaid('Awaiting approval'));
  });

  it.runIf(backend === 'postgres')('keeps an agent named like a formula harmless in the payout file and the lines export', async () => {
    const db = server.sql;
    if (!db) throw new Error('no SQL connection');
    const { rows: [agent] } = await db.query<{ id: number; first_name: string }>(`select u.id, u.first_name from payment_run_lines l
      join payments p on p.id = l.payment_id join users u on u.id = p.agent_id where l.payment_run_id = $1 order by u.id limit 1`, [theirs.id]);
    if (!agent) throw new Error('no agent');
    await db.query("update users set first_name = '=cmd' where id = $1", [agent.id]);
    try {
      const file = csvRows((await payout(theirs.id)).body);
      expect(file.some((row) => row[1]?.startsWith("'=cmd "))).toBe(true);
      expect(file.some((row) => row[1]?.startsWith('=cmd'))).toBe(false);
      const exported = await server.request<string>('POST', `${paymentRunDetailGrid.path}?id=${theirs.id}`, { body: { page_size: 0, export: 'csv' }, token: token.super });
      const agentCells = csvRows(exported.body).map((row) => row[lineColumn('agent')]);
      expect(agentCells.some((cell) => cell?.startsWith("'=cmd "))).toBe(true);
      expect(agentCells.some((cell) => cell?.startsWith('=cmd'))).toBe(false);
    } finally {
      await db.query('update users set first_name = $2 where id = $1', [agent.id, agent.first_name]);
    }
  });

  it('lets each role see only the runs it may: Campaign Admin their campaign\'s, Agency Admin none; 404 for no such run', async () => {
    const calls = [
      (id: number | string, as: string) => lines(id, { page_size: 20 }, as),
      (id: number | string, as: string) => state(id, as),
      (id: number | string, as: string) => payout(id, as),
    ];
    for (const call of calls) {
      expect((await call(theirs.id, token.campaign)).status).toBe(200);
      for (const other of [monthly.id, awaiting.id]) {
        const refused = await call(other, token.campaign);
        expect([refused.status, refused.body.error]).toEqual([403, messages.paymentRunNotYours]);
      }
      for (const run of [theirs.id, monthly.id]) expect((await call(run, token.agency)).status).toBe(403);
      const missing = await call(UNKNOWN_RUN, token.super);
      expect([missing.status, missing.body.error]).toEqual([404, messages.paymentRunNotFound]);
      expect((await call('abc', token.super)).status).toBe(400);
    }
    // Include Blacklisted is a Super Admin's, and not a filter of this grid.
    expect((await lines(theirs.id, { page_size: 20, blacklisted: true }, token.campaign)).status).toBe(400);
  });

  it("finds a run made for a country without a campaign by the Payment Runs grid's country filter", async () => {
    const runs = (await post<GridPage<RunRow>>(paymentRunsGrid.path, { ...ALL_DATES, page_size: 0 }, token.super)).body.data;
    const campaigns = (await server.get<ListPage<CampaignChoice>>('/admin/campaigns?page_size=0', token.super)).body.data;
    const summary = await state(monthly.id);
    // The monthly run's country code, by a campaign of its country.
    const countries = new Set(campaigns.map((c) => c.country_code));
    let matched = 0;
    for (const code of countries) {
      const filtered = (await post<GridPage<RunRow>>(paymentRunsGrid.path, { ...ALL_DATES, country: code, page_size: 0 }, token.super)).body.data;
      if (filtered.some((run) => run.id === monthly.id)) matched += 1;
      // Every run without a campaign it finds is of that one country.
      expect(new Set(filtered.filter((run) => run.campaign_name === null).map((run) => run.country)).size).toBeLessThanOrEqual(1);
    }
    expect(matched).toBe(1);
    expect(summary.body.country).toBe(monthly.country);
    expect(runs.filter((run) => run.campaign_name === null).length).toBeGreaterThan(0);
  });

  describe('the Payment Run Report (GET /service/payments-create-payment-run/)', () => {
    it("reports the caller's payment runs, as the Payment Runs grid exports them, and makes none", async () => {
      const before = (await post<GridPage<RunRow>>(paymentRunsGrid.path, { ...ALL_DATES, page_size: 0 }, token.super)).body.count;
      const queued = await server.get<ReportRecord>(`/service/payments-create-payment-run/?${DATES}`, token.campaign);
      expect(queued.status, JSON.stringify(queued.body)).toBe(200);
      expect(queued.body.description).toBe('Payment Run Report, 01-Jan-2020 to 31-Dec-2099');
      const list = async () => (await server.get<Page<ReportRecord>>('/service/payments-reports/?report=create-payment-run', token.campaign)).body.results[0];
      const report = (await finished(list)) as ReportRecord;
      expect(report.status).toBe('Finished');
      const file = await server.get<string>(new URL(report.downloadUrl as string).pathname, token.campaign);
      expect(file.status).toBe(200);
      const exported = await server.post<string>(paymentRunsGrid.path, { ...ALL_DATES, page_size: 0, export: 'csv' }, token.campaign);
      expect(file.body).toBe(exported.body);
      // The Campaign Admin's runs only: theirs is in it, the monthly runs (no campaign) are not.
      const refs = csvRows(file.body).slice(1).map((row) => row[1]);
      expect(refs).toContain(theirs.ref);
      expect(refs).not.toContain(monthly.ref);
      expect((await post<GridPage<RunRow>>(paymentRunsGrid.path, { ...ALL_DATES, page_size: 0 }, token.super)).body.count).toBe(before);
    });

    it('lists a run made for a country under every campaign it paid, and its agency (issue 53)', async () => {
      // The campaigns the monthly run paid, and each one's agency, as a Super Admin picks them.
      const paid = new Set((await lines(monthly.id, { page_size: 0 })).body.data.map((line) => line.campaign_name));
      const { agencies } = (await server.post<{ agencies: Array<{ id: number; campaigns: CampaignChoice[] }> }>('/admin/get-secure-agencies', {}, token.super)).body;
      const pick = agencies.flatMap((agency) => agency.campaigns.map((campaign) => ({ agency: agency.id, campaign }))).find(({ campaign }) => paid.has(campaign.campaign_name));
      const other = agencies.flatMap((agency) => agency.campaigns).find((campaign) => campaign.country_code !== pick?.campaign.country_code);
      if (!pick || !other) throw new Error('the demo has no campaign this needs');
      const refsOf = async (filter: Record<string, unknown>) =>
        (await post<GridPage<RunRow>>(paymentRunsGrid.path, { ...ALL_DATES, page_size: 0, ...filter }, token.super)).body.data.map((run) => run.ref);
      expect(await refsOf({ campaign: [pick.campaign.id] })).toContain(monthly.ref);
      expect(await refsOf({ agency: pick.agency })).toContain(monthly.ref);
      expect(await refsOf({ campaign: [other.id] })).not.toContain(monthly.ref);

      // The report a Super Admin asks for that agency and campaign holds it, and says how many rows.
      const queued = await server.get<ReportRecord>(`/service/payments-create-payment-run/?${DATES}&agency_id=${pick.agency}&campaign_id=${pick.campaign.id}`, token.super);
      expect(queued.status, JSON.stringify(queued.body)).toBe(200);
      const list = async () => (await server.get<Page<ReportRecord>>('/service/payments-reports/?report=create-payment-run', token.super)).body.results[0];
      const report = (await finished(list)) as ReportRecord;
      const file = await server.get<string>(new URL(report.downloadUrl as string).pathname, token.super);
      const refs = csvRows(file.body).slice(1).map((row) => row[1]);
      expect(refs).toContain(monthly.ref);
      expect(report.rows).toBe(refs.length);
    });

    it('refuses an Agency Admin (403), and asks a Super Admin for an agency first (section 5)', async () => {
      const refused = await server.get<Refusal>(`/service/payments-create-payment-run/?${DATES}`, token.agency);
      expect(refused.status).toBe(403);
      const noAgency = await server.get<Refusal>(`/service/payments-create-payment-run/?${DATES}`, token.super);
      expect([noAgency.status, noAgency.body.error]).toEqual([400, messages.agencyRequired]);
    });
  });
});
