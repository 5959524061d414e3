// Reports downloaded in the browser (issue 5, 'Offline downloads'; SPEC.md section 8): a download
// says 'Download started' and 'Download complete', saves the file and keeps it in 'Saved for
// offline', with its size and a remove action; a saved report opens again with no network at all
// (page reloaded from the service worker); a refused download shows the server's text; logout
// deletes what was saved.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import Papa from 'papaparse';
import type { Locator, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toRequestDate } from '../../src/contract/dates';
import { COLUMN_LABELS } from '../../src/contract/grids';
import { openSignedIn, screenshot, serviceWorkerControls, sideMenuOf, signIn, toast, useBrowser, waitForPath, yearAgo } from '../support/browser';
import { backend, startServer, type TestServer } from '../support/server';

const SUPER = 'super@demo.test';
const root = path.resolve(import.meta.dirname, '../..');
const serviceWorkerBuilt = existsSync(path.join(root, 'dist/console/sw.js'));
const API_PATHS = /\/(api\/v1|admin|service)\//;

const savedButton = (page: Page): Locator => page.getByRole('button', { name: /^Saved for offline/ });
const savedTable = (page: Page): Locator => page.getByRole('table', { name: 'Saved reports' });
const downloadButton = (page: Page): Locator => page.getByRole('button', { name: 'Download CSV' });

async function openFraudEvents(page: Page): Promise<number> {
  await sideMenuOf(page).getByRole('menuitem', { name: 'Fraud Events', exact: true }).click();
  await waitForPath(page, '/reports/fraud-events');
  await page.getByRole('heading', { name: 'Fraud Events', exact: true }).waitFor();
  // The whole demo year, so the report has rows whatever today's date.
  const start = yearAgo();
  const answered = page.waitForResponse((response) => response.url().endsWith('/admin/fraud') && (response.request().postData() ?? '').includes(toRequestDate(start)));
  await page.getByLabel('Start Date', { exact: true }).fill(start);
  const { count } = (await (await answered).json()) as { count: number };
  // The screen shows what the server answered.
  await page.getByText(new RegExp(`· ${count.toLocaleString('en')} rows?$`)).waitFor();
  return count;
}

const isExport = (route: Route) => (route.request().postDataJSON() as { export?: string } | null)?.export === 'csv';

/** Clicks Download CSV and returns the saved file's rows (the header row first). */
async function downloadCsv(page: Page): Promise<string[][]> {
  // The file is held back until 'Download started' has been seen: it stays up only while the download runs.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/admin\/fraud$/, async (route) => {
    if (isExport(route)) await held;
    await route.fallback();
  });
  const downloaded = page.waitForEvent('download');
  await downloadButton(page).click();
  await toast(page, 'Download started').waitFor();
  release();
  const download = await downloaded;
  await toast(page, /^Download complete: fraud-events_.*\.csv, also saved for offline use\.$/).first().waitFor();
  await toast(page, 'Download started').waitFor({ state: 'detached' });
  await page.unroute(/\/admin\/fraud$/);
  expect(download.suggestedFilename()).toMatch(/^fraud-events_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile(await download.path(), 'utf8');
  return Papa.parse<string[]>(text.trim()).data;
}

