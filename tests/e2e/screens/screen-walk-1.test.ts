// The screen walk's first half (screenWalk.ts): every other screen of the side menu from Stats on,
// on a desktop and a tablet; then the tablet's menu drawer, and the keyboard's way through a grid
// (the skip link first, the grid's scroll area, a sort header's focus ring).
import { describe, expect, it } from 'vitest';
import { screenshot } from '../../support/browser';
import { counted, isFocused, newFindings, screensOfPart, tabletMenuTargets, useScreenWalk } from './screenWalk';

describe('the screen walk, first half', { timeout: 480_000 }, () => {
  const walk = useScreenWalk();

  it('every screen and its dialogs: one h1, no axe violation, the focus back on the opener; 44x44 px targets and row actions in reach on a tablet', async () => {
    const found = newFindings();
    for (const item of screensOfPart(0, 2)) await walk.walkScreen(item, found);
    found.tablet.push(...(await tabletMenuTargets(walk.tablet)));
    expect(found.kinds.list.length, 'lists walked').toBeGreaterThanOrEqual(3);
    expect(found.kinds.grid.length, 'grids walked').toBeGreaterThanOrEqual(3);
    expect(found.tabletDialogs.length, `dialogs opened on the tablet: ${found.tabletDialogs.join('; ')}`).toBeGreaterThanOrEqual(3);
    expect({ desktop: found.desktop, tablet: counted(found.tablet) }).toEqual({ desktop: [], tablet: [] });
  });

  it('the skip link, the grid scroll area and a sort header by keyboard', async () => {
    const page = walk.desktop;
    await page.goto(`${walk.server.url}/grids/agent-event-details`);
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
