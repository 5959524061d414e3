// `npm run bench`: every sortable column of the large row grids at 1,000,000 rows (issue 36), on
// PostgreSQL (TEST_DATABASE_URL, this machine's by default). The server starts on a small demo seed,
// which SQL then multiplies (generate_series: minutes faster than the demo seeder) to 1,000,000
// agent events with their payments, invites, fraud events, retention events and audit entries. The
// Super Admin then reads, over every row as the console does (HTTP included, page_size 20), for each
// sortable column of each grid, both ways:
// - page 1, and
// - a deep page reached by its cursor (page DEEP_PAGE, with the cursor page DEEP_PAGE - 1 handed out),
// 30 POSTs each after 3 untimed; p50 and p95. A grouped grid (read from its summary) the same over
// every date, and in its default order over the console's default range (the last 30 days).
// Budget: p95 ≤ 50 ms for every one; exit code 1 when one is missed. BENCH_SORTS_DATABASE=name keeps
// the seeded database under that name (and reuses it on the next run: seeding on a loaded machine
// takes minutes); unset, a fresh one is dropped.
// BENCH_SORTS_GRIDS=fraud,payments,... measures only those grids; BENCH_SORTS_ONLY=column too.
// Then each row grid's search, page 1 in its default order: a three-letter term from each text
// column of a row of page 1 (its own text, its campaign's name, its agent's or admin's), REQUESTS
// POSTs each after the first (which counts the term's rows, timed apart); budget p95 ≤ 100 ms
// (BENCH_SORTS_SEARCH=0 leaves the search out, =only measures the search alone).
import { loadavg } from 'node:os';
import pg from 'pg';
import type { GridPage } from '../../src/contract/api';
import { DEFAULT_GRID_RANGE_DAYS } from '../../src/contract/constants';
import { addDays, toRequestDate } from '../../src/contract/dates';
import { agentEventDetailsGrid, agentEventsGrid, agentPaymentsGrid, auditGrid, campaignConversionGrid, fraudEventsGrid, pendingPaymentsGrid, retentionEventDetailsGrid, retentionEventsGrid, sortableKeys, type GridDeclaration } from '../../src/contract/grids';
import { accessToken, databaseUrl, SIGNED_IN_SUITE, startServer, type TestServer } from '../../tests/support/server';
import { percentile } from './timing';

const ROWS = Number(process.env.BENCH_SORTS_ROWS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_SORTS_REQUESTS ?? 30);
const WARM_UP = 3;
const SLOW_REQUESTS = 3;
const BUDGET_P95_MS = 50;
const SEARCH_BUDGET_P95_MS = 100;
const SEARCH = process.env.BENCH_SORTS_SEARCH !== '0';
const SEARCH_ONLY = process.env.BENCH_SORTS_SEARCH === 'only';
const PAGE_SIZE = 20;
const DEEP_PAGE = 500;
const ALL_DATES = { start_date: '01-Jan-2000', end_date: '31-Dec-2099' } as const;
/** The console's default range: the last DEFAULT_GRID_RANGE_DAYS days up to today. */
const LAST_DAYS = (() => {
  const today = new Date().toISOString().slice(0, 10);
  return { start_date: toRequestDate(addDays(today, -DEFAULT_GRID_RANGE_DAYS)), end_date: toRequestDate(today) };
})();
process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';

const out = (line: string) => process.stdout.write(`${line}\n`);
const load = () => loadavg().map((n) => n.toFixed(2)).join(' ');

/** The grids measured: the row grids that reach millions, then the grouped ones (aggregated before they sort). */
const GRIDS: Array<{ name: string; grid: GridDeclaration; grouped?: boolean }> = [
  { name: 'fraud', grid: fraudEventsGrid },
  { name: 'events', grid: agentEventDetailsGrid },
  { name: 'payments', grid: agentPaymentsGrid },
  { name: 'retention', grid: retentionEventDetailsGrid },
  { name: 'audit', grid: auditGrid },
  { name: 'events-grouped', grid: agentEventsGrid, grouped: true },
  { name: 'retention-grouped', grid: retentionEventsGrid, grouped: true },
  { name: 'pending', grid: pendingPaymentsGrid, grouped: true },
  { name: 'conversion', grid: campaignConversionGrid, grouped: true },
];

