import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACTIVE_FLAG_WORDS } from '../../../contract/constants';
import type { Campaign } from '../../../contract/entities';
import { pickedLabel } from '../../components/CampaignMultiSelect';
import { campaign } from '../../test/campaignDetail';
import { fakeBackend, pageOf, type RecordedCall } from '../../test/fakeBackend';
import { renderWithProviders } from '../../test/renderWithProviders';
import { signedIn } from '../../test/sessions';
import { CampaignsPage } from './CampaignsPage';

const named = (id: number, name: string, overrides: Partial<Campaign> = {}): Campaign => ({ ...campaign, id, name, ...overrides });
const campaigns = [
  named(7, 'Agent Referral GH-01'),
  named(8, 'Agent Referral GH-02', { budget_spend_amount: '100.00', currency: 'GHS', active_flag: false, updated_by: null }),
  named(9, 'Gift & Stay KE-01', { country_code: 'KE' }),
];

const paramsOf = (call: RecordedCall | undefined) => Object.fromEntries(new URLSearchParams(call?.search));
/** The list's calls (the filter's choices ask for the same address with page_size 100). */
const listCalls = (backend: ReturnType<typeof fakeBackend>) => backend.calls('GET', 'service/campaigns/').filter((call) => paramsOf(call).page_size !== '100');

function campaignsBackend() {
  return fakeBackend().on('GET', 'service/campaigns/', ({ search }) => {
    const ids = new URLSearchParams(search).get('ids')?.split(',').map(Number);
    const rows = ids ? campaigns.filter((row) => ids.includes(row.id)) : campaigns;
    return { body: { ...pageOf(rows), count: ids ? rows.length : 45 } };
  });
}

describe('CampaignsPage', () => {
  it('shows each campaign with its country, owner, start date, budget spent and status', async () => {
    campaignsBackend();
    renderWithProviders(<CampaignsPage />, { preloadedState: signedIn('Super Admin') });
    const table = await screen.findByRole('table', { name: 'Campaigns' });
    const [header, first, second] = within(table).getAllByRole('row');
    expect(within(header as HTMLElement).getAllByRole('columnheader').map((cell) => cell.textContent?.trim())).toEqual([
      'Country', 'Campaign', 'Owner', 'Date Started', 'Budget Spent', 'View', 'Status',
    ]);
    // 950.00 of 1,000.00: spent 90% or more, so marked. A backend that sends no currency: the amount alone; one that does: with its code.
    expect(within(first as HTMLElement).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'GH', 'Agent Referral GH-01', 'super@demo.test', '05-Mar-2026', '950.0095% spent', 'View', 'Active',
    ]);
    expect(within(second as HTMLElement).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'GH', 'Agent Referral GH-02', '—', '05-Mar-2026', 'GHS 100.00', 'View', ACTIVE_FLAG_WORDS.inactive,
    ]);
    expect(within(first as HTMLElement).getByRole('link', { name: 'View' })).toHaveAttribute('href', '/campaigns/7');
  });

  it('asks for the next page and another order', async () => {
    const backend = campaignsBackend();
    const { user } = renderWithProviders(<CampaignsPage />, { preloadedState: signedIn('Super Admin') });
    await screen.findByRole('table', { name: 'Campaigns' });
    expect(paramsOf(listCalls(backend).at(-1))).toMatchObject({ page: '1', page_size: '20', ordering: 'name' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(paramsOf(listCalls(backend).at(-1))).toMatchObject({ page: '2' }));
    await user.click(screen.getByRole('button', { name: 'Budget Spent' }));
    await waitFor(() => expect(paramsOf(listCalls(backend).at(-1))).toMatchObject({ page: '1', ordering: 'budget_spend_amount' }));
  });

  it('narrows the list to the campaigns picked, naming the first two and then how many more', async () => {
    const backend = campaignsBackend();
    const { user, location } = renderWithProviders(<CampaignsPage />, { preloadedState: signedIn('Super Admin'), route: '/campaigns' });
    await screen.findByRole('table', { name: 'Campaigns' });
    await user.click(screen.getByRole('button', { name: 'Campaign filter: All campaigns' }));
    const group = await screen.findByRole('group', { name: 'Campaigns to show' });
    for (const name of ['Agent Referral GH-01', 'Agent Referral GH-02', 'Gift & Stay KE-01']) await user.click(within(group).getByRole('checkbox', { name }));
    expect(screen.getByRole('button', { name: /^Campaign filter:/ })).toHaveTextContent('Agent Referral GH-01, Agent Referral GH-02 and 1 more');
    await waitFor(() => expect(paramsOf(listCalls(backend).at(-1))).toMatchObject({ ids: '7,8,9', page: '1' }));
    expect(location()).toBe('/campaigns?campaigns=7%2C8%2C9');
  });

  it('labels the filter button', () => {
    expect(pickedLabel([])).toBe('All campaigns');
    expect(pickedLabel(['A'])).toBe('A');
    expect(pickedLabel(['A', 'B'])).toBe('A, B');
    expect(pickedLabel(['A', 'B', 'C', 'D'])).toBe('A, B and 2 more');
  });
});
