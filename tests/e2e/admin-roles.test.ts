// An admin created in Users can sign in once given a role (issue 34, item 1), as people do it in the
// browser: a Super Admin adds an admin user, gives it a Campaign Admin role for one campaign in the
// user's Roles section, and that admin signs in and sees exactly that campaign on Campaigns.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/contract/dates';
import type { Campaign } from '../../src/contract/entities';
import { openScreen, openSignedIn, screenshot, signIn, toast, useBrowser, WAIT_MS } from '../support/browser';
import { allPages } from '../support/service';
import { backend, accessToken, startServer, type TestServer } from '../support/server';

const SUPER = 'super@demo.test';
const AGENCY_NAME = 'Accra Connect Agency';
const PASSWORD = 'Fresh#Start2026';

/** Ticks a Blueprint checkbox by its label, as a person clicks it. */
async function tick(box: Locator): Promise<void> {
  await box.locator('xpath=ancestor::label[1]').click();
  await expect.poll(() => box.isChecked(), { timeout: WAIT_MS }).toBe(true);
}

/** The Users row of `email`, found by the list's search. */
async function userRow(page: Page, email: string): Promise<Locator> {
  await page.getByLabel('Search Users', { exact: true }).fill(email);
  const row = page.getByRole('table', { name: 'Users' }).locator('tbody tr', { hasText: email });
  await row.waitFor();
  return row;
}

describe('admin roles in the browser', { timeout: 180_000 }, () => {
  const b = useBrowser();
  let server: TestServer;
  let campaign: Campaign;
  beforeAll(async () => {
    server = await startServer(backend, { OTP_SEND_LIMIT_PER_15MIN: '100', OTP_SEND_LIMIT_PER_ADDRESS_15MIN: '1000' });
    const campaigns = await allPages<Campaign>(server, '/service/campaigns/?ordering=name', await accessToken(server, SUPER));
    campaign = campaigns.find((c) => c.extra_data.agency.agency_name === AGENCY_NAME) as Campaign;
    expect(campaign).toBeDefined();
  });
  afterAll(async () => server?.stop());

  it('a Super Admin creates an admin and gives it a Campaign Admin role; the admin signs in and sees exactly that campaign', async () => {
    const { page, browser } = b;
    const email = `e2e.roles.${Date.now().toString(36)}@example.org`;
    await openSignedIn(page, server, SUPER);
    await openScreen(page, 'Users', '/users', 'Users');

    // The admin user: email, names, a password, an agency linked.
    await page.getByRole('button', { name: 'Add user' }).click();
    const add = page.getByRole('dialog', { name: 'Add user' });
    await add.locator('#user-email').waitFor({ state: 'visible' });
    await add.locator('#user-email').fill(email);
    await add.locator('#user-firstname').fill('Akosua');
    await add.locator('#user-lastname').fill('Darko');
    await add.locator('#user-password').fill(PASSWORD);
    await tick(add.getByRole('checkbox', { name: AGENCY_NAME, exact: true }));
    await add.getByRole('button', { name: 'Save', exact: true }).click();
    await add.waitFor({ state: 'detached' });
    await toast(page, `User ${email} added`).first().waitFor();

    // Its Roles section: none yet; a Campaign Admin role for one campaign of the agency.
    await (await userRow(page, email)).getByRole('cell', { name: email, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit user' });
    const roles = dialog.getByRole('region', { name: 'Roles' });
    await roles.getByText('No roles yet').waitFor();
    await roles.getByLabel('Role type').selectOption('Campaign Admin');
    await roles.getByLabel('Agency').selectOption({ label: AGENCY_NAME });
    await tick(roles.getByRole('checkbox', { name: campaign.name, exact: true }));
    const today = new Date().toISOString().slice(0, 10);
    await roles.getByLabel('Start date').fill(today);
    await roles.getByLabel('End date').fill(addDays(today, 365));
    await roles.getByRole('button', { name: 'Add role' }).click();
    await toast(page, 'Campaign Admin role added').first().waitFor();
    const listed = roles.getByRole('list', { name: `Roles of ${email}` }).getByRole('listitem');
    await listed.filter({ hasText: campaign.name }).waitFor();
    expect(await listed.count()).toBe(1);
    expect(await listed.innerText()).toContain(AGENCY_NAME);
    await roles.getByRole('button', { name: `Suspend Campaign Admin role, ${AGENCY_NAME}` }).waitFor();

    for (const [width, height] of [[1440, 900], [820, 1180]] as const) {
      await page.setViewportSize({ width, height });
      // The section from its heading, at the top of the dialog's scroll.
      await roles.evaluate((section) => section.scrollIntoView({ block: 'start' }));
      await screenshot(page, `admin-roles-${width}`, { withoutToasts: true });
    }
    // Every button of the section is at least 44 px each way.
    for (const button of await roles.getByRole('button').all()) {
      const box = await button.boundingBox();
      expect(Math.min(box?.width ?? 0, box?.height ?? 0)).toBeGreaterThanOrEqual(44);
    }

    // The new admin, on a device of their own: signs in, and Campaigns lists exactly that campaign.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      context.setDefaultTimeout(WAIT_MS);
      const theirs = await context.newPage();
      await signIn(theirs, server, email, PASSWORD);
      await openScreen(theirs, 'Campaigns', '/campaigns', 'Campaigns');
      const list = theirs.getByRole('table', { name: 'Campaigns' });
      await expect
        .poll(async () => (await list.locator('tbody tr td:nth-child(2)').allInnerTexts()).map((text) => text.trim()), { timeout: WAIT_MS })
        .toEqual([campaign.name]);
    } finally {
      await context.close();
    }
  });
});
