// `npm run bench`, part five: the report grids with 1,000,000 agent events (issue 14), on
// PostgreSQL (production; TEST_DATABASE_URL, this machine's by default). The server starts on a
// fresh database seeded here with 5,000 agents and 1,000,000 events, and the Super Admin reads
// Agent Events Detail over every event as a client does (HTTP included):
// - page 1, and page 10,000 reached as the console reaches it, with the cursor of page 9,999
//   (200 sequential POSTs each, p50 and p95); page 10,000 by its number alone, for comparison;
// - the first page of a filter not seen before (its count computed, not cached);
// - the CSV export of all 1,000,000 rows through HTTP, side by side with `psql \copy` of the same
//   query on the same database (3 rounds each, median), and the server's resident memory sampled
//   every 20 ms during the export.
// Budgets: p95 ≤ 50 ms for both pages, the deep page ≤ 1.5x the first, the export at least half
// psql's speed. Exit code 1 when one is missed.
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { GridPage } from '../../src/contract/api';
import { gridQuery } from '../../src/contract/schemas/gridQuery';
import { inlinedSql } from '../../src/server/db/client';
import { agentEventDetails } from '../../src/server/domain/grids/agentEvents';
import { accessToken, SIGNED_IN_SUITE, startServer, type TestServer } from '../../tests/support/server';
import { percentile } from './timing';

const EVENTS = Number(process.env.BENCH_GRID_EVENTS ?? 1_000_000);
const REQUESTS = 200;
const WARM_UP = 20;
const BUDGET_P95_MS = 50;
const DEEP_PAGE = 10_000;
const ALL_DATES = { start_date: '01-Jan-2020', end_date: '31-Dec-2099' } as const;
const PATH = '/admin/events_detail';
process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';

const out = (line: string) => process.stdout.write(`${line}\n`);

async function post(server: TestServer, token: string, body: Record<string, unknown>): Promise<GridPage<{ id: string }>> {
  const answer = await server.post<GridPage<{ id: string }>>(PATH, body, token);
  if (answer.status !== 200) throw new Error(`POST ${PATH} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

async function timePosts(server: TestServer, token: string, body: () => Record<string, unknown>, requests = REQUESTS, warmUp = WARM_UP) {
  for (let i = 0; i < warmUp; i++) await post(server, token, body());
  const times: number[] = [];
  for (let i = 0; i < requests; i++) {
    const started = performance.now();
    await post(server, token, body());
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

/** Resident memory of a process in MB (Linux). */
function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match?.[1] ?? 0) / 1024;
}

/** The export over HTTP, read to the end: seconds, bytes, and the server's peak RSS meanwhile. */
async function httpExport(server: TestServer, token: string): Promise<{ seconds: number; bytes: number; peakMb: number; beforeMb: number }> {
  const beforeMb = rssMb(server.pid);
  let peakMb = beforeMb;
  const sampler = setInterval(() => (peakMb = Math.max(peakMb, rssMb(server.pid))), 20);
  const started = performance.now();
  const response = await fetch(`${server.url}${PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ ...ALL_DATES, page_size: 0, export: 'csv' }),
  });
  let bytes = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  return { seconds, bytes, peakMb: Math.max(peakMb, rssMb(server.pid)), beforeMb };
}

