import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ListPage, TranslationsResponse } from '../../../contract/api';
import type { CountrySms } from '../../../contract/entities';
import * as messages from '../../../contract/messages';
import { fakeBackend, type RecordedCall } from '../../test/fakeBackend';
import { renderWithProviders } from '../../test/renderWithProviders';
import { signedIn } from '../../test/sessions';
import { LanguagesPage } from './LanguagesPage';

const translations: TranslationsResponse = {
  count: 2,
  next: null,
  previous: null,
  results: [
    { iso: 'en', language: 'English', language_code: 'en', language_name: 'English' },
    { iso: 'sw', language: 'Swahili', language_code: 'sw', language_name: 'Swahili' },
  ],
};

const kenya: CountrySms = { id: 3, country: 'Kenya', code: '254', urls: { sw: '', en: 'https://r.example.org/ke/en/' }, updated_at: '2026-11-01T09:30:00.000Z' };

function smsBackend(page: ListPage<CountrySms> = { data: [kenya], count: 1 }) {
  return fakeBackend()
    .on('GET', 'admin/country_sms', { body: page })
    .on('GET', 'api/v1/translations/', { body: translations })
    .on('GET', 'api/v1/status-types', { body: { count: 0, next: null, previous: null, results: [] } })
    .on('POST', 'admin/country_sms', ({ body }) => ({ body: { ...kenya, ...(body as object) } }));
}

const renderLanguages = () => renderWithProviders(<LanguagesPage />, { preloadedState: signedIn('Super Admin') });
const paramsOf = (call: RecordedCall | undefined) => Object.fromEntries(new URLSearchParams(call?.search));
const lastListParams = (backend: ReturnType<typeof smsBackend>) => paramsOf(backend.calls('GET', 'admin/country_sms').at(-1));

const field = (label: string) => screen.getByLabelText(label);
const save = () => screen.getByRole('button', { name: 'Save' });
const addLanguage = () => screen.getByRole('button', { name: 'Add language' });

async function openKenya() {
  const backend = smsBackend();
  const rendered = renderLanguages();
  await rendered.user.click(await screen.findByRole('cell', { name: 'Kenya' }));
  await screen.findByRole('dialog', { name: 'SMS link prefixes: Kenya' });
  await screen.findByLabelText('URL prefix, Swahili (sw)');
  return { backend, ...rendered };
}

