// The reference-data screens as an administrator uses them in the browser: Users, Whitelists,
// Event Types, Countries and Languages. A Super Admin adds and edits a row on each through the
// dialogs only, reloads, and finds the saved values in the list; the forms' messages and disabled
// Save buttons are the contract's; a duplicate event key shows the server's 409 in the error
// toast and keeps the dialog open. An Agency Admin gets the restricted user form (SPEC.md
// section 6). One server for the file; the tests share nothing but it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LinkableAgency, ListPage } from '../../src/contract/api';
import * as messages from '../../src/contract/messages';
import { duplicateEventKey } from '../../src/contract/messages';
import { PASSWORD_STRENGTH_PATTERN } from '../../src/contract/schemas/fields';
import { GENERATED_PASSWORD_LENGTH } from '../../src/contract/constants';
import { openScreen, openSignedIn, pathOf, persistedSession, screenshot, toast, useBrowser, WAIT_MS } from '../support/browser';
import { backend, startServer, type TestServer } from '../support/server';

const SUPER = 'super@demo.test';
const AGENCY = 'agency@demo.test';
const root = path.resolve(import.meta.dirname, '../..');
const countryAgencyNames = (JSON.parse(readFileSync(path.join(root, 'config/country-agencies.json'), 'utf8')) as Array<{ name: string }>).map(
  (agency) => agency.name,
);

/** Reloads the page and waits for the screen's heading again. */
async function reload(page: Page, heading: string): Promise<void> {
  await page.reload();
  await page.getByRole('heading', { name: heading, exact: true }).waitFor();
}

/** The list's table, by its label. */
const tableOf = (page: Page, label: string): Locator => page.getByRole('table', { name: label });

/** The table row holding `text`. */
const rowOf = (page: Page, tableLabel: string, text: string): Locator => tableOf(page, tableLabel).locator('tbody tr', { hasText: text });

/**
 * Types into the list's search box and waits until the list holds exactly one row, showing `shows`
 * (what was searched, unless the list shows it otherwise: a national number stored international).
 */
async function searchFor(page: Page, listLabel: string, text: string, shows = text): Promise<Locator> {
  await page.getByLabel(`Search ${listLabel}`, { exact: true }).fill(text);
  await page.getByText(/Page 1 of 1 · 1 row$/).waitFor();
  const row = tableOf(page, listLabel).locator('tbody tr');
  await expect.poll(() => row.count(), { timeout: WAIT_MS }).toBe(1);
  await row.filter({ hasText: shows }).waitFor();
  return row;
}

/** Waits for a dialog (Blueprint animates it in) and its first field to be visible. */
async function openedDialog(page: Page, title: string, firstField: string): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor({ state: 'visible' });
  await dialog.locator(firstField).waitFor({ state: 'visible' });
  return dialog;
}

const saveButton = (dialog: Locator): Locator => dialog.getByRole('button', { name: 'Save', exact: true });

/** Clicks Save and waits for the dialog to close and the success toast to show. */
async function saveAndClose(page: Page, dialog: Locator, success: string | RegExp): Promise<void> {
  await expect.poll(() => saveButton(dialog).isEnabled(), { timeout: WAIT_MS }).toBe(true);
  await saveButton(dialog).click();
  await dialog.waitFor({ state: 'detached' });
  await toast(page, success).first().waitFor();
}

/** The texts of a row's cells (its Edit button's cell left out). */
const cellsOf = async (row: Locator): Promise<string[]> => (await row.locator('td:not(.console-list-edit)').allInnerTexts()).map((text) => text.trim());

/** The texts of the table's column headers (the Edit buttons' left out). */
const headersOf = async (page: Page, label: string): Promise<string[]> =>
  (await tableOf(page, label).locator('thead th:not(.console-list-edit)').allInnerTexts()).map((text) => text.trim());

/**
 * Ticks a Blueprint checkbox as a person does, by clicking its label (the drawn indicator covers
 * the input itself), and waits for it to be checked.
 */
async function tick(box: Locator): Promise<void> {
  expect(await box.isChecked()).toBe(false);
  await box.locator('xpath=ancestor::label[1]').click();
  await expect.poll(() => box.isChecked(), { timeout: WAIT_MS }).toBe(true);
}

