// POST /admin/fraud, the Fraud Events grid, against the started server: paging and order, each
// admin role's scope, 'Include Blacklisted' for a Super Admin only, the filters, validation with the
// contract's messages, and the streamed CSV export. Runs on PGlite, and on PostgreSQL when
// TEST_DATABASE_URL is set (there the test also writes rows of its own).
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignChoice, GridQuery, ListPage } from '../../src/contract/api';
import { reportTableTime } from '../../src/contract/dates';
import type { FraudEvent } from '../../src/contract/entities';
import { messages, unknownSortField } from '../../src/contract/messages';
import { accessToken, backends, demoIds, startServer, type TestServer, SIGNED_IN_SUITE } from '../support/server';

type Answer<T> = T & { error?: string; errors?: Record<string, string[]> };

const FRAUD = '/admin/fraud';
/** Every seeded event lies in this range; the rows this test writes (2001) do not. */
const ALL_DATES = { start_date: '01-Jan-2020', end_date: '31-Dec-2099' } as const;
const CSV_COLUMNS = ['created_at', 'campaign_name', 'firstname', 'lastname', 'agent_msisdn', 'description', 'msisdn', 'device_id', 'blacklisted'];
const SEARCHED: Array<keyof FraudEvent> = ['campaign_name', 'firstname', 'lastname', 'agent_msisdn', 'description', 'msisdn', 'device_id'];
const ISO_INSTANT = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe.each(backends)('fraud events on %s', (backend) => {
  let server: TestServer;
  let superToken: string;
  let agencyToken: string;
  let campaignToken: string;
  const campaignId: Record<string, number> = {};
  /** Every row a Super Admin sees by default, newest first. */
  let everyRow: FraudEvent[];

  beforeAll(async () => {
    // A bigger demo than the other API tests, so that every role's campaigns have fraud events.
    server = await startServer(backend, {
      ...SIGNED_IN_SUITE,
      DEMO_AGENTS: '600', DEMO_EVENTS: '60000',
    });
    superToken = await accessToken(server, 'super@demo.test');
    agencyToken = await accessToken(server, 'agency@demo.test');
    campaignToken = await accessToken(server, 'campaign@demo.test');
    Object.assign(campaignId, (await demoIds(server, superToken)).campaign);
    everyRow = (await grid({ ...ALL_DATES, page_size: 0 }, superToken)).body.data;
  });
  afterAll(async () => server?.stop());

  const grid = (body: GridQuery | Record<string, unknown>, token?: string) => server.post<Answer<ListPage<FraudEvent>>>(FRAUD, body, token);
  const names = (rows: FraudEvent[]) => [...new Set(rows.map((row) => row.campaign_name))].sort();
  const directCount = async (where: string) => Number((await server.sql?.query(`select count(*) as n from fraud_events where ${where}`))?.rows[0]?.n);
  const readCsv = (text: string) => Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });

  describe('the grid', () => {
    it('a Super Admin sees every event not flagged blacklisted, newest first, in pages that do not overlap', async () => {
      expect(everyRow.length).toBeGreaterThan(300);
      const first = await grid({ ...ALL_DATES, page_size: 100, current_page: 1 }, superToken);
      expect(first.status).toBe(200);
      expect(first.body.count).toBe(everyRow.length);
      if (server.sql) expect(first.body.count).toBe(await directCount("not blacklisted and created_at >= '2020-01-01'"));
      const second = await grid({ ...ALL_DATES, page_size: 100, current_page: 2 }, superToken);
      const third = await grid({ ...ALL_DATES, page_size: 100, current_page: 3 }, superToken);
      const ids = [...first.body.data, ...second.body.data, ...third.body.data].map((row) => row.id);
      expect(new Set(ids).size).toBe(300);
      expect(ids).toEqual(everyRow.slice(0, 300).map((row) => row.id));

      const times = everyRow.map((row) => row.created_at);
      expect(times).toEqual([...times].sort().reverse());
      expect(first.body.data[0]).toEqual({
        id: expect.any(Number), created_at: expect.stringMatching(ISO_INSTANT), campaign_name: expect.any(String), firstname: expect.any(String),
        lastname: expect.any(String), agent_msisdn: expect.stringMatching(/^\d{8,}$/), description: expect.any(String), msisdn: expect.any(String),
        device_id: expect.toBeOneOf([null, expect.any(String)]), blacklisted: false,
      });
      expect((await grid({ ...ALL_DATES, current_page: 999 }, superToken)).body).toEqual({ data: [], count: everyRow.length });
    });

    it('leaves blacklisted rows out unless a Super Admin asks for them', async () => {
      expect(everyRow.some((row) => row.blacklisted)).toBe(false);
      const included = await grid({ ...ALL_DATES, page_size: 0, blacklisted: true }, superToken);
      expect(included.status).toBe(200);
      const flagged = included.body.data.filter((row) => row.blacklisted);
      expect(flagged.length).toBeGreaterThan(0);
      expect(included.body.count).toBe(everyRow.length + flagged.length);
      if (server.sql) expect(included.body.count).toBe(await directCount("created_at >= '2020-01-01'"));
    });

    it.each([['an Agency Admin', 'agency'], ['a Campaign Admin', 'campaign']])('%s asking for blacklisted rows is refused', async (_who, role) => {
      const token = role === 'agency' ? agencyToken : campaignToken;
      for (const body of [{ ...ALL_DATES, blacklisted: true }, { ...ALL_DATES, blacklisted: true, export: 'csv' }]) {
        const refused = await grid(body, token);
        expect(refused.status).toBe(403);
        expect(refused.body.error).toBe(messages.includeBlacklistedSuperOnly);
      }
    });

    it.each([['an Agency Admin', 'agency'], ['a Campaign Admin', 'campaign']])('%s sees every row of their campaigns and nothing else', async (_who, role) => {
      const token = role === 'agency' ? agencyToken : campaignToken;
      const theirs = (await server.get<ListPage<CampaignChoice>>('/admin/campaigns?page_size=0', token)).body.data.map((c) => c.campaign_name);
      const answer = await grid({ ...ALL_DATES, page_size: 0 }, token);
      expect(answer.status).toBe(200);
      expect(answer.body.count).toBeGreaterThan(0);
      expect(names(answer.body.data).every((name) => theirs.includes(name))).toBe(true);
      expect(answer.body.data).toEqual(everyRow.filter((row) => theirs.includes(row.campaign_name)));
    });

    it('filters by campaign (one outside the scope gives no rows) and by country', async () => {
      const gh03 = await grid({ ...ALL_DATES, page_size: 0, campaign: campaignId['SIM Drive GH-03'] }, superToken);
      expect(gh03.body.count).toBeGreaterThan(0);
      expect(gh03.body.data).toEqual(everyRow.filter((row) => row.campaign_name === 'SIM Drive GH-03'));
      expect((await grid({ ...ALL_DATES, campaign: campaignId['SIM Drive GH-01'] }, campaignToken)).body).toEqual({ data: [], count: 0 });
      expect((await grid({ ...ALL_DATES, campaign: 99_999_999_999 }, superToken)).body).toEqual({ data: [], count: 0 });

      const ghana = (await server.get<ListPage<CampaignChoice>>('/admin/campaigns?page_size=0', superToken)).body.data
        .filter((campaign) => campaign.country_code === 'GH').map((campaign) => campaign.campaign_name);
      const byCountry = await grid({ ...ALL_DATES, page_size: 0, country: 'gh' }, superToken);
      expect(byCountry.body.count).toBeGreaterThan(gh03.body.count);
      expect(byCountry.body.data).toEqual(everyRow.filter((row) => ghana.includes(row.campaign_name)));
    });

    it('takes whole UTC days, the end date included', async () => {
      const day = everyRow[everyRow.length >> 1]?.created_at.slice(0, 10) as string;
      const [year, month, date] = day.split('-');
      const wire = `${date}-${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][Number(month) - 1]}-${year}`;
      const oneDay = await grid({ start_date: wire, end_date: wire, page_size: 0 }, superToken);
      expect(oneDay.body.count).toBeGreaterThan(0);
      expect(oneDay.body.data).toEqual(everyRow.filter((row) => row.created_at.startsWith(day)));
      expect((await grid({ start_date: '01-Jan-2000', end_date: '31-Dec-2000' }, superToken)).body).toEqual({ data: [], count: 0 });
    });

    it('searches the campaign, the agent, the description, the msisdn and the device, ignoring case', async () => {
      const sample = everyRow[7] as FraudEvent;
      for (const term of ['SELF-REFERRAL', sample.lastname.toLowerCase(), sample.agent_msisdn.slice(3, 9), sample.msisdn.slice(-6), 'drive gh']) {
        const found = await grid({ ...ALL_DATES, page_size: 0, search: term }, superToken);
        const expected = everyRow.filter((row) => SEARCHED.some((field) => String(row[field] ?? '').toLowerCase().includes(term.toLowerCase())));
        expect(expected.length).toBeGreaterThan(0);
        expect(found.body.data).toEqual(expected);
      }
      expect((await grid({ ...ALL_DATES, search: '%' }, superToken)).body).toEqual({ data: [], count: 0 });
    });

    it('sorts by any column, either way', async () => {
      // Names compare in the database's collation: the campaign list sorted by name is the reference.
      const nameOrder = (await server.get<ListPage<CampaignChoice>>('/admin/campaigns?page_size=0&orderby=campaign_name', superToken)).body.data
        .map((campaign) => campaign.campaign_name);
      const byCampaign = (await grid({ ...ALL_DATES, page_size: 0, orderby: 'campaign_name' }, superToken)).body.data.map((row) => row.campaign_name);
      const runs = byCampaign.filter((name, i) => name !== byCampaign[i - 1]);
      expect(runs).toEqual(nameOrder.filter((name) => runs.includes(name)));
      const reversed = (await grid({ ...ALL_DATES, page_size: 0, orderby: '-campaign_name' }, superToken)).body.data.map((row) => row.campaign_name);
      expect(reversed.filter((name, i) => name !== reversed[i - 1])).toEqual([...runs].reverse());
      const oldest = (await grid({ ...ALL_DATES, page_size: 0, orderby: 'created_at' }, superToken)).body.data.map((row) => row.created_at);
      expect(oldest).toEqual([...oldest].sort());
      const flaggedFirst = (await grid({ ...ALL_DATES, page_size: 0, orderby: '-blacklisted', blacklisted: true }, superToken)).body.data;
      expect(flaggedFirst[0]?.blacklisted).toBe(true);
      expect(flaggedFirst.at(-1)?.blacklisted).toBe(false);
      const refused = await grid({ ...ALL_DATES, orderby: '-agent_code' }, superToken);
      expect(refused.status).toBe(400);
      const message = unknownSortField('agent_code', CSV_COLUMNS);
      expect(refused.body).toEqual({ error: message, code: 'validation', errors: { orderby: [message] } });
    });

    it.each([
      ['no start date', { end_date: '30-Nov-2026' }, { start_date: [messages.startDateRequired] }],
      ['a date not in DD-MMM-YYYY', { start_date: '2026-11-01', end_date: '30-Nov-2026' }, { start_date: [messages.requestDateInvalid] }],
      ['a day the month does not have', { start_date: '01-Feb-2026', end_date: '30-Feb-2026' }, { end_date: [messages.requestDateInvalid] }],
      ['the end before the start', { start_date: '02-Nov-2026', end_date: '01-Nov-2026' }, { end_date: [messages.endBeforeStartDate] }],
    ])('refuses %s with 400 and the field line', async (_case, body, errors) => {
      const refused = await grid(body, superToken);
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual(errors);
      expect(refused.body.error).toBe(Object.values(errors).flat().join('\n'));
    });

    it('answers 401 without a session', async () => {
      const refused = await grid(ALL_DATES);
      expect(refused.status).toBe(401);
      expect(refused.body.error).toBe(messages.accessTokenMissing);
    });
  });

  describe('the CSV export', () => {
    it('is the whole sorted result as a file, whatever the paging', async () => {
      const answer = await server.post<string>(FRAUD, { ...ALL_DATES, page_size: 20, current_page: 3, orderby: 'campaign_name', export: 'csv' }, superToken);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(answer.headers.get('content-disposition')).toBe('attachment; filename="fraud-events_2020-01-01_2099-12-31.csv"');
      expect(answer.body.split('\r\n')[0]).toBe(CSV_COLUMNS.join(','));
      const csv = readCsv(answer.body);
      expect(csv.errors).toEqual([]);
      expect(csv.meta.fields).toEqual(CSV_COLUMNS);
      const rows = (await grid({ ...ALL_DATES, page_size: 0, orderby: 'campaign_name' }, superToken)).body.data;
      expect(csv.data).toHaveLength(everyRow.length);
      expect(csv.data).toEqual(rows.map((row) => ({
        created_at: reportTableTime(row.created_at), campaign_name: row.campaign_name, firstname: row.firstname, lastname: row.lastname,
        agent_msisdn: row.agent_msisdn, description: row.description, msisdn: row.msisdn, device_id: row.device_id ?? '', blacklisted: 'No',
      })));
      expect(csv.data[0]?.created_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    });

    it('holds a role\'s rows only, and the blacklisted ones when a Super Admin asks', async () => {
      const campaign = readCsv((await server.post<string>(FRAUD, { ...ALL_DATES, export: 'csv' }, campaignToken)).body).data;
      expect(campaign.length).toBeGreaterThan(0);
      expect(new Set(campaign.map((row) => row.campaign_name))).toEqual(new Set(['SIM Drive GH-03']));
      const withFlagged = readCsv((await server.post<string>(FRAUD, { ...ALL_DATES, export: 'csv', blacklisted: true }, superToken)).body).data;
      const count = (await grid({ ...ALL_DATES, blacklisted: true }, superToken)).body.count;
      expect(withFlagged).toHaveLength(count);
      expect(withFlagged.filter((row) => row.blacklisted === 'Yes')).toHaveLength(count - everyRow.length);
    });

    it('is the header line alone when nothing matches', async () => {
      const answer = await server.post<string>(FRAUD, { start_date: '01-Jan-2000', end_date: '31-Dec-2000', export: 'csv' }, superToken);
      expect(answer.status).toBe(200);
      expect(answer.body).toBe(`${CSV_COLUMNS.join(',')}\r\n`);
    });

    it('refuses bad input with 400 before any file is written', async () => {
      const refused = await grid({ end_date: '30-Nov-2026', export: 'csv' }, superToken);
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual({ start_date: [messages.startDateRequired] });
    });
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
      const answer = await grid({ ...DAY, orderby: 'created_at' }, superToken);
      expect(answer.body.data.map((row) => row.description)).toEqual(['=HYPERLINK("http://evil.example","click")', '+1 last moment']);
    });

    it('the export neutralises cells a spreadsheet would run as formulas', async () => {
      const answer = await server.post<string>(FRAUD, { ...DAY, orderby: 'created_at', export: 'csv' }, superToken);
      expect(answer.headers.get('content-disposition')).toBe('attachment; filename="fraud-events_2001-02-03_2001-02-03.csv"');
      const csv = readCsv(answer.body).data;
      expect(csv.map((row) => [row.created_at, row.description, row.device_id])).toEqual([
        ['2001-02-03 00:00:00', `'=HYPERLINK("http://evil.example","click")`, "'@device"],
        ['2001-02-03 23:59:59', "'+1 last moment", "'@device"],
      ]);
    });
  });
});
