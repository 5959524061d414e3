// Lists and grids on a touch screen (issue 34, item 2): on a tablet (820x1180, touch) every list and
// grid screen of the side menu has tappable elements of at least 44x44 px (WCAG 2.5.5), and so has
// every dialog a list opens (its first row's Edit, its Add), and each
// list's first row shows its actions inside the window without scrolling; on a desktop with a mouse
// (1440x900) the row actions are in view too, and the rows stay as dense as before.
//
// The tablet is emulated as Playwright's tablets are (its 'iPad' and 'Galaxy Tab' devices): touch,
// and `isMobile`, so the page's meta viewport is honoured and scrollbars overlay the page as on a
// tablet (no scrollbar tells that a table scrolls sideways: the page must). Touch makes
// `(pointer: coarse)` match in this Chromium, the media query the console's touch rules use. The
// tablet's screenshots are of the window: a full-page one lays a mobile page out again without its
// touch emulation (44 px targets measured, 30 px ones drawn).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREEN_LIST } from '../../src/console/ground/screens';
import { join } from 'node:path';
import { launchBrowser, openMenuDrawer, openSignedIn, screenshot, screenshotDir, sideMenuOf, WAIT_MS } from '../support/browser';
import { backend, startServer, type TestServer } from '../support/server';

const SUPER = 'super@demo.test';
const TABLET = { viewport: { width: 820, height: 1180 }, hasTouch: true, isMobile: true };
const DESKTOP = { viewport: { width: 1440, height: 900 } };
/** WCAG 2.5.5's target size. */
const TARGET = 44;
/** The whole demo year, so a grid has rows whatever today's date. */
const yearAgo = () => new Date(Date.now() - 400 * 86_400_000).toISOString().slice(0, 10);
const isGridPath = (path: string) => SCREEN_LIST.some(([, screen]) => screen.path === path && screen.grid);

/** The screens of the side menu (its links, Logout aside), with the grids asked for the demo year. */
async function menuScreens(page: Page): Promise<string[]> {
  await openMenuDrawer(page);
  const items = sideMenuOf(page).getByRole('menuitem');
  await items.first().waitFor();
  const paths = (await items.evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))).filter((path) => path && path !== '/logout');
  return paths.map((path) => (isGridPath(path) ? `${path}?start=${yearAgo()}` : path));
}

type Kind = 'list' | 'grid' | 'other';

/** Opens a screen and waits until its rows (or its empty state) are drawn; says what it shows. */
async function openAndSettle(page: Page, server: TestServer, path: string): Promise<Kind> {
  await page.goto(`${server.url}${path}`);
  const main = page.getByRole('main');
  await main.getByRole('heading').first().waitFor();
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const within = document.querySelector('main');
          if (!within || within.querySelector('.bp6-spinner, .bp6-table-quadrant-main .bp6-loading')) return false;
          const count = within.querySelector('.report-grid-count')?.textContent ?? '';
          return !within.querySelector('.report-grid') || /^Page \d+ of/.test(count) || Boolean(within.querySelector('.bp6-non-ideal-state'));
        }),
      { timeout: WAIT_MS },
    )
    .toBe(true);
  return page.evaluate(() => (document.querySelector('main .console-list') ? 'list' : document.querySelector('main .report-grid') ? 'grid' : 'other'));
}

/**
 * The visible tappable elements smaller than `min` on either side, with their text. A checkbox or a
 * switch is tapped on its label (its input is drawn by the label); a grid's cells are tapped to
 * select them. Hidden elements (a skip link off screen, Table2's copy of its headers) do not count.
 */
