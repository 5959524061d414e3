// The header at every width (issue 34, item 8): at 360, 412, 820 and 1440 px nothing in it overlaps
// anything else in it or the page's title and its Add button, and nothing reaches past the window.
// Below 600 px its buttons fold into the username's menu, where they keep their words.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSignedIn, screenshot, useBrowser } from '../support/browser';
import { backend, startServer, type TestServer } from '../support/server';

const SUPER = 'super@demo.test';
type Box = { name: string; x: number; y: number; width: number; height: number };

/** The boxes of the visible elements a locator finds, named for the failure message. */
async function boxesOf(locator: Locator, name: string): Promise<Box[]> {
  const boxes: Box[] = [];
  for (const [index, element] of (await locator.all()).entries()) {
    if (!(await element.isVisible())) continue;
    const box = await element.boundingBox();
    if (box && box.width > 0 && box.height > 0) boxes.push({ name: `${name} ${index}: ${(await element.innerText()).trim() || (await element.getAttribute('aria-label'))}`, ...box });
  }
  return boxes;
}

const overlap = (a: Box, b: Box) => a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;

/** Every pair of boxes that overlap, as 'a / b'. */
function overlaps(boxes: Box[]): string[] {
  const found: string[] = [];
  boxes.forEach((a, i) => boxes.slice(i + 1).forEach((b) => overlap(a, b) && found.push(`${a.name} / ${b.name}`)));
  return found;
}

async function layoutAt(page: Page, width: number): Promise<Box[]> {
  const header = page.getByRole('banner');
  return [
    ...(await boxesOf(header.locator('.bp6-navbar-heading'), 'title')),
    ...(await boxesOf(header.locator('button'), 'header button')),
    ...(await boxesOf(page.getByRole('heading', { name: 'Agents', exact: true }), 'page title')),
    ...(await boxesOf(page.getByRole('button', { name: 'Add agent' }), 'Add')),
  ].map((box) => {
    expect(box.x, `${box.name} starts inside the window at ${width} px`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${box.name} ends inside the window at ${width} px`).toBeLessThanOrEqual(width + 0.5);
    return box;
  });
}

describe('the header from a phone to a desktop', { timeout: 120_000 }, () => {
  const b = useBrowser();
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(backend);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it.each([360, 412, 820, 1440])('overlaps nothing at %i px', async (width) => {
    const { page } = b;
    await page.setViewportSize({ width, height: width < 600 ? 780 : 900 });
    await openSignedIn(page, server, SUPER, '/agents');
    await page.getByRole('button', { name: 'Add agent' }).waitFor();
    const boxes = await layoutAt(page, width);
    expect(overlaps(boxes), `at ${width} px`).toEqual([]);
    // The header is one line at every width: the page starts right below it.
    const header = await page.getByRole('banner').boundingBox();
    expect(header?.height).toBeLessThanOrEqual(60);
    await screenshot(page, `header-${width}`, { withoutToasts: true });

    const outbox = page.getByRole('button', { name: /^Outbox/ });
    if (width < 600) {
      // Folded: the username opens the buttons, with their words.
      expect(await outbox.isVisible()).toBe(false);
      await page.getByTestId('username').click();
      const fold = page.getByRole('group', { name: 'Header menu' });
      await fold.waitFor();
      for (const word of ['Data saver', 'Saved', 'Outbox', 'About', 'Signed-in devices']) await fold.getByText(word, { exact: true }).waitFor();
      await screenshot(page, `header-${width}-menu`, { withoutToasts: true });
      await fold.getByRole('button', { name: /^Outbox/ }).click();
      await page.getByRole('dialog', { name: /Outbox/ }).or(page.getByText(/nothing waiting|not sent/i).first()).waitFor();
    } else {
      await outbox.waitFor();
    }
  });
});