/**
 * The demo's rows multiplied to `ROWS` of each large table, their texts varied (a sort has
 * something to order), spread over the demo's agents, campaigns and years. Idempotent: a table
 * already at its size is left.
 */
async function multiply(db: pg.Pool): Promise<void> {
  const count = async (table: string) => Number((await db.query<{ n: string }>(`select count(*) as n from ${table}`)).rows[0]?.n ?? 0);
  const step = async (label: string, text: string) => {
    const started = performance.now();
    await db.query(text);
    out(`  ${label} in ${((performance.now() - started) / 1000).toFixed(0)} s (load ${load()})`);
  };
  await db.query('set synchronous_commit = off');
  const events = await count('events');
  if (events < ROWS) {
    const copies = Math.ceil(ROWS / events) - 1;
    await step(`events ${events} -> ${ROWS}`, `
      insert into events (agent_id, campaign_id, agency_id, event_type_id, customer_msisdn, medium, pay, created_at)
      select agent_id, campaign_id, agency_id, event_type_id,
             left(customer_msisdn, -5) || lpad(((id * 31 + g * 7919) % 100000)::text, 5, '0'), medium, pay,
             created_at - g * interval '7 hours'
      from events, generate_series(1, ${copies}) g
      limit ${ROWS - events}`);
    await step('payments for them', `
      insert into payments (event_id, agent_id, campaign_id, agency_id, amount, currency_code, status, payment_run_id, created_at, paid_at)
      select e.id, e.agent_id, e.campaign_id, e.agency_id, e.pay, cur.code,
             case when r.id is null then 'due' else 'paid' end, r.id, e.created_at, r.created_at
      from events e
      join campaigns c on c.id = e.campaign_id
      join countries co on co.iso_code = c.country_code
      join currencies cur on cur.id = co.currency_id
      left join lateral (select id, created_at from payment_runs where country_code = c.country_code and e.id % 3 = 0 order by id limit 1) r on true
      where not exists (select 1 from payments p where p.event_id = e.id)`);
  }
  const fraud = await count('fraud_events');
  if (fraud < ROWS) {
    await step(`fraud events ${fraud} -> ${ROWS}`, `
      insert into fraud_events (agent_id, campaign_id, description, msisdn, device_id, blacklisted, created_at)
      select e.agent_id, e.campaign_id,
             (array['Déjà vu: same device, several agents', 'Too many invites in an hour', 'SIM swapped after a reward',
                    'Émile''s customers share one address', 'Invites to numbers never active', 'velocity check failed'])[1 + e.id % 6]
               || ' #' || (e.id % 9973),
             e.customer_msisdn, case when e.id % 5 = 0 then null else '35' || lpad((e.id * 7919 % 10000000000000)::text, 13, '0') end,
             e.id % 7 = 0, e.created_at + interval '5 minutes'
      from events e order by e.id limit ${ROWS - fraud}`);
  }
  const retention = await count('retention_events');
  if (retention < ROWS) {
    const copies = Math.ceil(ROWS / Math.max(retention, 1)) - 1;
    await step(`retention events ${retention} -> ${ROWS}`, `
      insert into retention_events (gifter_id, campaign_id, event_type_id, giftee_msisdn, medium, pay, giftee_activity_events, created_at)
      select gifter_id, campaign_id, event_type_id, left(giftee_msisdn, -5) || lpad(((id * 31 + g * 7919) % 100000)::text, 5, '0'),
             medium, pay, (giftee_activity_events + g) % 40, created_at - g * interval '5 hours'
      from retention_events, generate_series(1, ${copies}) g
      limit ${ROWS - retention}`);
  }
  const invites = await count('invites');
  if (invites < ROWS) {
    // An invite of each event's customer by its agent, 0 to 47 hours before it: those within their
    // campaign's attribution window convert (marked on insert by migration 0023's trigger).
    await step(`invites ${invites} -> ${ROWS}`, `
      insert into invites (agent_id, campaign_id, invite_datetime, recipient_msisdn, extra_data)
      select agent_id, campaign_id, created_at - (id % 48) * interval '1 hour', coalesce(customer_msisdn, '233200000000'), '{}'::jsonb
      from events order by id limit ${ROWS - invites}`);
  }
  const audit = await count('audit_log');
  if (audit < ROWS) {
    await step(`audit entries ${audit} -> ${ROWS}`, `
      with admins as (select array_agg(id order by id) as ids from users where email is not null)
      insert into audit_log (at, actor_id, action, entity, entity_id, before, after, queued_at)
      select now() - g * interval '3 minutes', admins.ids[1 + g % array_length(admins.ids, 1)],
             (array['create', 'update', 'delete'])[1 + g % 3]::text,
             (array['campaign', 'agency', 'whitelist', 'event_type', 'country', 'agent', 'user_role'])[1 + g % 7],
             (g % 50000)::text, null, jsonb_build_object('name', 'Item ' || g),
             case when g % 40 = 0 then now() - g * interval '3 minutes' - interval '2 hours' end
      from admins, generate_series(1, ${ROWS - audit}) g`);
  }
  await step('vacuum analyze', 'vacuum analyze');
}

