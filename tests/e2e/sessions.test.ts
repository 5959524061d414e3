// Signed-in devices in the browser (issue 31, item 6): one admin signed in on two browsers (two
// contexts, each through the login screens) sees both devices from the header's user menu, this one
// marked; signs the other out with the keyboard; the other's next action lands on the sign-in page.
// Buttons are 44 px at a tablet's width. Screenshots at 390x844 (a phone) and 1440x900.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as messages from '../../src/contract/messages';
import { devicesSignedOut, SIGNED_IN_DEVICES, THIS_DEVICE } from '../../src/contract/sessions';
import { axeViolations, headerUser, openScreen, pathOf, screenshot, sideMenuOf, signIn, toast, useBrowser, WAIT_MS, waitForPath } from '../support/browser';
import { backend, startServer, type TestServer } from '../support/server';

const ADMIN = 'agency@demo.test';
const PATH = '/signed-in-devices';
const PHONE = { width: 390, height: 844 };
const TABLET = { width: 820, height: 1180 };
const DESKTOP = { width: 1440, height: 900 };

const devicesList = (page: Page) => page.getByRole('list', { name: SIGNED_IN_DEVICES });
const cards = (page: Page) => devicesList(page).getByRole('listitem');

/** Presses Tab until `name`d button has the focus; how many presses it took (fails past `most`). */
async function tabTo(page: Page, name: RegExp, most = 12): Promise<number> {
  for (let presses = 1; presses <= most; presses++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement;
      return element instanceof HTMLElement ? element.getAttribute('aria-label') ?? element.innerText : '';
    });
    if (name.test(focused)) return presses;
  }
  throw new Error(`Tab never reached ${name}`);
}

describe('signed-in devices', { timeout: 180_000 }, () => {
  const b = useBrowser();
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(backend, { OTP_SEND_LIMIT_PER_15MIN: '100', OTP_SEND_LIMIT_PER_ADDRESS_15MIN: '1000' });
  });
  afterAll(async () => server?.stop());

  it('lists both browsers, this one marked; signing the other out sends its next action to the sign-in page', async () => {
    const mine = b.page;
    await mine.setViewportSize(DESKTOP);
    const otherContext = await b.browser.newContext({ viewport: DESKTOP });
    otherContext.setDefaultTimeout(WAIT_MS);
    const other = await otherContext.newPage();
    try {
      await signIn(other, server, ADMIN);
      await signIn(mine, server, ADMIN);

      // From the header's user menu.
      await headerUser(mine).click();
      await mine.getByRole('menu', { name: 'Your account' }).getByRole('menuitem', { name: SIGNED_IN_DEVICES }).click();
      await waitForPath(mine, PATH);
      await mine.getByRole('heading', { name: SIGNED_IN_DEVICES, exact: true }).waitFor();
      await expect.poll(() => cards(mine).count()).toBe(2);
      const [here, there] = [cards(mine).nth(0), cards(mine).nth(1)];
      expect(await here.getByRole('heading').innerText()).toBe('Chrome on Linux');
      expect(await here.innerText()).toContain(THIS_DEVICE);
      expect(await here.innerText()).toMatch(/Where from\s*127\.0\.0\.1/);
      expect(await there.innerText()).not.toContain(THIS_DEVICE);
      expect(await there.innerText()).toMatch(/Last used\s*\S/);
      await screenshot(mine, 'signed-in-devices-1440', { withoutToasts: true });
      expect(await axeViolations(mine)).toEqual([]);
      await mine.setViewportSize(PHONE);
      await screenshot(mine, 'signed-in-devices-390', { withoutToasts: true });
      expect(await axeViolations(mine)).toEqual([]);

      // A finger's room at a tablet's width.
      await mine.setViewportSize(TABLET);
      for (const button of await mine.locator('.signed-in-devices button').all()) {
        const box = await button.boundingBox();
        expect(box?.height, await button.innerText()).toBeGreaterThanOrEqual(44);
        expect(box?.width, await button.innerText()).toBeGreaterThanOrEqual(44);
      }

      // The keyboard alone: from the heading, Tab to the other device's Sign out, Enter.
      await mine.setViewportSize(DESKTOP);
      await mine.getByRole('heading', { name: SIGNED_IN_DEVICES, exact: true }).focus();
      expect(await tabTo(mine, /^Sign out Chrome on Linux, signed in/)).toBe(3); // all others, Log out, this one
      await mine.keyboard.press('Enter');
      await toast(mine, devicesSignedOut(1)).waitFor();
      await expect.poll(() => cards(mine).count()).toBe(1);
      expect(await mine.getByText('No other device is signed in.').isVisible()).toBe(true);
      // The focus stays on the page, on its heading.
      expect(await mine.evaluate(() => document.activeElement?.textContent)).toBe(SIGNED_IN_DEVICES);

      // The other browser's next action: its call answers 401, the refresh is refused, and it signs in again.
      await sideMenuOf(other).getByRole('menuitem', { name: 'Users', exact: true }).click();
      await waitForPath(other, '/login');
      await toast(other, messages.sessionExpired).waitFor();
      expect(pathOf(other)).toBe('/login');

      // This one goes on.
      await openScreen(mine, 'Users', '/users');
    } finally {
      await otherContext.close();
    }
  });
});
