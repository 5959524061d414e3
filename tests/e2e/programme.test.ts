// The programme's screens as an administrator uses them in the browser: Agencies and Campaigns.
// A Super Admin edits a campaign's name and max agent count, adds and deletes a language, adds,
// updates and deletes an event type compensation, switches the campaign off, and finds all of it
// after a reload; an Agency Admin sees only their agencies and campaigns and no active toggle
// (SPEC.md sections 2, 4 and 6). One server for the file; the tests share nothing but it.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVE_FLAG_WORDS } from '../../src/contract/constants';
import type { Agency, Campaign, CampaignLanguage, CampaignVersion, EventCompensationConfig } from '../../src/contract/entities';
import { openScreen, openSignedIn, screenshot, toast, useBrowser, WAIT_MS, waitForPath } from '../support/browser';
import { backend, accessToken, startServer, type TestServer } from '../support/server';
import { allPages } from '../support/service';

const SUPER = 'super@demo.test';
const AGENCY = 'agency@demo.test';

/** The value under a label of a read-only facts list. */
const fact = (page: Page, label: string): Locator => page.locator('dl.console-facts > div', { has: page.locator('dt', { hasText: label }) }).locator('dd');

/** The texts of a table's first cells. */
const firstCells = async (table: Locator): Promise<string[]> => (await table.locator('tbody tr td:first-child').allInnerTexts()).map((text) => text.trim());

