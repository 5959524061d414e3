// Keyboard and screen reader (issue 34, item 3), in Chromium at 1440x900: every screen of the side
// menu (from the console's own declaration), a campaign's and an agency's own screen, and the
// header's screens each have one h1 and no axe violation of any impact; so have the dialogs those
// screens open (their Add and Edit dialogs, a grid row's popup, the payment run dialog, the outbox
// and the about menu), and closing one with Esc gives the focus back to its opener. The skip link
// is the first stop of Tab and moves the focus into main; the grid's scroll area takes the focus;
// a focused sort header shows its ring. One server and one signed-in page for the whole file.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sideMenu } from '../../src/console/ground/screens';
import { TAB_PATHS } from '../../src/console/ground/paths';
import { axeViolations, codeCount, headerUser, nextCode, openSignedIn, screenshot, sideMenuOf, useBrowser, WAIT_MS, waitForPath } from '../support/browser';
import { backend, SIGNED_IN_SUITE, startServer, type TestServer } from '../support/server';

const SUPER = 'super@demo.test';
const main = (page: Page) => page.locator('main');
const dialogs = (page: Page) => page.locator('[role="dialog"], [role="alertdialog"]');
const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

/**
 * Past Blueprint's transitions (a dialog opening, a toast coming or going): mid-fade, text is not yet
 * at its full contrast for axe.
 */
const transitionsDone = (page: Page) =>
  page.waitForFunction(() => !document.querySelector('[class*="-enter-active"], [class*="-appear-active"], [class*="-exit-active"]'));

/**
 * What axe finds once no transition runs: a toast may start fading out while axe reads the page, and
 * text mid-fade is not at its full contrast; then axe reads the page again.
 */
