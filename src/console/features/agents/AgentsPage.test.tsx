import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AgentRoleCampaign, Campaign } from '../../../contract/entities';
import type { AdminRoleType } from '../../../contract/roles';
import { makePersistor, makeStore } from '../../app/store';
import { browserWentOffline } from '../../http/connectivity';
import { ghanaAgency, ghanaCampaign, kenyaAgency } from '../../test/agencies';
import { agentRow, agents, invites, statusTypes } from '../../test/agents';
import { fakeBackend, pageOf, type RecordedCall } from '../../test/fakeBackend';
import { renderWithProviders } from '../../test/renderWithProviders';
import { signedIn } from '../../test/sessions';
import { AgentsPage } from './AgentsPage';

const kenyaCampaign: Campaign = {
  ...ghanaCampaign,
  id: 12,
  name: 'Agent Referral KE-01',
  extra_data: { agency: { id: kenyaAgency.id, agency_name: kenyaAgency.agency_name, country: 'KE' }, campaign_type: 'Agent Referral' },
};

function agentsBackend(rows: AgentRoleCampaign[] = agents, count = 45) {
  return fakeBackend()
    .on('GET', 'api/v1/user-role-campaigns/', { body: { ...pageOf(rows), count } })
    .on('GET', 'api/v1/status-types', { body: statusTypes })
    .on('GET', 'service/agencies/', { body: pageOf([ghanaAgency, kenyaAgency]) })
    .on('GET', 'service/campaigns/', ({ search }) => {
      const agency = new URLSearchParams(search).get('agency_id');
      const all = [ghanaCampaign, kenyaCampaign];
      return { body: pageOf(agency ? all.filter((campaign) => String(campaign.extra_data.agency.id) === agency) : all) };
    })
    .on('GET', 'service/invites/', { body: pageOf(invites(10), 23) });
}

const paramsOf = (call: RecordedCall | undefined) => Object.fromEntries(new URLSearchParams(call?.search));
const lastListParams = (backend: ReturnType<typeof agentsBackend>) => paramsOf(backend.calls('GET', 'api/v1/user-role-campaigns/').at(-1));

const renderAgents = (role: AdminRoleType = 'Super Admin', route = '/agents') =>
  renderWithProviders(<AgentsPage />, { preloadedState: signedIn(role), route });

