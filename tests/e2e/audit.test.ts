// The Audit screen in Chromium (issue 35): a Super Admin opens it from the side menu, filters the
// trail by admin and by entity (both kept in the address), opens an entry's before and after, and
// exports the filtered trail as CSV; a write replayed from the outbox reads as made offline. Axe
// finds nothing on the screen nor in the popup. Screenshots at 1440x900 and 820x1180.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTBOX_QUEUED_AT_HEADER } from '../../src/contract/constants';
import { auditGrid } from '../../src/contract/grids';
import { axeViolations, gridPagerText, openScreen, openSignedIn, screenshot, toast, useBrowser, WAIT_MS } from '../support/browser';
import { backend, accessToken, startServer, type TestServer } from '../support/server';

const SUPER = 'super@demo.test';
const SECOND = 'super2@demo.test';

const trail = (page: Page) => page.getByRole('region', { name: 'Audit', exact: true });
/** The Summary column's cells on screen (after the rows' Open buttons' column). */
const SUMMARY = auditGrid.columns.findIndex((column) => column.key === 'summary') + 1;
const summaries = (page: Page) => page.locator(`.bp6-table-quadrant-main .bp6-table-cell.bp6-table-cell-col-${SUMMARY}:not(.bp6-table-cell-ghost)`).allInnerTexts();

describe('the Audit screen', { timeout: 180_000 }, () => {
  const b = useBrowser();
  let server: TestServer;
  let campaignName = '';
  const madeAt = new Date(Date.now() - 2 * 3_600_000).toISOString();

  beforeAll(async () => {
    server = await startServer(backend, { OTP_SEND_LIMIT_PER_15MIN: '100', ACCESS_TOKEN_TTL_SECONDS: '3600' });
    const superToken = await accessToken(server, SUPER);
    const secondToken = await accessToken(server, SECOND);
    // A campaign renamed, an event type added offline and replayed later, another by the second Super Admin.
    const campaigns = await server.get<{ data: Array<{ id: number; campaign_name: string }> }>('/admin/campaigns?page_size=0', superToken);
    const campaign = campaigns.body.data[0] as { id: number; campaign_name: string };
    campaignName = `${campaign.campaign_name} (renamed)`;
    expect((await server.request('PUT', `/service/campaigns/${campaign.id}/`, { body: { name: campaignName }, token: superToken })).status).toBe(200);
    const offline = await server.request('POST', '/admin/event_types', {
      body: { event: `offline_${randomUUID().slice(0, 6)}`, pretty: 'Shop visit' }, token: superToken, headers: { [OUTBOX_QUEUED_AT_HEADER]: madeAt },
    });
    expect(offline.status).toBe(201);
    expect((await server.post('/admin/event_types', { event: `second_${randomUUID().slice(0, 6)}`, pretty: 'Airtime top-up' }, secondToken)).status).toBe(201);
  });
  afterAll(async () => server?.stop());

  it('filters by admin and entity, opens an entry before and after, and exports CSV', async () => {
    const { page } = b;
    await page.setViewportSize({ width: 1440, height: 900 });
    await openSignedIn(page, server, SUPER);
    await openScreen(page, 'Audit', '/audit');
    await trail(page).waitFor();
    // The demo's own history (seed/history.ts) under this test's three changes, the newest.
    await expect.poll(async () => (await summaries(page)).slice(0, 3), { timeout: WAIT_MS }).toEqual(['Added Airtime top-up', 'Added Shop visit', 'Changed name']);
    expect(await gridPagerText(page)).not.toBe('Page 1 of 1 · 3 rows');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'audit-1440');

    // The second Super Admin's changes only.
    await page.getByRole('combobox', { name: 'Admin' }).selectOption({ label: 'Abena Owusu' });
    await page.waitForURL(/\/audit\?admin=\d+$/);
    await expect.poll(() => summaries(page), { timeout: WAIT_MS }).toEqual(['Added Airtime top-up']);

    // Every admin's event types: the one made offline says when it was made.
    await page.getByRole('combobox', { name: 'Admin' }).selectOption({ label: 'All admins' });
    await page.getByRole('combobox', { name: 'Entity' }).selectOption({ label: 'Event type' });
    await page.waitForURL(/\/audit\?entity=event_type$/);
    await expect.poll(() => summaries(page), { timeout: WAIT_MS }).toEqual(['Added Airtime top-up', 'Added Shop visit']);
    await expect.poll(() => gridPagerText(page), { timeout: WAIT_MS }).toBe('Page 1 of 1 · 2 rows');

    // The campaign's rename: its name before and after.
    await page.getByRole('combobox', { name: 'Entity' }).selectOption({ label: 'Campaign' });
    await page.waitForURL(/\/audit\?entity=campaign$/);
    await expect.poll(() => summaries(page), { timeout: WAIT_MS }).toEqual(['Changed name']);
    const opener = trail(page).getByRole('button', { name: /^Open / }).first();
    await opener.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('table', { name: 'Before and after' }).waitFor();
    await dialog.getByText(campaignName, { exact: true }).waitFor();
    // The name marked changed (and when and by whom it was last updated), the rest not.
    const changed = (await dialog.locator('tr.audit-entry-changed th').allInnerTexts()).map((text) => text.split('\n')[0]);
    expect(changed).toContain('name');
    expect(changed).not.toContain('id');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'audit-entry-1440');
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await dialog.waitFor({ state: 'detached' });
    // The focus is back on the button that opened it.
    await expect.poll(() => opener.evaluate((element) => element === document.activeElement), { timeout: WAIT_MS }).toBe(true);

    // The export: the filtered trail, one row.
    const downloaded = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const download = await downloaded;
    await toast(page, /^Download complete: audit_.*\.csv/).first().waitFor();
    const rows = Papa.parse<Record<string, string>>(await readFile(await download.path(), 'utf8'), { header: true, skipEmptyLines: true });
    expect(rows.data).toEqual([expect.objectContaining({ admin: 'Esi Amankwah', action: 'update', entity: 'Campaign', summary: 'Changed name', offline: 'No', made_at: '' })]);

    // Offline-made rows say so in the file too.
    await page.getByRole('combobox', { name: 'Entity' }).selectOption({ label: 'Event type' });
    await page.waitForURL(/\/audit\?entity=event_type$/);
    await expect.poll(() => gridPagerText(page), { timeout: WAIT_MS }).toBe('Page 1 of 1 · 2 rows');
    const second = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const file = Papa.parse<Record<string, string>>(await readFile(await (await second).path(), 'utf8'), { header: true, skipEmptyLines: true });
    expect(file.data.map((row) => [row.summary, row.offline, row.made_at])).toEqual([
      ['Added Airtime top-up', 'No', ''],
      ['Added Shop visit', 'Yes', madeAt.slice(0, 19).replace('T', ' ')],
    ]);
  });

  it('fits a tablet, the popup included', async () => {
    const { page } = b;
    await page.setViewportSize({ width: 820, height: 1180 });
    await openSignedIn(page, server, SUPER, '/audit?entity=event_type');
    await page.getByRole('heading', { name: 'Audit', exact: true }).waitFor();
    await expect.poll(() => gridPagerText(page), { timeout: WAIT_MS }).toBe('Page 1 of 1 · 2 rows');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(820);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'audit-820');
    await trail(page).getByRole('button', { name: /^Open / }).nth(1).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/^Yes, at /).waitFor();
    await screenshot(page, 'audit-entry-820');
  });
});
