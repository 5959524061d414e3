// What the login page costs a supervisor on a weak link (issue 18), counted by Chromium from a cold
// cache: its JavaScript and CSS on the wire within the budget, in at most LOGIN_REQUESTS responses
// (issue 54), every script and stylesheet compressed, the UI kit's stylesheet and zod not among
// them, and the form's schema fetched with the first key; then what signing in adds through the
// first list screen, and a whole first visit through each grid screen, against their own budgets.
// `npm run bench` prints the same figures (scripts/bench/transfer.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREEN_LIST, SCREENS } from '../../src/console/ground/screens';
import {
  firstVisitThrough, GRID_BUDGET, kb, LOGIN_BUDGET, LOGIN_REQUESTS, loginPageTransfers, recordTransfers, SIGNED_IN_BUDGET, signInThroughUsers,
} from '../../scripts/transferred';
import { useBrowser } from '../support/browser';
import { backend, SIGNED_IN_SUITE, startServer, type TestServer } from '../support/server';

/** Every grid screen of the registry (the Super Admin sees them all), and Audit, whose page draws its grid (not in GRIDS). */
const GRID_SCREENS = [...SCREEN_LIST.filter(([, screen]) => screen.grid).map(([, screen]) => screen.label), SCREENS.audit.label];

describe('the login page on the wire', { timeout: 60_000 }, () => {
  const b = useBrowser();
  let server: TestServer;
  beforeAll(async () => {
    // Signs the Super Admin in once for each grid screen: more codes than the default limit allows.
    server = await startServer(backend, SIGNED_IN_SUITE);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it(`moves at most ${LOGIN_BUDGET / 1000} KB of JavaScript and CSS in at most ${LOGIN_REQUESTS} responses, all of it compressed, without the UI kit or zod`, async () => {
    const { transfers, code } = await loginPageTransfers(b.browser, server.url);
    expect(code).toBeGreaterThan(20_000); // it did load the console
    expect(code).toBeLessThanOrEqual(LOGIN_BUDGET);
    expect(transfers.length, transfers.map((t) => new URL(t.url).pathname).join(' ')).toBeLessThanOrEqual(LOGIN_REQUESTS);
    const codeTransfers = transfers.filter((t) => t.type === 'Script' || t.type === 'Stylesheet');
    expect(codeTransfers.filter((t) => t.encoding !== 'br' && !t.url.endsWith('/config.js')).map((t) => t.url)).toEqual([]);
    // The stylesheets are the plain login one: no 36 KB Blueprint sheet blocks its first paint.
    const css = codeTransfers.filter((t) => t.type === 'Stylesheet');
    expect(css.reduce((sum, t) => sum + t.bytes, 0)).toBeLessThan(5_000);
    expect(codeTransfers.some((t) => /\/zod-/.test(t.url))).toBe(false);
  });

  it("fetches the form's schema with the first key, and then checks the email", async () => {
    const { page, context } = b;
    await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
    const typing = await recordTransfers(context, page);
    await page.locator('#email').pressSequentially('not-an-email');
    await page.locator('#password').click();
    await page.getByText('Please enter a valid email address').waitFor();
    expect((await typing.stop()).some((t) => /\/zod-/.test(t.url))).toBe(true);
  });

  it(`adds at most ${SIGNED_IN_BUDGET / 1000} KB from the first key to the first list screen (Users)`, async () => {
    const { page, context } = b;
    await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
    const transfers = await signInThroughUsers(context, page, () => server.latestCode('super@demo.test', 'LOGIN'));
    const bytes = transfers.reduce((sum, t) => sum + t.bytes, 0);
    expect(bytes).toBeGreaterThan(50_000); // the kit and the shell did arrive
    expect(bytes, `sign-in to Users moved ${kb(bytes)}`).toBeLessThanOrEqual(SIGNED_IN_BUDGET);
  });

  it(`moves at most ${GRID_BUDGET / 1000} KB from /login to the first rows of every grid screen`, { timeout: 30_000 * GRID_SCREENS.length }, async () => {
    expect(GRID_SCREENS.length).toBeGreaterThanOrEqual(10);
    const over: string[] = [];
    for (const screen of GRID_SCREENS) {
      const { transfers } = await firstVisitThrough(b.browser, server.url, () => server.latestCode('super@demo.test', 'LOGIN'), screen);
      const bytes = transfers.reduce((sum, t) => sum + t.bytes, 0);
      if (bytes > GRID_BUDGET) over.push(`${screen} ${kb(bytes)}`);
    }
    expect(over, `over ${kb(GRID_BUDGET)}`).toEqual([]);
  });
});
