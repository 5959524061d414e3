// The data saver in the browser (issue 18), at 1440x900 and 820x1180: switched on from the header,
// a grid asked for 100 rows a page shows 20 and offers no larger size, its download says its rows
// and size before it starts (and starts nothing when cancelled), and the setting shows the bytes
// this tab has used. Left to the device, a browser that asks to save data turns it on.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gridPagerText, openSignedIn, screenshot, useBrowser, WAIT_MS, yearAgo } from '../support/browser';
import { backend, startServer, type TestServer } from '../support/server';

const SUPER = 'super@demo.test';
const GRID = `/grids/agent-event-details?start=${yearAgo()}&size=100`;

async function turnOn(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Data saver: / }).click();
  await page.getByRole('group', { name: 'Data saver' }).locator('label', { hasText: /^On$/ }).click();
  await page.getByRole('button', { name: 'Data saver: on' }).waitFor();
}

describe('the data saver', { timeout: 90_000 }, () => {
  const b = useBrowser();
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(backend, { OTP_SEND_LIMIT_PER_15MIN: '100' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  for (const viewport of [{ width: 1440, height: 900 }, { width: 820, height: 1180 }]) {
    it(`at ${viewport.width}x${viewport.height}: switched on, keeps a grid to pages of 20 rows and asks before a download`, async () => {
      const { page } = b;
      await page.setViewportSize(viewport);
      await openSignedIn(page, server, SUPER, GRID);
      await expect.poll(() => gridPagerText(page), { timeout: WAIT_MS }).toMatch(/^Page 1 of \d+ · [\d,]+ rows$/);
      const [, pagesAt100] = /of (\d+)/.exec(await gridPagerText(page)) ?? [];

      await turnOn(page);
      const settings = page.getByRole('group', { name: 'Data saver' });
      await expect.poll(async () => Number((/([\d.]+) (KB|MB)/.exec(await settings.getByTestId('bytes-used').innerText()) ?? [])[1] ?? 0)).toBeGreaterThan(0);
      await screenshot(page, `data-saver-setting-${viewport.width}`, { withoutToasts: true });
      await page.keyboard.press('Escape');

      // The address still asks for 100; the grid shows pages of 20, and the larger sizes are not offered.
      await expect.poll(async () => /of (\d+)/.exec(await gridPagerText(page))?.[1]).not.toBe(pagesAt100);
      const sizes = page.getByRole('combobox', { name: 'Rows per page' });
      expect(await sizes.inputValue()).toBe('20');
      expect(await sizes.locator('option[value="100"]').isDisabled()).toBe(true);
      expect(await sizes.locator('option[value="0"]').isDisabled()).toBe(true);

      let downloads = 0;
      page.on('download', () => (downloads += 1));
      await page.getByRole('button', { name: 'Download CSV' }).click();
      const question = page.getByRole('alertdialog').filter({ hasText: /^This download is [\d,]+ rows, about [\d.]+ (KB|MB)\. Download it now\?/ });
      await question.waitFor();
      await screenshot(page, `data-saver-download-${viewport.width}`, { withoutToasts: true });
      await question.getByRole('button', { name: 'Cancel' }).click();
      await question.waitFor({ state: 'detached' });
      expect(downloads).toBe(0);
    });
  }

  it('left to the device, is on when the browser asks to save data', async () => {
    const { page } = b;
    await page.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: Object.assign(new EventTarget(), { saveData: true, effectiveType: '4g' }) }));
    await openSignedIn(page, server, SUPER, GRID);
    await page.getByRole('button', { name: 'Data saver: on' }).click();
    await page.getByText('Automatic (on: your browser asks to save data)').waitFor();
  });
});
