// The report grids (POST /admin/events, /admin/events_detail, /admin/campaign_conversion,
// /admin/retention_events, /admin/retention_detail, /admin/payments, /admin/pending_payments,
// /admin/fraud) against the started server, one table of tests over the contract's declarations:
// paging and cursors, every sort both ways, each admin role's scope (exports included), the filters,
// bad bodies, and the streamed CSV. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set
// (there the export is COPY, and the test also writes rows of its own).
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CampaignChoice, GridPage, GridQuery, ListPage } from '../../src/contract/api';
import { addDays, reportTableTime, toRequestDate } from '../../src/contract/dates';
import {
  agentEventDetailsGrid, agentEventsGrid, agentPaymentsGrid, campaignConversionGrid, fraudEventsGrid, GRIDS, paymentRunDetailGrid, pendingPaymentsGrid, retentionEventDetailsGrid,
  retentionEventsGrid, sortableKeys, type AnyGrid, type GridColumn, type GridDeclaration,
} from '../../src/contract/grids';
import * as messages from '../../src/contract/messages';
import { filterNotOffered, unknownSortField } from '../../src/contract/messages';
import { sumByCurrency } from '../../src/contract/money';
import { foldText } from '../../src/contract/text';
import { readGridAnswer, RowsByLine, type GridAnswer } from '../../src/console/backends/rowsByLine';
import { backends, demoIds, LARGE_DATA } from '../support/server';
import { useSignedInServer } from '../support/signedIn';

type Row = Record<string, string | number | boolean | null> & { id: string };
type Answer = GridPage<Row> & { error?: string; code?: string; errors?: Record<string, string[]> };

/** Every seeded row lies in this range. */
const ALL_DATES = { start_date: '01-Jan-2020', end_date: '31-Dec-2099' } as const;
const EMPTY_RANGE = { start_date: '01-Jan-2000', end_date: '31-Dec-2000' } as const;

