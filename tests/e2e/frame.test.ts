// The shell's frame on a tablet and on a desktop (issue 17): the side menu under its group
// headings; at 820x1180 folded into a drawer behind the header's menu button, so a grid gets the
// whole width; at 1440x900 beside the page, foldable to icons, the choice kept across a reload.
// Screenshots of each at both sizes.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU_GROUPS } from '../../src/console/ground/screens';
import { menuButton, openSignedIn, pathOf, screenshot, sideMenuOf, useBrowser, waitForPath } from '../support/browser';
import { backend, startServer, type TestServer } from '../support/server';

const SUPER = 'super@demo.test';
const TABLET = { width: 820, height: 1180 };
const DESKTOP = { width: 1440, height: 900 };
const GRID = '/grids/agent-event-details';

/** A computed style of the first element a selector finds. */
const styleOf = (page: Page, selector: string, property: string) =>
  page.locator(selector).first().evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);

/** The width of an element on screen, in CSS pixels. */
const widthOf = async (page: Page, selector: string) => (await page.locator(selector).first().boundingBox())?.width ?? 0;

describe('the frame around the screens', { timeout: 90_000 }, () => {
  const b = useBrowser();
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(backend);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('at 820x1180 the menu is a drawer behind a button: the grid has the whole width, a choice closes the drawer', async () => {
    const { page } = b;
    await page.setViewportSize(TABLET);
    await openSignedIn(page, server, SUPER, GRID);
    await page.locator('.bp6-table-container').first().waitFor();
    expect(await sideMenuOf(page).count()).toBe(0);
    // The page spans the window (once the grid has measured itself: a scrollbar may come and go).
    await expect.poll(() => widthOf(page, '.console-main')).toBeGreaterThanOrEqual(TABLET.width - 16);
    await screenshot(page, 'frame-grid-820', { withoutToasts: true });

    await menuButton(page).click();
    const menu = sideMenuOf(page);
    await menu.waitFor();
    expect(await menu.getByRole('heading').allInnerTexts()).toEqual([...MENU_GROUPS]);
    expect(await menuButton(page).getAttribute('aria-expanded')).toBe('true');
    // Every item shows: the menu is not cut to a few items inside the drawer.
    expect(await menu.evaluate((nav) => nav.scrollHeight - nav.clientHeight)).toBeLessThanOrEqual(1);
    const logout = await menu.getByRole('menuitem', { name: 'Logout' }).boundingBox();
    expect((logout?.y ?? Infinity) + (logout?.height ?? 0)).toBeLessThanOrEqual(TABLET.height);
    await screenshot(page, 'frame-drawer-820', { withoutToasts: true });

    await menu.getByRole('menuitem', { name: 'Countries', exact: true }).click();
    await waitForPath(page, '/countries');
    await page.getByRole('heading', { name: 'Countries', exact: true }).waitFor();
    await expect.poll(() => sideMenuOf(page).count()).toBe(0);

    // Escape closes it too, leaving the user where they were.
    await menuButton(page).click();
    await sideMenuOf(page).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => sideMenuOf(page).count()).toBe(0);
    expect(pathOf(page)).toBe('/countries');
  });

  it('at 1440x900 the grouped menu sits beside the page, folds to icons, and stays folded after a reload', async () => {
    const { page } = b;
    await page.setViewportSize(DESKTOP);
    await openSignedIn(page, server, SUPER, GRID);
    await page.locator('.bp6-table-container').first().waitFor();
    const menu = sideMenuOf(page);
    expect(await menu.getByRole('heading').allInnerTexts()).toEqual([...MENU_GROUPS]);
    expect(await menuButton(page).count()).toBe(0);
    const unfolded = await widthOf(page, '.console-main');
    await screenshot(page, 'frame-menu-1440', { withoutToasts: true });
    // The UI kit's stylesheet and the console's layout over it, in that order: the kit's design
    // tokens, the shapes of its bar, buttons and menu, and the console's layout.
    expect(await styleOf(page, '.bp6-navbar', 'height')).toBe('50px');
    expect(await styleOf(page, '.console-header .bp6-button', 'border-radius')).toBe('4px');
    expect(await styleOf(page, '.console-header .bp6-button', 'min-height')).toBe('30px');
    expect(await styleOf(page, '.bp6-menu-header', 'border-top')).toBe('1px solid rgba(17, 20, 24, 0.15)');
    expect(await styleOf(page, '.console-side-menu', 'width')).toBe('220px');

    await page.getByRole('button', { name: 'Fold the menu to icons' }).click();
    await expect.poll(() => widthOf(page, '.console-side-menu')).toBeLessThanOrEqual(60);
    expect(await widthOf(page, '.console-main')).toBeGreaterThan(unfolded + 150);
    // Each icon keeps its item's name: for a screen reader, and as a tooltip.
    const countries = menu.getByRole('menuitem', { name: 'Countries', exact: true });
    expect(await countries.getAttribute('title')).toBe('Countries');
    await screenshot(page, 'frame-folded-1440', { withoutToasts: true });

    await page.reload();
    await page.locator('.bp6-table-container').first().waitFor();
    expect(await widthOf(page, '.console-side-menu')).toBeLessThanOrEqual(60);
    await countries.click();
    await waitForPath(page, '/countries');

    await page.getByRole('button', { name: 'Show the menu' }).click();
    await expect.poll(() => widthOf(page, '.console-side-menu')).toBeGreaterThan(200);
  });
});
