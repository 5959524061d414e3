// The lists on a tablet and on a desktop (issue 17), in Chromium at 820x1180 and 1440x900: a list's
// search, sort and page in the address (kept by a reload, undone by Back, found again from the side
// menu), a report grid's filters and page the same; a long text cut short on one line with its whole
// text on hover; a row opened from the keyboard; offline, a search never loaded says so and goes back
// to the last rows loaded. Screenshots of each at both sizes.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as messages from '../../src/contract/messages';
import { sideMenu } from '../../src/console/ground/screens';
import { TAB_PATHS } from '../../src/console/ground/paths';
import { gridPagerText, gridSettled, openScreen, openSignedIn, screenshot, useBrowser, WAIT_MS, yearAgo } from '../support/browser';
import { backend, accessToken, startServer, type TestServer } from '../support/server';

const SUPER = 'super@demo.test';
const EVENT_TYPES = '/event-types';
const DETAIL = TAB_PATHS.agenteventdetailsgrid;
const VIEWPORTS = [
  { width: 820, height: 1180 },
  { width: 1440, height: 900 },
];
/** 24 event types of their own: two pages of 20 when searched. */
const OWN_KEYS = Array.from({ length: 24 }, (_, index) => `lists_type_${String(index + 1).padStart(2, '0')}`);
const LONG_KEY = 'lists_long_pretty_name';
const LONG_PRETTY =
  'Mobile money wallet opened and funded within seven days of the SIM registration, counted once per customer, checked against the fraud rules and paid to the agent on the next payment run';
const menuLabelOf = (tab: string) => sideMenu('Super Admin').find((item) => item.id === tab)?.label as string;

const eventTypes = (page: Page): Locator => page.getByRole('table', { name: 'Event types' });
const pager = (page: Page): Locator => page.getByRole('navigation', { name: 'Pages' });
const query = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);
/** The keys of the rows on screen, in order. */
const keysShown = async (page: Page) => (await eventTypes(page).locator('tbody tr td:first-child').allInnerTexts()).map((key) => key.trim());

/** Waits until the list shows `pagerText` and its first row is `firstKey`. */
async function listShows(page: Page, pagerText: string, firstKey: string): Promise<void> {
  await expect.poll(async () => (await pager(page).innerText()).replace(/\s+/g, ' '), { timeout: WAIT_MS }).toContain(pagerText);
  await expect.poll(async () => (await keysShown(page))[0], { timeout: WAIT_MS }).toBe(firstKey);
}


