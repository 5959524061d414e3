import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ListPage } from '../../../contract/api';
import type { AdminCountry, Whitelist } from '../../../contract/entities';
import * as messages from '../../../contract/messages';
import { fakeBackend, type RecordedCall } from '../../test/fakeBackend';
import { renderWithProviders } from '../../test/renderWithProviders';
import { campaignChoices } from '../../test/campaigns';
import { signedIn } from '../../test/sessions';
import { WhitelistsPage } from './WhitelistsPage';


const entry: Whitelist = {
  id: 3,
  msisdn: '233241234567',
  country: 'GH',
  campaign_id: 5,
  agency_name: 'Ghana Country Agency',
  campaign_name: 'Agent Referral GH-01',
  updated_at: '2026-11-01T09:30:00.000Z',
};

function whitelistBackend(page: ListPage<Whitelist> = { data: [entry], count: 1 }) {
  return fakeBackend()
    .on('GET', 'admin/whitelists', { body: page })
    .on('GET', 'admin/campaigns', { body: { data: campaignChoices, count: campaignChoices.length } })
    .on('GET', 'admin/countries', { body: { data: countries, count: countries.length } })
    .on('POST', 'admin/whitelist', ({ body }) => ({ status: 201, body: { id: 9, ...(body as object) } }))
    .on('PUT', 'admin/whitelist', ({ body }) => ({ body }));
}

const countries: AdminCountry[] = [
  { id: 1, country: 'Ghana', code: '233', iso_code: 'GH', sms_cid: '', sms_from: 'REFER', languages: 'en', updated_at: '2026-11-01T09:30:00.000Z' },
  { id: 3, country: 'Kenya', code: '254', iso_code: 'KE', sms_cid: '', sms_from: 'REFER', languages: 'en,sw', updated_at: '2026-11-01T09:30:00.000Z' },
  { id: 7, country: 'Uganda', code: '256', iso_code: 'UG', sms_cid: '', sms_from: 'REFER', languages: 'en', updated_at: '2026-11-01T09:30:00.000Z' },
];

const renderWhitelists = () => renderWithProviders(<WhitelistsPage />, { preloadedState: signedIn('Super Admin') });
const paramsOf = (call: RecordedCall | undefined) => Object.fromEntries(new URLSearchParams(call?.search));
const lastListParams = (backend: ReturnType<typeof whitelistBackend>) => paramsOf(backend.calls('GET', 'admin/whitelists').at(-1));

const msisdnField = () => screen.getByLabelText('Mobile Number');
const countrySelect = () => screen.getByLabelText('Country');
const campaignSelect = () => screen.getByLabelText('Campaign');
const save = () => screen.getByRole('button', { name: 'Save' });

async function openAddDialog() {
  const backend = whitelistBackend();
  const rendered = renderWhitelists();
  await rendered.user.click(await screen.findByRole('button', { name: 'Add whitelist entry' }));
  await screen.findByRole('dialog', { name: 'Add whitelist entry' });
  await screen.findByRole('option', { name: 'Agent Referral GH-01 (GH)' });
  return { backend, ...rendered };
}