async function settledViolations(page: Page): Promise<string[]> {
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
async function checkScreen(page: Page, found: string[], where: string, toasts: 'read' | 'gone' = 'gone'): Promise<void> {
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
async function checkDialog(page: Page, opener: Locator, found: string[], where: string, opened = dialogs(page).last()): Promise<void> {
  await opener.click();
  await opened.waitFor();
  await page.waitForLoadState('networkidle');
  found.push(...(await settledViolations(page)).map((violation) => `${where}: ${violation}`));
  await page.keyboard.press('Escape');
  await opened.waitFor({ state: 'hidden' });
  expect(await isFocused(opener), `${where}: the focus is back on its opener`).toBe(true);
}

// One walk through every screen: 80 s alone on 2 cores, 135 to 260 s beside another browser test
// (lists.test.ts on a busy machine, 2026-11-29), so its time limit allows twice the worst seen.
describe('keyboard and screen reader', { timeout: 480_000, retry: 0 }, () => {
  const b = useBrowser();
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(backend, SIGNED_IN_SUITE);
  });
  afterAll(async () => server?.stop());

  it('every screen and every dialog it opens: one h1, no axe violation, the focus back on the opener', async () => {
    const { page } = b;
    await page.setViewportSize({ width: 1440, height: 900 });
    await openSignedIn(page, server, SUPER);
    const found: string[] = [];

    let reportsVerified = false;
    for (const item of sideMenu('Super Admin')) {
      if (item.id === 'logout') continue;
      const path = TAB_PATHS[item.id];
      const before = await codeCount(server, SUPER, 'REPORTS');
      await sideMenuOf(page).getByRole('menuitem', { name: item.label, exact: true }).click();
      // The first report screen asks for the code. Which one is known from the declaration: the
      // address passes through the screen's own path before the guard replaces it, so reading it races.
      if (item.requiresReportsOtp && !reportsVerified) {
        await waitForPath(page, '/otp/reports');
        await checkScreen(page, found, 'the REPORTS code', 'read');
        await page.locator('#otp').fill(await nextCode(server, SUPER, 'REPORTS', before));
        await page.getByRole('button', { name: 'Verify' }).click();
        reportsVerified = true;
      }
      await waitForPath(page, path);
      await page.getByRole('heading', { level: 1 }).filter({ hasNotText: 'Validate OTP' }).waitFor()
        .catch((error: Error) => { throw new Error(`${item.label}: no h1 (${error.message})`); });
      await checkScreen(page, found, item.label);

      // Its dialogs: the first Add, Edit and row-opening button of its list or grid.
      const buttons = main(page).getByRole('button', { name: /^(Add|Edit|Open|Upload|Make Payment Run)\b/ });
      const names = [...new Set(await buttons.evaluateAll((found) => found.map((button) => button.getAttribute('aria-label') ?? button.textContent?.trim() ?? '')))];
      for (const name of names) {
        const opener = main(page).getByRole('button', { name, exact: true }).first();
        if (!(await opener.isEnabled())) continue;
        await checkDialog(page, opener, found, `${item.label}, ${name}`);
      }
    }

    // A row's own screens.
    for (const [menu, screen, where] of [['Campaigns', /\/campaigns\/\d+$/, 'a campaign'], ['Agencies', /\/agencies\/\d+$/, 'an agency']] as const) {
      await sideMenuOf(page).getByRole('menuitem', { name: menu, exact: true }).click();
      await main(page).getByRole('table').getByRole('link').first().click();
      await page.waitForURL(screen);
      // The row's own screen is drawn once its h1 is no longer the list's.
      await main(page).getByRole('heading', { level: 1 }).filter({ hasNotText: menu }).waitFor();
      await checkScreen(page, found, where);
    }

    // The header's: saved reports, the outbox, the about menu, signed-in devices.
    await page.getByRole('button', { name: /^Saved for offline/ }).click();
    await checkScreen(page, found, 'Saved for offline');
    await checkDialog(page, page.getByRole('button', { name: /^Outbox/ }), found, 'the outbox', page.getByRole('region', { name: 'Outbox' }));
    await headerUser(page).click();
    await page.getByRole('menu', { name: 'Your account' }).getByRole('menuitem', { name: 'Signed-in devices' }).click();
    await checkScreen(page, found, 'Signed-in devices');
    await page.getByRole('button', { name: 'About' }).click();
    await page.getByRole('menu').last().waitFor();
    found.push(...(await settledViolations(page)).map((violation) => `the about menu: ${violation}`));
    await page.keyboard.press('Escape');

    expect(found).toEqual([]);
  });

  it('the skip link, the grid scroll area and a sort header by keyboard', async () => {
    const { page } = b;
    await page.setViewportSize({ width: 1440, height: 900 });
    await openSignedIn(page, server, SUPER, '/grids/agent-event-details');
    await page.getByRole('heading', { name: 'Agent Events Detail', level: 1 }).waitFor();

    // The first Tab from the top of the page reaches the skip link, shown; Enter puts the focus in main.
    await page.locator('body').focus();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    expect(await isFocused(skip)).toBe(true);
    expect((await skip.boundingBox())?.y).toBeGreaterThanOrEqual(0);
    await screenshot(page, 'a11y-skip-link-1440');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('console-main');

    // Tab on from main reaches a sort header (with its ring) and the grid's scroll area.
    const grid = page.getByRole('region', { name: 'Agent Events Detail', exact: true });
    await grid.locator('.report-grid-sort:visible').first().waitFor();
    let ring = false;
    let scroller = false;
    for (let presses = 0; presses < 60 && !(ring && scroller); presses++) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement;
        return { sort: element.classList.contains('report-grid-sort'), outline: getComputedStyle(element).outlineStyle, label: element.getAttribute('aria-label') };
      });
      if (focused.sort && !ring) {
        expect(focused.outline).not.toBe('none');
        ring = true;
        await screenshot(page, 'a11y-sort-header-focused-1440');
      }
      if (focused.label === 'Agent Events Detail: rows') scroller = true;
    }
    expect({ ring, scroller }).toEqual({ ring: true, scroller: true });
  });
});
