// `npm run bench`, part three: the legacy admin backend's reference lists on the demo data.
// Starts the real server on a fresh PGlite with the full demo seed (5,000 agents, 200,000 events),
// signs in as the Super Admin (who sees every row), warms up, then sends 200 sequential GETs with
// page_size 20 to each list and prints p50 and p95 as the client sees them (HTTP included).
// Fails (exit code 1) when any list's p95 reaches 50 ms.
import { accessToken, startServer, type TestServer } from '../tests/support/server';

const LISTS = ['admins', 'whitelists', 'campaigns', 'event_types', 'countries', 'country_sms', 'agencies'] as const;
const REQUESTS = 200;
const WARM_UP = 20;
const P95_BUDGET_MS = 50;
/** The demo seed has no whitelist entries; the bench adds these first so that list is not empty. */
const WHITELIST_ENTRIES = 500;

/** Nearest-rank percentile of sorted values. */
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

async function timeList(server: TestServer, token: string, list: string): Promise<{ p50: number; p95: number }> {
  const path = `/admin/${list}?page_size=20`;
  for (let i = 0; i < WARM_UP; i++) await server.get(path, token);
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now();
    const answer = await server.get(path, token);
    times.push(performance.now() - started);
    if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function addWhitelistEntries(server: TestServer, token: string): Promise<void> {
  const campaigns = await server.get<{ data: Array<{ id: number }> }>('/admin/campaigns?page_size=0', token);
  const ids = campaigns.body.data.map((campaign) => campaign.id);
  for (let i = 0; i < WHITELIST_ENTRIES; i++) {
    const body = { msisdn: `0249${String(i).padStart(6, '0')}`, country: 'GH', campaign_id: i % 5 === 0 ? null : ids[i % ids.length] };
    const answer = await server.post('/admin/whitelist', body, token);
    if (answer.status !== 201) throw new Error(`POST /admin/whitelist answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
}

const startedAt = performance.now();
process.stdout.write('bench-lists: starting the server with the full demo data (first start seeds it) ...\n');
const server = await startServer('pglite', { DEMO_AGENTS: '5000', DEMO_EVENTS: '200000', LOG_LEVEL: 'warn' });
let failed = false;
try {
  process.stdout.write(`bench-lists: server ready in ${((performance.now() - startedAt) / 1000).toFixed(1)} s\n`);
  const token = await accessToken(server, 'super@demo.test');
  await addWhitelistEntries(server, token);
  process.stdout.write(`bench-lists: ${REQUESTS} sequential GETs per list, page_size 20, after ${WARM_UP} to warm up (${WHITELIST_ENTRIES} whitelist entries added)\n`);
  process.stdout.write(`  ${'list'.padEnd(14)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}\n`);
  for (const list of LISTS) {
    const { p50, p95 } = await timeList(server, token, list);
    const over = p95 >= P95_BUDGET_MS;
    failed ||= over;
    process.stdout.write(`  ${list.padEnd(14)} ${p50.toFixed(1).padStart(8)} ${p95.toFixed(1).padStart(8)}${over ? `  over the ${P95_BUDGET_MS} ms budget` : ''}\n`);
  }
} finally {
  await server.stop();
}
process.stdout.write(failed ? `bench-lists: FAILED, a p95 reached ${P95_BUDGET_MS} ms\n` : `bench-lists: every p95 under ${P95_BUDGET_MS} ms\n`);
process.exit(failed ? 1 : 0);