describe('AgentsPage, the list', () => {
  it('shows each agent with name, username, mobile number, agency, campaign, status and dates', async () => {
    agentsBackend();
    renderAgents();
    const table = await screen.findByRole('table', { name: 'Agents' });
    const [header, first] = within(table).getAllByRole('row');
    expect(within(header as HTMLElement).getAllByRole('columnheader').map((cell) => cell.textContent?.trim())).toEqual([
      'Name', 'Username', 'Mobile Number', 'Agency', 'Campaign', 'Status', 'Start date', 'End date', 'Actions',
    ]);
    expect(within(first as HTMLElement).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'Kofi Boateng', 'kofi.boateng', '233241234501', 'Ghana Country Agency', 'Agent Referral GH-01', 'Active', '05-Nov-2026', '04-Nov-2027', 'EditInvites',
    ]);
    expect(within(first as HTMLElement).getByRole('button', { name: 'Edit Kofi Boateng' })).toBeInTheDocument();
  });

  it('says a count the server stopped at is a lower bound: 10,000+ rows, and Next still works', async () => {
    const backend = fakeBackend()
      .on('GET', 'api/v1/user-role-campaigns/', { body: { ...pageOf(agents), count: 10_000, count_capped: true } })
      .on('GET', 'api/v1/status-types', { body: statusTypes })
      .on('GET', 'service/agencies/', { body: pageOf([ghanaAgency]) })
      .on('GET', 'service/campaigns/', { body: pageOf([ghanaCampaign]) });
    const { user } = renderAgents();
    expect(await screen.findByText('Page 1 of 500+ · 10,000+ rows')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(paramsOf(backend.calls('GET', 'api/v1/user-role-campaigns/').at(-1)).page).toBe('2'));
  });

  it('names every status in words, each with a style of its own', async () => {
    agentsBackend();
    renderAgents();
    const table = await screen.findByRole('table', { name: 'Agents' });
    const tags = ['Active', 'InActive', 'Blacklisted', 'Suspended', 'Unvalidated', 'Fraud Blocked'].map((name) => within(table).getByText(name));
    const looks = tags.map((tag) => tag.closest('.bp6-tag')?.className ?? '');
    expect(new Set(looks).size).toBe(6);
    expect(looks[0]).toContain('bp6-intent-success');
    expect(looks[2]).toContain('bp6-intent-danger');
    expect(looks[2]).not.toContain('bp6-minimal');
    expect(looks[5]).toContain('bp6-minimal');
  });

  it('asks a Super Admin for the agents without the blacklisted, newest first, and pages with Next', async () => {
    const backend = agentsBackend();
    const { user } = renderAgents('Super Admin');
    await screen.findByRole('table', { name: 'Agents' });
    expect(lastListParams(backend)).toEqual({ role_type_id: '2', page: '1', page_size: '20', search: '', ordering: '', blacklisted: 'False' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastListParams(backend)).toMatchObject({ page: '2' }));
    await user.click(screen.getByRole('button', { name: 'Username' }));
    await waitFor(() => expect(lastListParams(backend)).toMatchObject({ page: '1', ordering: 'username' }));
  });

  it('sends the search, agency, campaign, status and the Super Admin filters, and keeps them in the address', async () => {
    const backend = agentsBackend();
    const { user, location } = renderAgents('Super Admin');
    await screen.findByRole('table', { name: 'Agents' });

    await user.type(screen.getByLabelText('Search Agents'), '0241');
    await waitFor(() => expect(lastListParams(backend)).toMatchObject({ search: '0241' }));

    await user.selectOptions(await screen.findByLabelText('Agency'), 'Kenya Field Agency');
    await waitFor(() => expect(lastListParams(backend)).toMatchObject({ agency_id: '4', page: '1' }));
    // The campaigns offered are the agency's.
    const campaign = screen.getByLabelText('Campaign');
    await waitFor(() => expect(within(campaign).getAllByRole('option').map((option) => option.textContent)).toEqual(['All campaigns', 'Agent Referral KE-01']));
    await user.selectOptions(campaign, 'Agent Referral KE-01');
    await waitFor(() => expect(lastListParams(backend)).toMatchObject({ agency_id: '4', campaign_ids: '12' }));

    await user.selectOptions(screen.getByLabelText('Status'), 'Suspended');
    await waitFor(() => expect(lastListParams(backend)).toMatchObject({ status_types: 'Suspended', blacklisted: 'False' }));

    await user.click(screen.getByRole('checkbox', { name: 'Include Blacklisted' }));
    await waitFor(() => expect(lastListParams(backend)).not.toHaveProperty('blacklisted'));
    await user.click(screen.getByRole('checkbox', { name: 'BQ' }));
    await waitFor(() => expect(lastListParams(backend)).toMatchObject({ bq: 'true' }));
    // The search stays with the filters: the list's whole state is in the address.
    expect(location()).toBe('/agents?search=0241&agency=4&campaign=12&status=Suspended&blacklisted=1&bq=1');
  });

  it('opens with the filters of its address (Back and bookmarks)', async () => {
    const backend = agentsBackend();
    renderAgents('Super Admin', '/agents?agency=3&status=Active&bq=1');
    await screen.findByRole('table', { name: 'Agents' });
    expect(lastListParams(backend)).toMatchObject({ agency_id: '3', status_types: 'Active', bq: 'true', blacklisted: 'False' });
    expect(await screen.findByRole('checkbox', { name: 'BQ' })).toBeChecked();
  });

  it('shows an Agency Admin neither the Super Admin filters nor the Blacklisted status, and never sends them', async () => {
    const backend = agentsBackend();
    renderAgents('Agency Admin', '/agents?blacklisted=1&bq=1');
    await screen.findByRole('table', { name: 'Agents' });
    expect(screen.queryByRole('checkbox', { name: 'Include Blacklisted' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'BQ' })).not.toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByLabelText('Status')).getAllByRole('option')).toHaveLength(6));
    expect(within(screen.getByLabelText('Status')).queryByRole('option', { name: 'Blacklisted' })).not.toBeInTheDocument();
    const sent = backend.calls('GET', 'api/v1/user-role-campaigns/').map(paramsOf);
    expect(sent.length).toBeGreaterThan(0);
    for (const params of sent) {
      expect(params).not.toHaveProperty('blacklisted');
      expect(params).not.toHaveProperty('bq');
    }
  });

  it('says so when no agent matches, and when the list cannot be loaded', async () => {
    const backend = agentsBackend([], 0);
    renderAgents();
    expect(await screen.findByText('No agents to show')).toBeInTheDocument();
    backend.on('GET', 'api/v1/user-role-campaigns/', { status: 500, body: { error: 'Down', code: 'internal' } });
    renderAgents('Agency Admin');
    expect(await screen.findByText('The agents could not be loaded.')).toBeInTheDocument();
  });
});

