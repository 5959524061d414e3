// Secure Reports in the browser (issue 16): an Agency Admin uploads a CSV for their agency's campaign
// (its first rows and row count previewed before it is sent, a progress bar while it goes), finds it
// in the list, and downloads it only after the 4-character code the server emailed them (read from
// the demo outbox), byte for byte; nothing of it is kept on the device. A Super Admin's report for
// another agency never shows in the Agency Admin's list, and the Super Admin reads the download
// ledger. Screenshots at 1440x900 and 820x1180.
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SecureAgencies } from '../../src/contract/api';
import * as messages from '../../src/contract/messages';
import { codeCount, nextCode, openSignedIn, screenshot, toast, useBrowser, WAIT_MS } from '../support/browser';
import { backend } from '../support/server';
import { useSignedInServer } from '../support/signedIn';

const AGENCY_ADMIN = 'agency@demo.test';
const SUPER = 'super@demo.test';

/** A CSV of payments as an agency's finance officer would receive it: a header and `rows` rows. */
const paymentsCsv = (rows: number, tag: string) =>
  ['agent_code,msisdn,amount,reference', ...Array.from({ length: rows }, (_, i) => `GH${String(i).padStart(6, '0')},23324${String(i).padStart(7, '0')},${(i % 90) + 10}.50,${tag}-${i}`)].join('\n') + '\n';

const table = (page: Page) => page.getByRole('table', { name: 'Secure reports' });
const rowOf = (page: Page, fileName: string) => table(page).locator('tbody tr', { hasText: fileName });

