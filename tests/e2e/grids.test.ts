// The report grids in Chromium (issue 14): Agent Events Detail filtered, sorted, paged, reloaded on
// a page, Back, and exported; amounts with their currency; a Campaign Admin sees only their
// campaign; offline, a filter never loaded is not shown with the old rows under it (every grid
// opening with its rows is the screen walk's, tests/e2e/screens). Screenshots at 1440x900 and 820x1180.
import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentEventDetailsGrid, GRIDS, paymentRunDetailGrid, type GridColumn } from '../../src/contract/grids';
import * as messages from '../../src/contract/messages';
import { tabOfGrid } from '../../src/console/ground/screens';
import { TAB_PATHS } from '../../src/console/ground/paths';
import { gridPagerText, gridSettled, openScreen, openSignedIn, screenshot, toast, useBrowser, WAIT_MS, waitForPath, yearAgo } from '../support/browser';
import { backend, startServer, type TestServer } from '../support/server';

const SUPER = 'super@demo.test';
const DETAIL = '/grids/agent-event-details';

const pager = (page: Page) => page.getByRole('navigation', { name: 'Pages' });
/** The text of a column's cells on screen (Table2 draws the rows in view only). */
const columnCells = async (page: Page, column: number) =>
  (await page.locator(`.bp6-table-quadrant-main .bp6-table-cell.bp6-table-cell-col-${column}:not(.bp6-table-cell-ghost)`).allInnerTexts());
/** The distinct values of a column on screen, once its cells have been drawn for the page shown. */
const columnValues = (page: Page, column: number) => expect.poll(async () => [...new Set(await columnCells(page, column))].sort(), { timeout: WAIT_MS });
/** Agent Events Detail's Medium column, by its place in the declaration. */
const MEDIUM = agentEventDetailsGrid.columns.findIndex((column) => column.key === 'medium');


