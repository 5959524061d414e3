// The Stats tab in Chromium (issue 35): the first screen after signing in, for a Super Admin, an
// Agency Admin and a Campaign Admin; a figure's and a chart's link open the grid with the same
// filters in the address, showing the same count; axe finds nothing on it, tables behind the charts
// open; screenshots at 1440x900, 820x1180 and 390 wide, looked at.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toRequestDate } from '../../src/contract/dates';
import { TAB_PATHS } from '../../src/console/ground/paths';
import { axeViolations, gridSettled, openScreen, openSignedIn, screenshot, signIn, useBrowser, WAIT_MS, waitForPath, yearAgo } from '../support/browser';
import { backend, accessToken, startServer, type TestServer } from '../support/server';

const SUPER = 'super@demo.test';
const ACCOUNTS = { 'Super Admin': SUPER, 'Agency Admin': 'agency@demo.test', 'Campaign Admin': 'campaign@demo.test' } as const;
const today = () => new Date().toISOString().slice(0, 10);
const YEAR = () => `/?start=${yearAgo()}&end=${today()}`;

const figures = (page: Page) => page.locator('.stats-figures');
/** The text of a figure's value (its first line for an amount). */
const figureValue = (page: Page, label: string) => figures(page).locator('.stats-figure', { has: page.getByText(label, { exact: true }) }).locator('.stats-figure-value').first();
/** The grid's row count, once its pager names a page and no cell is loading. */
async function gridCount(page: Page): Promise<string> {
  return /· ([\d,]+) rows?$/.exec(await gridSettled(page))?.[1] ?? '';
}
async function statsDrawn(page: Page): Promise<void> {
  await page.getByRole('heading', { name: 'Stats', level: 1 }).waitFor();
  await page.locator('.stats-attention').waitFor();
  await figures(page).waitFor();
  // The charts come as their section nears the window.
  await page.locator('#stats-charts-title').scrollIntoViewIfNeeded();
  await page.locator('.stats-charts').waitFor();
  await page.getByRole('region', { name: 'What changed' }).locator('ol, .bp6-non-ideal-state').first().waitFor();
  await page.waitForLoadState('networkidle');
}
const dayCountName = (day: string | null) => `events on ${toRequestDate(day ?? '')}`;
/** Nothing of the page's own sticks out of it sideways. */
const overflowsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

