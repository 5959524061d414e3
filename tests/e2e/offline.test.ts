// The console on a bad connection, in the browser (DESIGN.md 'Offline'): screens already visited
// open offline from their last data under the 'Offline — data as of' banner; an edit made offline
// waits in the outbox (across a reload), shows as pending, is sent when the connection returns
// and is stored once; a replay that meets someone else's change is shown as refused with the
// server's message and can be edited again or discarded; logout warns, then clears the outbox and
// the caches. Offline is the browser's own (context.setOffline), or the server out of reach
// (its API paths aborted by the context's route), which also lets the page reload.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListPage } from '../../src/contract/api';
import type { EventType } from '../../src/contract/entities';
import * as messages from '../../src/contract/messages';
import { openScreen, pathOf, screenshot, serviceWorkerControls, sideMenuOf, signIn, toast, useBrowser, waitForPath, WAIT_MS } from '../support/browser';
import { backend, accessToken, startServer, type TestServer } from '../support/server';

const SUPER = 'super@demo.test';
const QUEUED = 'Saved offline — it will be sent when the connection returns';
const root = path.resolve(import.meta.dirname, '../..');
/** The PWA's service worker, which serves the app shell to a page reloaded without a network. */
const serviceWorkerBuilt = existsSync(path.join(root, 'dist/console/sw.js'));
/** The backends' paths: aborting them is a server out of reach, while the page itself still loads. */
const API_PATHS = /\/(api\/v1|admin|service)\//;

let sequence = 0;
const unique = (prefix: string) => `${prefix}_${Date.now().toString(36)}${++sequence}`;

const banner = (page: Page): Locator => page.getByRole('status', { name: 'Offline' });
const table = (page: Page): Locator => page.getByRole('table', { name: 'Event types' });
const rowOf = (page: Page, text: string): Locator => table(page).locator('tbody tr', { hasText: text });
const outboxButton = (page: Page): Locator => page.getByRole('button', { name: /^Outbox/ });

/** Types into the list's search and waits until the list holds that one row (read from the server, or kept). */
async function findEventType(page: Page, name: string): Promise<Locator> {
  await page.getByLabel('Search Event types', { exact: true }).fill(name);
  await page.getByText(/Page 1 of 1 · 1 row$/).waitFor();
  const rows = table(page).locator('tbody tr');
  await expect.poll(() => rows.count(), { timeout: WAIT_MS }).toBe(1);
  const row = rowOf(page, name);
  await row.waitFor();
  return row;
}