/** Uploads a CSV through the popup: the agency, then its campaign, the file, its preview, Upload. */
async function upload(page: Page, agency: string, campaign: string, name: string, content: string, rows: number): Promise<void> {
  await page.getByRole('button', { name: 'Upload A Report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload A Report' });
  await dialog.waitFor();
  expect(await dialog.getByRole('combobox', { name: 'Campaign' }).isDisabled()).toBe(true);
  await dialog.getByRole('combobox', { name: 'Agency' }).selectOption({ label: agency });
  await dialog.getByRole('combobox', { name: 'Campaign' }).selectOption({ label: campaign });
  await dialog.getByLabel('CSV file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content) });
  const preview = dialog.getByRole('table', { name: `First rows of ${name}` });
  await preview.waitFor();
  expect(await preview.locator('thead th').allInnerTexts()).toEqual(['agent_code', 'msisdn', 'amount', 'reference']);
  await dialog.getByText(`${rows.toLocaleString('en')} rows below the header`).waitFor({ timeout: WAIT_MS });
  await screenshot(page, `secure-upload-preview-${page.viewportSize()?.width}`);
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await toast(page, `${name} uploaded for ${agency}, ${campaign}`).waitFor({ timeout: WAIT_MS });
  await dialog.waitFor({ state: 'detached' });
}

describe('secure reports in the browser', { timeout: 180_000 }, () => {
  const b = useBrowser();
  const { server, tokens } = useSignedInServer(backend, ['super', 'agency']);
  let own: { agency: string; campaign: string };
  let foreign: { agency: string; campaign: string };
  beforeAll(async () => {
    const agencies = async (token: string) =>
      (await server.post<SecureAgencies>('/admin/get-secure-agencies', {}, token)).body.agencies.filter((a) => a.campaigns.length > 0);
    const mine = (await agencies(tokens.agency))[0];
    const other = (await agencies(tokens.super)).find((agency) => agency.id !== mine?.id);
    if (!mine?.campaigns[0] || !other?.campaigns[0]) throw new Error('the demo data holds no two agencies with campaigns');
    own = { agency: mine.agency_name, campaign: mine.campaigns[0].campaign_name };
    foreign = { agency: other.agency_name, campaign: other.campaigns[0].campaign_name };
  });

  it('an Agency Admin uploads a previewed CSV and downloads it only with the code the server emailed; nothing stays on the device', async () => {
    const { page } = b;
    await page.setViewportSize({ width: 1440, height: 900 });
    await openSignedIn(page, server, AGENCY_ADMIN, '/secure-reports');
    await page.getByRole('heading', { name: 'Secure Reports', exact: true }).waitFor();

    const name = 'payments-november.csv';
    const content = paymentsCsv(1_250, 'NOV');
    await upload(page, own.agency, own.campaign, name, content, 1_250);
    const row = rowOf(page, name);
    await row.waitFor();
    expect(await row.locator('td').allInnerTexts()).toEqual(
      expect.arrayContaining([expect.stringContaining(own.agency), expect.stringContaining(own.campaign), AGENCY_ADMIN]),
    );
    await screenshot(page, 'secure-reports-1440', { withoutToasts: true });

    // The code: asked for, sent to the admin's email, typed in.
    const before = await codeCount(server, AGENCY_ADMIN, 'SECURE_PAGES');
    await row.getByRole('button', { name: 'Download' }).click();
    const dialog = page.getByRole('dialog', { name: messages.secureReportEnterOtp });
    await dialog.waitFor({ timeout: WAIT_MS });
    const code = await nextCode(server, AGENCY_ADMIN, 'SECURE_PAGES', before);
    expect(code).toMatch(/^[A-Z2-9]{4}$/);
    // A wrong code is refused with the server's words, and the popup stays for another try.
    const wrong = code === 'AAAA' ? 'BBBB' : 'AAAA';
    await dialog.getByRole('textbox', { name: 'OTP' }).fill(wrong);
    await dialog.getByRole('button', { name: 'Download' }).click();
    await dialog.getByRole('alert', { name: 'Not downloaded' }).waitFor();
    await screenshot(page, 'secure-download-code-1440');
    // The attempt's 'Download started' went with its refusal.
    await expect.poll(() => toast(page, 'Download started').count(), { timeout: WAIT_MS }).toBe(0);
    // Any case will do.
    await dialog.getByRole('textbox', { name: 'OTP' }).fill(code.toLowerCase());
    const downloaded = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download' }).click();
    await toast(page, 'Download started').waitFor();
    const download = await downloaded;
    expect(download.suggestedFilename()).toBe(name);
    expect(await readFile(await download.path(), 'utf8')).toBe(content);
    await toast(page, /^Download complete: /).first().waitFor();

    // Never kept on the device: not in Saved for offline, not in the persisted store, not in a cache
    // (the console's own code under /assets/, a chunk named after the secure reports' modules, is no report).
    const kept = await page.evaluate(async (fileName) => {
      const stored = Object.keys(localStorage).map((key) => localStorage.getItem(key) ?? '').join('\n');
      const cached: string[] = [];
      for (const cacheName of await caches.keys()) {
        for (const request of await (await caches.open(cacheName)).keys()) cached.push(request.url);
      }
      return { inStorage: stored.includes(fileName), secureCached: cached.filter((url) => /secure/.test(url) && !new URL(url).pathname.startsWith('/assets/')) };
    }, name);
    expect(kept).toEqual({ inStorage: false, secureCached: [] });
    await page.getByRole('button', { name: /^Saved/ }).click();
    await expect.poll(async () => page.getByRole('table', { name: 'Saved reports' }).locator('tbody tr', { hasText: name }).count()).toBe(0);

    // Offline the page says so instead of showing the list.
    await page.goto(`${server.url}/secure-reports`);
    await table(page).waitFor();
    await b.context.setOffline(true);
    await page.getByText(messages.secureNeedsConnection).first().waitFor();
    expect(await table(page).count()).toBe(0);
    await screenshot(page, 'secure-reports-offline-1440');
    await b.context.setOffline(false);

    await page.setViewportSize({ width: 820, height: 1180 });
    await table(page).waitFor({ timeout: WAIT_MS });
    await screenshot(page, 'secure-reports-820', { withoutToasts: true });
  });

  it("a Super Admin's report for another agency stays out of the Agency Admin's list; the Super Admin reads the ledger", async () => {
    const { page } = b;
    await page.setViewportSize({ width: 820, height: 1180 });
    await openSignedIn(page, server, SUPER, '/secure-reports');
    const name = 'other-agency-payments.csv';
    await upload(page, foreign.agency, foreign.campaign, name, paymentsCsv(40, 'OTHER'), 40);
    await rowOf(page, name).waitFor();

    // The ledger of the Agency Admin's report: the code asked for, the refusal, the download.
    const theirs = rowOf(page, 'payments-november.csv');
    await theirs.getByRole('button', { name: 'Ledger' }).click();
    const ledger = page.getByRole('table', { name: /^Ledger of / });
    await ledger.waitFor();
    const text = await ledger.innerText();
    for (const what of ['Code requested', 'Refused', 'Downloaded', AGENCY_ADMIN]) expect(text).toContain(what);
    await screenshot(page, 'secure-ledger-820');
    await page.keyboard.press('Escape');

    await page.setViewportSize({ width: 1440, height: 900 });
    await openSignedIn(page, server, AGENCY_ADMIN, '/secure-reports');
    await rowOf(page, 'payments-november.csv').waitFor();
    expect(await rowOf(page, name).count()).toBe(0);
    const agencies = await table(page).locator('tbody tr td:nth-child(2)').allInnerTexts();
    expect(agencies.every((cell) => cell.startsWith(own.agency))).toBe(true);
  });
});