describe('the Stats tab', { timeout: 180_000 }, () => {
  const b = useBrowser();
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(backend, { OTP_SEND_LIMIT_PER_15MIN: '100', ACCESS_TOKEN_TTL_SECONDS: '3600' });
  });
  afterAll(async () => server?.stop());

  it.each(Object.entries(ACCOUNTS))('%s: is the first screen after signing in, its figures scoped to them', async (role, account) => {
    const { page, context } = b;
    await context.clearCookies();
    await page.goto(`${server.url}/login`);
    await page.evaluate(() => localStorage.clear());
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, server, account);
    expect(new URL(page.url()).pathname).toBe('/');
    await statsDrawn(page);
    expect(await page.locator('h1').count()).toBe(1);
    await expect.poll(() => page.getByText(`Signed in as ${role}`, { exact: false }).count()).toBe(1);
    for (const heading of ['Needs attention', 'Figures for the period', 'Charts for the period']) await page.getByRole('heading', { name: heading, level: 2 }).waitFor();
    await figureValue(page, 'Events').waitFor();
    // A role sees links to the screens it sees only: a Super Admin's fraud figure links to Fraud Events.
    const fraudLink = figureValue(page, 'Fraud events').getByRole('link');
    expect(await fraudLink.count()).toBe(role === 'Super Admin' ? 1 : 0);
    await page.goto(`${server.url}${YEAR()}`);
    await statsDrawn(page);
    await screenshot(page, `stats-${role.toLowerCase().replace(' ', '-')}-1440x900`);
  });

  it("a figure's link and a chart's link open their grid with the same filters and the same count", async () => {
    const { page } = b;
    await page.setViewportSize({ width: 1440, height: 900 });
    await openSignedIn(page, server, SUPER, YEAR());
    await statsDrawn(page);

    // Events: the figure's link opens Agent Events Detail over the period.
    const events = (await figureValue(page, 'Events').innerText()).trim();
    await figureValue(page, 'Events').getByRole('link').click();
    await waitForPath(page, TAB_PATHS.agenteventdetailsgrid);
    expect(new URL(page.url()).searchParams.get('start')).toBe(yearAgo());
    expect(new URL(page.url()).searchParams.get('end')).toBe(today());
    expect(await gridCount(page)).toBe(events);
    await page.goBack();
    await statsDrawn(page);

    // The fraud chart's table: a campaign's fraud events open Fraud Events filtered by that campaign.
    const fraud = page.getByRole('figure', { name: 'Fraud events per 1,000 events' });
    await fraud.getByText('Show the table').click();
    const firstLink = fraud.getByRole('table').getByRole('link', { name: /fraud events in/ }).first();
    const count = (await firstLink.innerText()).trim();
    await firstLink.click();
    await waitForPath(page, TAB_PATHS.agentfraudreport);
    expect(new URL(page.url()).searchParams.get('campaign')).toMatch(/^\d+$/);
    expect(await gridCount(page)).toBe(count);
    await page.goBack();
    await statsDrawn(page);

    // A click on a day's column opens that day's events (the mouse's way: the table holds the same link).
    const chart = page.getByRole('figure', { name: 'Events per day' });
    const bar = chart.locator('.stats-bar[data-href]').last();
    const day = new URL(`${server.url}${await bar.getAttribute('data-href')}`).searchParams.get('start');
    await chart.getByText('Show the table').click();
    const dayTotal = chart.getByRole('table').getByRole('link', { name: `${dayCountName(day)}`, exact: false });
    const dayCount = (await dayTotal.innerText()).trim();
    await bar.click();
    await waitForPath(page, TAB_PATHS.agenteventdetailsgrid);
    expect(new URL(page.url()).searchParams.get('start')).toBe(day);
    expect(new URL(page.url()).searchParams.get('end')).toBe(day);
    expect(await gridCount(page)).toBe(dayCount);
    await page.goBack();
    await statsDrawn(page);

    // An amount due opens Agent Payments' due rows in its currency alone, the filter shown.
    const due = page.getByRole('region', { name: 'Amounts due and paid, per currency' }).getByRole('link', { name: /^Amount due: GHS / });
    await due.click();
    await waitForPath(page, TAB_PATHS.agentpayreport);
    expect(Object.fromEntries(['paid', 'currency'].map((name) => [name, new URL(page.url()).searchParams.get(name)]))).toEqual({ paid: '0', currency: 'GHS' });
    expect(Number((await gridCount(page)).replace(/,/g, ''))).toBeGreaterThan(0);
    expect(await page.locator('#grid-currency').inputValue()).toBe('GHS');
    expect(await page.locator('.bp6-table-cell').filter({ hasText: /^(?!GHS)[A-Z]{3} [\d,.]+$/ }).count()).toBe(0);
    await page.goBack();
    await statsDrawn(page);

    // The payments held back open Pending Payments' held rows, blacklisted agents' among them.
    await page.getByRole('link', { name: /due payments? held back from runs$/ }).click();
    await waitForPath(page, TAB_PATHS.payments);
    expect(Object.fromEntries(['holds', 'blacklisted'].map((name) => [name, new URL(page.url()).searchParams.get(name)]))).toEqual({ holds: 'held_back', blacklisted: '1' });
    expect(Number((await gridCount(page)).replace(/,/g, ''))).toBeGreaterThan(0);
    await screenshot(page, 'stats-held-back-pending-payments-1440x900');
  });

  it('What changed lists the latest change, and a Super Admin follows it to the Audit screen', async () => {
    const { page } = b;
    const token = await accessToken(server, SUPER);
    const campaigns = await server.get<{ data: Array<{ id: number; campaign_name: string }> }>('/admin/campaigns?page_size=0', token);
    const campaign = campaigns.body.data[0] as { id: number; campaign_name: string };
    const renamed = `${campaign.campaign_name} (stats)`;
    expect((await server.request('PUT', `/service/campaigns/${campaign.id}/`, { body: { name: renamed }, token })).status).toBe(200);

    await page.setViewportSize({ width: 1440, height: 900 });
    await openSignedIn(page, server, SUPER);
    await statsDrawn(page);
    const changes = page.getByRole('region', { name: 'What changed' });
    const newest = changes.getByRole('listitem').first();
    await expect.poll(async () => (await newest.innerText()).replace(/\s+/g, ' '), { timeout: WAIT_MS }).toContain(`Campaign ${campaign.id}: Changed name`);
    await newest.getByRole('link', { name: `Campaign ${campaign.id}` }).click();
    await waitForPath(page, TAB_PATHS.audit);
    expect(new URL(page.url()).searchParams.get('entity')).toBe('campaign');
    await page.getByRole('region', { name: 'Audit', exact: true }).getByText('Changed name').first().waitFor();
  });

  it.each([[1440, 900], [820, 1180]])('takes its period as the grids do, DD-MMM-YYYY typed or picked in a calendar, at %ix%i', async (width, height) => {
    const { page } = b;
    await page.setViewportSize({ width, height });
    await openSignedIn(page, server, SUPER, '/?start=2026-10-01&end=2026-10-31');
    const start = page.getByLabel('Start Date', { exact: true });
    await expect.poll(() => start.inputValue()).toBe('01-Oct-2026');
    expect(await page.getByLabel('End Date', { exact: true }).inputValue()).toBe('31-Oct-2026');
    await start.fill('15-Oct-2026');
    await start.press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('start')).toBe('2026-10-15');
    await page.getByRole('button', { name: 'End Date: choose in a calendar' }).click();
    const calendar = page.locator('.bp6-datepicker');
    await calendar.getByText('October 2026').waitFor();
    await screenshot(page, `stats-period-calendar-${width}x${height}`);
    await calendar.getByRole('gridcell', { name: '20', exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('end')).toBe('2026-10-20');
    expect(await page.getByLabel('End Date', { exact: true }).inputValue()).toBe('20-Oct-2026');
    await calendar.waitFor({ state: 'detached' });
    expect(await overflowsSideways(page)).toBe(false);
  });

  it('opens offline from its last answers, under the offline banner', async () => {
    const { page, context } = b;
    await page.setViewportSize({ width: 1440, height: 900 });
    await openSignedIn(page, server, SUPER, YEAR());
    await statsDrawn(page);
    const events = (await figureValue(page, 'Events').innerText()).trim();
    await openScreen(page, 'Users', TAB_PATHS.admins);
    await context.setOffline(true);
    try {
      await openScreen(page, 'Stats', '/');
      // The tab comes back to the period it was left with, and shows that period's last answers.
      await expect.poll(() => new URL(page.url()).searchParams.get('start'), { timeout: WAIT_MS }).toBe(yearAgo());
      await expect.poll(async () => (await figureValue(page, 'Events').innerText()).trim(), { timeout: WAIT_MS }).toBe(events);
      await page.locator('.console-offline-banner').filter({ hasText: /^Offline — data as of / }).waitFor();
      await page.locator('#stats-charts-title').scrollIntoViewIfNeeded();
      await page.getByRole('figure', { name: 'Events per day' }).waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, 'stats-offline-1440x900', { windowOnly: true });
      await page.setViewportSize({ width: 820, height: 1180 });
      await screenshot(page, 'stats-offline-820x1180', { windowOnly: true });
    } finally {
      await context.setOffline(false);
    }
  });

  it('axe finds nothing, with the tables open; nothing sticks out at 820x1180 and 390 wide', async () => {
    const { page } = b;
    await page.setViewportSize({ width: 1440, height: 900 });
    await openSignedIn(page, server, SUPER, YEAR());
    await statsDrawn(page);
    for (const summary of await page.getByText('Show the table').all()) await summary.click();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'stats-tables-1440x900');
    // The first screen as it looks, and the charts, at the size each is looked at.
    for (const summary of await page.getByText('Show the table').all()) await summary.click();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'stats-first-screen-1440x900', { windowOnly: true });
    const charts = await page.locator('.stats-chart').all();
    for (const [index, chart] of charts.slice(0, 3).concat(charts.slice(-2)).entries()) await screenshot(page, `stats-chart-${index}-1440`, { of: chart });

    await page.setViewportSize({ width: 820, height: 1180 });
    await statsDrawn(page);
    expect(await overflowsSideways(page)).toBe(false);
    await screenshot(page, 'stats-820x1180');
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'stats-first-screen-820x1180', { windowOnly: true });
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await overflowsSideways(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'stats-390x844');
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'stats-first-screen-390x844', { windowOnly: true });
    await screenshot(page, 'stats-chart-fraud-390', { of: page.locator('.stats-chart').last() });
  });
});
