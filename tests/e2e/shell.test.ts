// The signed-in console in the browser: the side menu of each admin role, the REPORTS code in
// front of report screens, routing signed out and signed in, logout, deep links and reloads,
// and the session's expiry (one shared token refresh, then the way back to /login).
import type { Page, Request, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as messages from '../../src/contract/messages';
import type { AdminRoleType } from '../../src/contract/roles';
import { sideMenu } from '../../src/console/ground/screens';
import {
  codeCount, headerUser, nextCode, openSignedIn, pathOf, persistedSession, screenshot, sideMenuLabels, sideMenuOf, signIn, useBrowser, WAIT_MS, waitForPath,
} from '../support/browser';
import { backend, startServer, type TestServer } from '../support/server';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const REFRESH = '/api/v1/auth/token/refresh/';
const LOGOUT = '/api/v1/auth/logout/';
const STATUS_TYPES = '/api/v1/status-types';
const TRANSLATIONS = '/api/v1/translations/';

/** Every request and response of a page, by path, from the moment it is called. */
function recordTraffic(page: Page) {
  const requests: Array<{ method: string; path: string }> = [];
  const responses: Array<{ method: string; path: string; status: number }> = [];
  const onRequest = (request: Request) => requests.push({ method: request.method(), path: new URL(request.url()).pathname });
  const onResponse = (response: Response) =>
    responses.push({ method: response.request().method(), path: new URL(response.url()).pathname, status: response.status() });
  page.on('request', onRequest);
  page.on('response', onResponse);
  return {
    requests,
    responses,
    requestsTo: (path: string) => requests.filter((r) => r.path === path),
    statusesOf: (path: string) => responses.filter((r) => r.path === path).map((r) => r.status),
    stop() {
      page.off('request', onRequest);
      page.off('response', onResponse);
    },
  };
}

/** Every path the main frame was at, client-side navigations included. */
function recordPaths(page: Page): string[] {
  const paths: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) paths.push(new URL(frame.url()).pathname);
  });
  return paths;
}

const users: Record<AdminRoleType, string> = {
  'Super Admin': 'super@demo.test',
  'Agency Admin': 'agency@demo.test',
  'Campaign Admin': 'campaign@demo.test',
};
const slug = (role: string) => role.toLowerCase().replace(/\s+/g, '-');