describe('WhitelistsPage, the list', () => {
  it('shows each entry with its country, campaign and agency', async () => {
    whitelistBackend();
    renderWhitelists();
    expect(screen.getByRole('heading', { name: 'Whitelists' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Whitelists' });
    const row = within(table).getByRole('cell', { name: '233241234567' }).closest('tr') as HTMLElement;
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      '233241234567', 'GH', 'Agent Referral GH-01', 'Ghana Country Agency', '',
    ]);
    expect(within(row).getByRole('button', { name: 'Edit 233241234567' })).toBeInTheDocument();
  });

  it('sends the page size, page, search and sort the admin picks', async () => {
    const backend = whitelistBackend({ data: [entry], count: 130 });
    const { user } = renderWhitelists();
    await screen.findByRole('cell', { name: '233241234567' });
    expect(lastListParams(backend)).toEqual({ page_size: '20', current_page: '1', search: '', orderby: 'msisdn' });

    await user.selectOptions(screen.getByLabelText('Rows per page'), '100 rows');
    await waitFor(() => expect(lastListParams(backend)).toMatchObject({ page_size: '100', current_page: '1' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastListParams(backend)).toMatchObject({ current_page: '2' }));

    await user.click(screen.getByRole('button', { name: 'Country' }));
    await waitFor(() => expect(lastListParams(backend)).toMatchObject({ orderby: 'country', current_page: '1' }));
    await user.click(screen.getByRole('button', { name: 'Campaign' }));
    await waitFor(() => expect(lastListParams(backend)).toMatchObject({ orderby: 'campaign_name' }));
    await user.click(screen.getByRole('button', { name: 'Campaign' }));
    await waitFor(() => expect(lastListParams(backend)).toMatchObject({ orderby: '-campaign_name' }));

    await user.type(screen.getByLabelText('Search Whitelists'), '0241');
    await waitFor(() =>
      expect(lastListParams(backend)).toEqual({ page_size: '100', current_page: '1', search: '0241', orderby: '-campaign_name' }),
    );
  });

  it('says so when there are no entries', async () => {
    whitelistBackend({ data: [], count: 0 });
    renderWhitelists();
    expect(await screen.findByText('No whitelisted mobile numbers found')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('WhitelistsPage, the add/edit popup', () => {
  it('asks for a mobile number of 8 to 20 digits and a country, once the field was changed', async () => {
    const { user } = await openAddDialog();
    await user.click(msisdnField());
    await user.tab();
    expect(screen.queryByText(messages.msisdnRequired)).not.toBeInTheDocument();
    await user.type(msisdnField(), '0241234');
    expect(screen.getByText(messages.msisdnRequired)).toBeInTheDocument();
    await user.type(msisdnField(), '5');
    expect(screen.queryByText(messages.msisdnRequired)).not.toBeInTheDocument();
    await user.type(msisdnField(), '1234567890123');
    expect(screen.getByText(messages.msisdnRequired)).toBeInTheDocument();

    await user.click(countrySelect());
    await user.tab();
    expect(screen.queryByText(messages.countryRequired)).not.toBeInTheDocument();
    const [, firstCountry] = Array.from((countrySelect() as HTMLSelectElement).options);
    await user.selectOptions(countrySelect(), firstCountry?.value ?? '');
    await user.selectOptions(countrySelect(), '');
    expect(screen.getByText(messages.countryRequired)).toBeInTheDocument();
  });

  it('keeps Save disabled until the form is valid', async () => {
    const { user } = await openAddDialog();
    expect(save()).toBeDisabled();
    await user.type(msisdnField(), '0241234567');
    expect(save()).toBeDisabled();
    await user.selectOptions(countrySelect(), 'KE');
    expect(save()).toBeEnabled();
    // The national number is shown as it will be stored, with the country's dialling code.
    expect(screen.getByText('Will be saved as 254241234567')).toBeInTheDocument();
    // A letter is refused at the keyboard; a number past 20 digits is not valid.
    await user.type(msisdnField(), 'x');
    expect(msisdnField()).toHaveValue('0241234567');
    expect(save()).toBeEnabled();
    await user.type(msisdnField(), '12345678901');
    expect(save()).toBeDisabled();
  });

  it('whitelists a number for a country, without a campaign', async () => {
    const { user, backend } = await openAddDialog();
    await user.type(msisdnField(), '0712345678');
    await user.selectOptions(countrySelect(), 'KE');
    await user.click(save());
    expect(await screen.findByText('Mobile Number 0712345678 whitelisted')).toBeInTheDocument();
    expect(backend.calls('POST', 'admin/whitelist').map((c) => c.body)).toEqual([
      { msisdn: '0712345678', country: 'KE', campaign_id: null },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(backend.calls('GET', 'admin/whitelists')).toHaveLength(2));
  });

  it("offers the chosen country's campaigns only, and a campaign chosen first gives its country", async () => {
    const { user, backend } = await openAddDialog();
    expect(paramsOf(backend.calls('GET', 'admin/campaigns')[0])).toMatchObject({ page_size: '0' });
    await user.type(msisdnField(), '0241234567');
    // Issue 34: Ghana chosen, a Kenyan campaign is not offered (it would have saved the number as Kenyan).
    await user.selectOptions(countrySelect(), 'GH');
    const offered = () => Array.from((campaignSelect() as HTMLSelectElement).options).map((option) => option.text);
    expect(offered()).toEqual(['No campaign', 'Agent Referral GH-01 (GH)']);
    await user.selectOptions(campaignSelect(), 'Agent Referral GH-01 (GH)');
    expect(countrySelect()).toHaveValue('GH');
    expect(countrySelect()).toBeEnabled();
    // Another country drops the campaign that is not its own.
    await user.selectOptions(countrySelect(), 'KE');
    expect(campaignSelect()).toHaveValue('');
    expect(offered()).toEqual(['No campaign', 'Agent Referral KE-01 (KE)']);
    await user.selectOptions(countrySelect(), 'GH');
    await user.selectOptions(campaignSelect(), 'Agent Referral GH-01 (GH)');
    await user.click(save());
    await screen.findByText('Mobile Number 0241234567 whitelisted');
    expect(backend.calls('POST', 'admin/whitelist').map((c) => c.body)).toEqual([
      { msisdn: '0241234567', country: 'GH', campaign_id: 5 },
    ]);
  });

  it('edits an entry with PUT and can drop its campaign', async () => {
    const backend = whitelistBackend();
    const { user } = renderWhitelists();
    await user.click(await screen.findByRole('cell', { name: '233241234567' }));
    await screen.findByRole('dialog', { name: 'Edit whitelist entry' });
    await screen.findByRole('option', { name: 'Agent Referral GH-01 (GH)' });
    expect(msisdnField()).toHaveValue('233241234567');
    expect(campaignSelect()).toHaveValue('5');
    expect(countrySelect()).toHaveValue('GH');

    await user.selectOptions(campaignSelect(), 'No campaign');
    expect(countrySelect()).toHaveValue('GH');
    await user.click(save());
    await screen.findByText('Mobile Number 233241234567 updated');
    expect(backend.calls('PUT', 'admin/whitelist').map((c) => c.body)).toEqual([
      { id: 3, updated_at: entry.updated_at, msisdn: '233241234567', country: 'GH', campaign_id: null },
    ]);
  });

  // Issue 34: nothing typed is thrown away by a key.
  it('asks before Esc discards changes, and closes an unchanged popup at once', async () => {
    const { user } = await openAddDialog();
    await user.type(msisdnField(), '0241234567');
    await user.keyboard('{Escape}');
    const question = await screen.findByRole('alertdialog');
    expect(question).toHaveTextContent(messages.discardChangesQuestion);
    await user.click(within(question).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(msisdnField()).toHaveValue('0241234567');

    await user.keyboard('{Escape}');
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add whitelist entry' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Add whitelist entry' }));
    await screen.findByRole('dialog', { name: 'Add whitelist entry' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add whitelist entry' })).not.toBeInTheDocument());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it("shows the server's refusal and keeps the popup open", async () => {
    const { user, backend } = await openAddDialog();
    backend.on('POST', 'admin/whitelist', { status: 409, body: { error: messages.duplicateWhitelist, code: 'duplicate' } });
    await user.type(msisdnField(), '0241234567');
    await user.selectOptions(countrySelect(), 'GH');
    await user.click(save());
    expect(await screen.findByText(messages.duplicateWhitelist)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add whitelist entry' })).toBeInTheDocument();
  });
});

describe('countryChoices', () => {
  it('offers a Super Admin every country by name and code, others the countries of their campaigns', async () => {
    const { countryChoices } = await import('./whitelistsApi');
    expect(countryChoices(countries, campaignChoices, 'Super Admin', '')).toEqual([
      { code: 'GH', label: 'Ghana (GH)' },
      { code: 'KE', label: 'Kenya (KE)' },
      { code: 'UG', label: 'Uganda (UG)' },
    ]);
    expect(countryChoices(countries, campaignChoices.slice(0, 1), 'Agency Admin', '').map((c) => c.code)).toEqual(['GH']);
    expect(countryChoices(countries, campaignChoices.slice(0, 1), 'Agency Admin', 'KE').map((c) => c.code)).toEqual(['GH', 'KE']);
  });
});