/** Opens the row's dialog, sets the pretty name, saves; the dialog closes (saved, or kept to send later). */
async function editPrettyName(page: Page, row: Locator, pretty: string): Promise<void> {
  await row.click();
  const dialog = page.getByRole('dialog', { name: 'Edit event type' });
  await dialog.locator('#event-pretty').waitFor({ state: 'visible' });
  await dialog.locator('#event-pretty').fill(pretty);
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** The persisted outbox of a user, as the page keeps it. */
async function storedOutbox(page: Page, username: string): Promise<Array<{ key: string; description: string; status: string }>> {
  const raw = await page.evaluate(() => localStorage.getItem('persist:console:outbox'));
  const outbox = raw ? (JSON.parse(raw) as { byUser?: Record<string, Array<{ key: string; description: string; status: string }>> }) : {};
  return outbox.byUser?.[username] ?? [];
}

describe('the console offline', { timeout: 180_000 }, () => {
  const b = useBrowser({ serviceWorkers: 'allow' });
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startServer(backend, { OTP_SEND_LIMIT_PER_15MIN: '100', ACCESS_TOKEN_TTL_SECONDS: '3600' });
    token = await accessToken(server, SUPER);
  });
  afterAll(async () => server?.stop());

  const eventTypesNamed = async (name: string): Promise<EventType[]> =>
    (await server.get<ListPage<EventType>>(`/admin/event_types?page_size=0&search=${name}`, token)).body.data.filter((row) => row.name === name);
  async function createEventType(name: string, pretty: string): Promise<EventType> {
    const created = await server.post<EventType>('/admin/event_types', { event: name, pretty }, token);
    expect(created.status).toBe(201);
    return created.body;
  }

  it('opens the screens visited online from their last data, under the offline banner, and drops the banner back online', async () => {
    const { page, context } = b;
    await signIn(page, server, SUPER);
    await openScreen(page, 'Event Types', '/event-types');
    await rowOf(page, 'sim_activation').waitFor();
    await openScreen(page, 'Countries', '/countries');
    await page.getByRole('table', { name: 'Countries' }).locator('tbody tr', { hasText: 'Ghana' }).waitFor();
    expect(await banner(page).count()).toBe(0);

    await context.setOffline(true);
    await banner(page).filter({ hasText: /^Offline — data as of / }).waitFor();
    await openScreen(page, 'Event Types', '/event-types');
    await rowOf(page, 'sim_activation').waitFor();
    await banner(page).waitFor();
    await openScreen(page, 'Countries', '/countries');
    await page.getByRole('table', { name: 'Countries' }).locator('tbody tr', { hasText: 'Ghana' }).waitFor();
    expect(await banner(page).innerText()).toMatch(/^Offline — data as of \S.+\d/);
    // A read that fails for want of a connection is not an error toast: the banner says it.
    expect(await toast(page, 'The server cannot be reached').count()).toBe(0);
    await screenshot(page, 'offline-banner', { withoutToasts: true });

    await context.setOffline(false);
    await banner(page).waitFor({ state: 'detached' });
  });

  it.skipIf(!serviceWorkerBuilt)('reloaded without a network, opens a visited screen from its last data, with the banner', async () => {
    const { page, context } = b;
    await signIn(page, server, SUPER);
    await openScreen(page, 'Event Types', '/event-types');
    await rowOf(page, 'sim_activation').waitFor();
    await serviceWorkerControls(page);

    await context.setOffline(true);
    // Chromium may let a request or two through right after the reload: the backends stay out of reach.
    await context.route(API_PATHS, (route) => route.abort('internetdisconnected'));
    await page.reload();
    await page.getByRole('heading', { name: 'Event Types', exact: true }).waitFor();
    await rowOf(page, 'sim_activation').waitFor();
    await banner(page).filter({ hasText: /^Offline — data as of / }).waitFor();
    await context.unroute(API_PATHS);
    await context.setOffline(false);
    await banner(page).waitFor({ state: 'detached' });
  });

  it('keeps an event type edited offline across a reload, shows it pending, and sends it once when the connection returns', async () => {
    const { page, context } = b;
    const name = unique('offline_edit');
    const added = unique('offline_add');
    await createEventType(name, 'Before');
    await signIn(page, server, SUPER);
    await openScreen(page, 'Event Types', '/event-types');
    // The worker registers after sign-in; the reload below needs it to serve the shell.
    if (serviceWorkerBuilt) await serviceWorkerControls(page);
    let row = await findEventType(page, name);
    await page.getByLabel('Search Event types', { exact: true }).fill('');
    await rowOf(page, 'sim_activation').waitFor();

    await context.setOffline(true);
    row = await findEventType(page, name);
    await editPrettyName(page, row, 'Edited offline');
    await toast(page, QUEUED).first().waitFor();
    await rowOf(page, 'Edited offline').getByText('pending', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Add event type' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add event type' });
    await dialog.locator('#event-key').fill(added);
    await dialog.locator('#event-pretty').fill('Added offline');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('list', { name: 'New, not sent yet' }).getByText(`Add event type ${added}`).waitFor();
    expect(await outboxButton(page).getAttribute('aria-label')).toBe('Outbox: 2 changes not sent');
    const queued = await storedOutbox(page, SUPER);
    expect(queued.map((entry) => entry.description)).toEqual([`Edit event type ${name}`, `Add event type ${added}`]);
    await screenshot(page, 'offline-pending', { withoutToasts: true });

    // A reload: without a network when the service worker serves the shell, else with the server
    // out of reach. The backends' paths are aborted in both cases: right after a reload Chromium lets
    // a request or two through before its offline emulation covers the new page.
    await context.route(API_PATHS, (route) => route.abort('internetdisconnected'));
    if (!serviceWorkerBuilt) await context.setOffline(false);
    await page.reload();
    await page.getByRole('heading', { name: 'Event Types', exact: true }).waitFor();
    await page.getByRole('list', { name: 'New, not sent yet' }).getByText(`Add event type ${added}`).waitFor();
    const reloaded = await findEventType(page, name);
    await reloaded.getByText('Edited offline').waitFor();
    await reloaded.getByText('pending', { exact: true }).waitFor();
    expect((await storedOutbox(page, SUPER)).map((entry) => entry.key)).toEqual(queued.map((entry) => entry.key));
    expect(await eventTypesNamed(name)).toMatchObject([{ pretty_name: 'Before' }]);
    expect(await eventTypesNamed(added)).toEqual([]);

    // The connection returns: an online event.
    await context.unroute(API_PATHS);
    await context.setOffline(true);
    await context.setOffline(false);
    await expect.poll(() => storedOutbox(page, SUPER), { timeout: WAIT_MS }).toEqual([]);
    await toast(page, `Sent: Edit event type ${name}`).first().waitFor();
    await expect.poll(async () => (await eventTypesNamed(name)).map((row) => row.pretty_name), { timeout: WAIT_MS }).toEqual(['Edited offline']);
    expect((await eventTypesNamed(added)).map((row) => row.pretty_name)).toEqual(['Added offline']);
    expect(await outboxButton(page).getAttribute('aria-label')).toBe('Outbox: nothing waiting');
    await rowOf(page, 'Edited offline').waitFor();
    expect(await rowOf(page, 'Edited offline').getByText('pending', { exact: true }).count()).toBe(0);
  });

  it('keeps a save the server never answered, with its key, across a reload, and sends it once the server answers again', async () => {
    const { page, context } = b;
    const name = unique('unreachable');
    await createEventType(name, 'Before');
    await signIn(page, server, SUPER);
    await openScreen(page, 'Event Types', '/event-types');
    const row = await findEventType(page, name);
    const keys: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && new URL(request.url()).pathname === '/admin/event_types') keys.push(request.headers()['idempotency-key'] ?? '');
    });

    // The browser is online, but the server cannot be reached: the save is cut off, and kept.
    // The context's route sees the service worker's requests too.
    await context.route(API_PATHS, (route) => route.abort('connectionrefused'));
    await editPrettyName(page, row, 'Sent later');
    await toast(page, QUEUED).first().waitFor();
    await banner(page).filter({ hasText: /^Offline — data as of / }).waitFor();
    const [entry] = await storedOutbox(page, SUPER);
    expect(entry?.description).toBe(`Edit event type ${name}`);

    await page.reload();
    await page.getByRole('heading', { name: 'Event Types', exact: true }).waitFor();
    const reloaded = await findEventType(page, name);
    await reloaded.getByText('pending', { exact: true }).waitFor();
    expect((await storedOutbox(page, SUPER)).map((kept) => kept.key)).toEqual([entry?.key]);

    // The server answers again: no online event, the outbox notices by itself.
    await context.unroute(API_PATHS);
    await expect.poll(() => storedOutbox(page, SUPER), { timeout: 60_000 }).toEqual([]);
    expect((await eventTypesNamed(name)).map((event) => event.pretty_name)).toEqual(['Sent later']);
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(new Set(keys)).toEqual(new Set([entry?.key]));
    await banner(page).waitFor({ state: 'detached' });
  });

  it("shows a replay refused for someone else's change with the server's message, and lets the admin edit it again or discard it", async () => {
    const { page, context } = b;
    const name = unique('conflict');
    const created = await createEventType(name, 'Original');
    await signIn(page, server, SUPER);
    await openScreen(page, 'Event Types', '/event-types');
    const row = await findEventType(page, name);

    // The dialog's code comes with its first opening, or from the worker's precache offline.
    if (serviceWorkerBuilt) await serviceWorkerControls(page);
    await context.setOffline(true);
    await editPrettyName(page, row, 'Mine, offline');
    await toast(page, QUEUED).first().waitFor();
    // Meanwhile someone changes the same row through the API.
    const theirs = await server.request<EventType>('PUT', '/admin/event_types', {
      token,
      body: { id: created.id, event: name, pretty: 'Theirs, via the API', updated_at: created.updated_at },
    });
    expect(theirs.status).toBe(200);

    await context.setOffline(false);
    await expect.poll(async () => (await storedOutbox(page, SUPER)).map((entry) => entry.status), { timeout: WAIT_MS }).toEqual(['failed']);
    await outboxButton(page).click();
    const panel = page.getByRole('region', { name: 'Outbox' });
    const entry = panel.getByRole('listitem', { name: `Edit event type ${name}` });
    await entry.getByText(messages.recordChanged).waitFor();
    await entry.getByText('Theirs, via the API').waitFor();
    await entry.getByText('refused', { exact: true }).waitFor();
    // Its choices: take theirs (the change dropped) or keep mine (sent on the current version).
    expect(await entry.getByRole('button', { name: 'Use theirs' }).isVisible()).toBe(true);
    expect(await entry.getByRole('button', { name: 'Keep mine' }).isVisible()).toBe(true);
    await screenshot(page, 'offline-conflict', { withoutToasts: true });
    // Nothing was overwritten.
    expect((await eventTypesNamed(name)).map((event) => event.pretty_name)).toEqual(['Theirs, via the API']);

    await entry.getByRole('button', { name: 'Edit and retry' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit event type' });
    await dialog.getByText(messages.recordChanged).waitFor();
    await dialog.getByText('Theirs, via the API').waitFor();
    expect(await dialog.locator('#event-pretty').inputValue()).toBe('Mine, offline');
    await dialog.getByRole('button', { name: 'Keep mine', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await toast(page, `Event type ${name} saved`).first().waitFor();
    expect((await eventTypesNamed(name)).map((event) => event.pretty_name)).toEqual(['Mine, offline']);
    await expect.poll(() => storedOutbox(page, SUPER)).toEqual([]);
  });

  it('warns at logout about changes not sent, then clears the outbox and the cached data', async () => {
    const { page, context } = b;
    const name = unique('logout');
    await createEventType(name, 'Kept until logout');
    await signIn(page, server, SUPER);
    await openScreen(page, 'Event Types', '/event-types');
    const row = await findEventType(page, name);
    // The dialog's code comes with its first opening, or from the worker's precache offline.
    if (serviceWorkerBuilt) await serviceWorkerControls(page);
    await context.setOffline(true);
    await editPrettyName(page, row, 'Never sent');
    await toast(page, QUEUED).first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('persist:console:api'))).toContain(name);

    await sideMenuOf(page).getByRole('menuitem', { name: 'Logout' }).click();
    const warning = page.getByRole('alertdialog').filter({ hasText: '1 change has not been sent yet. Log out and discard it?' });
    await warning.waitFor();
    // A dialog over the screen the user is on, not a blank page.
    expect(pathOf(page)).toBe('/event-types');
    expect(await page.getByRole('table', { name: 'Event types' }).isVisible()).toBe(true);
    await screenshot(page, 'offline-logout-warning');
    await warning.getByRole('button', { name: 'Stay signed in' }).click();
    await waitForPath(page, '/event-types');
    expect(await storedOutbox(page, SUPER)).toHaveLength(1);

    await sideMenuOf(page).getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Log out and discard' }).click();
    await waitForPath(page, '/login');
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    await expect.poll(() => storedOutbox(page, SUPER)).toEqual([]);
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('persist:console:api') ?? ''))
      .not.toContain(name);
    expect(await page.evaluate(async () => (typeof caches === 'undefined' ? [] : caches.keys()))).not.toContain('reference-data');
    // Offline, the login page says why it cannot sign in now.
    await page.getByText('You are offline. Signing in needs a connection').waitFor();
    await context.setOffline(false);
    expect((await eventTypesNamed(name)).map((event) => event.pretty_name)).toEqual(['Kept until logout']);
  });
});

