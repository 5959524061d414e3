// Browser tests: headless Debian Chromium (/usr/bin/chromium) driven by playwright-core, against
// the console build (dist/console) served by a started server. One browser per test worker, a
// fresh context (no cookies, no localStorage) per test. No browser is ever downloaded.
import { createRequire } from 'node:module';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';
import { afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium';
import { storeSession } from './consoleSession';
import { signIn as signInByApi, type TestServer } from './server';

export const PASSWORD = 'Referral#2026';
export { CHROMIUM, CHROMIUM_ARGS };

const root = path.resolve(import.meta.dirname, '../..');
export const screenshotDir = path.join(root, 'tests/screenshots');

/** Generous waits: a 2-core machine running a server, Chromium and vitest at once. */
export const WAIT_MS = 20_000;
/** A date 400 days back (YYYY-MM-DD): a grid's start that takes in the whole demo year, whatever today's date. */
export const yearAgo = (): string => new Date(Date.now() - 400 * 86_400_000).toISOString().slice(0, 10);

/** A report grid's pager text as the user reads it: 'Page 1 of 3 · 120 rows'. */
export const gridPagerText = async (page: Page): Promise<string> =>
  (await page.getByRole('navigation', { name: 'Pages' }).locator('.report-grid-count').innerText()).trim();

/**
 * Waits until a report grid's pager names a page and no cell is loading; its pager text then. The
 * pager and the cells may still be the last answer's for a moment after a change: callers first
 * wait for what the change makes differ.
 */
export async function gridSettled(page: Page): Promise<string> {
  await expect.poll(() => gridPagerText(page), { timeout: WAIT_MS }).toMatch(/^Page \d+ of \d+ · [\d,]+ rows?$/);
  await expect.poll(() => page.locator('.bp6-table-quadrant-main .bp6-loading').count(), { timeout: WAIT_MS }).toBe(0);
  return gridPagerText(page);
}

/** The browser tests drive the built console; without it they cannot say anything. */
export function assertConsoleBuilt(): void {
  const index = path.join(root, 'dist/console/index.html');
  if (!existsSync(index)) {
    throw new Error(`The console is not built (${index} is missing): run npm run build first (npm test does it).`);
  }
}

export async function launchBrowser(): Promise<Browser> {
  assertConsoleBuilt();
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install Debian's chromium package (apt-get install chromium).`);
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

export interface BrowserSession {
  readonly browser: Browser;
  readonly context: BrowserContext;
  readonly page: Page;
}

let workerBrowser: Promise<Browser> | undefined;

/**
 * The test worker's browser: launched for the first file that asks, kept for the files the worker
 * runs after it (the browser project does not isolate its files, vitest.config.ts), and ended with
 * the worker (Chromium quits when its pipe to the worker closes). Each test has contexts of its own.
 */
export function sharedBrowser(): Promise<Browser> {
  workerBrowser ??= launchBrowser().then((browser) => {
    browser.on('disconnected', () => (workerBrowser = undefined));
    return browser;
  });
  return workerBrowser;
}

/**
 * Registers the hooks of a test file: the worker's browser, a fresh context and page for each
 * test. Read `page` inside tests (it changes per test). The service worker is blocked unless the
 * file is about it (`serviceWorkers: 'allow'`: offline reopening, updates, saved files): installed,
 * it precaches the whole console in every fresh context, most of a page boot's CPU in Chromium and
 * the server; tests/e2e/pwa.test.ts and offline.test.ts prove the worker itself.
 */
export function useBrowser(options: Pick<BrowserContextOptions, 'serviceWorkers'> = {}): BrowserSession {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  beforeAll(async () => {
    browser = await sharedBrowser();
  });
  beforeEach(async () => {
    context = await (browser as Browser).newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block', ...options });
    context.setDefaultTimeout(WAIT_MS);
    context.setDefaultNavigationTimeout(30_000);
    page = await context.newPage();
  });
  afterEach(async () => {
    await context?.close();
    context = undefined;
    page = undefined;
  });
  const missing = (what: string) => new Error(`no ${what}: use it inside a test`);
  return {
    get browser() {
      if (!browser) throw missing('browser');
      return browser;
    },
    get context() {
      if (!context) throw missing('context');
      return context;
    },
    get page() {
      if (!page) throw missing('page');
      return page;
    },
  };
}

/** The path of the page's URL (`/otp/login`), without origin or query. */
export const pathOf = (page: Page): string => new URL(page.url()).pathname;

/** Waits until the page is at `pathname` (exactly, query ignored). */
export async function waitForPath(page: Page, pathname: string, timeout = WAIT_MS): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname, { timeout, waitUntil: 'commit' });
}