describe('agencies and campaigns in the browser', { timeout: 240_000 }, () => {
  const b = useBrowser();
  let server: TestServer;
  let superToken: string;
  beforeAll(async () => {
    server = await startServer(backend, { OTP_SEND_LIMIT_PER_15MIN: '100' });
    superToken = await accessToken(server, SUPER);
  });
  afterAll(async () => server?.stop());

  it('Campaigns: a Super Admin edits a campaign and its languages and payments, and finds every change after a reload', async () => {
    const { page } = b;
    const campaign = (await allPages<Campaign>(server, '/service/campaigns/?ordering=name', superToken))[0] as Campaign;
    const languages = await allPages<CampaignLanguage>(server, `/service/campaign-languages/?campaign=${campaign.id}`, superToken);
    const unused = ['fr', 'sw', 'pt', 'ha', 'yo', 'lg', 'ln'].filter((code) => !languages.some((language) => language.language_code === code));
    const [kept, dropped] = unused as [string, string];
    const renamed = `${campaign.name} (renamed)`;

    await openSignedIn(page, server, SUPER);
    await openScreen(page, 'Campaigns', '/campaigns', 'Campaigns');
    const list = page.getByRole('table', { name: 'Campaigns' });
    await list.locator('tbody tr').first().waitFor();
    expect((await list.locator('thead th').allInnerTexts()).map((text) => text.trim())).toEqual([
      'Country', 'Campaign', 'Owner', 'Date Started', 'Budget Spent', 'View', 'Status',
    ]);
    await screenshot(page, 'campaigns', { withoutToasts: true });
    await list.locator('tbody tr', { hasText: campaign.name }).first().getByRole('link', { name: 'View' }).click();
    await waitForPath(page, `/campaigns/${campaign.id}`);
    await page.getByRole('heading', { name: campaign.name, exact: true }).waitFor();
    await page.getByRole('region', { name: 'Budget' }).getByText('Budget spent').waitFor();
    await screenshot(page, 'campaign-type', { withoutToasts: true });

    // CAMPAIGN TYPE: read-only, Edit, Save, read-only again with a snackbar.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByLabel('Name', { exact: true }).fill(renamed);
    await page.getByLabel('Max agent count', { exact: true }).fill('4321');
    const active = page.getByRole('checkbox', { name: 'Active' });
    expect(await active.isEnabled()).toBe(true);
    await active.locator('xpath=ancestor::label[1]').click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, 'Campaign saved').waitFor();
    await page.getByRole('button', { name: 'Edit', exact: true }).waitFor();
    await page.getByRole('heading', { name: renamed, exact: true }).waitFor();

    // CAMPAIGN LANGUAGES: add two, delete one.
    await page.getByRole('tab', { name: 'CAMPAIGN LANGUAGES' }).click();
    await waitForPath(page, `/campaigns/${campaign.id}/languages`);
    await page.getByRole('button', { name: 'Add language' }).click();
    const code = page.getByLabel('Language code', { exact: true });
    for (const language of [kept, dropped]) {
      await code.fill(language);
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await toast(page, `Language ${language} added`).waitFor();
    }
    const languageTable = page.getByRole('table', { name: 'Campaign languages' });
    await expect.poll(() => firstCells(languageTable), { timeout: WAIT_MS }).toEqual(expect.arrayContaining([kept, dropped]));
    await page.getByRole('button', { name: `Delete ${dropped}` }).click();
    await toast(page, `Language ${dropped} deleted`).waitFor();
    await screenshot(page, 'campaign-languages', { withoutToasts: true });

    // CAMPAIGN EVENT TYPES: add a compensation, update it, then add and delete another.
    await page.getByRole('tab', { name: 'CAMPAIGN EVENT TYPES' }).click();
    await waitForPath(page, `/campaigns/${campaign.id}/event-types`);
    const payments = page.getByRole('table', { name: 'Campaign event types' });
    await payments.waitFor();
    const paidBefore = await firstCells(payments);
    const addPayment = async (value: string): Promise<string> => {
      await page.getByRole('button', { name: 'Add event type' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add event type compensation' });
      await dialog.waitFor({ state: 'visible' });
      const eventSelect = dialog.locator('#compensation-event');
      await expect.poll(() => eventSelect.locator('option').count(), { timeout: WAIT_MS }).toBeGreaterThan(1);
      const eventName = (await eventSelect.locator('option').nth(1).innerText()).trim();
      await eventSelect.selectOption({ index: 1 });
      await dialog.locator('#compensation-remuneration').selectOption({ index: 1 });
      await dialog.locator('#compensation-value').fill('2.345');
      await dialog.getByText('at most two decimals').waitFor();
      await dialog.locator('#compensation-value').fill(value);
      await dialog.locator('#compensation-day').fill('3');
      await dialog.getByRole('button', { name: 'Add', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      await toast(page, 'Compensation added').first().waitFor();
      return eventName;
    };
    const paidEvent = await addPayment('2.50');
    await page.getByRole('button', { name: `Edit ${paidEvent}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit event type compensation' });
    await edit.locator('#compensation-value').fill('3.75');
    await edit.getByRole('button', { name: 'Update', exact: true }).click();
    await edit.waitFor({ state: 'detached' });
    await toast(page, 'Compensation updated').waitFor();
    const droppedEvent = await addPayment('1.00');
    await page.getByRole('button', { name: `Delete ${droppedEvent}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await toast(page, `Compensation for ${droppedEvent} deleted`).waitFor();
    await screenshot(page, 'campaign-event-types', { withoutToasts: true });

    // After a reload, every change is there, read from the server.
    await page.reload();
    const paidRow = payments.locator('tbody tr', { hasText: paidEvent });
    await expect.poll(async () => (await paidRow.locator('td').allInnerTexts()).slice(1, 3), { timeout: WAIT_MS }).toEqual(['XOF 3.75', '3']); // the amount with its campaign's currency
    expect(await firstCells(payments)).toEqual(expect.not.arrayContaining([droppedEvent]));
    expect((await firstCells(payments)).length).toBe(paidBefore.length + 1);
    await page.getByRole('tab', { name: 'CAMPAIGN LANGUAGES' }).click();
    await expect.poll(() => firstCells(languageTable), { timeout: WAIT_MS }).toEqual(expect.arrayContaining([kept]));
    expect(await firstCells(languageTable)).not.toContain(dropped);
    await page.getByRole('tab', { name: 'CAMPAIGN TYPE' }).click();
    await page.getByRole('heading', { name: renamed, exact: true }).waitFor();
    await expect.poll(() => fact(page, 'Max agent count').innerText(), { timeout: WAIT_MS }).toBe('4,321');
    expect(await page.getByRole('checkbox', { name: ACTIVE_FLAG_WORDS.inactive }).isChecked()).toBe(false);

    // And the server has them too.
    const saved = await server.get<Campaign>(`/service/campaigns/${campaign.id}/`, superToken);
    expect(saved.body).toMatchObject({ name: renamed, active_flag: false, updated_by: SUPER });
    const [version] = await allPages<CampaignVersion>(server, `/service/campaign-versions/?campaign=${campaign.id}`, superToken);
    expect(version?.max_agent_count).toBe(4321);
    const compensations = await allPages<EventCompensationConfig>(server, `/service/campaigns-compensation-earning-event-configs/?campaign_version=${version?.id}`, superToken);
    expect(compensations.find((row) => row.event_type.event_type_friendly_name === paidEvent)?.compensation_earning_event_value).toBe('3.75');
  });

  it('Agencies: a Super Admin filters the list by its links and opens an agency with its settings', async () => {
    const { page } = b;
    const every = await allPages<Agency>(server, '/service/agencies/?ordering=agency_name', superToken);
    const inactive = every.filter((agency) => !agency.active_flag);
    expect(inactive.length).toBeGreaterThan(0);

    await openSignedIn(page, server, SUPER);
    await openScreen(page, 'Agencies', '/agencies', 'Agencies');
    const list = page.getByRole('table', { name: 'Agencies' });
    await list.locator('tbody tr').first().waitFor();
    expect((await list.locator('thead th').allInnerTexts()).map((text) => text.trim())).toEqual([
      'Country', 'Currency code', 'Agency', 'Added by', 'Language', 'View Agency', 'Status',
    ]);
    await screenshot(page, 'agencies', { withoutToasts: true });
    const names = async () => (await list.locator('tbody tr td:nth-child(3)').allInnerTexts()).map((text) => text.trim());
    await page.getByRole('button', { name: 'Inactive', exact: true }).click();
    await expect.poll(names, { timeout: WAIT_MS }).toEqual(inactive.map((agency) => agency.agency_name));
    expect(new URL(page.url()).search).toBe('?filter=inactive');
    await page.getByRole('button', { name: 'Latest', exact: true }).click();
    const newestFirst = [...every].sort((a, b) => b.id - a.id).slice(0, 20).map((agency) => agency.agency_name);
    await expect.poll(names, { timeout: WAIT_MS }).toEqual(newestFirst);
    // Back returns to the filter before.
    await page.goBack();
    await expect.poll(names, { timeout: WAIT_MS }).toEqual(inactive.map((agency) => agency.agency_name));

    const agency = every.find((candidate) => candidate.active_flag) as Agency;
    await page.getByRole('button', { name: 'All', exact: true }).click();
    await list.getByRole('link', { name: `View ${agency.agency_name}` }).click();
    await waitForPath(page, `/agencies/${agency.id}`);
    await page.getByRole('heading', { name: agency.agency_name, exact: true }).waitFor();
    await expect.poll(() => fact(page, 'Country').first().innerText(), { timeout: WAIT_MS }).toBe(agency.country.country_name);
    await page.getByRole('table', { name: 'Campaigns' }).waitFor();
    await screenshot(page, 'agency', { withoutToasts: true });
    await page.getByRole('tab', { name: 'AGENCY CAMPAIGN DETAILS' }).click();
    await waitForPath(page, `/agencies/${agency.id}/details`);
    await fact(page, 'Attribution window days').first().waitFor();
    await page.getByRole('switch', { name: 'Edit' }).check({ force: true });
    await page.getByText("These limits are read-only: they are set with the agency's campaign type, and no one can change them here.").waitFor();
    expect(await page.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'BACK' }).click();
    await waitForPath(page, `/agencies/${agency.id}`);
  });

  it('An Agency Admin sees only their agencies and campaigns, and no active toggle', async () => {
    const { page } = b;
    const agencyToken = await accessToken(server, AGENCY);
    const everyAgency = await allPages<Agency>(server, '/service/agencies/?ordering=agency_name', superToken);
    const theirAgencies = await allPages<Agency>(server, '/service/agencies/?ordering=agency_name', agencyToken);
    const theirCampaigns = await allPages<Campaign>(server, '/service/campaigns/?ordering=name', agencyToken);
    const everyCampaign = await allPages<Campaign>(server, '/service/campaigns/?ordering=name', superToken);
    expect(theirCampaigns.length).toBeLessThan(everyCampaign.length);

    expect(theirAgencies.length).toBeLessThan(everyAgency.length);

    await openSignedIn(page, server, AGENCY);
    await openScreen(page, 'Agencies', '/agencies', 'Agencies');
    const agencies = page.getByRole('table', { name: 'Agencies' });
    await expect.poll(async () => (await agencies.locator('tbody tr td:nth-child(3)').allInnerTexts()).map((text) => text.trim()), { timeout: WAIT_MS }).toEqual(
      theirAgencies.map((row) => row.agency_name),
    );
    await openScreen(page, 'Campaigns', '/campaigns', 'Campaigns');
    const list = page.getByRole('table', { name: 'Campaigns' });
    await expect.poll(async () => (await list.locator('tbody tr td:nth-child(2)').allInnerTexts()).map((text) => text.trim()), { timeout: WAIT_MS }).toEqual(
      theirCampaigns.map((row) => row.name),
    );
    const theirs = theirCampaigns[0] as Campaign;
    await list.locator('tbody tr', { hasText: theirs.name }).getByRole('link', { name: 'View' }).click();
    await page.getByRole('heading', { name: theirs.name, exact: true }).waitFor();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    expect(await page.getByRole('checkbox', { name: /Active/ }).isDisabled()).toBe(true);
    await page.getByText('Only a Super Admin may change this.').waitFor();

    // Another agency's campaign, opened by its address, is not found.
    const foreign = everyCampaign.find((row) => !theirCampaigns.some((own) => own.id === row.id)) as Campaign;
    await page.goto(`${server.url}/campaigns/${foreign.id}`);
    await page.getByText('Cannot find Campaign').waitFor();
    // Said once, in place of the campaign, not again in a toast.
    expect(await page.locator('.bp6-toast').count()).toBe(0);
    expect(await page.getByText(foreign.name).count()).toBe(0);
  });

  it('Offline: a visited campaign opens from its last data; an edit and a language added offline wait in the outbox and are sent once back online', async () => {
    const { page, context } = b;
    const campaign = (await allPages<Campaign>(server, '/service/campaigns/?ordering=name', superToken))[1] as Campaign;
    const offlineName = `${campaign.name} (offline)`;
    const languages = await allPages<CampaignLanguage>(server, `/service/campaign-languages/?campaign=${campaign.id}`, superToken);
    const language = ['pt', 'ln', 'lg', 'yo'].find((code) => !languages.some((row) => row.language_code === code)) as string;

    await openSignedIn(page, server, SUPER);
    await openScreen(page, 'Campaigns', '/campaigns', 'Campaigns');
    await page.getByRole('table', { name: 'Campaigns' }).locator('tbody tr', { hasText: campaign.name }).first().getByRole('link', { name: 'View' }).click();
    await page.getByRole('heading', { name: campaign.name, exact: true }).waitFor();
    await page.getByRole('tab', { name: 'CAMPAIGN LANGUAGES' }).click();
    await page.getByRole('table', { name: 'Campaign languages' }).or(page.getByText('This campaign has no languages yet')).waitFor();
    await page.getByRole('tab', { name: 'CAMPAIGN TYPE' }).click();
    await fact(page, 'Max agent count').waitFor();

    await context.setOffline(true);
    await page.getByRole('status', { name: 'Offline' }).waitFor();
    // The list and the campaign open from what this device last saw.
    await openScreen(page, 'Campaigns', '/campaigns', 'Campaigns');
    await page.getByRole('table', { name: 'Campaigns' }).locator('tbody tr', { hasText: campaign.name }).first().getByRole('link', { name: 'View' }).click();
    await page.getByRole('heading', { name: campaign.name, exact: true }).waitFor();

    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await page.getByLabel('Name', { exact: true }).fill(offlineName);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, 'Saved offline').first().waitFor();
    await page.getByRole('heading', { name: offlineName, exact: true }).waitFor();
    await fact(page, 'Name').getByText('pending', { exact: true }).waitFor();
    await page.getByRole('tab', { name: 'CAMPAIGN LANGUAGES' }).click();
    await page.getByRole('button', { name: 'Add language' }).click();
    await page.getByLabel('Language code', { exact: true }).fill(language);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('list', { name: 'New, not sent yet' }).getByText(`Add language ${language}`).waitFor();
    await screenshot(page, 'campaign-offline', { withoutToasts: true });
    expect((await server.get<Campaign>(`/service/campaigns/${campaign.id}/`, superToken)).body.name).toBe(campaign.name);

    // Back online: both are sent, once, and the screen shows the server's rows.
    await context.setOffline(false);
    await page.getByRole('table', { name: 'Campaign languages' }).locator('tbody tr', { hasText: language }).waitFor();
    await page.getByRole('list', { name: 'New, not sent yet' }).waitFor({ state: 'detached' });
    const sent = await allPages<CampaignLanguage>(server, `/service/campaign-languages/?campaign=${campaign.id}`, superToken);
    expect(sent.filter((row) => row.language_code === language)).toHaveLength(1);
    expect((await server.get<Campaign>(`/service/campaigns/${campaign.id}/`, superToken)).body.name).toBe(offlineName);
  });
});
