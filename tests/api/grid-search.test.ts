// The report grids' search (issue 36): a term is found in the row's own columns, in its campaign's
// name and in its agent's name, each through its own table, and a scoped admin finds only the rows
// of their scope. What a search finds equals the rows with a column that holds the term, ignoring
// case, as the search of one text of the whole row found them (a term without a space is always
// within one column); the page (keys looked up first), the count and the CSV export (lookups as
// subqueries) agree. PGlite always, PostgreSQL when TEST_DATABASE_URL is set.
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GridPage, ListPage, CampaignChoice } from '../../src/contract/api';
import { agentEventDetailsGrid, agentPaymentsGrid, auditGrid, fraudEventsGrid, retentionEventDetailsGrid, type GridDeclaration } from '../../src/contract/grids';
import { backends, LARGE_DATA } from '../support/server';
import { useSignedInServer, type Role } from '../support/signedIn';

type Row = Record<string, string | number | boolean | null> & { id: string };
const ALL_DATES = { start_date: '01-Jan-2020', end_date: '31-Dec-2099' } as const;
const ROLES = ['super', 'agency', 'campaign'] as const satisfies readonly Role[];

/** Each grid, and the columns a term is taken from: one of the row's own, its campaign's name, its agent's (or gifter's) last name. */
const SEARCHED: Array<{ grid: GridDeclaration; own: string; agent: string; run?: string; roles?: readonly Role[] }> = [
  { grid: fraudEventsGrid, own: 'description', agent: 'lastname' },
  // ... and, where it shows one, the ref of the row's payment run.
  { grid: agentEventDetailsGrid, own: 'customer_msisdn', agent: 'lastname', run: 'paymentrun_id' },
  { grid: agentPaymentsGrid, own: 'customer_msisdn', agent: 'lastname', run: 'paymentrun_id' },
  // The demo's gifters are in no campaign of the scoped demo admins.
  { grid: retentionEventDetailsGrid, own: 'giftee_msisdn', agent: 'gifter_lastname', roles: ['super'] },
];

/** A run of `length` letters (or digits) from the middle of `text`, upper-cased so the search must ignore case; none when it has none. */
function termOf(text: string, length = 4): string | undefined {
  const runs = text.match(/[A-Za-z]{3,}|\d{5,}/g) ?? [];
  const run = runs.sort((a, b) => b.length - a.length)[0];
  if (!run) return undefined;
  const size = Math.min(length, run.length);
  const start = Math.floor((run.length - size) / 2);
  return run.slice(start, start + size).toUpperCase();
}