/** The labels of the checkboxes in a dialog's group. */
async function checkboxLabels(group: Locator): Promise<string[]> {
  await group.getByRole('checkbox').first().waitFor();
  return (await group.locator('label.bp6-checkbox').allInnerTexts()).map((text) => text.trim());
}

describe('reference-data screens in the browser', { timeout: 180_000 }, () => {
  const b = useBrowser();
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(backend, { OTP_SEND_LIMIT_PER_15MIN: '100' });
  });
  afterAll(async () => server?.stop());

  it('Users: a Super Admin adds a user with a generated password, edits it and finds it by search', async () => {
    const { page } = b;
    const email = 'e2e.fieldlead@example.org';
    const mobile = '0244777123';
    // Stored, and shown, international: Ghana's dialling code in place of the 0 (issue 17).
    const stored = '233244777123';
    await openSignedIn(page, server, SUPER);
    await openScreen(page, 'Users', '/users', 'Users');
    await tableOf(page, 'Users').waitFor();
    expect(await headersOf(page, 'Users')).toEqual(['Email', 'First name', 'Last name', 'Mobile Number', 'Super Admin', 'Linked agencies']);
    await screenshot(page, 'users', { withoutToasts: true });

    await page.getByRole('button', { name: 'Add user' }).click();
    const dialog = await openedDialog(page, 'Add user', '#user-email');
    const save = saveButton(dialog);
    expect(await save.isDisabled()).toBe(true);
    // The contract's messages, and Save stays disabled while any field is wrong.
    await dialog.locator('#user-email').fill('fieldlead@example');
    await dialog.getByText(messages.emailInvalid).waitFor();
    await dialog.locator('#user-msisdn').fill('24477');
    await dialog.getByText(messages.msisdnMustStartWithZero).waitFor();
    await dialog.locator('#user-firstname').fill('Esi');
    await dialog.locator('#user-firstname').fill('');
    await dialog.getByText(messages.firstnameRequired).waitFor();
    expect(await save.isDisabled()).toBe(true);

    await dialog.locator('#user-email').fill(email);
    await dialog.locator('#user-firstname').fill('Esi');
    await dialog.locator('#user-lastname').fill('Quaye');
    // Letters are refused as they are typed, and the spaces and dashes of a written number dropped.
    await dialog.locator('#user-msisdn').fill('');
    await dialog.locator('#user-msisdn').pressSequentially('0244-777 abc123');
    expect(await dialog.locator('#user-msisdn').inputValue()).toBe(mobile);
    // A national number needs its country: Save waits for it, then the number shows as it will be stored.
    await dialog.locator('#user-country').selectOption({ label: 'Ghana (GH)' });
    await dialog.getByText(`Will be saved as ${stored}`).waitFor();
    await dialog.getByRole('button', { name: 'Generate Password' }).click();
    await dialog.getByText('Generated password: pass it on to the user now.').waitFor();
    const passwordField = dialog.locator('#user-password');
    expect(await passwordField.getAttribute('type')).toBe('text');
    const password = await passwordField.inputValue();
    expect(password).toHaveLength(GENERATED_PASSWORD_LENGTH);
    expect(password).toMatch(PASSWORD_STRENGTH_PATTERN);
    // No agency linked yet: still not valid.
    expect(await save.isDisabled()).toBe(true);
    await tick(dialog.getByRole('checkbox', { name: 'Gold Coast Field Partners', exact: true }));
    expect(await dialog.getByText(messages.emailInvalid).count()).toBe(0);
    await screenshot(page, 'user-dialog');
    await saveAndClose(page, dialog, `User ${email} added`);

    await reload(page, 'Users');
    let row = await searchFor(page, 'Users', email);
    await expect.poll(() => cellsOf(row), { timeout: 15_000 }).toEqual([email, 'Esi', 'Quaye', stored, '', 'Gold Coast Field Partners']);

    // Edit: a new last name; the password is left empty, so it is kept.
    await row.click();
    const edit = await openedDialog(page, 'Edit user', '#user-lastname');
    expect(await edit.locator('#user-email').inputValue()).toBe(email);
    expect(await edit.locator('#user-password').inputValue()).toBe('');
    await edit.getByText('Leave empty to keep the current password.').waitFor();
    await edit.locator('#user-lastname').fill('');
    await edit.getByText(messages.lastnameRequired).waitFor();
    expect(await saveButton(edit).isDisabled()).toBe(true);
    await edit.locator('#user-lastname').fill('Quaye-Mensah');
    await saveAndClose(page, edit, `User ${email} updated`);

    await reload(page, 'Users');
    // Found by the new last name through the search box, with every saved value.
    row = await searchFor(page, 'Users', 'Quaye-Mensah');
    await expect.poll(() => cellsOf(row), { timeout: 15_000 }).toEqual([email, 'Esi', 'Quaye-Mensah', stored, '', 'Gold Coast Field Partners']);
    // Searched as it was typed, nationally, it is found all the same.
    await searchFor(page, 'Users', mobile, stored);
    // The search narrows the list: a term no user has leaves it empty.
    await page.getByLabel('Search Users', { exact: true }).fill('no-such-user-anywhere');
    await page.getByText('No users found').waitFor();

    // The generated password was saved: the account gets past the password check and is refused
    // only because it has no role campaigns; a wrong password is refused earlier, differently.
    const sent = await server.post('/api/v1/otp/send/', { username: email, password, otp_type: 'LOGIN', medium: 'EMAIL' });
    expect(sent.body).toEqual({ error: messages.noRoleCampaigns, code: 'forbidden' });
    const wrong = await server.post('/api/v1/otp/send/', { username: email, password: `${password}x`, otp_type: 'LOGIN', medium: 'EMAIL' });
    expect(wrong.body).toEqual({ error: messages.loginFailed, code: 'login_failed' });
  });

  it('Whitelists: a Super Admin whitelists a mobile number for a country, then moves it to a campaign', async () => {
    const { page } = b;
    const msisdn = '0209876543';
    const stored = '233209876543';
    await openSignedIn(page, server, SUPER);
    await openScreen(page, 'Whitelists', '/whitelists', 'Whitelists');
    // The demo opens on entries of its own (seed/history.ts), never on an empty list.
    await page.getByRole('table', { name: 'Whitelists' }).getByRole('row').nth(1).waitFor();
    expect(await page.getByText('No whitelisted mobile numbers found').count()).toBe(0);

    await page.getByRole('button', { name: 'Add whitelist entry' }).click();
    const dialog = await openedDialog(page, 'Add whitelist entry', '#whitelist-msisdn');
    expect(await saveButton(dialog).isDisabled()).toBe(true);
    await dialog.locator('#whitelist-msisdn').fill('02098');
    await dialog.getByText(messages.msisdnRequired).waitFor();
    await dialog.locator('#whitelist-msisdn').fill(msisdn);
    expect(await dialog.getByText(messages.msisdnRequired).count()).toBe(0);
    // Without a country the entry is not valid yet.
    expect(await saveButton(dialog).isDisabled()).toBe(true);
    const country = dialog.locator('#whitelist-country');
    await country.locator('option', { hasText: 'Ghana (GH)' }).waitFor({ state: 'attached' });
    await country.selectOption({ label: 'Ghana (GH)' });
    expect(await country.inputValue()).toBe('GH');
    await saveAndClose(page, dialog, `Mobile Number ${msisdn} whitelisted`);

    // After a reload the persisted list shows at once, then the server's answer replaces it.
    await reload(page, 'Whitelists');
    let row = await searchFor(page, 'Whitelists', msisdn, stored);
    await expect.poll(() => cellsOf(row), { timeout: 15_000 }).toEqual([stored, 'GH', '', '']);

    // Edit: Ghana chosen, only Ghana's campaigns are offered (issue 34: a Kenyan campaign would have
    // made it a Kenyan number); choosing Kenya offers Kenya's, and the entry moves with its campaign.
    await row.click();
    const edit = await openedDialog(page, 'Edit whitelist entry', '#whitelist-msisdn');
    expect(await edit.locator('#whitelist-msisdn').inputValue()).toBe(stored);
    expect(await edit.locator('#whitelist-country').inputValue()).toBe('GH');
    const campaign = edit.locator('#whitelist-campaign');
    await campaign.locator('option', { hasText: '(GH)' }).first().waitFor({ state: 'attached' });
    expect(await campaign.locator('option', { hasText: '(KE)' }).count()).toBe(0);
    await edit.locator('#whitelist-country').selectOption('KE');
    await campaign.locator('option', { hasText: '(KE)' }).first().waitFor({ state: 'attached' });
    expect(await campaign.locator('option', { hasText: '(GH)' }).count()).toBe(0);
    const label = (await campaign.locator('option', { hasText: '(KE)' }).first().innerText()).trim();
    const campaignName = label.replace(/ \(KE\)$/, '');
    await campaign.selectOption({ label });
    expect(await edit.locator('#whitelist-country').inputValue()).toBe('KE');
    await saveAndClose(page, edit, `Mobile Number ${stored} updated`);

    await reload(page, 'Whitelists');
    row = await searchFor(page, 'Whitelists', msisdn, stored);
    await expect.poll(async () => (await cellsOf(row)).slice(0, 3), { timeout: 15_000 }).toEqual([stored, 'KE', campaignName]);
    expect((await cellsOf(row))[3]).not.toBe('');
    await page.getByLabel('Search Whitelists', { exact: true }).fill('');
    await page.getByText('Page 1 of 1 · 1 row').waitFor();
    await screenshot(page, 'whitelists', { withoutToasts: true });
  });

  it('Event Types: a Super Admin adds a key (stripped as typed), is told of a duplicate key, and renames it', async () => {
    const { page } = b;
    await openSignedIn(page, server, SUPER);
    await openScreen(page, 'Event Types', '/event-types', 'Event Types');
    await rowOf(page, 'Event types', 'sim_activation').waitFor();
    await screenshot(page, 'event-types', { withoutToasts: true });

    await page.getByRole('button', { name: 'Add event type' }).click();
    let dialog = await openedDialog(page, 'Add event type', '#event-key');
    expect(await saveButton(dialog).isDisabled()).toBe(true);
    const key = dialog.locator('#event-key');
    await key.click();
    await key.pressSequentially('!!');
    expect(await key.inputValue()).toBe('');
    await dialog.getByText(messages.eventKeyRequired).waitFor();
    await key.pressSequentially('loyalty bonus!');
    expect(await key.inputValue()).toBe('loyaltybonus');
    await dialog.locator('#event-pretty').fill('x');
    await dialog.locator('#event-pretty').fill('');
    await dialog.getByText(messages.prettyNameRequired).waitFor();
    expect(await saveButton(dialog).isDisabled()).toBe(true);
    await dialog.locator('#event-pretty').fill('Loyalty Bonus');
    await saveAndClose(page, dialog, 'Event type loyaltybonus saved');

    // A key that exists: the server's 409 in the error toast, and the dialog stays open.
    await page.getByRole('button', { name: 'Add event type' }).click();
    dialog = await openedDialog(page, 'Add event type', '#event-key');
    await dialog.locator('#event-key').fill('sim_activation');
    await dialog.locator('#event-pretty').fill('SIM Activation again');
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/admin/event_types' && response.request().method() === 'POST');
    await saveButton(dialog).click();
    expect((await answer).status()).toBe(409);
    await page.locator('.bp6-toast.bp6-intent-danger', { hasText: duplicateEventKey('sim_activation') }).waitFor();
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.locator('#event-key').inputValue()).toBe('sim_activation');
    expect(await saveButton(dialog).isEnabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    await reload(page, 'Event Types');
    let row = await searchFor(page, 'Event types', 'loyaltybonus');
    await expect.poll(() => cellsOf(row), { timeout: 15_000 }).toEqual(['loyaltybonus', 'Loyalty Bonus']);

    await row.click();
    const edit = await openedDialog(page, 'Edit event type', '#event-pretty');
    expect(await edit.locator('#event-key').inputValue()).toBe('loyaltybonus');
    await edit.locator('#event-pretty').fill('Loyalty Bonus (quarterly)');
    await saveAndClose(page, edit, 'Event type loyaltybonus saved');

    await reload(page, 'Event Types');
    row = await searchFor(page, 'Event types', 'loyaltybonus');
    await expect.poll(() => cellsOf(row), { timeout: 15_000 }).toEqual(['loyaltybonus', 'Loyalty Bonus (quarterly)']);
    // Still exactly one sim_activation: the duplicate was not stored.
    await searchFor(page, 'Event types', 'sim_activation');
  });

  it('Countries: a Super Admin adds a country (dialing code stripped, ISO code upper-cased as typed) and edits it', async () => {
    const { page } = b;
    await openSignedIn(page, server, SUPER);
    await openScreen(page, 'Countries', '/countries', 'Countries');
    await rowOf(page, 'Countries', 'Ghana').waitFor();
    await screenshot(page, 'countries', { withoutToasts: true });

    await page.getByRole('button', { name: 'Add country' }).click();
    const dialog = await openedDialog(page, 'Add country', '#country-name');
    const save = saveButton(dialog);
    expect(await save.isDisabled()).toBe(true);
    await dialog.locator('#country-name').fill('E');
    await dialog.locator('#country-name').fill('');
    await dialog.getByText(messages.countryNameRequired).waitFor();
    const code = dialog.locator('#country-code');
    await code.click();
    await code.pressSequentially('+x');
    expect(await code.inputValue()).toBe('');
    await dialog.getByText(messages.dialingCodeRequired).waitFor();
    await code.pressSequentially('+99.9');
    expect(await code.inputValue()).toBe('99.9');
    await dialog.locator('#country-sms-from').fill('R');
    await dialog.locator('#country-sms-from').fill('');
    await dialog.getByText(messages.smsFromRequired).waitFor();
    expect(await save.isDisabled()).toBe(true);

    await dialog.locator('#country-name').fill('Eswatini Test');
    const iso = dialog.locator('#country-iso-code');
    await iso.pressSequentially('s');
    await dialog.getByText(messages.isoCodeInvalid).waitFor();
    await iso.pressSequentially('-z');
    expect(await iso.inputValue()).toBe('SZ');
    await dialog.locator('#country-sms-from').fill('REFERSZ');
    await dialog.locator('#country-sms-cid').fill('RefSZ');
    // Every field filled but no language ticked: still not valid.
    expect(await save.isDisabled()).toBe(true);
    await tick(dialog.getByRole('checkbox', { name: 'English (en)', exact: true }));
    await screenshot(page, 'country-dialog');
    await saveAndClose(page, dialog, 'Country Eswatini Test saved');

    await reload(page, 'Countries');
    let row = await searchFor(page, 'Countries', 'Eswatini Test');
    await expect.poll(() => cellsOf(row), { timeout: 15_000 }).toEqual(['Eswatini Test', 'SZ', '+99.9', 'REFERSZ', 'RefSZ', 'en']);

    // Edit: another SMS sender, a second language.
    await row.click();
    const edit = await openedDialog(page, 'Edit country', '#country-name');
    expect(await edit.locator('#country-code').inputValue()).toBe('99.9');
    expect(await edit.getByRole('checkbox', { name: 'English (en)', exact: true }).isChecked()).toBe(true);
    await edit.locator('#country-sms-from').fill('REFERSWZ');
    await tick(edit.getByRole('checkbox', { name: 'Swahili (sw)', exact: true }));
    await saveAndClose(page, edit, 'Country Eswatini Test saved');

    await reload(page, 'Countries');
    row = await searchFor(page, 'Countries', 'Eswatini Test');
    await expect.poll(() => cellsOf(row), { timeout: 15_000 }).toEqual(['Eswatini Test', 'SZ', '+99.9', 'REFERSWZ', 'RefSZ', 'en, sw']);
  });

  it('Languages: a Super Admin sets the URL prefix of a country language and adds a language code with its prefix', async () => {
    const { page } = b;
    const enPrefix = 'https://links.example.org/gh/en/';
    const twPrefix = 'https://links.example.org/gh/tw/';
    await openSignedIn(page, server, SUPER);
    await openScreen(page, 'Languages', '/languages', 'Languages');
    await rowOf(page, 'SMS link prefixes', 'Ghana').waitFor();
    await screenshot(page, 'languages', { withoutToasts: true });

    await rowOf(page, 'SMS link prefixes', 'Ghana').click();
    const dialog = await openedDialog(page, 'SMS link prefixes: Ghana', '#prefix-en');
    const en = dialog.locator('#prefix-en');
    expect(await en.inputValue()).toBe('https://r.example.org/gh/en/');
    await en.fill('ftp://links.example.org/');
    await dialog.getByText(messages.urlPrefixInvalid).first().waitFor();
    expect(await saveButton(dialog).isDisabled()).toBe(true);
    await en.fill(enPrefix);
    await expect.poll(() => saveButton(dialog).isEnabled()).toBe(true);

    // A new language code: 2 to 5 characters.
    const addRow = dialog.getByRole('group', { name: 'Add a language' });
    const addButton = addRow.getByRole('button', { name: 'Add language' });
    await addRow.locator('#new-language-code').fill('t');
    await addRow.getByText(messages.languageCodeLength).waitFor();
    expect(await addButton.isDisabled()).toBe(true);
    await addRow.locator('#new-language-code').fill('en');
    await addRow.getByText('en is listed above already.').waitFor();
    expect(await addButton.isDisabled()).toBe(true);
    await addRow.locator('#new-language-code').fill('tw');
    await addRow.locator('#new-language-url').fill(twPrefix);
    await addButton.click();
    await dialog.locator('#prefix-tw').waitFor();
    expect(await dialog.locator('#prefix-tw').inputValue()).toBe(twPrefix);
    // The row starts afresh for the next language.
    expect(await addRow.locator('#new-language-code').inputValue()).toBe('');
    await saveAndClose(page, dialog, 'SMS link prefixes of Ghana saved');

    await reload(page, 'Languages');
    const row = await searchFor(page, 'SMS link prefixes', 'Ghana');
    const prefixes = async () => (await row.locator('li').allInnerTexts()).map((text) => text.trim().replace(/\s+/g, ' '));
    await expect.poll(prefixes, { timeout: 15_000 }).toEqual([`en ${enPrefix}`, `tw ${twPrefix}`]);
    await screenshot(page, 'languages-saved', { withoutToasts: true });

    // The new language is one of Ghana's languages on the Countries screen too.
    await openScreen(page, 'Countries', '/countries', 'Countries');
    const country = await searchFor(page, 'Countries', 'Ghana');
    expect((await cellsOf(country))[(await headersOf(page, 'Countries')).indexOf('Languages')]).toBe('en, tw');
  });

  it('Users as an Agency Admin: no Mobile Number, no rights flags, only the country agencies to link', async () => {
    const { page } = b;
    await openSignedIn(page, server, AGENCY);
    await openScreen(page, 'Users', '/users', 'Users');
    await tableOf(page, 'Users').locator('tbody tr').first().waitFor();
    const headers = await headersOf(page, 'Users');
    expect(headers).toEqual(['Email', 'First name', 'Last name', 'Linked agencies']);
    expect(headers).not.toContain('Mobile Number');
    await screenshot(page, 'users-agency-admin', { withoutToasts: true });

    await page.getByRole('button', { name: 'Add user' }).click();
    const dialog = await openedDialog(page, 'Add user', '#user-email');
    const group = dialog.getByRole('group', { name: 'Linked agencies' });
    const choices = await checkboxLabels(group);
    expect(await dialog.locator('#user-msisdn').count()).toBe(0);
    expect(await dialog.getByText('Mobile Number').count()).toBe(0);
    for (const flag of ['Super Admin', 'Unblacklist', 'Secure Page Access']) {
      expect(await dialog.getByRole('checkbox', { name: flag, exact: true }).count()).toBe(0);
    }
    expect(await dialog.getByRole('checkbox').count()).toBe(choices.length);

    // The choices are the country agencies: what GET /admin/agencies answers this session, and
    // the names of config/country-agencies.json.
    const access = (await persistedSession(page))?.access;
    expect(access).toBeTruthy();
    const linkable = await server.get<ListPage<LinkableAgency>>('/admin/agencies?page_size=0&orderby=agency_name', access as string);
    expect(linkable.status).toBe(200);
    const sorted = (names: string[]) => [...names].sort((a, b) => a.localeCompare(b));
    expect(sorted(choices)).toEqual(sorted(linkable.body.data.map((agency) => agency.agency_name)));
    expect(sorted(choices)).toEqual(sorted(countryAgencyNames));
    expect(linkable.body.data.every((agency) => agency.is_country_agency)).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(pathOf(page)).toBe('/users');
  });
});