/** A Blueprint toast showing `text`. */
export const toast = (page: Page, text: string | RegExp): Locator => page.locator('.bp6-toast', { hasText: text });

/** The side menu of the shell. */
export const sideMenuOf = (page: Page): Locator => page.getByRole('navigation', { name: 'Side menu' });

/** Opens a screen from the side menu and waits for its path and its heading (the menu label unless named). */
export async function openScreen(page: Page, menuLabel: string, screenPath: string, heading = menuLabel): Promise<void> {
  await openMenuDrawer(page);
  await sideMenuOf(page).getByRole('menuitem', { name: menuLabel, exact: true }).click();
  await waitForPath(page, screenPath);
  await page.getByRole('heading', { name: heading, exact: true }).waitFor();
}

/** The header's menu button: at a tablet's width the side menu is in a drawer behind it. */
export const menuButton = (page: Page): Locator => page.getByRole('button', { name: 'Menu', exact: true });

/** Opens the side menu's drawer when the screen is a tablet's (the menu is beside the page otherwise). */
export async function openMenuDrawer(page: Page): Promise<void> {
  if (await menuButton(page).isVisible()) {
    await menuButton(page).click();
    await sideMenuOf(page).waitFor();
  }
}

/** The labels of the side menu items, in order. */
export async function sideMenuLabels(page: Page): Promise<string[]> {
  const items = sideMenuOf(page).getByRole('menuitem');
  await items.first().waitFor();
  return (await items.allInnerTexts()).map((label) => label.trim());
}

/** The header's username (or 'Not logged in'). */
export const headerUser = (page: Page): Locator => page.getByTestId('username');

/** Waits for the outbox to hold a newer code for `to` and `otpType` than the `before` count. */
export async function nextCode(server: TestServer, to: string, otpType: string, before: number): Promise<string> {
  await expect
    .poll(async () => (await server.outbox()).filter((m) => m.to === to && m.otp_type === otpType).length, { timeout: WAIT_MS })
    .toBeGreaterThan(before);
  return server.latestCode(to, otpType);
}

/** How many codes of a type the outbox holds for an address. */
export async function codeCount(server: TestServer, to: string, otpType: string): Promise<number> {
  return (await server.outbox()).filter((m) => m.to === to && m.otp_type === otpType).length;
}