describe('report downloads, saved for offline', { timeout: 180_000 }, () => {
  const b = useBrowser({ serviceWorkers: 'allow' });
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(backend, { OTP_SEND_LIMIT_PER_15MIN: '100', ACCESS_TOKEN_TTL_SECONDS: '3600' });
  });
  afterAll(async () => server?.stop());

  it.skipIf(!serviceWorkerBuilt)('downloads the whole report, keeps it, and opens it again after a reload with no network', async () => {
    const { page, context } = b;
    await openSignedIn(page, server, SUPER);
    const count = await openFraudEvents(page);
    expect(count).toBeGreaterThan(0);
    await screenshot(page, 'fraud-events', { withoutToasts: true });

    const rows = await downloadCsv(page);
    const [header = [], ...body] = rows;
    expect(header).toEqual(expect.arrayContaining(['created_at', 'campaign_name', 'description']));
    expect(body).toHaveLength(count);

    await savedButton(page).filter({ hasText: '1' }).waitFor();
    await savedButton(page).click();
    await waitForPath(page, '/saved-reports');
    const saved = savedTable(page).locator('tbody tr');
    await expect.poll(() => saved.count()).toBe(1);
    expect(await saved.first().innerText()).toMatch(/Fraud Events, \d{2}-[A-Z][a-z]{2}-\d{4} to \d{2}-[A-Z][a-z]{2}-\d{4}[\s\S]*\d+(\.\d)? (KB|MB|bytes)/);
    await screenshot(page, 'saved-for-offline');

    // No network at all: the service worker serves the shell, the report comes from this device.
    await serviceWorkerControls(page);
    await context.setOffline(true);
    await context.route(API_PATHS, (route) => route.abort('internetdisconnected'));
    await page.reload();
    await savedTable(page).locator('tbody tr').first().getByRole('button', { name: /^Open / }).click();
    const preview = page.getByRole('table', { name: /^Fraud Events, / });
    await preview.waitFor();
    await page.getByRole('status', { name: 'Offline' }).filter({ hasText: 'Offline — saved reports open from this device' }).waitFor();
    // The columns by their labels, not the file's keys.
    expect(await preview.locator('thead th').allInnerTexts()).toEqual(header.map((key) => COLUMN_LABELS.get(key) ?? key));
    expect(await preview.locator('tbody tr').count()).toBe(Math.min(count, 200));
    expect(await preview.locator('tbody tr').first().locator('td').allInnerTexts()).toEqual(body[0]);
    await screenshot(page, 'saved-report-offline');

    // The grid (a POST, kept by the console's persisted query cache) opens offline from its last
    // data; a new download is not possible, and the screen says why.
    await sideMenuOf(page).getByRole('menuitem', { name: 'Fraud Events', exact: true }).click();
    await page.getByRole('status', { name: 'Offline' }).filter({ hasText: /^Offline — data as of / }).waitFor();
    await page.getByText(/^Page 1 of \d+ · \d+ rows?$/).waitFor();
    await expect.poll(() => downloadButton(page).isDisabled()).toBe(true);
    expect(await downloadButton(page).getAttribute('title')).toBe(
      'You are offline. Downloading a report needs a connection: try again once you are back online.',
    );

    await savedButton(page).click();
    await savedTable(page).getByRole('button', { name: /^Remove / }).click();
    await page.getByText('No reports saved yet').waitFor();
    await savedButton(page).filter({ hasNotText: /\d/ }).waitFor();
    await context.unroute(API_PATHS);
    await context.setOffline(false);
  });

  it('shows the server text when a download is refused, and keeps nothing', async () => {
    const { page, context } = b;
    await openSignedIn(page, server, SUPER);
    await openFraudEvents(page);
    await context.route(/\/admin\/fraud$/, async (route) => {
      if (!isExport(route)) return route.fallback();
      return route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'Reports are paused for maintenance.' }) });
    });
    await downloadButton(page).click();
    await toast(page, 'Reports are paused for maintenance.').waitFor();
    await savedButton(page).click();
    await page.getByText('No reports saved yet').waitFor();
  });

  it('deletes the saved reports at logout', async () => {
    const { page } = b;
    await openSignedIn(page, server, SUPER);
    await openFraudEvents(page);
    await downloadCsv(page);
    expect(await page.evaluate(() => caches.keys())).toContain('saved-reports');

    await sideMenuOf(page).getByRole('menuitem', { name: 'Logout' }).click();
    await waitForPath(page, '/login');
    expect(await page.evaluate(() => caches.keys())).not.toContain('saved-reports');
    await signIn(page, server, SUPER);
    await savedButton(page).click();
    await page.getByText('No reports saved yet').waitFor();
  });

  it("keeps an admin's saved reports from the next admin to sign in after a session ended without logout", async () => {
    const { page } = b;
    await signIn(page, server, SUPER);
    await openFraudEvents(page);
    await downloadCsv(page);
    const keptReports = () => page.evaluate(async () => (await (await caches.open('saved-reports')).keys()).length);
    expect(await keptReports()).toBe(1);

    // The session is gone (as when it runs out), but nobody went through /logout.
    await page.evaluate(() => localStorage.removeItem('persist:console'));
    await page.reload();
    await waitForPath(page, '/login');
    await signIn(page, server, 'campaign@demo.test');
    await savedButton(page).click();
    await page.getByText('No reports saved yet').waitFor();
    await expect.poll(keptReports).toBe(0);
  });
});