describe('AgentsPage, invite history', () => {
  it("shows an agent's latest 10 invites with date, recipient, agency and campaign", async () => {
    const backend = agentsBackend();
    const { user } = renderAgents();
    await user.click(await screen.findByRole('button', { name: 'Invites of Kofi Boateng' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite history of Kofi Boateng' });
    const table = await within(dialog).findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(11);
    expect(within(rows[0] as HTMLElement).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Date', 'Recipient msisdn', 'Agency', 'Campaign']);
    expect(within(rows[1] as HTMLElement).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      '05-Nov-2026 10:30', '233200000000', 'Ghana Country Agency', 'Agent Referral GH-01',
    ]);
    expect(within(dialog).getByText('The latest 10 of 23 invites.')).toBeInTheDocument();
    expect(paramsOf(backend.calls('GET', 'service/invites/')[0])).toEqual({ agent_id: '501', page_size: '10' });
  });

  it('says when an agent has no invites yet, and when they cannot be loaded', async () => {
    const backend = agentsBackend([agentRow(1, 'Kofi', 'Boateng'), agentRow(2, 'Ama', 'Owusu')]);
    backend.on('GET', 'service/invites/', ({ search }) =>
      new URLSearchParams(search).get('agent_id') === '501' ? { body: pageOf([]) } : { status: 500, body: { error: 'Down', code: 'internal' } },
    );
    const { user } = renderAgents();
    await user.click(await screen.findByRole('button', { name: 'Invites of Kofi Boateng' }));
    expect(await screen.findByText('No invites yet')).toBeInTheDocument();
    const [closeButton] = within(screen.getByRole('dialog')).getAllByRole('button', { name: 'Close' });
    await user.click(closeButton as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Invites of Ama Owusu' }));
    expect(await screen.findByText('The invites could not be loaded.')).toBeInTheDocument();
  });
});

describe('AgentsPage, offline', () => {
  it('opens offline, after a reload, with the agents it last showed', async () => {
    agentsBackend();
    const before = makeStore(signedIn('Super Admin'));
    const persistor = makePersistor(before);
    const first = renderWithProviders(<AgentsPage />, { store: before, route: '/agents' });
    await screen.findByRole('cell', { name: 'Kofi Boateng' });
    await persistor.flush();
    persistor.pause();
    first.unmount();

    // A reload without a network: a new store, read back from the device.
    const after = makeStore();
    after.dispatch(browserWentOffline());
    const restored = makePersistor(after);
    await waitFor(() => expect(restored.getState().bootstrapped).toBe(true));
    renderWithProviders(<AgentsPage />, { store: after, route: '/agents' });
    expect(await screen.findByRole('cell', { name: 'Kofi Boateng' })).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Agents' })).getByText('Fraud Blocked')).toBeInTheDocument();
  });
});