/** Fills the login form and clicks Log In (no wait). */
export async function submitLogin(page: Page, server: TestServer, username: string, password = PASSWORD): Promise<void> {
  if (pathOf(page) !== '/login' || !page.url().startsWith(server.url)) await page.goto(`${server.url}/login`);
  await page.locator('#email').fill(username);
  await page.locator('#password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

/**
 * Signs in through the UI: email and password, Log In, the LOGIN code from the outbox on
 * /otp/login, Verify; resolves once the shell shows the username in its header.
 */
export async function signIn(page: Page, server: TestServer, username: string, password = PASSWORD): Promise<void> {
  const before = await codeCount(server, username, 'LOGIN');
  await submitLogin(page, server, username, password);
  await waitForPath(page, '/otp/login');
  const code = await nextCode(server, username, 'LOGIN', before);
  await page.locator('#otp').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await sideMenuOf(page).or(menuButton(page)).waitFor();
  await headerUser(page).filter({ hasText: username }).waitFor();
}

/**
 * Opens `path` signed in without the UI, for tests about what comes after signing in: the same
 * sign-in over HTTP (password, LOGIN code from the outbox, login), its answer stored as the console
 * persists a session, then the page opened; resolves once the shell shows the username. The login
 * screens themselves are tested through the UI (`signIn`, tests/e2e/signin.test.ts).
 */
export async function openSignedIn(page: Page, server: TestServer, username: string, path = '/', password = PASSWORD): Promise<void> {
  const login = await signInByApi(server, username, password);
  if (login.status !== 200) throw new Error(`sign-in of ${username} failed: ${login.status} ${JSON.stringify(login.body)}`);
  await storeSession(page, server, login.body);
  await page.goto(`${server.url}${path}`);
  await sideMenuOf(page).or(menuButton(page)).waitFor();
  await headerUser(page).filter({ hasText: username }).waitFor();
}

/** The persisted session in localStorage ('persist:console'), parsed. */
export async function persistedSession(page: Page): Promise<{ access: string | null; refresh: string | null; user: unknown } | null> {
  const raw = await page.evaluate(() => localStorage.getItem('persist:console'));
  if (!raw) return null;
  const outer = JSON.parse(raw) as { session?: string };
  return outer.session ? (JSON.parse(outer.session) as { access: string | null; refresh: string | null; user: unknown }) : null;
}

/**
 * Whether this run saves screenshots: `SCREENSHOTS=1` (`npm run screenshots`). They are for a person
 * to look at, not checks, and a full-page PNG costs a second on this machine: the test loop leaves
 * them out, and the steps around them (toasts closed first) run either way.
 */
export const SAVES_SCREENSHOTS = process.env.SCREENSHOTS === '1';

/**
 * Saves a PNG under tests/screenshots/ (git-ignored) when the run saves screenshots, and returns its
 * path: the full page, or the window only (`windowOnly`), or one element (`of`). Transitions are
 * finished first; `withoutToasts` closes the toasts on screen first (always: what follows may count
 * on them gone).
 */
export async function screenshot(page: Page, name: string, options: { withoutToasts?: boolean; windowOnly?: boolean; of?: Locator } = {}): Promise<string> {
  if (options.withoutToasts) {
    // Close them as a person would, with their close button, and wait until they are gone.
    const toasts = page.locator('.bp6-toast');
    // A toast may close by itself under the click: a short timeout, not the page's 20 s, for each.
    for (const close of await page.locator('.bp6-toast button').all()) await close.click({ timeout: 1_000 }).catch(() => undefined);
    await expect.poll(() => toasts.count(), { timeout: WAIT_MS }).toBe(0);
  }
  const file = path.join(screenshotDir, name.endsWith('.png') ? name : `${name}.png`);
  if (!SAVES_SCREENSHOTS) return file;
  await mkdir(screenshotDir, { recursive: true });
  if (options.of) await options.of.screenshot({ path: file, animations: 'disabled' });
  else await page.screenshot({ path: file, fullPage: !options.windowOnly, animations: 'disabled' });
  return file;
}

/** Waits until the service worker controls the page, so a reload without a network still opens the console. */
export async function serviceWorkerControls(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      return Boolean(navigator.serviceWorker.controller);
    }), { timeout: WAIT_MS })
    .toBe(true);
}

/**
 * Waits until a queued report's row says Finished: the list refreshes itself every 30 seconds
 * while a report is in progress, so the page's clock is moved on (context.clock must be installed).
 */
export async function waitUntilFinished(context: BrowserContext, row: Locator): Promise<void> {
  await expect
    .poll(async () => {
      await context.clock.fastForward(30_000);
      // 'Finished', then what the file holds when the backend says ('162 rows, 24 KB').
      return row.getByRole('cell', { name: /^Finished( [\d,]+ rows?, [\d.]+ [KM]B)?$/ }).count();
    }, { timeout: 60_000, interval: 1_000 })
    .toBe(1);
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * What axe-core finds wrong on the page as it is now (WCAG 2.1 A and AA, and best practices), one
 * line per violation with the elements it names; empty when it finds nothing.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Array<{ id: string; help: string; nodes: Array<{ target: unknown[] }> }> }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
    return result.violations.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
  });
  return violations;
}