function smallTargets(page: Page, min: number): Promise<string[]> {
  return page.evaluate((min) => {
    const selector = [
      'a[href]', 'button', '[role=button]', '[role=tab]', '[role=menuitem]', 'input:not([type=hidden])', 'select', '[tabindex="0"]',
      'label.bp6-control', '.bp6-table-quadrant-main .bp6-table-cell',
    ].join(', ');
    const small: string[] = [];
    for (const element of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      // Drawn by its label, which is measured instead.
      if (element.matches('label.bp6-control input')) continue;
      if (!element.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: true })) continue;
      const box = element.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1 || box.right <= 0 || box.bottom <= 0) continue;
      if (box.width < min - 0.5 || box.height < min - 0.5) {
        const name = (element.innerText || element.getAttribute('aria-label') || element.getAttribute('placeholder') || element.tagName).trim().replace(/\s+/g, ' ').slice(0, 40);
        small.push(`${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).split(' ')[0]}` : ''} '${name}' ${Math.round(box.width)}x${Math.round(box.height)}`);
      }
    }
    return small;
  }, min);
}

/** Each line once, with how many times it came ('×20') when more than once: one per row is enough to read. */
function counted(lines: string[]): string[] {
  const times = new Map<string, number>();
  for (const line of lines) times.set(line, (times.get(line) ?? 0) + 1);
  return [...times].map(([line, count]) => (count > 1 ? `${line} ×${count}` : line));
}

/** The first row's buttons and links of each table in the main area that are not wholly inside the window. */
function rowActionsOutside(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const outside: string[] = [];
    for (const row of Array.from(document.querySelectorAll('main table tbody tr:first-child'))) {
      for (const action of Array.from(row.querySelectorAll<HTMLElement>('button, a[href]'))) {
        const box = action.getBoundingClientRect();
        if (box.left < 0 || box.right > window.innerWidth) outside.push(`'${action.getAttribute('aria-label') ?? action.innerText}' ${Math.round(box.left)}..${Math.round(box.right)} of ${window.innerWidth}`);
      }
    }
    return outside;
  });
}

/**
 * Whether the list's table is wider than its box; if it is, the box shows it (the shadow at the row
 * actions' left) until it is scrolled to its end, and then no longer.
 */
async function scrollsSideways(page: Page): Promise<boolean> {
  const box = page.locator('main .console-table-scroll');
  const marked = () => box.evaluate((element) => element.classList.contains('console-table-scroll-more'));
  const wider = await box.evaluate((element) => element.scrollWidth > element.clientWidth + 1);
  expect(await marked(), 'a table hidden in part says so').toBe(wider);
  if (!wider) return false;
  await box.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
  await expect.poll(marked, { timeout: WAIT_MS }).toBe(false);
  await box.evaluate((element) => element.scrollTo({ left: 0 }));
  await expect.poll(marked, { timeout: WAIT_MS }).toBe(true);
  return true;
}

/** How many first rows of the main area's tables have an action (a button or a link). */
const rowsWithActions = (page: Page) =>
  page.evaluate(() => Array.from(document.querySelectorAll('main table tbody tr:first-child')).filter((row) => row.querySelector('button, a[href]')).length);

describe('lists and grids on a touch screen', { timeout: 180_000 }, () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(backend, { ACCESS_TOKEN_TTL_SECONDS: '3600' }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  const signedIn = async (options: Parameters<Browser['newContext']>[0]) => {
    await context?.close();
    context = await browser.newContext(options);
    context.setDefaultTimeout(WAIT_MS);
    const page = await context.newPage();
    await openSignedIn(page, server, SUPER);
    return page;
  };

  it('on a tablet, every target is 44x44 px and each list keeps its row actions in view', async () => {
    const page = await signedIn(TABLET);
    expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches), 'touch emulated').toBe(true);
    const screens = await menuScreens(page);
    // The drawer's items, the header's buttons.
    const offenders = (await smallTargets(page, TARGET)).map((target) => `side menu: ${target}`);
    const seen: Record<Kind, string[]> = { list: [], grid: [], other: [] };
    const outside: string[] = [];
    const sideways: string[] = [];
    for (const path of screens) {
      const kind = await openAndSettle(page, server, path);
      seen[kind].push(path);
      offenders.push(...(await smallTargets(page, TARGET)).map((target) => `${path}: ${target}`));
      if (kind === 'list' && (await page.locator('main .console-list-table').count()) > 0) {
        expect(await rowsWithActions(page), `${path} has rows with actions`).toBeGreaterThan(0);
        outside.push(...(await rowActionsOutside(page)).map((action) => `${path}: ${action}`));
        // The page itself never scrolls sideways: only a table does, inside it.
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} fits the window`).toBeLessThanOrEqual(820);
        if (await scrollsSideways(page)) sideways.push(path);
      }
      if (['/agents', '/users', '/grids/agent-event-details'].includes(path.split('?')[0] as string)) {
        await page.screenshot({ path: join(screenshotDir, `touch${path.split('?')[0]?.replaceAll('/', '-')}-820.png`) });
      }
    }
    expect(seen.list.length, 'lists in the side menu').toBeGreaterThanOrEqual(6);
    expect(seen.grid.length, 'grids in the side menu').toBeGreaterThanOrEqual(6);
    // Agents' table is wider than a tablet (issue 34's case): it scrolls, and says so.
    expect(sideways, 'lists wider than the window').toContain('/agents');
    expect({ 'row actions outside the window': outside, 'targets smaller than 44x44 px': counted(offenders) }).toEqual({
      'row actions outside the window': [],
      'targets smaller than 44x44 px': [],
    });
  });

  it("on a tablet, the dialogs a list opens (its first row's Edit, its Add button) have 44x44 px targets", async () => {
    const page = await signedIn(TABLET);
    const screens = (await menuScreens(page)).filter((path) => !isGridPath(path.split('?')[0] as string));
    const offenders: string[] = [];
    const opened: string[] = [];
    for (const path of screens) {
      if ((await openAndSettle(page, server, path)) !== 'list') continue;
      const openers = [
        page.locator('main table tbody tr:first-child').getByRole('button', { name: /^Edit\b/ }).first(),
        page.getByRole('main').getByRole('button', { name: /^Add\b/ }).first(),
      ];
      for (const opener of openers) {
        if ((await opener.count()) === 0 || !(await opener.isVisible())) continue;
        const name = (await opener.getAttribute('aria-label')) ?? (await opener.innerText()).trim();
        await opener.click();
        const dialog = page.getByRole('dialog');
        await dialog.waitFor();
        // Measured once it has opened (Blueprint scales it in).
        await expect.poll(() => page.locator('.bp6-overlay-enter-active, .bp6-overlay-appear-active').count(), { timeout: WAIT_MS }).toBe(0);
        opened.push(`${path}: ${name}`);
        offenders.push(...(await smallTargets(page, TARGET)).map((target) => `${path} '${name}': ${target}`));
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'hidden' });
      }
    }
    expect(opened.length, `dialogs opened: ${opened.join('; ')}`).toBeGreaterThanOrEqual(6);
    expect(counted(offenders)).toEqual([]);
  });

  it("on a tablet, the date field's calendar (Stats', the grids') has 44x44 px days and buttons", async () => {
    const page = await signedIn(TABLET);
    await page.getByRole('button', { name: 'End Date: choose in a calendar' }).click();
    const calendar = page.locator('.bp6-datepicker');
    await calendar.locator('.rdp-day').first().waitFor();
    await page.screenshot({ path: join(screenshotDir, 'touch-date-calendar-820.png') });
    expect(counted((await smallTargets(page, TARGET)).map((target) => `Stats' calendar: ${target}`))).toEqual([]);
  });

  it('on a desktop with a mouse, each list keeps its row actions in view and its rows dense', async () => {
    const page = await signedIn(DESKTOP);
    expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches), 'a mouse').toBe(false);
    const screens = await menuScreens(page);
    let lists = 0;
    for (const path of screens.filter((screen) => !isGridPath(screen.split('?')[0] as string))) {
      // A list with rows (the demo data whitelists nobody).
      if ((await openAndSettle(page, server, path)) !== 'list' || (await page.locator('main .console-list-table').count()) === 0) continue;
      lists += 1;
      expect(await rowActionsOutside(page), path).toEqual([]);
      // A desktop's rows stay compact: the touch rules are not applied to a mouse.
      const rowHeight = await page.locator('main .console-list-table tbody tr').first().evaluate((row) => row.getBoundingClientRect().height);
      expect(rowHeight, `${path}'s row height`).toBeLessThan(TARGET);
      if (path === '/agents') await screenshot(page, 'touch-agents-1440', { withoutToasts: true });
    }
    expect(lists).toBeGreaterThanOrEqual(6);
  });
});