describe('the signed-in console', { timeout: 90_000 }, () => {
  const b = useBrowser();
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(backend, { OTP_SEND_LIMIT_PER_15MIN: '100', OTP_SEND_LIMIT_PER_ADDRESS_15MIN: '1000' });
  });
  afterAll(async () => server?.stop());

  for (const [role, username] of Object.entries(users) as Array<[AdminRoleType, string]>) {
    it(`shows a ${role} exactly the side menu of sideMenu('${role}'), in order`, async () => {
      const { page } = b;
      await openSignedIn(page, server, username);
      const expected = sideMenu(role).map((item) => item.label);
      expect(await sideMenuLabels(page)).toEqual(expected);
      // The stats tab greets the role it opened with.
      await page.getByText(`Signed in as ${role}.`, { exact: false }).waitFor();
      await screenshot(page, `shell-${slug(role)}`, { withoutToasts: true });
    });
  }

  it('asks for a REPORTS code before a report screen, once per session', async () => {
    const { page } = b;
    const username = users['Super Admin'];
    await openSignedIn(page, server, username);
    const before = await codeCount(server, username, 'REPORTS');
    await sideMenuOf(page).getByRole('menuitem', { name: 'Agent Event Report', exact: true }).click();
    await waitForPath(page, '/otp/reports');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/reports/agent-events');
    await page.getByText('Please check your EMAIL inbox for the REPORTS OTP').waitFor();
    const code = await nextCode(server, username, 'REPORTS', before);
    await screenshot(page, 'otp-reports');

    await page.locator('#otp').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await waitForPath(page, '/reports/agent-events');
    await page.getByRole('heading', { name: 'Agent Event Report' }).waitFor();
    await page.getByRole('button', { name: 'Generate' }).waitFor();
    await screenshot(page, 'report-agent-events', { withoutToasts: true });

    // A second visit (and another report) goes straight to the screen, and no code is sent.
    await sideMenuOf(page).getByRole('menuitem', { name: 'Stats', exact: true }).click();
    await waitForPath(page, '/');
    await sideMenuOf(page).getByRole('menuitem', { name: 'Agent Event Report', exact: true }).click();
    await waitForPath(page, '/reports/agent-events');
    await page.getByRole('button', { name: 'Generate' }).waitFor();
    await sideMenuOf(page).getByRole('menuitem', { name: 'Conversion Report', exact: true }).click();
    await waitForPath(page, '/reports/conversion');
    await page.getByRole('heading', { name: 'Conversion Report' }).waitFor();
    await sleep(500);
    expect(pathOf(page)).toBe('/reports/conversion');
    // A filter's error goes as soon as the filter is filled, before the next Generate.
    await page.getByRole('button', { name: 'Generate' }).click();
    const notGenerated = page.getByRole('alert', { name: 'Not generated' });
    await notGenerated.getByText(messages.agencyRequired).waitFor();
    await notGenerated.getByText(messages.startDateRequired).waitFor();
    const agency = page.getByRole('combobox', { name: 'Agency' });
    await agency.selectOption({ index: 1 });
    await notGenerated.getByText(messages.agencyRequired).waitFor({ state: 'detached' });
    expect(await notGenerated.getByText(messages.startDateRequired).count()).toBe(1);
    // The payment run report is a service report like the others.
    await sideMenuOf(page).getByRole('menuitem', { name: 'Payment Run Report', exact: true }).click();
    await waitForPath(page, '/reports/payment-runs');
    await page.getByRole('heading', { name: 'Payment Run Report' }).waitFor();
    await page.getByRole('button', { name: 'Generate' }).waitFor();
    expect(await codeCount(server, username, 'REPORTS')).toBe(before + 1);
  });

  it('signed out, sends an unknown path to /login', async () => {
    const { page } = b;
    await page.goto(`${server.url}/no/such/screen`);
    await waitForPath(page, '/login');
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    expect(await headerUser(page).innerText()).toContain(messages.notLoggedIn);
  });

  it('signed in, sends an unknown path to /logout, which ends the session and lands on /login saying why', async () => {
    const { page } = b;
    await signIn(page, server, users['Agency Admin']);
    const { refresh } = (await persistedSession(page)) ?? {};
    expect(refresh).toBeTruthy();
    const paths = recordPaths(page);
    const traffic = recordTraffic(page);
    await page.goto(`${server.url}/no/such/screen`);
    await waitForPath(page, '/login');
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    expect(paths).toContain('/logout');
    expect(paths.indexOf('/logout')).toBeLessThan(paths.lastIndexOf('/login'));
    await expect.poll(() => traffic.statusesOf(LOGOUT)).toEqual([200]);
    expect((await server.post(REFRESH, { refresh })).status).toBe(401);
    // The login page says why, so the sign-out does not feel like a crash; a reload forgets it.
    await page.getByRole('status').filter({ hasText: messages.signedOutUnknownPath }).waitFor();
    await screenshot(page, 'login-after-unknown-path');
    await page.reload();
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    expect(await page.getByText(messages.signedOutUnknownPath).count()).toBe(0);
  });

  it('signed in, says a screen closed to the role is closed and stays signed in (820x1180 and 1440x900)', async () => {
    const { page } = b;
    await signIn(page, server, users['Agency Admin']);
    const traffic = recordTraffic(page);
    for (const [width, height] of [[820, 1180], [1440, 900]] as const) {
      await page.setViewportSize({ width, height });
      await page.goto(`${server.url}/payments/pending`);
      await page.getByRole('heading', { level: 1, name: 'Pending Payments' }).waitFor();
      await page.getByText('Pending Payments is not open to an Agency Admin').waitFor();
      expect(new URL(page.url()).pathname).toBe('/payments/pending');
      await screenshot(page, `closed-to-role-${width}x${height}`);
    }
    expect(traffic.statusesOf(LOGOUT)).toEqual([]);
    await page.getByRole('link', { name: 'Go to Stats' }).click();
    await page.getByRole('heading', { level: 1, name: 'Stats' }).waitFor();
  });

  it('Logout ends the session: /login, no tokens kept, the refresh token revoked, Back does not return', async () => {
    const { page } = b;
    await signIn(page, server, users['Super Admin']);
    await expect.poll(async () => (await persistedSession(page))?.refresh ?? null).not.toBeNull();
    const { refresh } = (await persistedSession(page)) ?? {};
    expect((await persistedSession(page))?.access).toBeTruthy();

    await sideMenuOf(page).getByRole('menuitem', { name: 'Logout' }).click();
    await waitForPath(page, '/login');
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    expect(await headerUser(page).innerText()).toContain(messages.notLoggedIn);
    await expect.poll(async () => {
      const session = await persistedSession(page);
      return { access: session?.access ?? null, refresh: session?.refresh ?? null };
    }).toEqual({ access: null, refresh: null });
    const raw = (await page.evaluate(() => localStorage.getItem('persist:console'))) ?? '';
    expect(raw).not.toContain(refresh as string);

    const reused = await server.post(REFRESH, { refresh });
    expect(reused.status).toBe(401);

    await page.goBack();
    await sleep(500);
    await waitForPath(page, '/login');
    expect(await sideMenuOf(page).count()).toBe(0);
    expect(await headerUser(page).innerText()).toContain(messages.notLoggedIn);
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
  });

  it('keeps a deep link across a reload: /users stays on the Users page', async () => {
    const { page } = b;
    await signIn(page, server, users['Campaign Admin']);
    await page.goto(`${server.url}/users`);
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    expect(pathOf(page)).toBe('/users');
    expect(await headerUser(page).innerText()).toContain(users['Campaign Admin']);
    // The list came back from the server after the reload, with the Campaign Admin's own account.
    await page.getByRole('table', { name: 'Users' }).getByText(users['Campaign Admin']).waitFor();
    // The menu marks the screen the user is on.
    const active = sideMenuOf(page).locator('.bp6-active');
    expect(await active.innerText()).toBe('Users');
  });
});