/** Three-letter terms from the text columns of a row of page 1, as someone would type what they saw: the middle of each one's longest run of letters or digits. */
function searchTerms(grid: GridDeclaration, page: Array<Record<string, unknown>>): string[] {
  const row = page[Math.floor(page.length / 2)] ?? {};
  const terms = grid.columns.filter((column) => column.format === 'text').flatMap((column) => {
    const run = (String(row[column.key] ?? '').match(/[A-Za-z]{3,}|\d{3,}/g) ?? []).sort((a, b) => b.length - a.length)[0];
    if (!run) return [];
    const start = Math.floor((run.length - 3) / 2);
    return [run.slice(start, start + 3).toLowerCase()];
  });
  return [...new Set(terms)];
}

/** A grid's default order's column. */
const declarationDefault = (grid: GridDeclaration) => grid.defaultOrder.replace(/^-/, '');

async function post(server: TestServer, token: string, path: string, body: Record<string, unknown>): Promise<GridPage<Record<string, unknown>>> {
  const answer = await server.post<GridPage<Record<string, unknown>>>(path, body, token);
  if (answer.status !== 200) throw new Error(`POST ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** p50 and p95 of REQUESTS sequential POSTs after WARM_UP; of SLOW_REQUESTS when the first takes over a second (a sort not yet served by an index). */
async function timePosts(server: TestServer, token: string, path: string, body: Record<string, unknown>, requests = REQUESTS) {
  const first = performance.now();
  await post(server, token, path, body);
  const slow = performance.now() - first > 1000;
  for (let i = 1; i < (slow ? 1 : WARM_UP); i++) await post(server, token, path, body);
  const times: number[] = [];
  for (let i = 0; i < (slow ? Math.min(requests, SLOW_REQUESTS) : requests); i++) {
    const started = performance.now();
    await post(server, token, path, body);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), n: times.length };
}

const kept = process.env.BENCH_SORTS_DATABASE;
const only = process.env.BENCH_SORTS_GRIDS?.split(',');
const onlyColumns = process.env.BENCH_SORTS_ONLY?.split(',');
const started = performance.now();
let database = kept as string;
if (kept) {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [kept])).rowCount === 1;
  if (!exists) await admin.query(`create database ${pg.escapeIdentifier(kept)}`);
  await admin.end();
} else {
  database = `bench_sorts_${process.pid}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${database}`);
  await admin.end();
}
out(`bench-grid-sorts: PostgreSQL database ${database}, ${ROWS.toLocaleString('en')} rows a table (load ${load()})`);
const server = await startServer(
  'postgres',
  { ...SIGNED_IN_SUITE, DEMO_AGENTS: '3000', DEMO_EVENTS: '20000', LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '1000000' },
  { startTimeoutMs: 30 * 60_000, databaseUrl: databaseUrl(database) },
);
let failed = false;
const rows: string[] = [];
try {
  out(`bench-grid-sorts: server ready in ${((performance.now() - started) / 1000).toFixed(0)} s; seeding what is missing ...`);
  await multiply(server.sql as pg.Pool);
  const token = await accessToken(server, 'super@demo.test');
  for (const { name, grid, grouped } of GRIDS) {
    if (only && !only.includes(name)) continue;
    const first = await post(server, token, grid.path, { ...ALL_DATES, page_size: PAGE_SIZE, current_page: 1 });
    out(`${grid.title} (${first.count.toLocaleString('en')} rows${grouped ? ', grouped' : ''}), page_size ${PAGE_SIZE}, ${REQUESTS} POSTs each (load ${load()}):`);
    // A grouped grid aggregates its summary's rows of the range before it sorts: every column over
    // every date, and its default order over the console's default range (the last
    // DEFAULT_GRID_RANGE_DAYS days), as an admin first opens it.
    const keys = SEARCH_ONLY ? [] : sortableKeys(grid);
    const ranges: Array<{ label: string; dates: { start_date: string; end_date: string }; keys: string[] }> = [{ label: '', dates: ALL_DATES, keys }];
    if (grouped && !SEARCH_ONLY) ranges.push({ label: `, last ${DEFAULT_GRID_RANGE_DAYS} days`, dates: LAST_DAYS, keys: [declarationDefault(grid)] });
    for (const { label, dates, keys: rangeKeys } of ranges) for (const key of rangeKeys) {
      if (onlyColumns && !onlyColumns.includes(key)) continue;
      for (const orderby of [key, `-${key}`]) {
        const body = { ...dates, page_size: PAGE_SIZE, orderby };
        const one = await timePosts(server, token, grid.path, { ...body, current_page: 1 });
        // The cursor the console holds on page DEEP_PAGE - 1 (read once by its number), or the last page's when fewer.
        const deepPage = Math.min(DEEP_PAGE, Math.ceil(first.count / PAGE_SIZE));
        const before = await post(server, token, grid.path, { ...body, current_page: deepPage - 1 });
        const deep = before?.next ? await timePosts(server, token, grid.path, { ...body, current_page: deepPage, cursor: before.next }) : undefined;
        const over = one.p95 > BUDGET_P95_MS || (deep !== undefined && deep.p95 > BUDGET_P95_MS);
        if (over) failed = true;
        const figures = (t: Awaited<ReturnType<typeof timePosts>>) => `p50 ${t.p50.toFixed(1).padStart(7)} p95 ${t.p95.toFixed(1).padStart(7)} ms${t.n < REQUESTS ? ` (${t.n} POSTs)` : ''}`;
        const line = `  ${`${orderby}${label}`.padEnd(24)} page 1 ${figures(one)}   ${deep ? `page ${deepPage} by cursor ${figures(deep)}` : grouped ? '' : '(no next page)'}${over ? '   OVER' : ''}`;
        out(line);
        rows.push(`${grid.title}\t${line.trim()}`);
      }
    }
    if (!SEARCH || grouped || onlyColumns) continue;
    for (const term of searchTerms(grid, first.data)) {
      const body = { ...ALL_DATES, page_size: PAGE_SIZE, current_page: 1, search: term };
      const firstAt = performance.now();
      const found = await post(server, token, grid.path, body);
      const firstMs = performance.now() - firstAt;
      const timed = await timePosts(server, token, grid.path, body);
      const over = timed.p95 > SEARCH_BUDGET_P95_MS;
      if (over) failed = true;
      out(`  search '${term}' ${String(found.count.toLocaleString('en')).padStart(9)} rows   first ${firstMs.toFixed(0).padStart(5)} ms   page 1 p50 ${timed.p50.toFixed(1).padStart(7)} p95 ${timed.p95.toFixed(1).padStart(7)} ms${over ? '   OVER' : ''}`);
    }
  }
} finally {
  await server.stop();
  if (!kept) {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
  }
}
out(`load average ${load()}`);
out(failed ? `bench-grid-sorts: FAILED (a p95 over ${BUDGET_P95_MS} ms: OVER above)` : `bench-grid-sorts: within budget (every p95 ≤ ${BUDGET_P95_MS} ms)`);
process.exit(failed ? 1 : 0);
