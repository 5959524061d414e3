// The report queues of the four admin grid screens in the browser (issue 30): Campaign Conversion
// Stats, Retention Grouped Events, Retention Events Detail and Fraud Events, each opened from the
// side menu, its queued reports listed without an error toast, a report queued, seen in the list,
// run to Finished by the server's worker and downloaded as the grid's CSV. The list once asked a page
// size the server's schema refused (a red toast, a blank queue on every screen and for every role);
// the component test (GridReportQueue.test.tsx) holds the requests to the contract's schemas, this
// one holds the whole way through the real server. Campaign Conversion Stats, the one of the four
// every admin role sees, is also run as an Agency Admin and a Campaign Admin.
import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toRequestDate } from '../../src/contract/dates';
import { GRIDS, type AnyGrid } from '../../src/contract/grids';
import { REPORT_HOME_NAMES, REPORT_HOMES, type ReportHome } from '../../src/contract/reports';
import type { AdminRoleType } from '../../src/contract/roles';
import { sideMenu, tabOfGrid } from '../../src/console/ground/screens';
import { TAB_PATHS } from '../../src/console/ground/paths';
import { openScreen, openSignedIn, screenshot, toast, useBrowser, waitUntilFinished, WAIT_MS, yearAgo } from '../support/browser';
import { backend, SIGNED_IN_SUITE, startServer, type TestServer } from '../support/server';

const ACCOUNTS: Record<AdminRoleType, string> = {
  'Super Admin': 'super@demo.test',
  'Agency Admin': 'agency@demo.test',
  'Campaign Admin': 'campaign@demo.test',
};

const gridOf = (home: ReportHome): AnyGrid => GRIDS.find((grid) => grid.id === REPORT_HOMES[home]) as AnyGrid;
const menuLabelOf = (role: AdminRoleType, tab: string) => sideMenu(role).find((item) => item.id === tab)?.label;

/** The window's record of every error toast shown, read after the fact (a toast leaves after 6 seconds). */
declare global {
  interface Window {
    errorToasts?: string[];
  }
}
async function recordErrorToasts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const seen = new WeakSet<Element>();
    const texts: string[] = [];
    window.errorToasts = texts;
    new MutationObserver(() => {
      document.querySelectorAll('.bp6-toast.bp6-intent-danger').forEach((element) => {
        if (seen.has(element)) return;
        seen.add(element);
        texts.push(element.textContent ?? '');
      });
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}
const errorToasts = (page: Page) => page.evaluate(() => window.errorToasts ?? []);

/**
 * Opens the screen of `home` from the side menu as `role`, queues a report of its grid over the demo
 * year, waits for it Finished (the list's 30-second refresh fired by moving the page's clock) and
 * downloads it; returns the file's rows, the header first.
 */
async function queueAndDownload(page: Page, context: BrowserContext, role: AdminRoleType, home: ReportHome): Promise<string[][]> {
  const grid = gridOf(home);
  const label = menuLabelOf(role, tabOfGrid(grid.id));
  expect(label, `${grid.title} in the ${role}'s menu`).toBeDefined();
  const failedLists: string[] = [];
  const onResponse = (response: { url: () => string; status: () => number }) => {
    if (response.url().includes('/admin/list_queue_reports') && response.status() >= 400) failedLists.push(`${response.status()} ${response.url()}`);
  };
  page.on('response', onResponse);

  const firstList = page.waitForResponse((response) => response.url().includes('/admin/list_queue_reports?'));
  await openScreen(page, label as string, TAB_PATHS[tabOfGrid(grid.id)], grid.title);
  // The server takes the list's request as the console asks it.
  const listed = await firstList;
  expect(listed.status(), `${listed.url()}: ${await listed.text()}`).toBe(200);
  const queue = page.getByRole('region', { name: 'Queued reports' });
  const table = page.getByRole('table', { name: 'Queued reports' });
  // The list is read: its rows (another test's reports) or its empty text, never the server's refusal.
  await table.or(queue.getByText('No reports queued from this screen yet.')).first().waitFor();

  await page.getByLabel('Start Date', { exact: true }).fill(yearAgo());
  await page.waitForURL((url) => url.searchParams.get('start') === yearAgo());
  // The date picker closed, as a person would close it.
  await page.getByLabel('Start Date', { exact: true }).press('Escape');
  await page.locator('.bp6-datepicker').waitFor({ state: 'detached' });
  // '<title>, <start> to <end>' (the end is the grid's, today).
  const description = `${grid.title}, ${toRequestDate(yearAgo())} to `;
  await queue.getByRole('button', { name: 'Queue report' }).click();
  await toast(page, `Report queued: ${description}`).waitFor();

  const row = table.locator('tbody tr', { hasText: description }).first();
  await row.waitFor();
  await waitUntilFinished(context, row);
  await screenshot(page, `grid-report-queue-${home}-${role.replace(' ', '-').toLowerCase()}`, { withoutToasts: true });

  const downloaded = page.waitForEvent('download');
  await row.getByRole('button', { name: 'Download' }).click();
  const download = await downloaded;
  await toast(page, /^Download complete: /).first().waitFor();
  expect(download.suggestedFilename()).toMatch(new RegExp(`^${grid.filename}_\\d{4}-\\d{2}-\\d{2}_\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  const text = await readFile(await download.path(), 'utf8');

  page.off('response', onResponse);
  expect(failedLists).toEqual([]);
  expect(await errorToasts(page)).toEqual([]);
  return Papa.parse<string[]>(text.trim()).data;
}

describe("the admin grid screens' report queues", { timeout: 300_000 }, () => {
  const b = useBrowser();
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(backend, { ...SIGNED_IN_SUITE });
  });
  afterAll(async () => server?.stop());

  it("a Super Admin queues a report on each of the four screens, sees it listed and Finished, and downloads the grid's CSV", async () => {
    const { page, context } = b;
    await page.setViewportSize({ width: 1440, height: 900 });
    await recordErrorToasts(context);
    // The page's clock flows as usual; moving it forward fires the list's 30-second refresh at once.
    await context.clock.install();
    await openSignedIn(page, server, ACCOUNTS['Super Admin']);
    for (const home of REPORT_HOME_NAMES) {
      const [header = [], ...rows] = await queueAndDownload(page, context, 'Super Admin', home);
      expect(header, home).toEqual(gridOf(home).columns.map((column) => column.key));
      expect(rows.every((cells) => cells.length === header.length), home).toBe(true);
    }
  });

  it.each(['Agency Admin', 'Campaign Admin'] as const)('%s: queues and downloads a report of Campaign Conversion Stats', async (role) => {
    const { page, context } = b;
    await recordErrorToasts(context);
    await context.clock.install();
    await openSignedIn(page, server, ACCOUNTS[role]);
    const [header = []] = await queueAndDownload(page, context, role, 'comm_reports');
    expect(header).toEqual(gridOf('comm_reports').columns.map((column) => column.key));
  }, WAIT_MS * 6);
});