describe('LanguagesPage, the table', () => {
  it('shows each country with its languages and URL prefixes', async () => {
    smsBackend();
    renderLanguages();
    expect(screen.getByRole('heading', { name: 'Languages' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'SMS link prefixes' });
    const row = within(table).getByRole('cell', { name: 'Kenya' }).closest('tr') as HTMLElement;
    const items = within(row).getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual(['en https://r.example.org/ke/en/', 'sw default welcome link']);
    expect(within(row).getByRole('cell', { name: '+254' })).toBeInTheDocument();
  });

  it('sends the page size, page, search and sort the admin picks', async () => {
    const backend = smsBackend({ data: [kenya], count: 25 });
    const { user } = renderLanguages();
    await screen.findByRole('cell', { name: 'Kenya' });
    expect(lastListParams(backend)).toEqual({ page_size: '20', current_page: '1', search: '', orderby: 'country' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastListParams(backend)).toMatchObject({ current_page: '2' }));
    await user.click(screen.getByRole('button', { name: 'Dialing Code' }));
    await waitFor(() => expect(lastListParams(backend)).toMatchObject({ orderby: 'code', current_page: '1' }));
    await user.type(screen.getByLabelText('Search SMS link prefixes'), 'ke');
    await user.selectOptions(screen.getByLabelText('Rows per page'), 'All rows');
    await waitFor(() => expect(lastListParams(backend)).toEqual({ page_size: '0', current_page: '1', search: 'ke', orderby: 'code' }));
  });

  it('says so when there are no countries', async () => {
    smsBackend({ data: [], count: 0 });
    renderLanguages();
    expect(await screen.findByText('No countries found')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('LanguagesPage, the edit popup', () => {
  it('shows one URL prefix per language, empty for the default welcome link', async () => {
    await openKenya();
    expect(field('URL prefix, English (en)')).toHaveValue('https://r.example.org/ke/en/');
    expect(field('URL prefix, Swahili (sw)')).toHaveValue('');
    expect(save()).toBeEnabled();
  });

  it('refuses a prefix that is not an http(s) URL and disables Save', async () => {
    const { user } = await openKenya();
    await user.type(field('URL prefix, Swahili (sw)'), 'r.example.org/ke/sw');
    expect(screen.getByText(messages.urlPrefixInvalid)).toBeInTheDocument();
    expect(save()).toBeDisabled();
    await user.clear(field('URL prefix, Swahili (sw)'));
    expect(screen.queryByText(messages.urlPrefixInvalid)).not.toBeInTheDocument();
    expect(save()).toBeEnabled();
  });

  it('adds a language only with a code of 2 to 5 characters and a valid prefix', async () => {
    const { user } = await openKenya();
    expect(addLanguage()).toBeDisabled();
    await user.type(field('Language code'), 'h');
    expect(screen.getByText(messages.languageCodeLength)).toBeInTheDocument();
    expect(addLanguage()).toBeDisabled();
    await user.type(field('Language code'), 'a');
    expect(screen.queryByText(messages.languageCodeLength)).not.toBeInTheDocument();
    expect(addLanguage()).toBeEnabled();
    await user.type(field('Language code'), 'xxxx');
    expect(screen.getByText(messages.languageCodeLength)).toBeInTheDocument();
    await user.clear(field('Language code'));
    await user.type(field('Language code'), 'en');
    expect(screen.getByText('en is listed above already.')).toBeInTheDocument();
    expect(addLanguage()).toBeDisabled();

    await user.clear(field('Language code'));
    await user.type(field('Language code'), 'luo');
    await user.type(field('URL prefix'), 'ftp://x');
    expect(screen.getAllByText(messages.urlPrefixInvalid)).toHaveLength(1);
    expect(addLanguage()).toBeDisabled();
  });

  it('sends every prefix with the added language, then says so', async () => {
    const { user, backend } = await openKenya();
    await user.type(field('URL prefix, Swahili (sw)'), ' https://r.example.org/ke/sw/ ');
    await user.type(field('Language code'), 'luo');
    await user.type(field('URL prefix'), 'https://r.example.org/ke/luo/');
    await user.click(addLanguage());

    expect(field('URL prefix, luo (luo)')).toHaveValue('https://r.example.org/ke/luo/');
    expect(field('Language code')).toHaveValue('');
    await user.click(save());
    expect(await screen.findByText('SMS link prefixes of Kenya saved')).toBeInTheDocument();
    expect(backend.calls('POST', 'admin/country_sms').map((c) => c.body)).toEqual([
      {
        id: 3,
        updated_at: kenya.updated_at,
        code: '254',
        urls: { sw: 'https://r.example.org/ke/sw/', en: 'https://r.example.org/ke/en/', luo: 'https://r.example.org/ke/luo/' },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(backend.calls('GET', 'admin/country_sms')).toHaveLength(2));
  });

  it('takes an added language out again before saving', async () => {
    const { user, backend } = await openKenya();
    await user.type(field('Language code'), 'luo');
    await user.click(addLanguage());
    expect(screen.queryByRole('button', { name: 'Remove sw' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove luo' }));
    expect(screen.queryByLabelText('URL prefix, luo (luo)')).not.toBeInTheDocument();
    await user.click(save());
    await screen.findByText('SMS link prefixes of Kenya saved');
    expect(backend.calls('POST', 'admin/country_sms')[0]?.body).toEqual({ id: 3, updated_at: kenya.updated_at, code: '254', urls: kenya.urls });
  });

  it("shows the server's refusal and keeps the popup open", async () => {
    const { user, backend } = await openKenya();
    backend.on('POST', 'admin/country_sms', { status: 403, body: { error: messages.superOnlyChange, code: 'super_admin_only' } });
    await user.click(save());
    expect(await screen.findByText(messages.superOnlyChange)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'SMS link prefixes: Kenya' })).toBeInTheDocument();
  });
});