describe('lists on a tablet and a desktop', { timeout: 180_000 }, () => {
  const b = useBrowser();
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(backend, { OTP_SEND_LIMIT_PER_15MIN: '100', ACCESS_TOKEN_TTL_SECONDS: '3600' });
    const token = await accessToken(server, SUPER);
    for (const key of OWN_KEYS) {
      expect((await server.post('/admin/event_types', { event: key, pretty: `Lists type ${key.slice(-2)}` }, token)).status).toBe(201);
    }
    expect((await server.post('/admin/event_types', { event: LONG_KEY, pretty: LONG_PRETTY }, token)).status).toBe(201);
    // The demo data whitelists nobody.
    for (const msisdn of ['0241234567', '0201234567']) expect((await server.post('/admin/whitelist', { msisdn, country: 'GH' }, token)).status).toBe(201);
  });
  afterAll(async () => server?.stop());

  describe.each(VIEWPORTS)('at $width x $height', ({ width, height }) => {
    const open = async (path: string) => {
      await b.page.setViewportSize({ width, height });
      await openSignedIn(b.page, server, SUPER, path);
    };

    it('keeps a list searched, sorted and paged across a reload, undoes each step with Back, and finds it again from the side menu', async () => {
      const { page } = b;
      await open(EVENT_TYPES);
      await listShows(page, 'Page 1 of 2 · 38 rows', 'app_download');

      await page.getByLabel('Search Event types', { exact: true }).fill('lists_type');
      await page.waitForURL(/[?&]search=lists_type/);
      await listShows(page, 'Page 1 of 2 · 24 rows', 'lists_type_01');
      await eventTypes(page).getByRole('button', { name: /^Key/ }).click();
      await page.waitForURL(/[?&]order=-name/);
      await listShows(page, 'Page 1 of 2 · 24 rows', 'lists_type_24');
      await pager(page).getByRole('button', { name: 'Next' }).click();
      await page.waitForURL(/[?&]page=2/);
      await listShows(page, 'Page 2 of 2 · 24 rows', 'lists_type_04');
      expect(query(page)).toEqual({ search: 'lists_type', order: '-name', page: '2' });
      await screenshot(page, `lists-event-types-page-2-${width}`);

      await page.reload();
      await listShows(page, 'Page 2 of 2 · 24 rows', 'lists_type_04');
      expect(await keysShown(page)).toEqual(['lists_type_04', 'lists_type_03', 'lists_type_02', 'lists_type_01']);
      expect(await page.getByLabel('Search Event types', { exact: true }).inputValue()).toBe('lists_type');
      expect(await eventTypes(page).getByRole('columnheader', { name: /^Key/ }).getAttribute('aria-sort')).toBe('descending');

      await page.goBack();
      await listShows(page, 'Page 1 of 2 · 24 rows', 'lists_type_24');
      expect(query(page)).toEqual({ search: 'lists_type', order: '-name' });
      await page.goBack();
      await listShows(page, 'Page 1 of 2 · 24 rows', 'lists_type_01');
      expect(query(page)).toEqual({ search: 'lists_type' });

      // Elsewhere and back by the side menu: the list as it was left.
      await openScreen(page, 'Countries', '/countries');
      await openScreen(page, 'Event Types', EVENT_TYPES);
      await page.waitForURL(/[?&]search=lists_type/);
      await listShows(page, 'Page 1 of 2 · 24 rows', 'lists_type_01');
      expect(await page.getByLabel('Search Event types', { exact: true }).inputValue()).toBe('lists_type');
    });

    it("keeps a report grid's filters and page across a reload, undoes them with Back, and finds them again from the side menu", async () => {
      const { page } = b;
      await open(`${DETAIL}?start=${yearAgo()}`);
      await page.getByRole('heading', { name: 'Agent Events Detail' }).waitFor();
      const all = await gridSettled(page);

      const campaign = page.getByRole('combobox', { name: 'Campaign' });
      const option = (await campaign.locator('option').allInnerTexts()).find((text) => text.startsWith('SIM Drive GH-03')) as string;
      await campaign.selectOption({ label: option });
      await page.waitForURL(/[?&]campaign=\d+/);
      await expect.poll(() => pager(page).locator('.report-grid-count').innerText(), { timeout: WAIT_MS }).not.toBe(all);
      const filtered = await gridSettled(page);
      await pager(page).getByRole('button', { name: 'Next' }).click();
      await page.waitForURL(/[?&]page=2/);
      // The pager may still be page 1's for a moment after the address changed (gridSettled).
      await expect.poll(() => gridPagerText(page), { timeout: WAIT_MS }).toMatch(/^Page 2 of /);
      const second = await gridSettled(page);
      expect(second).toMatch(/^Page 2 of /);
      const chosen = query(page).campaign;
      await screenshot(page, `lists-grid-page-2-${width}`);

      await page.reload();
      expect(await gridSettled(page)).toBe(second);
      expect(await campaign.inputValue()).toBe(chosen);
      await page.goBack();
      await expect.poll(() => gridSettled(page), { timeout: WAIT_MS }).toBe(filtered);
      expect(query(page)).toEqual({ start: yearAgo(), campaign: chosen });
      await page.goBack();
      await expect.poll(() => gridSettled(page), { timeout: WAIT_MS }).toBe(all);
      expect(await campaign.inputValue()).toBe('');

      await page.goForward();
      await expect.poll(() => gridSettled(page), { timeout: WAIT_MS }).toBe(filtered);
      await openScreen(page, 'Event Types', EVENT_TYPES);
      await openScreen(page, menuLabelOf('agenteventdetailsgrid'), DETAIL, 'Agent Events Detail');
      await page.waitForURL(/[?&]campaign=\d+/);
      expect(query(page)).toEqual({ start: yearAgo(), campaign: chosen });
      expect(await gridSettled(page)).toBe(filtered);
    });

    it('cuts a long text short on one line, the row as high as the others, with the whole text on hover', async () => {
      const { page } = b;
      await open(`${EVENT_TYPES}?search=lists_`);
      const long = eventTypes(page).locator('tbody tr', { hasText: LONG_KEY });
      await long.waitFor();
      const short = eventTypes(page).locator('tbody tr', { hasText: 'lists_type_01' });
      const cell = long.locator('.console-cell', { hasText: 'Mobile money wallet' });
      // Cut short: the cell shows one line of its text, which needs more.
      expect(await cell.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
      expect(await cell.evaluate((element) => getComputedStyle(element).webkitLineClamp)).toBe('1');
      const longHeight = (await long.boundingBox())?.height ?? 0;
      const shortHeight = (await short.boundingBox())?.height ?? 0;
      expect(longHeight).toBeGreaterThan(0);
      expect(Math.abs(longHeight - shortHeight)).toBeLessThan(1);
      expect(await cell.getAttribute('title')).toBeNull();
      await cell.hover();
      await expect.poll(() => cell.getAttribute('title'), { timeout: WAIT_MS }).toBe(LONG_PRETTY);
      await screenshot(page, `lists-long-text-${width}`);
    });

    it.each([
      ['Users', TAB_PATHS.admins, 'Users'],
      ['Whitelists', TAB_PATHS.whitelist, 'Whitelists'],
      ['Countries', TAB_PATHS.countries, 'Countries'],
      ['Languages', TAB_PATHS.languages, 'SMS link prefixes'],
      ['Agencies', TAB_PATHS.agencies, 'Agencies'],
      ['Campaigns', TAB_PATHS.campaigns, 'Campaigns'],
      ['Agents', TAB_PATHS.agents, 'Agents'],
    ])('shows %s one line a row', async (screenName, path, tableLabel) => {
      const { page } = b;
      await open(path);
      const rows = page.getByRole('table', { name: tableLabel }).locator('tbody tr');
      await rows.first().waitFor();
      const heights = await rows.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().height));
      expect(Math.max(...heights) - Math.min(...heights)).toBeLessThan(1);
      await screenshot(page, `lists-${screenName.toLowerCase()}-${width}`);
    });

    it('opens a row from the keyboard (Tab to its Edit button, Enter); Esc asks before throwing a change away', async () => {
      const { page } = b;
      await open(`${EVENT_TYPES}?search=lists_type_0`);
      await listShows(page, 'Page 1 of 1 · 9 rows', 'lists_type_01');
      const edit = eventTypes(page).getByRole('button', { name: 'Edit lists_type_01' });
      // The row looks like it opens.
      const row = eventTypes(page).locator('tbody tr').first();
      expect(await row.evaluate((element) => getComputedStyle(element).cursor)).toBe('pointer');
      await page.getByLabel('Search Event types', { exact: true }).focus();
      for (let tab = 0; tab < 8 && !(await edit.evaluate((element) => element === document.activeElement)); tab += 1) await page.keyboard.press('Tab');
      expect(await edit.evaluate((element) => element === document.activeElement)).toBe(true);
      await screenshot(page, `lists-keyboard-focus-${width}`);
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Edit event type' });
      await dialog.locator('#event-key').waitFor({ state: 'visible' });
      expect(await dialog.locator('#event-key').inputValue()).toBe('lists_type_01');
      await screenshot(page, `lists-keyboard-opened-${width}`);
      // Nothing typed is thrown away by a key: Esc on a changed form asks first; Keep editing keeps the text.
      const pretty = dialog.locator('#event-pretty');
      await pretty.fill('Renamed by keyboard');
      await page.keyboard.press('Escape');
      const question = page.getByRole('alertdialog').filter({ hasText: messages.discardChangesQuestion });
      await question.waitFor();
      await screenshot(page, `lists-discard-question-${width}`);
      await question.getByRole('button', { name: 'Keep editing' }).click();
      await question.waitFor({ state: 'detached' });
      expect(await pretty.inputValue()).toBe('Renamed by keyboard');
      await page.keyboard.press('Escape');
      await question.getByRole('button', { name: 'Discard changes' }).click();
      await dialog.waitFor({ state: 'detached' });
      // Unchanged, Esc closes at once.
      await edit.click();
      await dialog.locator('#event-key').waitFor({ state: 'visible' });
      expect(await pretty.inputValue()).not.toBe('Renamed by keyboard');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    });

    it('offline, says a search never loaded is not available, and goes back to the last rows loaded', async () => {
      const { page, context } = b;
      await open(EVENT_TYPES);
      await listShows(page, 'Page 1 of 2 · 38 rows', 'app_download');
      const loaded = await keysShown(page);
      await context.setOffline(true);
      await page.getByRole('status', { name: 'Offline' }).waitFor();

      await page.getByLabel('Search Event types', { exact: true }).fill('never loaded anywhere');
      await page.waitForURL(/[?&]search=never/);
      await page.getByText(messages.notLoadedOffline).waitFor();
      expect(await eventTypes(page).count()).toBe(0);
      await screenshot(page, `lists-offline-not-loaded-${width}`);

      await page.getByRole('button', { name: messages.backToLoadedFilters }).click();
      await listShows(page, 'Page 1 of 2 · 38 rows', 'app_download');
      expect(await keysShown(page)).toEqual(loaded);
      expect(query(page)).toEqual({});
      expect(await page.getByLabel('Search Event types', { exact: true }).inputValue()).toBe('');
      await screenshot(page, `lists-offline-back-${width}`);
      await context.setOffline(false);
    });
  });
});
