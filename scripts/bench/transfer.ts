// `npm run bench`: the bytes a first visit moves over the wire, as Chromium counts them (issue 18).
// The real server with the built console on a fresh demo database; a new browser context (cold
// cache, no service worker); /login until the network is idle: its JavaScript and CSS; then the
// typing, the sign-in with its code page and the first list screen (Users) until idle: everything
// they added. Budgets:
// login JavaScript and CSS ≤ 120 KB, the first list screen ≤ 200 KB. Needs `npm run build`.
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../../tests/support/chromium';
import { startServer } from '../../tests/support/server';
import { kb, LOGIN_BUDGET, loginPageTransfers, SIGNED_IN_BUDGET as LIST_BUDGET, signInThroughUsers, type Transfer } from '../transferred';

const out = (line: string) => process.stdout.write(`${line}\n`);

function describe(title: string, transfers: Transfer[]): void {
  out(`${title}: ${kb(transfers.reduce((sum, t) => sum + t.bytes, 0))} in ${transfers.length} responses`);
  for (const t of [...transfers].sort((a, b) => b.bytes - a.bytes).slice(0, Number(process.env.BENCH_TRANSFER_LIST ?? 12))) {
    out(`  ${kb(t.bytes).padStart(9)}  ${t.type.padEnd(10)} ${(t.encoding ?? 'identity').padEnd(8)} ${new URL(t.url).pathname}`);
  }
}

const server = await startServer('pglite', { OTP_SEND_LIMIT_PER_15MIN: '100', LOG_LEVEL: 'warn' });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
let failed = false;
try {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();

  const { transfers: loginTransfers, code: loginCode } = await loginPageTransfers(browser, server.url);
  describe('/login, cold cache', loginTransfers);
  await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
  out(`  login page JavaScript and CSS: ${kb(loginCode)} (budget ${kb(LOGIN_BUDGET)})`);

  // From the first key in the login form (which fetches its schema) to the first list screen: the
  // code page, the UI kit, the shell and the Users list, everything the first visit adds.
  const listTransfers = await signInThroughUsers(context, page, () => server.latestCode('super@demo.test', 'LOGIN'));
  const listBytes = listTransfers.reduce((sum, t) => sum + t.bytes, 0);
  describe('sign-in (typing, the code page) and the first list screen (Users)', listTransfers);
  out(`  first list screen after sign-in: ${kb(listBytes)} (budget ${kb(LIST_BUDGET)})`);

  if (loginCode > LOGIN_BUDGET) {
    failed = true;
    out(`  FAILED: the login page's JavaScript and CSS over ${kb(LOGIN_BUDGET)}`);
  }
  if (listBytes > LIST_BUDGET) {
    failed = true;
    out(`  FAILED: the first list screen over ${kb(LIST_BUDGET)}`);
  }
} finally {
  await browser.close();
  await server.stop();
}
out(failed ? 'bench-transfer: FAILED' : 'bench-transfer: within budget');
process.exit(failed ? 1 : 0);