describe('session expiry in the browser', { timeout: 90_000 }, () => {
  // No service worker (useBrowser's default), and it stays so: the page's own calls, as the base
  // query sends them; the worker would answer status types and languages from its cache
  // (stale-while-revalidate) and hide their 401s.
  const b = useBrowser();
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(backend, { ACCESS_TOKEN_TTL_SECONDS: '2' });
  });
  afterAll(async () => server?.stop());

  it('refreshes an expired access token once for the calls that fail together; a revoked session goes to /login', async () => {
    const { page } = b;
    const username = users['Super Admin'];
    await signIn(page, server, username);
    const first = await persistedSession(page);
    expect(first?.refresh).toBeTruthy();

    await sleep(3_000); // the 2-second access token has expired
    const traffic = recordTraffic(page);
    await page.reload();
    await headerUser(page).filter({ hasText: username }).waitFor();
    await expect.poll(() => traffic.statusesOf(STATUS_TYPES).at(-1), { timeout: WAIT_MS }).toBe(200);
    await expect.poll(() => traffic.statusesOf(TRANSLATIONS).at(-1), { timeout: WAIT_MS }).toBe(200);
    await sleep(500); // room for a late, second refresh to show up
    expect(pathOf(page)).toBe('/');
    expect(await sideMenuOf(page).count()).toBe(1);
    expect(traffic.requestsTo(REFRESH)).toHaveLength(1);
    expect(traffic.statusesOf(REFRESH)).toEqual([200]);
    // Both calls went out with the expired token and were answered once more after the refresh.
    expect(traffic.statusesOf(STATUS_TYPES)).toEqual([401, 200]);
    expect(traffic.statusesOf(TRANSLATIONS)).toEqual([401, 200]);
    traffic.stop();

    // The rotated refresh token is persisted; revoke it behind the console's back.
    await expect.poll(async () => (await persistedSession(page))?.refresh).not.toBe(first?.refresh);
    const current = (await persistedSession(page))?.refresh;
    expect(current).toBeTruthy();
    const revoked = await fetch(`${server.url}${LOGOUT}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh: current }),
    });
    expect(revoked.status).toBe(200);

    await sleep(3_000);
    const after = recordTraffic(page);
    await page.reload();
    await waitForPath(page, '/login');
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    expect(await headerUser(page).innerText()).toContain(messages.notLoggedIn);
    // The user is told why, once, although two calls failed.
    await expect.poll(() => page.getByText(messages.sessionExpired).count()).toBe(1);
    expect(after.statusesOf(REFRESH)).toEqual([401]);
    await expect.poll(async () => (await persistedSession(page))?.refresh ?? null).toBeNull();
    await screenshot(page, 'session-ended');
    after.stop();
  });
});