describe.each(backends)('grid search on %s', (backend) => {
  // The grids' suite's data (tests/api/grids.test.ts): each scoped admin sees rows of every grid.
  const { server, tokens } = useSignedInServer(backend, ROLES, { ...LARGE_DATA });
  const visible: Partial<Record<Role, Set<string>>> = {};

  beforeAll(async () => {
    for (const role of ROLES) {
      const campaigns = (await server.get<ListPage<CampaignChoice>>('/admin/campaigns?page_size=0', tokens[role])).body.data;
      visible[role] = new Set(campaigns.map((campaign) => campaign.campaign_name));
    }
  });

  const read = async (grid: GridDeclaration, role: Role, body: Record<string, unknown>) => {
    const answer = await server.post<GridPage<Row>>(grid.path, { ...ALL_DATES, ...body }, tokens[role]);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  };
  const csvRows = async (grid: GridDeclaration, role: Role, search: string) => {
    const answer = await server.post<string>(grid.path, { ...ALL_DATES, page_size: 0, export: 'csv', search }, tokens[role]);
    expect(answer.status).toBe(200);
    return Papa.parse<Record<string, string>>(answer.body, { header: true, skipEmptyLines: true }).data;
  };
  /** The rows with a text column that holds `term`, ignoring case. */
  const holding = (grid: GridDeclaration, rows: Row[], term: string) =>
    rows.filter((row) => grid.columns.some((column) => column.format === 'text' && String(row[column.key] ?? '').toLowerCase().includes(term.toLowerCase())));
  const ids = (rows: Row[]) => rows.map((row) => row.id).sort();

  describe.each(SEARCHED.map((searched) => [searched.grid.title, searched] as const))('%s', (_title, { grid, own, agent, run, roles = ROLES }) => {
    it.each(roles)('finds rows by their own column, their campaign and their agent, within the scope of a %s admin', async (role) => {
      const rows = (await read(grid, role, { page_size: 0 })).data;
      expect(rows.length, `${role} sees rows of ${grid.title}`).toBeGreaterThan(0);
      const sample = rows[Math.floor(rows.length / 2)] as Row;
      const terms: Record<string, string | undefined> = { own: termOf(String(sample[own] ?? '')), campaign: termOf(String(sample.campaign_name)), agent: termOf(String(sample[agent] ?? ''), 3) };
      // A run's ref, 'PR-000012': its last three digits.
      const onRun = run ? rows.find((row) => row[run]) : undefined;
      if (run && onRun) terms.run = String(onRun[run]).slice(-3);
      for (const [place, term] of Object.entries(terms)) {
        if (!term) throw new Error(`no term in the ${place} column of ${JSON.stringify(sample)}`);
        const expected = holding(grid, rows, term);
        expect(expected.map((row) => row.id), `'${term}' (${place}) is in the sample row`).toContain((place === 'run' ? onRun : sample)?.id);
        const found = await read(grid, role, { page_size: 0, search: term });
        expect(ids(found.data), `'${term}' (${place}) as ${role}`).toEqual(ids(expected));
        // Page 1 and its count, and the export, find the same rows.
        const first = await read(grid, role, { page_size: 20, current_page: 1, search: term });
        expect(first.count).toBe(expected.length);
        expect(first.data.map((row) => row.id)).toEqual(found.data.slice(0, 20).map((row) => row.id));
        expect((await csvRows(grid, role, term)).length).toBe(expected.length);
        // Only the campaigns the admin sees.
        for (const row of found.data) expect(visible[role]?.has(String(row.campaign_name))).toBe(true);
      }
    });
  });

  it("Audit: finds entries by their own text (summary, record, action) and by their admin's name, as the whole row's text did", async () => {
    const added = await server.request('POST', '/admin/event_types', { body: { event: `search_probe_${backend}`, pretty: 'Search probe' }, token: tokens.super });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const rows = (await read(auditGrid, 'super', { page_size: 0 })).data;
    const sample = rows.find((row) => row.summary === 'Added Search probe') as Row;
    expect(sample, 'the entry of the event type added').toBeDefined();
    const terms = { summary: 'PROB', entity: termOf(String(sample.entity)), action: termOf(String(sample.action)), admin: termOf(String(sample.admin), 3) };
    for (const [place, term] of Object.entries(terms)) {
      if (!term) throw new Error(`no term in the ${place} column of ${JSON.stringify(sample)}`);
      const expected = holding(auditGrid, rows, term);
      expect(expected.map((row) => row.id), `'${term}' (${place}) is in the sample row`).toContain(sample.id);
      const found = await read(auditGrid, 'super', { page_size: 0, search: term });
      expect(ids(found.data), `'${term}' (${place})`).toEqual(ids(expected));
      const first = await read(auditGrid, 'super', { page_size: 20, current_page: 1, search: term });
      expect(first.count).toBe(expected.length);
      expect((await csvRows(auditGrid, 'super', term)).length).toBe(expected.length);
    }
  });

  it("a scoped admin's search leaves out the rows of campaigns they do not see", async () => {
    const everyRow = (await read(fraudEventsGrid, 'super', { page_size: 0 })).data;
    const hidden = everyRow.find((row) => !visible.campaign?.has(String(row.campaign_name)));
    if (!hidden) throw new Error('the demo data has fraud events outside the Campaign Admin\'s campaigns');
    const term = termOf(String(hidden.lastname), 3) as string;
    const bySuper = ids((await read(fraudEventsGrid, 'super', { page_size: 0, search: term })).data);
    expect(bySuper).toContain(hidden.id);
    const byCampaignAdmin = (await read(fraudEventsGrid, 'campaign', { page_size: 0, search: term })).data;
    expect(ids(byCampaignAdmin)).not.toContain(hidden.id);
    expect(ids(byCampaignAdmin)).toEqual(ids(holding(fraudEventsGrid, (await read(fraudEventsGrid, 'campaign', { page_size: 0 })).data, term)));
  });

  it('a term in no row, and one with the pattern characters % and _, find nothing', async () => {
    for (const search of ['zqxzqx', '%_%']) {
      expect(await read(fraudEventsGrid, 'super', { page_size: 20, current_page: 1, search })).toEqual({ data: [], count: 0 });
    }
  });
});
