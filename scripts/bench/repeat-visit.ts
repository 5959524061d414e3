// `npm run bench` (third part): a repeat visit of the installed console, served by its service
// worker. Starts the real server on a fresh demo database, opens the console once in headless
// Chromium (Debian's /usr/bin/chromium) so the service worker installs and controls the page,
// then times RUNS reloads and RUNS fresh pages (new tabs in the same browser profile), each from
// navigation start (the page's performance.timeOrigin) to the login form rendered. Every timed
// navigation must be answered by the service worker. Needs `npm run build` first.
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../../tests/support/chromium';
import { startServer } from '../../tests/support/server';

const RUNS = 9;
const TARGET_MS = 500;

/** Milliseconds from the page's navigation start to the frame in which the login form is there. */
async function loginRenderedAt(page: Page): Promise<number> {
  const at = await page.waitForFunction(() => (document.querySelector('#email') && document.querySelector('button[type="submit"]') ? performance.now() : 0), undefined, {
    polling: 'raf',
    timeout: 10_000,
  });
  return (await at.jsonValue()) as number;
}

function summary(label: string, timings: number[]): { line: string; worst: number } {
  const sorted = [...timings].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  const worst = sorted[sorted.length - 1] ?? 0;
  return { line: `${label}: median ${Math.round(median)} ms, worst ${Math.round(worst)} ms over ${sorted.length} runs`, worst };
}

const server = await startServer('pglite');
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
try {
  const context = await browser.newContext();
  const first = await context.newPage();
  await first.goto(`${server.url}/login`);
  await first.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await first.reload();
  await first.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await loginRenderedAt(first);

  const reloads: number[] = [];
  const freshPages: number[] = [];
  for (let run = 0; run <= RUNS; run++) {
    const reloaded = await first.reload({ waitUntil: 'commit' });
    if (!reloaded?.fromServiceWorker()) throw new Error('the reload was not answered by the service worker');
    const reloadMs = await loginRenderedAt(first);

    const page = await context.newPage();
    const opened = await page.goto(`${server.url}/login`, { waitUntil: 'commit' });
    if (!opened?.fromServiceWorker()) throw new Error('the fresh page was not answered by the service worker');
    const freshMs = await loginRenderedAt(page);
    await page.close();
    if (run === 0) continue; // warms the worker and Chromium's code cache
    reloads.push(reloadMs);
    freshPages.push(freshMs);
  }
  const results = [summary('repeat visit, reload', reloads), summary('repeat visit, new tab', freshPages)];
  for (const result of results) console.log(`${result.line} (target < ${TARGET_MS} ms)`);
  if (results.some((result) => result.worst >= TARGET_MS)) process.exitCode = 1;
} finally {
  await browser.close();
  await server.stop();
}