/** The same query by `psql \copy` to a file: seconds and bytes. */
function psqlCopy(databaseUrl: string): { seconds: number; bytes: number } {
  const body = gridQuery.parse({ ...ALL_DATES, page_size: 0, export: 'csv' });
  const { query } = agentEventDetails.csv({ scope: { kind: 'all' }, body });
  const text = inlinedSql(query, (value) => pg.escapeLiteral(value)).replace(/\s+/g, ' ');
  const file = path.join(tmpdir(), 'bench-grids-psql.csv');
  const started = performance.now();
  execFileSync('psql', [databaseUrl, '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-c', `\\copy (${text}) to '${file}' with (format csv, header)`]);
  return { seconds: (performance.now() - started) / 1000, bytes: statSync(file).size };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

const startedAt = performance.now();
out(`bench-grids: starting the server on PostgreSQL with ${EVENTS.toLocaleString('en')} agent events (seeded here; this takes a few minutes) ...`);
const server = await startServer(
  'postgres',
  { ...SIGNED_IN_SUITE, DEMO_AGENTS: '5000', DEMO_EVENTS: String(EVENTS), LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '1000000' },
  { startTimeoutMs: 30 * 60_000 },
);
let failed = false;
try {
  out(`bench-grids: server ready in ${((performance.now() - startedAt) / 1000).toFixed(0)} s`);
  await server.sql?.query('vacuum analyze');
  const token = await accessToken(server, 'super@demo.test');
  const page = (current: number, extra: Record<string, unknown> = {}) => ({ ...ALL_DATES, page_size: 20, current_page: current, ...extra });
  const first = await post(server, token, page(1));
  out(`Agent Events Detail, every event (${first.count.toLocaleString('en')} rows), Super Admin, page_size 20, ${REQUESTS} POSTs each:`);

  const one = await timePosts(server, token, () => page(1));
  const before = await post(server, token, page(DEEP_PAGE - 1));
  if (!before.next) throw new Error(`page ${DEEP_PAGE - 1} has no next page`);
  const cursor = before.next;
  const deep = await timePosts(server, token, () => page(DEEP_PAGE, { cursor }));
  const byNumber = await timePosts(server, token, () => page(DEEP_PAGE), 20, 2);
  let month = 0;
  // Each a month not asked before, so its count is computed, not cached.
  const fresh = await timePosts(server, token, () => {
    month += 1;
    const date = new Date(Date.UTC(2026, 10 - (month % 12), 1));
    const monthName = date.toLocaleString('en', { month: 'short', timeZone: 'UTC' });
    return page(1, { start_date: `01-${monthName}-${date.getUTCFullYear()}`, end_date: `28-${monthName}-${date.getUTCFullYear()}`, search: month > 12 ? `${month}` : '' });
  }, 24, 0);
  const ratio = deep.p95 / one.p95;
  out(`  page 1                                 p50 ${one.p50.toFixed(1).padStart(6)} ms   p95 ${one.p95.toFixed(1).padStart(6)} ms`);
  out(`  page ${DEEP_PAGE.toLocaleString('en')} (cursor of page ${(DEEP_PAGE - 1).toLocaleString('en')})       p50 ${deep.p50.toFixed(1).padStart(6)} ms   p95 ${deep.p95.toFixed(1).padStart(6)} ms   (${ratio.toFixed(2)}x page 1)`);
  out(`  page ${DEEP_PAGE.toLocaleString('en')} by its number alone (OFFSET)  p50 ${byNumber.p50.toFixed(1).padStart(6)} ms   p95 ${byNumber.p95.toFixed(1).padStart(6)} ms   (20 POSTs; not how the console pages)`);
  out(`  page 1 of a filter not seen before     p50 ${fresh.p50.toFixed(1).padStart(6)} ms   p95 ${fresh.p95.toFixed(1).padStart(6)} ms   (24 POSTs; the count is computed)`);
  for (const [label, p95] of [['page 1', one.p95], [`page ${DEEP_PAGE}`, deep.p95]] as const) {
    if (p95 > BUDGET_P95_MS) {
      failed = true;
      out(`  FAILED: ${label} p95 over ${BUDGET_P95_MS} ms`);
    }
  }
  if (ratio > 1.5) {
    failed = true;
    out('  FAILED: the deep page over 1.5x the first');
  }

  out(`CSV export of every row, HTTP (COPY through the server) and psql \\copy of the same query, 3 rounds each:`);
  const http: Array<Awaited<ReturnType<typeof httpExport>>> = [];
  const psql: Array<ReturnType<typeof psqlCopy>> = [];
  for (let round = 0; round < 3; round++) {
    psql.push(psqlCopy(server.databaseUrl as string));
    http.push(await httpExport(server, token));
  }
  const httpSeconds = median(http.map((run) => run.seconds));
  const psqlSeconds = median(psql.map((run) => run.seconds));
  const speed = psqlSeconds / httpSeconds;
  const bytes = http[0]?.bytes ?? 0;
  out(`  psql \\copy        ${psqlSeconds.toFixed(2)} s   ${((psql[0]?.bytes ?? 0) / 1e6).toFixed(1)} MB`);
  out(`  HTTP export       ${httpSeconds.toFixed(2)} s   ${(bytes / 1e6).toFixed(1)} MB   (${speed.toFixed(2)}x psql's speed)`);
  out(`  server RSS        ${Math.min(...http.map((r) => r.beforeMb)).toFixed(0)} MB before, ${Math.max(...http.map((r) => r.peakMb)).toFixed(0)} MB at the peak of the exports`);
  if (psql[0]?.bytes !== bytes) {
    failed = true;
    out('  FAILED: the export and psql wrote different bytes');
  }
  if (speed < 0.5) {
    failed = true;
    out("  FAILED: the export is slower than half psql's speed");
  }
} finally {
  await server.stop();
}
out(failed ? 'bench-grids: FAILED' : `bench-grids: within budget (p95 ≤ ${BUDGET_P95_MS} ms, deep page ≤ 1.5x the first, export ≥ 0.5x psql)`);
process.exit(failed ? 1 : 0);