describe('report grids', { timeout: 180_000 }, () => {
  const b = useBrowser();
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(backend, { OTP_SEND_LIMIT_PER_15MIN: '100', ACCESS_TOKEN_TTL_SECONDS: '3600' });
  });
  afterAll(async () => server?.stop());

  // Every grid opening with its rows or its empty text is the screen walk's (tests/e2e/screens).
  it('Pending Payments offers Make Payment Run, enabled', async () => {
    const { page } = b;
    await page.setViewportSize({ width: 1440, height: 900 });
    await openSignedIn(page, server, SUPER);
    // Payment runs are built (tests/e2e/payment-runs.test.ts): Make Payment Run is there to use.
    await openScreen(page, 'Pending Payments', '/payments/pending');
    expect(await page.getByRole('button', { name: 'Make Payment Run' }).isEnabled()).toBe(true);
  });

  it('Agent Events Detail: filtered, sorted, paged, a page kept across a reload and Back, and exported', async () => {
    const { page } = b;
    await page.setViewportSize({ width: 1440, height: 900 });
    await openSignedIn(page, server, SUPER, `${DETAIL}?start=${yearAgo()}`);
    await page.getByRole('heading', { name: 'Agent Events Detail' }).waitFor();
    const all = await gridSettled(page);
    await screenshot(page, 'grid-agent-events-detail-1440');

    // A campaign: every row on screen is that campaign's, and the address says so.
    const select = page.getByRole('combobox', { name: 'Campaign' });
    const option = (await select.locator('option').allInnerTexts()).find((text) => text.startsWith('SIM Drive GH-03')) as string;
    await select.selectOption({ label: option });
    await page.waitForURL(/[?&]campaign=\d+/);
    // The pager shows the old count until the answer comes.
    await expect.poll(() => gridPagerText(page), { timeout: WAIT_MS }).not.toBe(all);
    await gridSettled(page);
    await columnValues(page, 1).toEqual(['SIM Drive GH-03']);
    await select.selectOption({ label: 'All campaigns' });
    await gridSettled(page);

    // Sorted by Medium from its header, then the other way.
    const medium = page.getByRole('region', { name: 'Agent Events Detail' }).getByRole('button', { name: /^Medium/ }).first();
    await medium.click();
    await page.waitForURL(/[?&]order=medium/);
    await gridSettled(page);
    // The first page sorted by medium: SMS comes first (A to Z), WHATSAPP first the other way.
    await columnValues(page, MEDIUM).toEqual(['SMS']);
    await page.getByRole('region', { name: 'Agent Events Detail' }).getByRole('button', { name: /^Medium, sorted ascending/ }).first().click();
    await page.waitForURL(/[?&]order=-medium/);
    await gridSettled(page);
    await columnValues(page, MEDIUM).toEqual(['WHATSAPP']);

    // Next: page 2, in the address; a reload keeps it; Back returns to page 1.
    const firstPageRow = (await columnCells(page, 0))[0];
    await pager(page).getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(/[?&]page=2/);
    // The pager names page 2 at once; its rows come with the answer.
    await expect.poll(async () => (await columnCells(page, 0))[0], { timeout: WAIT_MS }).not.toBe(firstPageRow);
    const second = await gridSettled(page);
    expect(second).toMatch(/^Page 2 of /);
    const secondPageRows = await columnCells(page, 0);
    await page.reload();
    expect(await gridSettled(page)).toBe(second);
    await expect.poll(() => columnCells(page, 0), { timeout: WAIT_MS }).toEqual(secondPageRows);
    await page.goBack();
    await expect.poll(() => gridPagerText(page), { timeout: WAIT_MS }).toMatch(/^Page 1 of /);
    await gridSettled(page);
    await expect.poll(async () => (await columnCells(page, 0))[0], { timeout: WAIT_MS }).toBe(firstPageRow);

    // 'All rows': one page of every row (read a row at a time as the grid draws it), the same order
    // from the first row to the last.
    const count = Number(/· ([\d,]+) rows?$/.exec(await gridPagerText(page))?.[1]?.replace(/,/g, ''));
    await page.getByRole('combobox', { name: 'Rows per page' }).selectOption({ label: 'All rows' });
    await page.waitForURL(/[?&]size=0/);
    await expect.poll(() => gridPagerText(page), { timeout: WAIT_MS }).toBe(`Page 1 of 1 · ${count.toLocaleString('en')} rows`);
    await gridSettled(page);
    await columnValues(page, MEDIUM).toEqual(['WHATSAPP']);
    await page.locator('.bp6-table-quadrant-main .bp6-table-quadrant-scroll-container').evaluate((element) => {
      element.scrollTop = element.scrollHeight;
    });
    await expect.poll(async () => (await columnCells(page, MEDIUM)).at(-1), { timeout: WAIT_MS }).toBe('SMS');
    // Table2 draws the rows a scroll uncovers in batches: the picture waits for them.
    await expect.poll(async () => (await columnCells(page, MEDIUM)).length, { timeout: WAIT_MS }).toBeGreaterThan(15);
    await page.waitForTimeout(1_000);
    await screenshot(page, 'grid-all-rows-end-1440');

    // The whole filtered, sorted result as a file.
    const downloaded = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const download = await downloaded;
    await toast(page, /^Download complete: agent-events-detail_.*\.csv/).first().waitFor();
    const rows = Papa.parse<Record<string, string>>(await readFile(await download.path(), 'utf8'), { header: true, skipEmptyLines: true });
    expect(rows.meta.fields).toEqual(GRIDS[1].columns.map((column) => column.key));
    expect(rows.data).toHaveLength(count);
    const media = rows.data.map((row) => row.medium ?? '');
    expect(media).toEqual([...media].sort().reverse());

    await page.setViewportSize({ width: 820, height: 1180 });
    await screenshot(page, 'grid-agent-events-detail-820', { withoutToasts: true });
  });

  it('Pending Payments: each amount with its currency, in one format, sorted within its currency', async () => {
    const { page } = b;
    await page.setViewportSize({ width: 1440, height: 900 });
    await openSignedIn(page, server, SUPER, `/payments/pending?start=${yearAgo()}`);
    await page.getByRole('heading', { name: 'Pending Payments' }).waitFor();
    await gridSettled(page);
    const columns = GRIDS.find((grid) => grid.id === 'pendingPayments')?.columns as readonly GridColumn[];
    const opens = (await page.locator('.report-grid-open').count()) > 0 ? 1 : 0;
    const due = columns.findIndex((column) => column.key === 'pay') + opens;
    const currency = columns.findIndex((column) => column.key === 'currency') + opens;
    /** The Due cells on screen as [code, amount], checked against the row's Currency cell. */
    const amounts = async () => {
      const [dues, codes] = [await columnCells(page, due), await columnCells(page, currency)];
      return dues.map((text, row) => {
        // 'GHS 1,531.50' or 'UGX 19,800': the code, then digits grouped by commas.
        expect(text).toMatch(/^[A-Z]{3} \d{1,3}(,\d{3})*(\.\d{2})?$/);
        expect(text.slice(0, 3)).toBe(codes[row]);
        return [text.slice(0, 3), Number(text.slice(4).replace(/,/g, ''))] as const;
      });
    };
    // Largest due first (the default), within each currency: codes from Z to A, amounts falling within one.
    const first = await amounts();
    expect(first.length).toBeGreaterThan(5);
    expect(first).toEqual([...first].sort((a, b) => b[0].localeCompare(a[0]) || b[1] - a[1]));
    await page.getByRole('region', { name: 'Pending Payments' }).getByRole('button', { name: /^Due, sorted descending/ }).first().click();
    await page.waitForURL(/[?&]order=pay/);
    await gridSettled(page);
    await expect.poll(async () => (await amounts())[0]?.[0], { timeout: WAIT_MS }).not.toBe(first[0]?.[0]);
    const ascending = await amounts();
    expect(ascending).toEqual([...ascending].sort((a, b) => a[0].localeCompare(b[0]) || a[1] - b[1]));
    await screenshot(page, 'grid-pending-payments-currency-1440');
  });

  it("every money grid, and a payment run's lines, show their amounts and currency without scrolling sideways at 1440 and 820 px (issue 53)", async () => {
    const { page } = b;
    const moneyGrids = GRIDS.filter((grid) => (grid.columns as readonly GridColumn[]).some((column) => column.format === 'money'));
    expect(moneyGrids.map((grid) => grid.id)).toEqual(expect.arrayContaining(['agentPayments', 'paymentRuns', 'pendingPayments']));
    /** Each money column's header, and its Currency's, ends inside the grid body as drawn. */
    const amountsInSight = async (region: ReturnType<Page['getByRole']>, columns: readonly GridColumn[], where: string) => {
      const body = await region.locator('.bp6-table-quadrant-main .bp6-table-quadrant-scroll-container').boundingBox();
      if (!body) throw new Error(`no grid body: ${where}`);
      const labels = [...new Set(columns.flatMap((column) => (column.format === 'money' ? [column.label, 'Currency'] : [])))];
      for (const label of labels) {
        const header = await region.getByRole('button', { name: new RegExp(`^${label}`) }).first().boundingBox();
        expect.soft(header && header.x + header.width, `${label}: ${where}`).toBeLessThanOrEqual(body.x + body.width);
      }
      return body;
    };
    for (const [width, height] of [[1440, 900], [820, 1180]] as const) {
      await page.setViewportSize({ width, height });
      await openSignedIn(page, server, SUPER, '/');
      for (const grid of moneyGrids) {
        await page.goto(`${server.url}${TAB_PATHS[tabOfGrid(grid.id)]}?start=${yearAgo()}`);
        await gridSettled(page);
        const region = page.getByRole('region', { name: grid.title, exact: true });
        const body = await amountsInSight(region, grid.columns, `${grid.title} at ${width} px`);
        if (grid.id === 'pendingPayments') {
          const totals = page.getByRole('table', { name: 'Totals of every row of these filters' });
          await totals.waitFor();
          expect(await totals.getByRole('row').count()).toBeGreaterThan(1);
          // The grid keeps room for its rows under the totals.
          expect(body.height, `the grid's height at ${width} px`).toBeGreaterThan(300);
        }
        await screenshot(page, `grid-amounts-${grid.id}-${width}`, { withoutToasts: true });
      }
      // A run's lines, in its popup over the Payment Runs grid.
      await page.getByRole('button', { name: /^Open/ }).first().click();
      const lines = page.getByRole('region', { name: paymentRunDetailGrid.title, exact: true });
      await lines.getByRole('button', { name: /^Amount/ }).first().waitFor({ timeout: WAIT_MS });
      await lines.scrollIntoViewIfNeeded();
      await amountsInSight(lines, paymentRunDetailGrid.columns, `a run's lines at ${width} px`);
      await screenshot(page, `grid-amounts-run-lines-${width}`, { withoutToasts: true });
    }
  });

  it('a Campaign Admin sees the rows of their campaign only', async () => {
    const { page } = b;
    await openSignedIn(page, server, 'campaign@demo.test', `${DETAIL}?start=${yearAgo()}`);
    await gridSettled(page);
    await columnValues(page, 1).toEqual(['SIM Drive GH-03']);
    // 'Include Blacklisted' and BQ are a Super Admin's.
    expect(await page.getByLabel('Include Blacklisted').count()).toBe(0);
    expect(await page.getByLabel('BQ').count()).toBe(0);
  });

  it('offline, a visited grid opens from its last data, and a filter never loaded never shows the old rows', async () => {
    const { page, context } = b;
    await page.setViewportSize({ width: 820, height: 1180 });
    await openSignedIn(page, server, SUPER, `${DETAIL}?start=${yearAgo()}`);
    const online = await gridSettled(page);
    const rowsOnline = await columnCells(page, 0);
    await context.setOffline(true);
    await page.getByRole('status', { name: 'Offline' }).waitFor();
    await page.getByLabel('Search').fill('no such agent anywhere');
    await page.waitForURL(/[?&]search=/);
    await page.getByText(messages.notLoadedOffline).waitFor();
    expect(await columnCells(page, 0)).toEqual([]);
    await screenshot(page, 'grid-offline-new-filter-820');
    // The way back: the filters last loaded, their rows again.
    await page.getByRole('button', { name: messages.backToLoadedFilters }).click();
    await expect.poll(() => gridPagerText(page), { timeout: WAIT_MS }).toBe(online);
    expect(new URL(page.url()).searchParams.get('search')).toBeNull();
    expect(await page.getByLabel('Search').inputValue()).toBe('');
    expect(await columnCells(page, 0)).toEqual(rowsOnline);
    await screenshot(page, 'grid-offline-last-data-820');
    await context.setOffline(false);
    await waitForPath(page, DETAIL);
  });
});

