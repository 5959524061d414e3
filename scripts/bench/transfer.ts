// `npm run bench`: the bytes a first visit moves over the wire, as Chromium counts them (issues 18
// and 54). The real server with the built console on a fresh demo database; a new browser context
// (cold cache, no service worker); /login until the network is idle: its JavaScript and CSS and its
// responses; then the typing, the sign-in with its code page and the first list screen (Users) until
// idle: everything they added; then, each in a new context, a whole first visit from /login to the
// first rows of the heaviest grid screens, against the peer's whole first visit (BENCH_TRANSFER_GRIDS,
// comma-separated menu labels, picks others). Budgets: login JavaScript and CSS ≤ 120 KB in ≤ 8
// responses, the first list screen ≤ 200 KB, each grid's visit ≤ 253 KB. Needs `npm run build`.
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../../tests/support/chromium';
import { startServer } from '../../tests/support/server';
import {
  firstVisitThrough, GRID_BUDGET, kb, PEER_VISIT, LOGIN_BUDGET, LOGIN_REQUESTS, loginPageTransfers, SIGNED_IN_BUDGET as LIST_BUDGET, signInThroughUsers, type Transfer,
} from '../transferred';

const GRIDS = (process.env.BENCH_TRANSFER_GRIDS ?? 'Fraud Events,Agent Events Detail,Audit,Agent Payments').split(',');
const out = (line: string) => process.stdout.write(`${line}\n`);
const total = (transfers: Transfer[]) => transfers.reduce((sum, t) => sum + t.bytes, 0);

function describe(title: string, transfers: Transfer[]): void {
  out(`${title}: ${kb(total(transfers))} in ${transfers.length} responses`);
  for (const t of [...transfers].sort((a, b) => b.bytes - a.bytes).slice(0, Number(process.env.BENCH_TRANSFER_LIST ?? 12))) {
    out(`  ${kb(t.bytes).padStart(9)}  ${t.type.padEnd(10)} ${(t.encoding ?? 'identity').padEnd(8)} ${new URL(t.url).pathname}`);
  }
}

const server = await startServer('pglite', { OTP_SEND_LIMIT_PER_15MIN: '100', LOG_LEVEL: 'warn' });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
const latestCode = () => server.latestCode('super@demo.test', 'LOGIN');
const failures: string[] = [];
try {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();

  const { transfers: loginTransfers, code: loginCode } = await loginPageTransfers(browser, server.url);
  describe('/login, cold cache', loginTransfers);
  await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
  out(`  login page JavaScript and CSS: ${kb(loginCode)} (budget ${kb(LOGIN_BUDGET)}); ${loginTransfers.length} responses (budget ${LOGIN_REQUESTS})`);
  if (loginCode > LOGIN_BUDGET) failures.push(`the login page's JavaScript and CSS over ${kb(LOGIN_BUDGET)}`);
  if (loginTransfers.length > LOGIN_REQUESTS) failures.push(`the login page in over ${LOGIN_REQUESTS} responses`);

  // From the first key in the login form (which fetches its schema) to the first list screen: the
  // code page, the UI kit, the shell and the Users list, everything the first visit adds.
  const listTransfers = await signInThroughUsers(context, page, latestCode);
  describe('sign-in (typing, the code page) and the first list screen (Users)', listTransfers);
  out(`  first list screen after sign-in: ${kb(total(listTransfers))} (budget ${kb(LIST_BUDGET)})`);
  if (total(listTransfers) > LIST_BUDGET) failures.push(`the first list screen over ${kb(LIST_BUDGET)}`);
  await context.close();

  for (const grid of GRIDS) {
    const { transfers } = await firstVisitThrough(browser, server.url, latestCode, grid);
    const bytes = total(transfers);
    out(`first visit through ${grid}: ${kb(bytes)} in ${transfers.length} responses, ${(bytes / PEER_VISIT).toFixed(2)}x the peer's ${kb(PEER_VISIT)} (ceiling ${kb(GRID_BUDGET)})`);
    if (bytes > GRID_BUDGET) failures.push(`the first visit through ${grid} over ${kb(GRID_BUDGET)}`);
  }
} finally {
  await browser.close();
  await server.stop();
}
for (const failure of failures) out(`  FAILED: ${failure}`);
out(failures.length > 0 ? 'bench-transfer: FAILED' : 'bench-transfer: within budget');
process.exit(failures.length > 0 ? 1 : 0);
