import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Page } from '../../../contract/api';
import { ACTIVE_FLAG_WORDS } from '../../../contract/constants';
import type { Agency } from '../../../contract/entities';
import { fakeBackend, pageOf, type RecordedCall } from '../../test/fakeBackend';
import { renderWithProviders } from '../../test/renderWithProviders';
import { signedIn } from '../../test/sessions';
import { AgenciesPage } from './AgenciesPage';
import { ghanaAgency, kenyaAgency } from '../../test/agencies';

const agenciesBackend = (page: Page<Agency> = pageOf([ghanaAgency, kenyaAgency])) => fakeBackend().on('GET', 'service/agencies/', { body: page });

const renderAgencies = (route = '/agencies') => renderWithProviders(<AgenciesPage />, { preloadedState: signedIn('Super Admin'), route });
const paramsOf = (call: RecordedCall | undefined) => Object.fromEntries(new URLSearchParams(call?.search));
const lastQuery = (backend: ReturnType<typeof fakeBackend>) => paramsOf(backend.calls('GET', 'service/agencies/').at(-1));
const firstPage = { page: '1', page_size: '20', search: '' };

const cellsOf = (agencyName: string) => {
  const row = screen.getByRole('cell', { name: agencyName }).closest('tr') as HTMLElement;
  return within(row).getAllByRole('cell').map((cell) => cell.textContent);
};
const filterLink = (name: string) => within(screen.getByRole('group', { name: 'Show agencies' })).getByRole('button', { name });

describe('AgenciesPage', () => {
  it('shows each agency with its country, currency, adder, language, View link and status', async () => {
    agenciesBackend();
    renderAgencies();
    expect(screen.getByRole('heading', { name: 'Agencies' })).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Agencies' });
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent?.trim())).toEqual([
      'Country', 'Currency code', 'Agency', 'Added by', 'Language', 'View Agency', 'Status',
    ]);
    expect(cellsOf('Ghana Country Agency')).toEqual(['Ghana', 'GHS', 'Ghana Country Agency', 'super@demo.test', 'English', 'View', 'Active']);
    expect(cellsOf('Kenya Field Agency')).toEqual(['Kenya', 'KES', 'Kenya Field Agency', '—', 'Swahili', 'View', ACTIVE_FLAG_WORDS.inactive]);
    expect(screen.getByRole('img', { name: 'Active' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: ACTIVE_FLAG_WORDS.inactive })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Ghana Country Agency' })).toHaveAttribute('href', '/agencies/3');
    expect(screen.getByRole('link', { name: 'View Kenya Field Agency' })).toHaveAttribute('href', '/agencies/4');
  });

  it('asks for what each filter link names, from page 1, and keeps the link in the URL', async () => {
    const backend = agenciesBackend(pageOf([ghanaAgency], 45));
    const { user, location } = renderAgencies();
    await screen.findByRole('cell', { name: 'Ghana Country Agency' });
    expect(lastQuery(backend)).toEqual({ ...firstPage, ordering: 'agency_name' });
    expect(filterLink('All')).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastQuery(backend)).toMatchObject({ page: '2' }));

    await user.click(filterLink('Recently modified'));
    await waitFor(() => expect(lastQuery(backend)).toEqual({ ...firstPage, ordering: '-updated_at' }));
    expect(filterLink('Recently modified')).toHaveAttribute('aria-pressed', 'true');
    expect(filterLink('All')).toHaveAttribute('aria-pressed', 'false');
    expect(location()).toBe('/agencies?filter=recent');

    await user.click(filterLink('Latest'));
    await waitFor(() => expect(lastQuery(backend)).toEqual({ ...firstPage, ordering: '-id' }));
    expect(filterLink('Latest')).toHaveAttribute('aria-pressed', 'true');
    expect(location()).toBe('/agencies?filter=latest');

    await user.click(filterLink('Inactive'));
    await waitFor(() => expect(lastQuery(backend)).toEqual({ ...firstPage, ordering: 'agency_name', active_flag: 'false' }));
    expect(filterLink('Inactive')).toHaveAttribute('aria-pressed', 'true');
    expect(location()).toBe('/agencies?filter=inactive');

    // 'All' from page 1 was asked for first, and is shown from the cache.
    await user.click(filterLink('All'));
    expect(location()).toBe('/agencies');
    expect(filterLink('All')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText(/^Page 1 of 3/)).toBeInTheDocument();
  });

  it('opens with the filter of a bookmarked address', async () => {
    const backend = agenciesBackend(pageOf([kenyaAgency]));
    renderAgencies('/agencies?filter=inactive');
    await screen.findByRole('cell', { name: 'Kenya Field Agency' });
    expect(backend.calls('GET', 'service/agencies/').map(paramsOf)).toEqual([{ ...firstPage, ordering: 'agency_name', active_flag: 'false' }]);
    expect(filterLink('Inactive')).toHaveAttribute('aria-pressed', 'true');
  });

  it('pages with Next and Previous, and sorts by a column over a filter link', async () => {
    const backend = agenciesBackend(pageOf([ghanaAgency], 45));
    const { user } = renderAgencies('/agencies?filter=recent');
    await screen.findByRole('cell', { name: 'Ghana Country Agency' });
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastQuery(backend)).toEqual({ ...firstPage, page: '2', ordering: '-updated_at' }));
    expect(await screen.findByText(/^Page 2 of 3/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText(/^Page 1 of 3/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Agency' }));
    await waitFor(() => expect(lastQuery(backend)).toEqual({ ...firstPage, ordering: 'agency_name' }));
    await user.click(screen.getByRole('button', { name: 'Agency' }));
    await waitFor(() => expect(lastQuery(backend)).toMatchObject({ ordering: '-agency_name' }));
    await user.click(screen.getByRole('button', { name: 'Status' }));
    await waitFor(() => expect(lastQuery(backend)).toMatchObject({ ordering: 'active_flag' }));
    await user.click(screen.getByRole('button', { name: 'Country' }));
    await waitFor(() => expect(lastQuery(backend)).toMatchObject({ ordering: 'country' }));
    // The filter is still chosen; choosing another goes back to that filter's own order.
    expect(filterLink('Recently modified')).toHaveAttribute('aria-pressed', 'true');
    await user.click(filterLink('Latest'));
    await waitFor(() => expect(lastQuery(backend)).toEqual({ ...firstPage, ordering: '-id' }));
  });

  it('searches by what the admin types', async () => {
    const backend = agenciesBackend();
    const { user } = renderAgencies('/agencies?filter=inactive');
    await screen.findByRole('cell', { name: 'Ghana Country Agency' });
    await user.type(screen.getByLabelText('Search Agencies'), 'Ken');
    await waitFor(() => expect(lastQuery(backend)).toEqual({ ...firstPage, search: 'Ken', ordering: 'agency_name', active_flag: 'false' }));
  });

  it('says so when there are no agencies', async () => {
    agenciesBackend(pageOf([]));
    renderAgencies();
    expect(await screen.findByText('No agencies to show')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says so when the agencies cannot be loaded', async () => {
    fakeBackend().on('GET', 'service/agencies/', { status: 500, body: { error: 'The server failed', code: 'internal' } });
    renderAgencies();
    expect(await screen.findByText('The agencies could not be loaded.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
