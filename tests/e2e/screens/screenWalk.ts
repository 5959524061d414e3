// The screen walk (issues 34 and 54): every screen of a Super Admin's side menu, taken from the
// console's own declaration, visited once on a desktop (1440x900, a mouse) and once on a tablet
// (820x1180, touch), with every per-screen check made there:
// - desktop: one h1, no error toast, no axe violation (WCAG 2.1 A and AA, best practices); each
//   dialog the screen opens (its Add and Upload buttons, its first row's Edit and Open, Make Payment
//   Run) has no axe violation and Esc gives the focus back to its opener; a list keeps its first
//   row's actions inside the window and its rows dense; a grid shows its rows or its empty text
//   under its declared column labels;
// - tablet: every tappable element at least 44x44 px (WCAG 2.5.5), on the screen and in the dialogs
//   of a list (its Add, its first row's Edit); a list keeps its row actions inside the window, the
//   page never scrolls sideways, and a table wider than the window says so until scrolled to its end.
// The screens are dealt between test files (screen-walk-1, screen-walk-2) so the workers share
// the walk; each file signs in once per device.
//
// The tablet is emulated as Playwright's tablets are (its 'iPad' and 'Galaxy Tab' devices): touch,
// and `isMobile`, so the page's meta viewport is honoured and scrollbars overlay the page as on a
// tablet. Touch makes `(pointer: coarse)` match in this Chromium, the media query the console's
// touch rules use.
import type { BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { GRIDS, type GridColumn } from '../../../src/contract/grids';
import { SCREENS, sideMenu, type MenuItem } from '../../../src/console/ground/screens';
import { TAB_PATHS } from '../../../src/console/ground/paths';
import { axeViolations, codeCount, nextCode, openMenuDrawer, openSignedIn, sharedBrowser, sideMenuOf, WAIT_MS, waitForPath, yearAgo } from '../../support/browser';
import { accessToken, backend, SIGNED_IN_SUITE, startServer, type TestServer } from '../../support/server';

export const SUPER = 'super@demo.test';
export const DESKTOP: BrowserContextOptions = { viewport: { width: 1440, height: 900 } };
export const TABLET: BrowserContextOptions = { viewport: { width: 820, height: 1180 }, hasTouch: true, isMobile: true };
/** WCAG 2.5.5's target size. */
export const TARGET = 44;

/** The screens of a Super Admin's side menu (Logout aside), dealt to `part` of `parts` by their place in it. */
export function screensOfPart(part: number, parts: number): MenuItem[] {
  return sideMenu('Super Admin').filter((item) => item.id !== 'logout').filter((_, index) => index % parts === part);
}

export const main = (page: Page): Locator => page.locator('main');
const dialogs = (page: Page) => page.locator('[role="dialog"], [role="alertdialog"]');
export const isFocused = (locator: Locator): Promise<boolean> => locator.evaluate((element) => element === document.activeElement);

/**
 * Past Blueprint's transitions (a dialog opening, a toast coming or going): mid-fade, text is not yet
 * at its full contrast for axe, and a dialog scaling in is not yet its size.
 */
export const transitionsDone = (page: Page) =>
  page.waitForFunction(() => !document.querySelector('[class*="-enter-active"], [class*="-appear-active"], [class*="-exit-active"]'));

/**
 * What axe finds once no transition runs: a toast may start fading out while axe reads the page, and
 * text mid-fade is not at its full contrast; then axe reads the page again.
 */
export async function settledViolations(page: Page): Promise<string[]> {
  for (let attempt = 1; ; attempt++) {
    await transitionsDone(page);
    await page.evaluate(() => {
      const watched = window as unknown as { transitioned?: boolean; transitionWatch?: MutationObserver };
      watched.transitioned = false;
      watched.transitionWatch?.disconnect();
      watched.transitionWatch = new MutationObserver((changes) => {
        if (changes.some((change) => /-(enter|appear|exit)-active/.test((change.target as Element).getAttribute?.('class') ?? ''))) watched.transitioned = true;
      });
      watched.transitionWatch.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
    });
    const violations = await axeViolations(page);
    const moved = await page.evaluate(() => (window as unknown as { transitioned?: boolean }).transitioned);
    if (!moved || attempt === 3) return violations;
  }
}

/**
 * The screen's title once drawn (its one h1), and what axe finds on it. A toast left by the step
 * before (a code sent) is read by axe on the screen that showed it (`toasts: 'read'`); on the next
 * screens axe reads once it has gone, since one leaving fades through low contrast. An error toast
 * is a finding in itself: its text is reported.
 */
export async function checkScreen(page: Page, found: string[], where: string, toasts: 'read' | 'gone' = 'gone'): Promise<void> {
  await main(page).locator('h1').first().waitFor();
  // Let the screen's lists and grids finish drawing what they load.
  await page.waitForLoadState('networkidle');
  expect(await page.locator('h1').count(), `${where}: one h1`).toBe(1);
  if (toasts === 'gone') {
    const errors = await page.locator('.bp6-toast.bp6-intent-danger').allInnerTexts();
    found.push(...errors.map((text) => `${where}: an error toast: ${text.trim()}`));
    await expect.poll(() => page.locator('.bp6-toast').count(), { timeout: WAIT_MS, message: `${where}: the toasts leave` }).toBe(0);
  }
  found.push(...(await settledViolations(page)).map((violation) => `${where}: ${violation}`));
}

/** Opens a dialog with `opener`, runs axe over it, closes it with Esc: the focus is back on the opener. */
export async function checkDialog(page: Page, opener: Locator, found: string[], where: string, opened = dialogs(page).last()): Promise<void> {
  await opener.click();
  await opened.waitFor();
  await page.waitForLoadState('networkidle');
  found.push(...(await settledViolations(page)).map((violation) => `${where}: ${violation}`));
  await page.keyboard.press('Escape');
  await opened.waitFor({ state: 'hidden' });
  expect(await isFocused(opener), `${where}: the focus is back on its opener`).toBe(true);
}

/**
 * The visible tappable elements smaller than `min` on either side, with their text. A checkbox or a
 * switch is tapped on its label (its input is drawn by the label); a grid's cells are tapped to
 * select them. Hidden elements (a skip link off screen, Table2's copy of its headers) do not count.
 */
export function smallTargets(page: Page, min = TARGET): Promise<string[]> {
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
export function counted(lines: string[]): string[] {
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

/** How many first rows of the main area's tables have an action (a button or a link). */
const rowsWithActions = (page: Page) =>
  page.evaluate(() => Array.from(document.querySelectorAll('main table tbody tr:first-child')).filter((row) => row.querySelector('button, a[href]')).length);

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

type Kind = 'list' | 'grid' | 'other';

/** Waits until the main area's rows (or its empty state) are drawn, no spinner left; says what it shows. */
async function settled(page: Page): Promise<Kind> {
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

/** A list screen's table with rows (a list may be empty: the demo data whitelists nobody but the walk's own). */
const hasListRows = async (page: Page) => (await page.locator('main .console-list-table tbody tr').count()) > 0;

/**
 * The buttons that open a dialog on the screen: outside its tables each one, in a table its first
 * row's (every row's Edit opens the same dialog for another row).
 */
async function dialogOpeners(page: Page): Promise<Locator[]> {
  const pattern = /^(Add|Edit|Open|Upload|Make Payment Run)\b/;
  const names = await main(page).getByRole('button', { name: pattern }).evaluateAll((buttons) =>
    buttons.map((button) => ({ name: button.getAttribute('aria-label') ?? button.textContent?.trim() ?? '', inRow: Boolean(button.closest('tbody tr, .bp6-table-quadrant-main')) })));
  const openers: Locator[] = [];
  const seen = new Set<string>();
  for (const { name, inRow } of names) {
    const key = inRow ? `a row's ${name.split(' ')[0]}` : name;
    if (seen.has(key)) continue;
    seen.add(key);
    // Names come in the page's order: the first button of a row's name is the first row's.
    openers.push(main(page).getByRole('button', { name, exact: true }).first());
  }
  return openers;
}

/** A signed-in page of its own context, kept for the whole file. */
async function signedInPage(server: TestServer, context: BrowserContext): Promise<Page> {
  context.setDefaultTimeout(WAIT_MS);
  context.setDefaultNavigationTimeout(30_000);
  const page = await context.newPage();
  await openSignedIn(page, server, SUPER);
  return page;
}

export interface Walk {
  readonly server: TestServer;
  /** The desktop's page, signed in as a Super Admin, where the walk left it. */
  readonly desktop: Page;
  /** The tablet's page, the same. */
  readonly tablet: Page;
  /** Both devices' checks of one menu screen, their findings added to `found`. */
  walkScreen(item: MenuItem, found: WalkFindings): Promise<void>;
}

/**
 * Registers the file's set-up (a server with two whitelisted numbers, so Whitelists has rows; a
 * desktop and a tablet context of the worker's browser, each signed in) and returns the walk's
 * devices and its step: `walkScreen(item, found)`, both devices' checks of one menu screen.
 */
export function useScreenWalk(): Walk {
  let server: TestServer | undefined;
  let contexts: BrowserContext[] = [];
  const pages: Page[] = [];
  const verified = new Set<Page>();
  beforeAll(async () => {
    const [started, browser] = await Promise.all([startServer(backend, SIGNED_IN_SUITE), sharedBrowser()]);
    server = started;
    const token = await accessToken(server, SUPER);
    for (const msisdn of ['0241234567', '0201234567']) expect((await server.post('/admin/whitelist', { msisdn, country: 'GH' }, token)).status).toBe(201);
    contexts = await Promise.all([browser.newContext(DESKTOP), browser.newContext(TABLET)]);
    // One after the other: each sign-in reads the newest code sent to the account.
    for (const context of contexts) pages.push(await signedInPage(started, context));
  });
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await server?.stop();
  });

  const walk: Walk = {
    get server() {
      if (!server) throw new Error('no server: use it inside a test');
      return server;
    },
    get desktop() {
      return pages[0] as Page;
    },
    get tablet() {
      return pages[1] as Page;
    },
    async walkScreen(item, found) {
      await onDesktop(item, found);
      await onTablet(item, found);
    },
  };

  /** The REPORTS code, asked for before the first report screen of the page's session: read by axe on the desktop, then entered. */
  async function reportsCode(page: Page, found: WalkFindings, before: number): Promise<void> {
    await waitForPath(page, '/otp/reports');
    if (page === walk.desktop) await checkScreen(page, found.desktop, 'the REPORTS code', 'read');
    await page.locator('#otp').fill(await nextCode(walk.server, SUPER, 'REPORTS', before));
    await page.getByRole('button', { name: 'Verify' }).click();
    verified.add(page);
  }

  async function onDesktop(item: MenuItem, found: WalkFindings): Promise<void> {
    const page = walk.desktop;
    const screen = SCREENS[item.id as keyof typeof SCREENS];
    const before = await codeCount(walk.server, SUPER, 'REPORTS');
    await sideMenuOf(page).getByRole('menuitem', { name: item.label, exact: true }).click();
    // Which screen asks for the code is known from the declaration: the address passes through the
    // screen's own path before the guard replaces it, so reading it races.
    if (item.requiresReportsOtp && !verified.has(page)) await reportsCode(page, found, before);
    await waitForPath(page, TAB_PATHS[item.id as keyof typeof TAB_PATHS]);
    await page.getByRole('heading', { level: 1 }).filter({ hasNotText: 'Validate OTP' }).waitFor()
      .catch((error: Error) => { throw new Error(`${item.label}: no h1 (${error.message})`); });
    await checkScreen(page, found.desktop, item.label);
    const kind = await settled(page);
    found.kinds[kind].push(item.label);

    const grid = GRIDS.find((declared) => declared.id === screen.grid);
    if (grid) {
      // Its rows or its empty text, under the declaration's column labels, sortable ones as buttons.
      const region = page.getByRole('region', { name: grid.title, exact: true });
      await region.waitFor();
      const empty = (await page.getByText(grid.emptyText).count()) > 0;
      const sortable = (grid.columns as readonly GridColumn[]).find((column) => column.sortable !== false);
      if (!empty && sortable) await region.getByRole('button', { name: new RegExp(`^${sortable.label}`) }).first().waitFor();
    }
    if (kind === 'list' && (await hasListRows(page))) {
      found.desktopLists.push(item.label);
      found.desktop.push(...(await rowActionsOutside(page)).map((action) => `${item.label}: a row action outside the window: ${action}`));
      // A desktop's rows stay compact: the touch rules are not applied to a mouse.
      const rowHeight = await page.locator('main .console-list-table tbody tr').first().evaluate((row) => row.getBoundingClientRect().height);
      expect(rowHeight, `${item.label}'s row height with a mouse`).toBeLessThan(TARGET);
    }
    for (const opener of await dialogOpeners(page)) {
      if (!(await opener.isEnabled())) continue;
      const name = (await opener.getAttribute('aria-label')) ?? (await opener.innerText()).trim();
      await checkDialog(page, opener, found.desktop, `${item.label}, ${name}`);
    }
  }

  async function onTablet(item: MenuItem, found: WalkFindings): Promise<void> {
    const page = walk.tablet;
    const path = TAB_PATHS[item.id as keyof typeof TAB_PATHS];
    const before = await codeCount(walk.server, SUPER, 'REPORTS');
    await page.goto(`${walk.server.url}${path}${SCREENS[item.id as keyof typeof SCREENS].grid ? `?start=${yearAgo()}` : ''}`);
    if (item.requiresReportsOtp && !verified.has(page)) await reportsCode(page, found, before);
    await waitForPath(page, path);
    await page.getByRole('heading', { level: 1 }).filter({ hasNotText: 'Validate OTP' }).waitFor();
    const kind = await settled(page);
    found.tablet.push(...(await smallTargets(page)).map((target) => `${path}: ${target}`));
    if (kind !== 'list' || !(await hasListRows(page))) return;
    expect(await rowsWithActions(page), `${path} has rows with actions`).toBeGreaterThan(0);
    found.tablet.push(...(await rowActionsOutside(page)).map((action) => `${path}: a row action outside the window: ${action}`));
    // The page itself never scrolls sideways: only a table does, inside it.
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} fits the window`).toBeLessThanOrEqual(820);
    if (await scrollsSideways(page)) found.sideways.push(path);
    // The dialogs a list opens: its first row's Edit, its Add.
    const openers = [
      page.locator('main table tbody tr:first-child').getByRole('button', { name: /^Edit\b/ }).first(),
      main(page).getByRole('button', { name: /^Add\b/ }).first(),
    ];
    for (const opener of openers) {
      if ((await opener.count()) === 0 || !(await opener.isVisible())) continue;
      const name = (await opener.getAttribute('aria-label')) ?? (await opener.innerText()).trim();
      await opener.click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      // Measured once it has opened (Blueprint scales it in).
      await transitionsDone(page);
      found.tabletDialogs.push(`${path}: ${name}`);
      found.tablet.push(...(await smallTargets(page)).map((target) => `${path} '${name}': ${target}`));
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    }
  }

  return walk;
}

/** What a walk found: the problems of each device, and what it saw to hold the walk to its screens. */
export interface WalkFindings {
  desktop: string[];
  tablet: string[];
  kinds: Record<Kind, string[]>;
  /** The lists with rows, on the desktop. */
  desktopLists: string[];
  tabletDialogs: string[];
  /** The lists whose table is wider than the tablet. */
  sideways: string[];
}

export const newFindings = (): WalkFindings => ({ desktop: [], tablet: [], kinds: { list: [], grid: [], other: [] }, desktopLists: [], tabletDialogs: [], sideways: [] });

/** The side menu's drawer on the tablet: its items and the header's buttons are 44x44 px. */
export async function tabletMenuTargets(page: Page): Promise<string[]> {
  await openMenuDrawer(page);
  await sideMenuOf(page).getByRole('menuitem').first().waitFor();
  const small = (await smallTargets(page)).map((target) => `side menu: ${target}`);
  await page.keyboard.press('Escape');
  return small;
}