/** The value a CSV cell holds for a JSON value of a column. */
function csvOf(format: string, value: Row[string]): string {
  if (value === null) return '';
  if (format === 'time') return reportTableTime(String(value));
  if (format === 'flag') return value ? 'Yes' : 'No';
  const text = String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

describe.each(backends)('report grids on %s', (backend) => {
  const { server, tokens: token } = useSignedInServer(backend, ['super', 'agency', 'campaign'], { ...LARGE_DATA });
  const campaignId: Record<string, number> = {};
  /** The campaign names each admin sees. */
  const visible: Record<'agency' | 'campaign', string[]> = { agency: [], campaign: [] };
  let campaignsList: CampaignChoice[];

  beforeAll(async () => {
    const ids = await demoIds(server, token.super);
    Object.assign(campaignId, ids.campaign);
    campaignsList = (await server.get<ListPage<CampaignChoice>>('/admin/campaigns?page_size=0', token.super)).body.data;
    for (const role of ['agency', 'campaign'] as const) {
      visible[role] = (await server.get<ListPage<CampaignChoice>>('/admin/campaigns?page_size=0', token[role])).body.data.map((c) => c.campaign_name);
    }
  });

  const grid = (declaration: GridDeclaration, body: GridQuery | Record<string, unknown>, as = token.super) => server.post<Answer>(declaration.path, body, as);
  const all = async (declaration: GridDeclaration, body: Record<string, unknown> = {}, as = token.super) => {
    const answer = await grid(declaration, { ...ALL_DATES, ...body, page_size: 0 }, as);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data;
  };
  const csv = async (declaration: GridDeclaration, body: Record<string, unknown> = {}, as = token.super) => {
    const answer = await server.post<string>(declaration.path, { ...ALL_DATES, ...body, page_size: 0, export: 'csv' }, as);
    return { answer, parsed: Papa.parse<Record<string, string>>(answer.body, { header: true, skipEmptyLines: true }) };
  };

  describe.each(GRIDS.map((declaration) => [declaration.title, declaration] as [string, AnyGrid]))('%s', (_title, declaration) => {
    let everyRow: Row[];
    beforeAll(async () => {
      everyRow = await all(declaration);
    });

    it('a Super Admin reads it in pages that do not overlap, by number or by cursor, with their count', async () => {
      expect(everyRow.length).toBeGreaterThan(declaration === retentionEventsGrid ? 10 : 30);
      const size = 20;
      const pages = Math.min(4, Math.ceil(everyRow.length / size));
      let cursor: string | undefined;
      let previous: string | undefined;
      for (let page = 1; page <= pages; page++) {
        const byNumber = await grid(declaration, { ...ALL_DATES, page_size: size, current_page: page });
        expect(byNumber.status).toBe(200);
        expect(byNumber.body.count).toBe(everyRow.length);
        expect(byNumber.body.data).toEqual(everyRow.slice((page - 1) * size, page * size));
        if (cursor) {
          const byCursor = await grid(declaration, { ...ALL_DATES, page_size: size, current_page: page, cursor });
          expect(byCursor.body.data).toEqual(byNumber.body.data);
          previous = byCursor.body.previous;
        }
        expect(Boolean(byNumber.body.previous)).toBe(page > 1);
        cursor = byNumber.body.next;
      }
      // Back from the last page read by cursor.
      if (previous) expect((await grid(declaration, { ...ALL_DATES, page_size: size, current_page: pages - 1, cursor: previous })).body.data).toEqual(everyRow.slice((pages - 2) * size, (pages - 1) * size));
      // A cursor of another filter is not used: the page is read by its number.
      const narrowed = await grid(declaration, { ...ALL_DATES, page_size: size, current_page: 2, cursor, search: 'a' });
      expect(narrowed.status).toBe(200);
      expect(narrowed.body.data).toEqual((await grid(declaration, { ...ALL_DATES, page_size: size, current_page: 2, search: 'a' })).body.data);
      expect((await grid(declaration, { ...ALL_DATES, current_page: 99_999 })).body).toEqual({ data: [], count: everyRow.length });
      // An empty period says the day of the newest row the other filters select (a grid of instants).
      const { latest, ...empty } = (await grid(declaration, EMPTY_RANGE)).body as Answer & { latest?: string };
      expect(empty).toEqual({ data: [], count: 0 });
      const newest = everyRow.map((row) => String(row.created_at ?? '')).sort().at(-1);
      if (latest !== undefined || declaration.id === 'paymentRuns') expect(latest).toBe(newest?.slice(0, 10));
    });

    it('sorts by every sortable column, either way, text ignoring case', async () => {
      // One campaign's rows keep the test quick; ties fall back on the row key, so one way is the other reversed.
      const campaign = campaignId[String(everyRow[0]?.campaign_name)];
      for (const key of sortableKeys(declaration)) {
        const up = await all(declaration, { campaign, orderby: key });
        const down = await all(declaration, { campaign, orderby: `-${key}` });
        expect(up.length).toBeGreaterThan(0);
        expect(down.map((row) => row.id)).toEqual(up.map((row) => row.id).reverse());
        const column: GridColumn | undefined = declaration.columns.find((c) => c.key === key);
        const values = up.map((row) => row[key]);
        if (column?.currency) {
          // An amount within its currency (a payment run of one campaign may be in another currency than the next).
          const pairs = up.map((row) => [String(row[column.currency as string]), Number(row[key])] as const);
          expect(pairs).toEqual([...pairs].sort((a, b) => a[0].localeCompare(b[0]) || a[1] - b[1]));
        } else if (column?.format === 'count' || column?.format === 'money' || column?.format === 'percent') {
          expect(values.map(Number)).toEqual(values.map(Number).sort((a, b) => a - b));
        } else if (column?.format === 'text') {
          const lower = values.map((value) => foldText(String(value ?? '')));
          // Case and accents are ignored: a name never sorts apart from another only for a capital or an accent.
          expect(lower.filter((value, i) => value !== lower[i - 1]).length).toBe(new Set(lower).size);
        }
      }
      const refused = await grid(declaration, { ...ALL_DATES, orderby: '-no_such_field' });
      expect(refused.status).toBe(400);
      const message = unknownSortField('no_such_field', sortableKeys(declaration));
      expect(refused.body).toEqual({ error: message, code: 'validation', errors: { orderby: [message] } });
    });

    const amount: GridColumn | undefined = declaration.columns.find((column) => column.format === 'money');
    it.skipIf(!amount)('sorts an amount within its currency, never one currency among another, pages by cursor too', async () => {
      const key = amount?.key as string;
      const currency = amount?.currency as string;
      for (const orderby of [key, `-${key}`]) {
        const whole = await all(declaration, { orderby });
        const currencies = whole.map((row) => String(row[currency]));
        expect(new Set(currencies).size, 'rows of several currencies').toBeGreaterThan(1);
        // Each currency's rows together, in currency order, and by amount within it.
        const sign = orderby.startsWith('-') ? -1 : 1;
        const expected = [...whole].sort((a, b) => sign * (String(a[currency]).localeCompare(String(b[currency])) || Number(a[key]) - Number(b[key])));
        expect(whole.map((row) => [row[currency], Number(row[key])])).toEqual(expected.map((row) => [row[currency], Number(row[key])]));
        // The page where the first currency ends, then the next by its cursor and back: the same rows as the whole.
        const size = 20;
        const page = Math.floor(currencies.findIndex((code) => code !== currencies[0]) / size) + 1;
        const rowsOf = (number: number) => whole.slice((number - 1) * size, number * size).map((row) => row.id);
        const byNumber = await grid(declaration, { ...ALL_DATES, orderby, page_size: size, current_page: page });
        expect(byNumber.body.data.map((row) => row.id)).toEqual(rowsOf(page));
        const next = await grid(declaration, { ...ALL_DATES, orderby, page_size: size, current_page: page + 1, cursor: byNumber.body.next });
        expect(next.status, JSON.stringify(next.body)).toBe(200);
        expect(next.body.data.map((row) => row.id), `${orderby} page ${page + 1} by cursor`).toEqual(rowsOf(page + 1));
        const back = await grid(declaration, { ...ALL_DATES, orderby, page_size: size, current_page: page, cursor: next.body.previous });
        expect(back.body.data.map((row) => row.id), `${orderby} page ${page} back by cursor`).toEqual(rowsOf(page));
      }
    });

    it.each([['an Agency Admin', 'agency'], ['a Campaign Admin', 'campaign']] as const)('%s sees the rows of their campaigns and nothing else, exports included', async (_who, role) => {
      if (role === 'agency' && declaration.id === 'paymentRuns') {
        // Payment runs are a Super Admin's and a Campaign Admin's (SPEC.md section 6): refused, the export too.
        for (const body of [ALL_DATES, { ...ALL_DATES, export: 'csv' }]) expect((await grid(declaration, body, token[role])).status).toBe(403);
        return;
      }
      const theirs = await all(declaration, {}, token[role]);
      const expected = everyRow.filter((row) => visible[role].includes(String(row.campaign_name)));
      expect(theirs).toEqual(expected);
      const { parsed } = await csv(declaration, {}, token[role]);
      expect(parsed.data).toHaveLength(expected.length);
      expect(parsed.data.every((row) => visible[role].includes(row.campaign_name as string))).toBe(true);
      // A campaign outside their scope gives nothing.
      const foreign = campaignsList.find((c) => !visible[role].includes(c.campaign_name));
      expect((await grid(declaration, { ...ALL_DATES, campaign: foreign?.id }, token[role])).body).toEqual({ data: [], count: 0 });
      // Blacklisted rows and BQ are a Super Admin's only, on the page and the export.
      for (const body of declaration.filters.includes('blacklisted' as never) ? [{ ...ALL_DATES, blacklisted: true }, { ...ALL_DATES, blacklisted: true, export: 'csv' }] : []) {
        const refused = await grid(declaration, body, token[role]);
        expect(refused.status).toBe(403);
        expect(refused.body.error).toBe(messages.includeBlacklistedSuperOnly);
      }
      if (declaration.filters.includes('bq' as never)) expect((await grid(declaration, { ...ALL_DATES, bq: true }, token[role])).status).toBe(403);
    });

    it('filters by campaign (one id or several), agency and country', async () => {
      // A payment run is found by its own campaign and by every campaign it paid (the demo's runs are
      // made per country, for no campaign): its lines say which it paid.
      const paid = new Map<string, Set<string>>();
      if (declaration.id === 'paymentRuns') {
        for (const run of everyRow) {
          const lines = await server.post<Answer>(`${paymentRunDetailGrid.path}?id=${run.id}`, { page_size: 0 }, token.super);
          paid.set(run.id, new Set(lines.body.data.map((line) => String(line.campaign_name))));
        }
      }
      const ofCampaigns = (row: Row, names: readonly string[]) => names.includes(String(row.campaign_name)) || [...(paid.get(row.id) ?? [])].some((name) => names.includes(name));
      const named = [...new Set(everyRow.filter((row) => row.campaign_name !== null).map((row) => String(row.campaign_name)))];
      const [first, second] = named.length >= 2 ? named : campaignsList.map((c) => c.campaign_name);
      const one = await all(declaration, { campaign: campaignId[first as string] });
      expect(one).toEqual(everyRow.filter((row) => ofCampaigns(row, [first as string])));
      const two = await all(declaration, { campaign: [campaignId[first as string], campaignId[second as string]] });
      expect(two).toEqual(everyRow.filter((row) => ofCampaigns(row, [first as string, second as string])));
      const ghana = campaignsList.filter((c) => c.country_code === 'GH').map((c) => c.campaign_name);
      // A payment run is also its own country's (a run made for a country names no campaign).
      const countries = (await server.get<ListPage<{ country: string; iso_code: string | null }>>('/admin/countries?page_size=0', token.super)).body.data;
      const ghanaName = countries.find((c) => c.iso_code === 'GH')?.country;
      const ownCountry = (row: Row) => declaration.id === 'paymentRuns' && row.country === ghanaName;
      expect(await all(declaration, { country: 'gh' })).toEqual(everyRow.filter((row) => ofCampaigns(row, ghana) || ownCountry(row)));
      // The Agency Admin's agency holds the campaigns they see.
      const agencyRows = await all(declaration, { agency: await agencyOfAdmin() });
      expect(agencyRows).toEqual(everyRow.filter((row) => ofCampaigns(row, visible.agency)));
      if (declaration.id === 'paymentRuns') expect(agencyRows.some((row) => row.campaign_name === null), 'a run made for a country, found by its agency').toBe(true);
    });

    it('refuses bad bodies with 400 and a clear line, on the page and the export', async () => {
      const cases: Array<[Record<string, unknown>, Record<string, string[]>]> = [
        [{ end_date: '30-Nov-2026' }, { start_date: [messages.startDateRequired] }],
        [{ start_date: '2026-11-01', end_date: '30-Nov-2026' }, { start_date: [messages.requestDateInvalid] }],
        [{ start_date: '02-Nov-2026', end_date: '01-Nov-2026' }, { end_date: [messages.endBeforeStartDate] }],
        [{ ...ALL_DATES, page_size: 7 }, { page_size: ['page_size must be one of 20, 50, 100, 0'] }],
        [{ ...ALL_DATES, cursor: 'bm90IGEgY3Vyc29y' }, { cursor: [messages.gridCursorInvalid] }],
      ];
      const missing = (['gifting', 'enabled', 'paid'] as const).find((name) => !declaration.filters.includes(name as never));
      if (missing) cases.push([{ ...ALL_DATES, [missing]: true }, { [missing]: [filterNotOffered(missing, declaration.title)] }]);
      for (const [body, errors] of cases) {
        for (const exported of [{}, { export: 'csv' }]) {
          const refused = await grid(declaration, { ...body, ...exported });
          expect(refused.status, JSON.stringify(body)).toBe(400);
          expect(refused.body.errors).toEqual(errors);
          expect(refused.body.error).toBe(Object.values(errors).flat().join('\n'));
        }
      }
      expect((await grid(declaration, ALL_DATES, '')).status).toBe(401);
    });

    it('exports the whole filtered, sorted result as CSV, whatever the paging', async () => {
      const order = `-${sortableKeys(declaration)[1]}`;
      const rows = await all(declaration, { orderby: order });
      const { answer, parsed } = await csv(declaration, { orderby: order, current_page: 3, page_size: 20 });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="${declaration.filename}_2020-01-01_2099-12-31.csv"`);
      const keys = declaration.columns.map((column) => column.key);
      expect(parsed.errors).toEqual([]);
      expect(parsed.meta.fields).toEqual(keys);
      expect(parsed.data).toEqual(rows.map((row) => Object.fromEntries(declaration.columns.map((c) => [c.key, csvOf(c.format, row[c.key] ?? null)]))));
      const empty = await csv(declaration, EMPTY_RANGE);
      expect(empty.answer.body).toBe(`${keys.join(',')}\n`);
    });

    it("answers 'all' as JSON a row per line, which the console reads row by row as the same rows", async () => {
      for (const range of [ALL_DATES, EMPTY_RANGE]) {
        const response = await fetch(`${server.url}${declaration.path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token.super}` },
          body: JSON.stringify({ ...range, page_size: 0 }),
        });
        const text = await response.text();
        const whole = JSON.parse(text) as GridPage<Row>;
        expect(text.split('\n')).toHaveLength(whole.data.length + 2);
        const read = (await readGridAnswer(new Response(text))) as GridAnswer;
        expect(read.data).toBeInstanceOf(RowsByLine);
        expect(read.count).toBe(whole.count);
        expect(Array.from({ length: read.data.length }, (_, i) => read.data.at(i))).toEqual(whole.data);
        expect(read.data.at(-1)).toEqual(whole.data.at(-1));
      }
    });
  });

  /** The agency of the Agency Admin (their campaigns' agency). */
  async function agencyOfAdmin(): Promise<number> {
    const answer = await server.get<{ data: Array<{ id: number }> }>('/admin/agencies?page_size=0', token.agency);
    return answer.body.data[0]?.id as number;
  }

  describe('filters some grids offer, and how the grids agree', () => {
    it('Include Blacklisted adds rows for a Super Admin; BQ keeps the agents with fraud events', async () => {
      for (const declaration of [agentEventDetailsGrid, fraudEventsGrid, agentPaymentsGrid] as GridDeclaration[]) {
        const usual = await all(declaration);
        const included = await all(declaration, { blacklisted: true });
        expect(included.length).toBeGreaterThan(usual.length);
        const ids = new Set(included.map((row) => row.id));
        expect(usual.every((row) => ids.has(row.id))).toBe(true);
      }
      const bq = await all(agentEventDetailsGrid, { bq: true });
      const usual = await all(agentEventDetailsGrid);
      expect(bq.length).toBeGreaterThan(0);
      expect(bq.length).toBeLessThan(usual.length);
      const fraudAgents = new Set((await all(fraudEventsGrid)).map((row) => row.agent_msisdn));
      expect(bq.every((row) => fraudAgents.has(row.msisdn))).toBe(true);
    });

    it('gifting separates gifters\' rows from agents\'; enabled keeps active agents; paid splits paid from due', async () => {
      const agents = await all(agentEventDetailsGrid);
      const gifters = await all(agentEventDetailsGrid, { gifting: true });
      const agentIds = new Set(agents.map((row) => row.id));
      expect(gifters.every((row) => !agentIds.has(row.id))).toBe(true);
      const active = await all(agentEventDetailsGrid, { enabled: true });
      expect(active.length).toBeGreaterThan(0);
      expect(active.length).toBeLessThanOrEqual(agents.length);
      const payments = await all(agentPaymentsGrid);
      const paid = await all(agentPaymentsGrid, { paid: true });
      const due = await all(agentPaymentsGrid, { paid: false });
      expect(paid.length).toBeGreaterThan(0);
      expect(due.length).toBeGreaterThan(0);
      expect(paid.every((row) => row.paid === true && row.paymentrun_id !== null && row.paid_at !== null)).toBe(true);
      expect(due.every((row) => row.paid === false && row.paymentrun_id === null)).toBe(true);
      expect(paid.length + due.length).toBe(payments.length);
    });

    it('a grouped grid adds up to its detail grid, per currency: events per agent, retention per gifter, payments due per agent', async () => {
      const sum = (rows: Row[], key: string) => rows.reduce((total, row) => total + Number(row[key]), 0);
      // Pay adds up exactly and one currency at a time (contract/money.ts), never across two.
      const payByCurrency = (rows: Row[]) => sumByCurrency(rows.map((row) => ({ amount: String(row.pay), currency: String(row.currency) })));
      const detail = await all(agentEventDetailsGrid);
      const grouped = await all(agentEventsGrid);
      expect(sum(grouped, 'events')).toBe(detail.length);
      expect(payByCurrency(grouped)).toEqual(payByCurrency(detail));
      expect(new Set(detail.map((row) => row.currency)).size).toBeGreaterThan(1);
      const retentionDetail = await all(retentionEventDetailsGrid);
      const retentionGrouped = await all(retentionEventsGrid);
      expect(sum(retentionGrouped, 'events')).toBe(retentionDetail.length);
      expect(payByCurrency(retentionGrouped)).toEqual(payByCurrency(retentionDetail));
      const due = await all(agentPaymentsGrid, { paid: false });
      const pending = await all(pendingPaymentsGrid);
      expect(sum(pending, 'events')).toBe(due.length);
      expect(payByCurrency(pending)).toEqual(payByCurrency(due));
    });
  });

  it.each([
    { grouped: agentEventsGrid, detail: agentEventDetailsGrid, by: ['msisdn', 'campaign_name', 'event', 'currency'], sums: [] as string[] },
    { grouped: retentionEventsGrid, detail: retentionEventDetailsGrid, by: ['gifter_msisdn', 'campaign_name', 'event', 'currency'], sums: ['giftee_activity_events'] },
    // What is due and on no run: the due payments (none of the test data's runs awaits approval), the oldest of each group kept too.
    { grouped: pendingPaymentsGrid, detail: agentPaymentsGrid, filter: { paid: false }, by: ['msisdn', 'campaign_name', 'currency'], sums: [] as string[], oldest: true },
  ])('$grouped.title groups exactly as $detail.title lists, over ranges that start and end mid-month, mid-year', async ({ grouped, detail, filter, by, sums, oldest }) => {
    // A grouped grid reads whole years (Pending Payments), months and edge days of a summary
    // (migrations 0028, 0029, 0031): each range here cuts months, lies within one month, is one
    // day, or holds every year, and each group must equal its rows.
    const days = [...new Set((await all(detail, filter)).map((row) => String(row.created_at).slice(0, 10)))].sort();
    const at = (share: number) => days[Math.floor((days.length - 1) * share)] as string;
    const ranges: Array<[string, string]> = [[at(0.2), at(0.8)], [at(0.5), addDays(at(0.5), 9)], [at(0.6), at(0.6)], [days[0] as string, at(0.4)], ['2000-01-01', '2099-12-31']];
    const groupsOf = (rows: Row[], events: (row: Row) => number) => {
      const groups = new Map<string, { events: number; pay: string[]; sums: number[]; oldest?: string }>();
      for (const row of rows) {
        const key = by.map((column) => row[column]).join(' ');
        const group = groups.get(key) ?? { events: 0, pay: [], sums: sums.map(() => 0) };
        group.events += events(row);
        group.pay.push(String(row.pay));
        sums.forEach((column, index) => (group.sums[index] = (group.sums[index] ?? 0) + Number(row[column])));
        const time = String(row.oldest ?? row.created_at);
        if (oldest && (group.oldest === undefined || time < group.oldest)) group.oldest = time;
        groups.set(key, group);
      }
      return Object.fromEntries([...groups].map(([key, group]) => [key, { ...group, pay: sumByCurrency(group.pay.map((amount) => ({ amount, currency: 'X' }))) }]));
    };
    let groupsSeen = 0;
    for (const [start, end] of ranges) {
      const range = { start_date: toRequestDate(start), end_date: toRequestDate(end) };
      const groupedRows = await all(grouped, range);
      expect(groupsOf(groupedRows, (row) => Number(row.events)), `${start} to ${end}`).toEqual(groupsOf(await all(detail, { ...filter, ...range }), () => 1));
      groupsSeen += groupedRows.length;
    }
    expect(groupsSeen).toBeGreaterThan(10);
  });

  // Read from a summary of the invites (migration 0034); checked against the invites themselves,
  // which only PostgreSQL lets the test read (PGlite is held by the server process). The Super Admin
  // with Include Blacklisted: the grid leaves out gifting agents only.
  it.skipIf(backend !== 'postgres')('Campaign Conversion counts each campaign\'s agents, invites and conversions as the invites do, over ranges that cut months and years', async () => {
    const db = server.sql as NonNullable<typeof server.sql>;
    const days = (await db.query<{ day: string }>(`select distinct (invite_datetime at time zone 'UTC')::date::text as day from invites order by 1`)).rows.map((row) => row.day);
    const at = (share: number) => days[Math.floor((days.length - 1) * share)] as string;
    const ranges: Array<[string, string]> = [[at(0.2), at(0.8)], [at(0.5), addDays(at(0.5), 9)], [at(0.6), at(0.6)], ['2000-01-01', '2099-12-31']];
    let campaignsSeen = 0;
    for (const [start, end] of ranges) {
      const counted = (await db.query(
        `select i.campaign_id::text as id, count(distinct i.agent_id)::int as agents, count(*)::int as invites, (count(*) filter (where i.converted))::int as conversions
         from invites i join users u on u.id = i.agent_id
         where not u.is_gifting and (i.invite_datetime at time zone 'UTC')::date between $1::date and $2::date
         group by 1 order by 1`,
        [start, end],
      )).rows;
      const rows = await all(campaignConversionGrid, { start_date: toRequestDate(start), end_date: toRequestDate(end), blacklisted: true });
      const shown = rows.map((row) => ({ id: row.id, agents: Number(row.agents), invites: Number(row.invites), conversions: Number(row.conversions) }));
      expect(shown.sort((a, b) => (a.id < b.id ? -1 : 1)), `${start} to ${end}`).toEqual(counted);
      campaignsSeen += rows.length;
      if (start === '2000-01-01') expect(counted.some((row) => row.conversions > 0)).toBe(true);
    }
    expect(campaignsSeen).toBeGreaterThan(5);
  });

  // PGlite is held by the server process: only on PostgreSQL can the test write rows of its own.
  describe.skipIf(backend !== 'postgres')('rows written by the test', () => {
    const DAY = { start_date: '03-Feb-2001', end_date: '03-Feb-2001' };

    beforeAll(async () => {
      const sql = server.sql;
      if (!sql) return;
      const rows: Array<[string, string]> = [
        ['2001-02-02T23:59:59.999Z', 'day before'],
        ['2001-02-03T00:00:00.000Z', '=HYPERLINK("http://evil.example","click")'],
        ['2001-02-03T23:59:59.999Z', '+1 last moment'],
        ['2001-02-04T00:00:00.000Z', 'day after'],
      ];
      for (const [at, description] of rows) {
        await sql.query(
          `insert into fraud_events (agent_id, campaign_id, description, msisdn, device_id, blacklisted, created_at)
           select agent_id, campaign_id, $1, '233240000000', '@device', false, $2 from fraud_events order by id limit 1`,
          [description, at],
        );
      }
    });

    it('a day runs from 00:00 UTC up to, not including, the next day', async () => {
      const answer = await grid(fraudEventsGrid, { ...DAY, orderby: 'created_at' });
      expect(answer.body.data.map((row) => row.description)).toEqual(['=HYPERLINK("http://evil.example","click")', '+1 last moment']);
    });

    it('the export (COPY) neutralises cells a spreadsheet would run as formulas', async () => {
      const { answer, parsed } = await csv(fraudEventsGrid, { ...DAY, orderby: 'created_at' });
      expect(answer.headers.get('content-disposition')).toBe('attachment; filename="fraud-events_2001-02-03_2001-02-03.csv"');
      expect(parsed.data.map((row) => [row.created_at, row.description, row.device_id])).toEqual([
        ['2001-02-03 00:00:00', `'=HYPERLINK("http://evil.example","click")`, "'@device"],
        ['2001-02-03 23:59:59', "'+1 last moment", "'@device"],
      ]);
    });

    it('a search with quotes and backslashes is taken literally by COPY too', async () => {
      for (const search of ["o'brien \\ %", '"; drop table events; --']) {
        const { answer, parsed } = await csv(fraudEventsGrid, { search });
        expect(answer.status).toBe(200);
        expect(parsed.data).toEqual([]);
      }
    });
  });
});