describe('a dialog whose code has not been downloaded yet', { timeout: 120_000 }, () => {
  // No service worker (useBrowser's default): the first seconds after a first sign-in, before its precache is done.
  const b = useBrowser();
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(backend, { OTP_SEND_LIMIT_PER_15MIN: '100', ACCESS_TOKEN_TTL_SECONDS: '3600' });
  });
  afterAll(async () => server?.stop());

  it('says so offline, Close goes back to the list, and Reload opens it once back online', async () => {
    const { page, context } = b;
    await signIn(page, server, SUPER);
    await openScreen(page, 'Event Types', '/event-types');
    const row = await findEventType(page, 'sim_activation');

    await context.setOffline(true);
    await row.click();
    const alert = page.getByRole('alert').filter({ hasText: 'has not been downloaded to this device yet' });
    await alert.waitFor();
    for (const [width, height] of [[1440, 900], [820, 1180]] as const) {
      await page.setViewportSize({ width, height });
      await screenshot(page, `offline-dialog-not-downloaded-${width}`, { withoutToasts: true });
    }
    await alert.getByRole('button', { name: 'Close' }).click();
    await alert.waitFor({ state: 'detached' });
    await rowOf(page, 'sim_activation').waitFor();

    // Back online, the browser still holds the failed download: Reload asks again.
    await context.setOffline(false);
    await row.click();
    await alert.getByRole('button', { name: 'Reload' }).click();
    await page.getByRole('heading', { name: 'Event Types', exact: true }).waitFor();
    await (await findEventType(page, 'sim_activation')).click();
    const dialog = page.getByRole('dialog', { name: 'Edit event type' });
    await dialog.locator('#event-pretty').waitFor({ state: 'visible' });
  });
});
