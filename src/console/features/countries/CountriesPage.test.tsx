import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ListPage, TranslationsResponse } from '../../../contract/api';
import type { AdminCountry } from '../../../contract/entities';
import * as messages from '../../../contract/messages';
import { duplicateCountryName, duplicateIsoCode } from '../../../contract/messages';
import { fakeBackend, type RecordedCall } from '../../test/fakeBackend';
import { renderWithProviders } from '../../test/renderWithProviders';
import { signedIn } from '../../test/sessions';
import { CountriesPage } from './CountriesPage';

const translations: TranslationsResponse = {
  count: 3,
  next: null,
  previous: null,
  results: [
    { iso: 'en', language: 'English', language_code: 'en', language_name: 'English' },
    { iso: 'fr', language: 'French', language_code: 'fr', language_name: 'French' },
    { iso: 'sw', language: 'Swahili', language_code: 'sw', language_name: 'Swahili' },
  ],
};

const kenya: AdminCountry = { id: 3, country: 'Kenya', code: '254', iso_code: 'KE', sms_cid: 'RefKE', sms_from: 'REFERKE', languages: 'en,sw', updated_at: '2026-11-01T09:30:00.000Z' };

function countriesBackend(page: ListPage<AdminCountry> = { data: [kenya], count: 1 }) {
  return fakeBackend()
    .on('GET', 'admin/countries', { body: page })
    .on('GET', 'api/v1/translations/', { body: translations })
    .on('GET', 'api/v1/status-types', { body: { count: 0, next: null, previous: null, results: [] } })
    .on('POST', 'admin/country', ({ body }) => ({ status: 201, body: { id: 12, ...(body as object) } }));
}

const renderCountries = () => renderWithProviders(<CountriesPage />, { preloadedState: signedIn('Super Admin') });
const paramsOf = (call: RecordedCall | undefined) => Object.fromEntries(new URLSearchParams(call?.search));
const lastListParams = (backend: ReturnType<typeof countriesBackend>) => paramsOf(backend.calls('GET', 'admin/countries').at(-1));

const field = (label: string) => screen.getByLabelText(label);
const save = () => screen.getByRole('button', { name: 'Save' });

async function openAddDialog() {
  const backend = countriesBackend();
  const rendered = renderCountries();
  await rendered.user.click(await screen.findByRole('button', { name: 'Add country' }));
  await screen.findByRole('dialog', { name: 'Add country' });
  await screen.findByRole('checkbox', { name: 'English (en)' });
  return { backend, ...rendered };
}

async function fillValidCountry(user: Awaited<ReturnType<typeof openAddDialog>>['user']) {
  await user.type(field('Country'), 'Zambia');
  await user.type(field('ISO Code'), 'zm');
  await user.type(field('Dialing Code'), '260');
  await user.type(field('SMS From'), 'REFERZM');
  await user.click(screen.getByRole('checkbox', { name: 'English (en)' }));
}

