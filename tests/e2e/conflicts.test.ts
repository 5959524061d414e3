// Edit conflicts in the browser (issue 17, item 2): two Super Admins (the same account in two
// browsers) open the same event type; one saves, the other's Save shows the conflict panel, their
// values beside the current ones. Keep mine saves them on the current version (the server then
// holds them); Use theirs fills the form with the other's values and sends nothing, and the next
// Save is taken, not refused again. Screenshots at 1440x900 and 820x1180. One server for the file.
import type { Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListPage } from '../../src/contract/api';
import type { EventType } from '../../src/contract/entities';
import * as messages from '../../src/contract/messages';
import { openScreen, openSignedIn, screenshot, toast, useBrowser, WAIT_MS } from '../support/browser';
import { backend, accessToken, startServer, type TestServer } from '../support/server';

const SUPER = 'super@demo.test';
/** The event type edited: one per attempt, so that a retry starts from a row of its own. */
let KEY = 'conflict_bonus';

/** Opens Event Types, finds the row by its key and opens its dialog. */
async function openEventType(page: Page): Promise<Locator> {
  if (new URL(page.url()).pathname !== '/event-types') await openScreen(page, 'Event Types', '/event-types', 'Event Types');
  await page.getByLabel('Search Event types', { exact: true }).fill(KEY);
  const row = page.getByRole('table', { name: 'Event types' }).locator('tbody tr', { hasText: KEY });
  await row.click();
  const dialog = page.getByRole('dialog', { name: 'Edit event type' });
  await dialog.locator('#event-pretty').waitFor({ state: 'visible' });
  return dialog;
}

/**
 * Reloads the page and opens the row once the list read back from the device was asked for again:
 * opened before that, the row is the version read before the reload, and its Save is rightly refused.
 */
async function reloadAndOpenEventType(page: Page): Promise<Locator> {
  const refreshed = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return response.request().method() === 'GET' && url.pathname === '/admin/event_types' && url.searchParams.get('search') === KEY;
  });
  await page.reload();
  await page.getByLabel('Search Event types', { exact: true }).fill(KEY);
  await refreshed;
  return openEventType(page);
}

/** The PUTs of event types a page sends, as they go. */
function eventTypePuts(page: Page): Request[] {
  const puts: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && new URL(request.url()).pathname === '/admin/event_types') puts.push(request);
  });
  return puts;
}

/** Clicks `button` and returns the answer of the PUT it sends. */
async function answerOf(page: Page, button: Locator) {
  const answer = page.waitForResponse((response) => response.request().method() === 'PUT' && new URL(response.url()).pathname === '/admin/event_types');
  await button.click();
  return answer;
}

/** The Yours and Now cells of a field of the conflict panel. */
const cellsOf = async (panel: Locator, label: string): Promise<string[]> =>
  (await panel.getByRole('row').filter({ has: panel.page().getByRole('rowheader', { name: new RegExp(`^${label}`) }) }).getByRole('cell').allInnerTexts()).map(
    (text) => text.trim(),
  );

