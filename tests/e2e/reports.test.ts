// A report screen in the browser (issue 15), as production runs its jobs: a web server that only
// queues (REPORT_WORKERS=0) and a worker process of its own (`npm run worker`), on PostgreSQL. The
// REPORTS code before the screen; a report generated, seen Queued with its place in the queue and no
// Download; the worker started; the list, read again by its 30-second refresh (the page's clock
// moved forward, not waited for), shows it Finished without a reload; downloaded ('Download
// started', 'Download complete') and previewed from 'Saved for offline'. Also a report asked for
// offline: it waits in the outbox and is queued once when the connection returns.
import type { ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page as ServicePage } from '../../src/contract/api';
import { addDays } from '../../src/contract/dates';
import type { ReportRecord } from '../../src/contract/entities';
import { agentEventDetailsGrid, COLUMN_LABELS } from '../../src/contract/grids';
import { SERVICE_REPORT_TITLES } from '../../src/contract/reports';
import { codeCount, nextCode, openSignedIn, screenshot, sideMenuOf, toast, useBrowser, waitForPath, waitUntilFinished } from '../support/browser';
import { accessToken, startServer, type TestServer } from '../support/server';
import { startWorker } from '../support/workers';

const CAMPAIGN_ADMIN = 'campaign@demo.test';
const today = () => new Date().toISOString().slice(0, 10);

const reportsTable = (page: Page): Locator => page.getByRole('table', { name: 'Generated reports' });
const rowOf = (page: Page, description: string): Locator => reportsTable(page).locator('tbody tr', { hasText: description });

/** Passes the REPORTS code gate from the side menu to `screenPath`. */
async function openReportScreen(page: Page, server: TestServer, menuLabel: string, screenPath: string): Promise<void> {
  const before = await codeCount(server, CAMPAIGN_ADMIN, 'REPORTS');
  await sideMenuOf(page).getByRole('menuitem', { name: menuLabel, exact: true }).click();
  await waitForPath(page, '/otp/reports');
  await page.getByText('Please check your EMAIL inbox for the REPORTS OTP').waitFor();
  await page.locator('#otp').fill(await nextCode(server, CAMPAIGN_ADMIN, 'REPORTS', before));
  await page.getByRole('button', { name: 'Verify' }).click();
  await waitForPath(page, screenPath);
  await page.getByRole('heading', { name: menuLabel, exact: true }).waitFor();
}

/** Types a report's dates (ISO) into its date fields. */
async function pickDates(page: Page, start: string, end: string): Promise<void> {
  await page.getByLabel('Start Date', { exact: true }).fill(start);
  await page.getByLabel('End Date', { exact: true }).fill(end);
  await page.getByLabel('End Date', { exact: true }).press('Tab');
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('report screens in the browser, jobs run by a worker process on PostgreSQL', { timeout: 180_000 }, () => {
  const b = useBrowser();
  let server: TestServer;
  const workers: ChildProcess[] = [];
  beforeAll(async () => {
    server = await startServer('postgres', { REPORT_WORKERS: '0', ACCESS_TOKEN_TTL_SECONDS: '3600', OTP_SEND_LIMIT_PER_15MIN: '100' });
  });
  afterAll(async () => {
    for (const worker of workers) worker.kill('SIGKILL');
    await server?.stop();
  });

  it('generates a report behind the REPORTS code, shows it Queued then Finished without a reload, downloads and previews it', async () => {
    const { page, context } = b;
    // The page's clock flows as usual; moving it forward fires the list's 30-second refresh at once.
    await context.clock.install();
    await openSignedIn(page, server, CAMPAIGN_ADMIN);
    await openReportScreen(page, server, 'Event Detail Report', '/reports/agent-event-details');

    const start = addDays(today(), -60);
    await pickDates(page, start, today());
    await page.getByRole('button', { name: 'Generate' }).click();
    // One agency and one campaign to choose from: none chosen is a warning, and the report still runs.
    await page.getByRole('status', { name: 'Generated with warnings' }).filter({ hasText: 'Please note:' }).waitFor();
    await toast(page, /^Report queued: /).waitFor();

    // Named as the screen that asked for it.
    const description = `${SERVICE_REPORT_TITLES['agents-events-detail']}, `;
    const row = rowOf(page, description).first();
    await row.getByRole('cell', { name: 'Queued', exact: true }).waitFor();
    expect(await row.locator('td').nth(4).innerText()).toBe('1'); // its place in the queue
    expect(await row.getByRole('button', { name: 'Download' }).count()).toBe(0);
    await screenshot(page, 'report-queued', { withoutToasts: true });

    let loads = 0;
    page.on('load', () => loads++);
    workers.push(await startWorker(server.databaseUrl as string));
    await waitUntilFinished(context, row);
    expect(loads).toBe(0);

    const downloaded = page.waitForEvent('download');
    await row.getByRole('button', { name: 'Download' }).click();
    await toast(page, 'Download started').waitFor();
    const download = await downloaded;
    await toast(page, /^Download complete: /).first().waitFor();
    const file = await readFile(await download.path(), 'utf8');
    const [header = [], ...rows] = Papa.parse<string[]>(file.trim()).data;
    expect(header).toEqual(agentEventDetailsGrid.columns.map((column) => column.key));
    expect(rows.length).toBeGreaterThan(0);
    // Only the Campaign Admin's campaign.
    const campaignColumn = header.indexOf('campaign_name');
    expect(new Set(rows.map((cells) => cells[campaignColumn]))).toEqual(new Set(['SIM Drive GH-03']));
    await screenshot(page, 'report-finished', { withoutToasts: true });

    await page.getByRole('button', { name: /^Saved for offline/ }).click();
    await waitForPath(page, '/saved-reports');
    await page.getByRole('table', { name: 'Saved reports' }).locator('tbody tr').first().getByRole('button', { name: /^Open / }).click();
    const preview = page.getByRole('table', { name: new RegExp(`^${SERVICE_REPORT_TITLES['agents-events-detail']}, `) });
    await preview.waitFor();
    // The columns by their labels, not the file's keys.
    expect(await preview.locator('thead th').allInnerTexts()).toEqual(header.map((key) => COLUMN_LABELS.get(key) ?? key));
    expect(await preview.locator('tbody tr').first().locator('td').allInnerTexts()).toEqual(rows[0]);
    await screenshot(page, 'report-preview');
  });

  it('keeps a report generated offline in the outbox and queues it once when the connection returns', async () => {
    const { page, context } = b;
    await openSignedIn(page, server, CAMPAIGN_ADMIN);
    await openReportScreen(page, server, 'Agent Event Report', '/reports/agent-events');
    const token = await accessToken(server, CAMPAIGN_ADMIN);
    const listed = async () =>
      (await server.get<ServicePage<ReportRecord>>('/service/payments-reports/?report=agents-events-summary', token)).body.count;
    const before = await listed();

    await context.setOffline(true);
    await pickDates(page, addDays(today(), -30), today());
    await page.getByRole('button', { name: 'Generate' }).click();
    await toast(page, 'Saved offline — it will be sent when the connection returns').waitFor();
    const waiting = page.getByRole('list', { name: 'New, not sent yet' });
    await waiting.getByText(/^Generate the Agent Event Report, /).waitFor();
    await screenshot(page, 'report-waiting-offline', { withoutToasts: true });
    expect(await listed()).toBe(before);

    await context.setOffline(false);
    await waiting.waitFor({ state: 'detached' });
    await reportsTable(page).locator('tbody tr').first().waitFor();
    expect(await listed()).toBe(before + 1);
  });
});