describe('CountriesPage, the table', () => {
  it('shows each country with its SMS settings and languages', async () => {
    countriesBackend();
    renderCountries();
    expect(screen.getByRole('heading', { name: 'Countries' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Countries' });
    const row = within(table).getByRole('cell', { name: 'Kenya' }).closest('tr') as HTMLElement;
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Kenya', 'KE', '+254', 'REFERKE', 'RefKE', 'en, sw', '']);
    expect(within(row).getByRole('button', { name: 'Edit Kenya' })).toBeInTheDocument();
  });

  it('sends the page size, page, search and sort the admin picks', async () => {
    const backend = countriesBackend({ data: [kenya], count: 60 });
    const { user } = renderCountries();
    await screen.findByRole('cell', { name: 'Kenya' });
    expect(lastListParams(backend)).toEqual({ page_size: '20', current_page: '1', search: '', orderby: 'country' });

    await user.click(screen.getByRole('button', { name: 'Country' }));
    await waitFor(() => expect(lastListParams(backend)).toMatchObject({ orderby: '-country' }));
    await user.click(screen.getByRole('button', { name: 'Dialing Code' }));
    await waitFor(() => expect(lastListParams(backend)).toMatchObject({ orderby: 'code' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastListParams(backend)).toMatchObject({ current_page: '3' }));
    await user.selectOptions(screen.getByLabelText('Rows per page'), '50 rows');
    await user.type(screen.getByLabelText('Search Countries'), 'ken');
    await waitFor(() => expect(lastListParams(backend)).toEqual({ page_size: '50', current_page: '1', search: 'ken', orderby: 'code' }));
  });

  it('says so when there are no countries', async () => {
    countriesBackend({ data: [], count: 0 });
    renderCountries();
    expect(await screen.findByText('No countries found')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('CountriesPage, the add/edit popup', () => {
  it('shows every message of the country form', async () => {
    const { user } = await openAddDialog();
    await user.click(field('Country'));
    await user.click(field('Dialing Code'));
    expect(screen.queryByText(messages.countryNameRequired)).not.toBeInTheDocument();
    for (const label of ['Country', 'Dialing Code', 'SMS From']) {
      await user.type(field(label), '1');
      await user.clear(field(label));
    }
    expect(screen.getByText(messages.countryNameRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.dialingCodeRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.smsFromRequired)).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'French (fr)' }));
    await user.click(screen.getByRole('checkbox', { name: 'French (fr)' }));
    expect(screen.getByText(messages.languageRequired)).toBeInTheDocument();
  });

  it('asks for the ISO code: two letters, kept upper-case as typed, anything else dropped', async () => {
    const { user } = await openAddDialog();
    const iso = field('ISO Code');
    await user.type(iso, 'g');
    expect(iso).toHaveValue('G');
    expect(screen.getByText(messages.isoCodeInvalid)).toBeInTheDocument();
    await user.clear(iso);
    expect(screen.getByText(messages.isoCodeRequired)).toBeInTheDocument();
    await user.type(iso, '1g-h9x');
    expect(iso).toHaveValue('GH');
    expect(screen.queryByText(messages.isoCodeInvalid)).not.toBeInTheDocument();
    expect(screen.queryByText(messages.isoCodeRequired)).not.toBeInTheDocument();
  });

  it('keeps only digits and dots of the dialing code as it is typed', async () => {
    const { user } = await openAddDialog();
    await user.type(field('Dialing Code'), '+1-8.7 6a');
    expect(field('Dialing Code')).toHaveValue('18.76');
    await user.clear(field('Dialing Code'));
    await user.type(field('Dialing Code'), '+-x');
    expect(field('Dialing Code')).toHaveValue('');
    expect(screen.getByText(messages.dialingCodeRequired)).toBeInTheDocument();
  });

  it('keeps Save disabled until the form is valid, the SMS CID optional', async () => {
    const { user } = await openAddDialog();
    expect(save()).toBeDisabled();
    await user.type(field('Country'), 'Zambia');
    await user.type(field('Dialing Code'), '260');
    expect(save()).toBeDisabled();
    await user.type(field('SMS From'), 'REFERZM');
    expect(save()).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'English (en)' }));
    // Every field but the ISO code: a country without one could not be whitelisted.
    expect(save()).toBeDisabled();
    await user.type(field('ISO Code'), 'Z');
    expect(save()).toBeDisabled();
    await user.type(field('ISO Code'), 'M');
    expect(save()).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: 'English (en)' }));
    expect(save()).toBeDisabled();
  });

  it('sends a new country with its languages as a comma string, then says so', async () => {
    const { user, backend } = await openAddDialog();
    await fillValidCountry(user);
    await user.click(screen.getByRole('checkbox', { name: 'Swahili (sw)' }));
    await user.type(field('SMS CID'), 'RefZM');
    await user.click(save());
    expect(await screen.findByText('Country Zambia saved')).toBeInTheDocument();
    expect(backend.calls('POST', 'admin/country').map((c) => c.body)).toEqual([
      { country: 'Zambia', iso_code: 'ZM', code: '260', sms_from: 'REFERZM', sms_cid: 'RefZM', languages: 'en,sw' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(backend.calls('GET', 'admin/countries')).toHaveLength(2));
  });

  it('edits a country with its id, its languages ticked', async () => {
    const backend = countriesBackend();
    const { user } = renderCountries();
    await user.click(await screen.findByRole('cell', { name: 'Kenya' }));
    await screen.findByRole('dialog', { name: 'Edit country' });
    expect(await screen.findByRole('checkbox', { name: 'English (en)' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Swahili (sw)' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'French (fr)' })).not.toBeChecked();
    expect(field('Dialing Code')).toHaveValue('254');
    expect(field('ISO Code')).toHaveValue('KE');
    expect(save()).toBeEnabled();

    await user.click(screen.getByRole('checkbox', { name: 'English (en)' }));
    await user.clear(field('SMS CID'));
    await user.click(save());
    await screen.findByText('Country Kenya saved');
    expect(backend.calls('POST', 'admin/country').map((c) => c.body)).toEqual([
      { id: 3, updated_at: kenya.updated_at, country: 'Kenya', iso_code: 'KE', code: '254', sms_from: 'REFERKE', sms_cid: '', languages: 'sw' },
    ]);
  });

  it("shows the server's refusal and keeps the popup open", async () => {
    const { user, backend } = await openAddDialog();
    backend.on('POST', 'admin/country', { status: 403, body: { error: messages.superOnlyChange, code: 'super_admin_only' } });
    await fillValidCountry(user);
    await user.click(save());
    expect(await screen.findByText(messages.superOnlyChange)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add country' })).toBeInTheDocument();
  });

  it.each([
    ['name', duplicateCountryName('Zambia')],
    ['ISO code', duplicateIsoCode('ZM', 'Zambia')],
  ])("shows the server's refusal of a taken %s and keeps the popup open", async (_what, message) => {
    const { user, backend } = await openAddDialog();
    backend.on('POST', 'admin/country', { status: 409, body: { error: message, code: 'duplicate' } });
    await fillValidCountry(user);
    await user.click(save());
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add country' })).toBeInTheDocument();
  });
});