describe('edit conflicts in the browser', { timeout: 240_000 }, () => {
  const b = useBrowser();
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startServer(backend, { OTP_SEND_LIMIT_PER_15MIN: '100', ACCESS_TOKEN_TTL_SECONDS: '3600' });
    token = await accessToken(server, SUPER);
  });
  afterAll(async () => server?.stop());

  const stored = async (): Promise<EventType | undefined> =>
    (await server.get<ListPage<EventType>>(`/admin/event_types?search=${KEY}`, token)).body.data.find((row) => row.name === KEY);

  it("a Save that meets another admin's change shows both; Keep mine saves mine over it, Use theirs takes theirs and sends nothing, Cancel sends nothing", async ({ task }) => {
    KEY = `conflict_bonus_${task.result?.retryCount ?? 0}`;
    expect((await server.post('/admin/event_types', { event: KEY, pretty: 'Conflict Bonus' }, token)).status).toBe(201);
    const mine = b.page;
    await mine.setViewportSize({ width: 1440, height: 900 });
    const theirContext = await b.browser.newContext({ viewport: { width: 1440, height: 900 } });
    theirContext.setDefaultTimeout(WAIT_MS);
    const theirs = await theirContext.newPage();
    const myPuts = eventTypePuts(mine);
    try {
      await openSignedIn(mine, server, SUPER, '/event-types');
      await openSignedIn(theirs, server, SUPER, '/event-types');

      // Both open the row; the other admin saves first.
      const myDialog = await openEventType(mine);
      let theirDialog = await openEventType(theirs);
      await theirDialog.locator('#event-pretty').fill('Conflict Bonus (theirs)');
      expect((await answerOf(theirs, theirDialog.getByRole('button', { name: 'Save' }))).status()).toBe(200);
      await theirDialog.waitFor({ state: 'detached' });

      // My Save on the version I read: refused, and the panel shows both, field by field.
      await myDialog.locator('#event-pretty').fill('Conflict Bonus (mine)');
      const refused = await answerOf(mine, myDialog.getByRole('button', { name: 'Save' }));
      expect(refused.status()).toBe(409);
      const current = ((await refused.json()) as { current: EventType }).current;
      const panel = myDialog.getByRole('group', { name: 'Edit conflict' });
      await panel.waitFor();
      await panel.getByText(messages.recordChanged).waitFor();
      expect(await cellsOf(panel, 'Pretty name')).toEqual(['Conflict Bonus (mine)', 'Conflict Bonus (theirs)']);
      expect(await cellsOf(panel, 'Key')).toEqual([KEY, KEY]);
      expect(await panel.getByText('differs', { exact: true }).count()).toBe(1);
      // The panel says it: no error toast on top.
      expect(await toast(mine, messages.recordChanged).count()).toBe(0);
      await screenshot(mine, 'conflict-panel-1440');
      await mine.setViewportSize({ width: 820, height: 1180 });
      await screenshot(mine, 'conflict-panel-820');

      // Keep mine: my values, sent on the version the server has now, and taken.
      const kept = await answerOf(mine, panel.getByRole('button', { name: 'Keep mine' }));
      expect(kept.status()).toBe(200);
      expect(kept.request().postDataJSON()).toMatchObject({ pretty: 'Conflict Bonus (mine)', updated_at: current.updated_at });
      await myDialog.waitFor({ state: 'detached' });
      await toast(mine, `Event type ${KEY} saved`).first().waitFor();
      expect((await stored())?.pretty_name).toBe('Conflict Bonus (mine)');
      expect(myPuts).toHaveLength(2);

      // Again, both on the latest version; the other admin saves first once more.
      await mine.setViewportSize({ width: 1440, height: 900 });
      theirDialog = await reloadAndOpenEventType(theirs);
      const again = await openEventType(mine);
      expect(await again.locator('#event-pretty').inputValue()).toBe('Conflict Bonus (mine)');
      await theirDialog.locator('#event-pretty').fill('Conflict Bonus (theirs again)');
      expect((await answerOf(theirs, theirDialog.getByRole('button', { name: 'Save' }))).status()).toBe(200);

      await again.locator('#event-pretty').fill('Conflict Bonus (mine again)');
      expect((await answerOf(mine, again.getByRole('button', { name: 'Save' }))).status()).toBe(409);
      const second = again.getByRole('group', { name: 'Edit conflict' });
      await second.waitFor();
      expect(await cellsOf(second, 'Pretty name')).toEqual(['Conflict Bonus (mine again)', 'Conflict Bonus (theirs again)']);

      // Use theirs: the form shows the other's values, and nothing is sent.
      await second.getByRole('button', { name: 'Use theirs' }).click();
      await second.waitFor({ state: 'detached' });
      expect(await again.locator('#event-pretty').inputValue()).toBe('Conflict Bonus (theirs again)');
      await mine.waitForTimeout(500);
      expect(myPuts).toHaveLength(3);
      await screenshot(mine, 'conflict-use-theirs-1440', { withoutToasts: true });
      await mine.setViewportSize({ width: 820, height: 1180 });
      await screenshot(mine, 'conflict-use-theirs-820', { withoutToasts: true });
      expect((await stored())?.pretty_name).toBe('Conflict Bonus (theirs again)');

      // The next Save goes on the current version: taken, not refused again.
      expect((await answerOf(mine, again.getByRole('button', { name: 'Save' }))).status()).toBe(200);
      await again.waitFor({ state: 'detached' });

      // Cancel: a third conflict closes the dialog, sends nothing, and leaves theirs in place.
      theirDialog = await reloadAndOpenEventType(theirs);
      const third = await openEventType(mine);
      await theirDialog.locator('#event-pretty').fill('Conflict Bonus (theirs, third)');
      expect((await answerOf(theirs, theirDialog.getByRole('button', { name: 'Save' }))).status()).toBe(200);
      await third.locator('#event-pretty').fill('Conflict Bonus (mine, third)');
      expect((await answerOf(mine, third.getByRole('button', { name: 'Save' }))).status()).toBe(409);
      const puts = myPuts.length;
      await third.getByRole('group', { name: 'Edit conflict' }).getByRole('button', { name: 'Cancel' }).click();
      await third.waitFor({ state: 'detached' });
      await mine.waitForTimeout(500);
      expect(myPuts).toHaveLength(puts);
      expect((await stored())?.pretty_name).toBe('Conflict Bonus (theirs, third)');
    } finally {
      await theirContext.close();
    }
  });
});
