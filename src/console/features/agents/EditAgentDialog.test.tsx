import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AgentRoleCampaign } from '../../../contract/entities';
import * as messages from '../../../contract/messages';
import type { AdminRoleType } from '../../../contract/roles';
import { makeStore } from '../../app/store';
import { browserWentOffline, browserWentOnline } from '../../http/connectivity';
import { RETRY_STATE } from '../../outbox/retry';
import { QUEUED_TEXT } from '../../outbox/outboxRunner';
import { selectOwnOutbox } from '../../outbox/outboxSlice';
import { ghanaAgency, ghanaCampaign } from '../../test/agencies';
import { agentRow, congoAgency, congoCampaign, statusTypes } from '../../test/agents';
import { fakeBackend, pageOf, type Handler } from '../../test/fakeBackend';
import { renderWithProviders } from '../../test/renderWithProviders';
import { signedIn } from '../../test/sessions';
import { AgentsPage } from './AgentsPage';
import { agentsApi } from './agentsApi';

const kofi = agentRow(1, 'Kofi', 'Boateng', 'Active');

const saved: Handler = ({ body }) => {
  const edit = body as { first_name: string; last_name: string };
  return { body: agentRow(1, edit.first_name, edit.last_name, 'Active', { updated_at: '2026-11-02T10:00:00.000Z' }) };
};

function editBackend(rows: AgentRoleCampaign[] = [kofi], patch: Handler = saved) {
  return fakeBackend()
    .on('GET', 'api/v1/user-role-campaigns/', { body: pageOf(rows) })
    .on('GET', 'api/v1/status-types', { body: statusTypes })
    .on('GET', 'service/agencies/', { body: pageOf([ghanaAgency, congoAgency]) })
    .on('GET', 'service/campaigns/', ({ search }) => {
      const agency = new URLSearchParams(search).get('agency_id');
      const all = [ghanaCampaign, congoCampaign];
      return { body: pageOf(agency ? all.filter((campaign) => String(campaign.extra_data.agency.id) === agency) : all) };
    })
    .on('PATCH', `api/v1/agents/${kofi.id}/`, patch);
}

async function openEdit(role: AdminRoleType = 'Agency Admin', store = makeStore(signedIn(role), { outbox: { delay: () => 60_000 } })) {
  const rendered = renderWithProviders(<AgentsPage />, { store, route: '/agents' });
  await rendered.user.click(await screen.findByRole('button', { name: 'Edit Kofi Boateng' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit agent' });
  await within(dialog).findByRole('option', { name: 'Suspended' });
  return { ...rendered, dialog };
}

const field = (label: string) => within(screen.getByRole('dialog')).getByLabelText(label);
const save = () => screen.getByRole('button', { name: 'Save' });
const patches = (backend: ReturnType<typeof editBackend>) => backend.calls('PATCH', `api/v1/agents/${kofi.id}/`).map((call) => call.body);

describe('EditAgentDialog', () => {
  it('opens with the agent as it is, and enables Save only when something changed', async () => {
    editBackend();
    const { user } = await openEdit();
    expect(field('First name')).toHaveValue('Kofi');
    expect(field('Second name')).toHaveValue('Boateng');
    expect(field('Mobile Number')).toHaveValue('233241234501');
    expect(field('Status')).toHaveDisplayValue('Active');
    expect(field('Agency')).toHaveDisplayValue('Ghana Country Agency');
    expect(field('Campaign')).toHaveDisplayValue('Agent Referral GH-01');
    expect(save()).toBeDisabled();

    await user.type(field('First name'), 'x');
    expect(save()).toBeEnabled();
    await user.type(field('First name'), '{Backspace}');
    expect(save()).toBeDisabled();
    await user.selectOptions(field('Status'), 'Suspended');
    expect(save()).toBeEnabled();
  });

  it('says which field must not be empty', async () => {
    editBackend();
    const { user } = await openEdit();
    const dialog = within(screen.getByRole('dialog'));
    await user.clear(field('First name'));
    await user.clear(field('Second name'));
    await user.clear(field('Mobile Number'));
    expect(dialog.getByText(messages.firstNameRequired)).toBeInTheDocument();
    expect(dialog.getByText(messages.secondNameRequired)).toBeInTheDocument();
    expect(dialog.getByText(messages.msisdnRequired)).toBeInTheDocument();
    expect(save()).toBeDisabled();
  });

  it('refuses a status change while the msisdn is not valid, in the contract’s words', async () => {
    editBackend([{ ...kofi, user_role: { ...kofi.user_role, user: { ...kofi.user_role.user, msisdn: '12345' } } }]);
    const { user } = await openEdit();
    await user.type(field('Second name'), '-Mensah');
    expect(save()).toBeEnabled();
    await user.selectOptions(field('Status'), 'Suspended');
    expect(within(screen.getByRole('dialog')).getByText(messages.statusNeedsValidMsisdn)).toBeInTheDocument();
    expect(save()).toBeDisabled();
    await user.clear(field('Mobile Number'));
    await user.type(field('Mobile Number'), '0241234599');
    expect(within(screen.getByRole('dialog')).queryByText(messages.statusNeedsValidMsisdn)).not.toBeInTheDocument();
    expect(save()).toBeEnabled();
  });

  it('sends the names, msisdn, what changed and the updated_at it read, then says so', async () => {
    const backend = editBackend();
    const { user } = await openEdit();
    await user.clear(field('Second name'));
    await user.type(field('Second name'), 'Mensah ');
    await user.selectOptions(field('Status'), 'Suspended');
    await user.click(save());
    expect(await screen.findByText(messages.agentUpdated)).toBeInTheDocument();
    expect(patches(backend)).toEqual([
      { id: kofi.id, first_name: 'Kofi', last_name: 'Mensah', msisdn: '233241234501', status_type: 4, updated_at: kofi.updated_at },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('clears the campaign when the agency changes, until one of its campaigns is chosen', async () => {
    const backend = editBackend();
    const { user } = await openEdit('Super Admin');
    await user.selectOptions(field('Agency'), 'Congo Field Agency');
    expect(field('Campaign')).toHaveDisplayValue('Choose a campaign');
    expect(within(screen.getByRole('dialog')).getByText(messages.campaignNotSelected)).toBeInTheDocument();
    expect(save()).toBeDisabled();
    await within(field('Campaign')).findByRole('option', { name: 'Agent Referral CG-01' });
    expect(within(field('Campaign')).queryByRole('option', { name: 'Agent Referral GH-01' })).not.toBeInTheDocument();
    await user.selectOptions(field('Campaign'), 'Agent Referral CG-01');
    await user.click(save());
    await screen.findByText(messages.agentUpdated);
    expect(patches(backend)).toEqual([
      { id: kofi.id, first_name: 'Kofi', last_name: 'Boateng', msisdn: '233241234501', agency_id: congoAgency.id, campaign: congoCampaign.id, updated_at: kofi.updated_at },
    ]);
  });

  it('offers Blacklisted to a Super Admin only', async () => {
    editBackend();
    await openEdit('Agency Admin');
    expect(within(field('Status')).queryByRole('option', { name: 'Blacklisted' })).not.toBeInTheDocument();
    expect(within(field('Status')).getAllByRole('option')).toHaveLength(5);
  });

  it('lets a Super Admin blacklist an agent', async () => {
    editBackend();
    await openEdit('Super Admin');
    expect(within(field('Status')).getByRole('option', { name: 'Blacklisted' })).toBeInTheDocument();
  });

  it('keeps the dialog open on a conflict, shows the agent as it is now beside the form, and Keep mine saves on that version', async () => {
    const current = agentRow(1, 'Kofi', 'Addo', 'Active', { updated_at: '2026-11-02T08:00:00.000Z' });
    const backend = editBackend([kofi], ({ body }) =>
      (body as { updated_at: string }).updated_at === current.updated_at
        ? saved({ body } as never)
        : { status: 409, body: { error: messages.recordChanged, code: 'edit_conflict', current } },
    );
    const { user } = await openEdit();
    await user.type(field('First name'), 'bena');
    await user.click(save());
    const panel = await screen.findByRole('group', { name: 'Edit conflict' });
    expect(screen.getByRole('dialog', { name: 'Edit agent' })).toBeInTheDocument();
    const rowOf = (label: string) => within(panel).getByRole('rowheader', { name: new RegExp(`^${label}`) }).closest('tr') as HTMLElement;
    const cells = (label: string) => within(rowOf(label)).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells('First name')).toEqual(['Kofibena', 'Kofi']);
    expect(cells('Second name')).toEqual(['Boateng', 'Addo']);
    expect(cells('Status')).toEqual(['Active', 'Active']);
    expect(cells('Campaign')).toEqual(['Agent Referral GH-01', 'Agent Referral GH-01']);
    expect(within(rowOf('Status')).queryByText('differs')).not.toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Keep mine' }));
    await screen.findByText(messages.agentUpdated);
    expect(patches(backend).map((body) => (body as { updated_at: string }).updated_at)).toEqual([kofi.updated_at, current.updated_at]);
    expect(patches(backend)[1]).toMatchObject({ first_name: 'Kofibena', last_name: 'Boateng' });
  });

  it('keeps an edit made offline in the outbox and shows it pending on its row', async () => {
    const backend = editBackend();
    const store = makeStore(signedIn('Agency Admin'), { outbox: { delay: () => 60_000 } });
    const { user } = await openEdit('Agency Admin', store);
    act(() => void store.dispatch(browserWentOffline()));
    await user.clear(field('Second name'));
    await user.type(field('Second name'), 'Mensah');
    await user.click(save());

    expect(await screen.findByText(QUEUED_TEXT)).toBeInTheDocument();
    expect(screen.queryByText(messages.agentUpdated)).not.toBeInTheDocument();
    expect(patches(backend)).toEqual([]);
    expect(selectOwnOutbox(store.getState()).map((entry) => [entry.method, entry.url, entry.description])).toEqual([
      ['PATCH', `api/v1/agents/${kofi.id}/`, 'Edit agent Kofi Mensah'],
    ]);
    const row = (await screen.findByRole('cell', { name: /Kofi Mensah/ })).closest('tr') as HTMLElement;
    expect(within(row).getByText('pending')).toBeInTheDocument();
  });

  it('opens a refused edit again from the outbox with its values, on the agent as it is now', async () => {
    const current = agentRow(1, 'Kofi', 'Addo', 'Active', { updated_at: '2026-11-02T08:00:00.000Z' });
    const backend = editBackend([kofi], ({ body }) =>
      (body as { updated_at: string }).updated_at === current.updated_at
        ? saved({ body } as never)
        : { status: 409, body: { error: messages.recordChanged, code: 'edit_conflict', current } },
    );
    const store = makeStore(signedIn('Agency Admin'), { outbox: { delay: () => 60_000 } });
    store.dispatch(browserWentOffline());
    await store.dispatch(agentsApi.endpoints.editAgent.initiate({ id: kofi.id, first_name: 'Kofi', last_name: 'Mensah', msisdn: '233241234501', updated_at: kofi.updated_at }));
    store.dispatch(browserWentOnline());
    await waitFor(() => expect(selectOwnOutbox(store.getState())[0]?.status).toBe('failed'));
    const [refused] = selectOwnOutbox(store.getState());

    const { user } = renderWithProviders(<AgentsPage />, { store, route: { pathname: '/agents', state: { [RETRY_STATE]: refused?.key } } });
    const dialog = await screen.findByRole('dialog', { name: 'Edit agent' });
    const panel = within(dialog).getByRole('group', { name: 'Edit conflict' });
    const secondName = within(panel).getByRole('rowheader', { name: /^Second name/ }).closest('tr') as HTMLElement;
    expect(within(secondName).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Mensah', 'Addo']);
    expect(field('Second name')).toHaveValue('Mensah');
    await user.click(within(panel).getByRole('button', { name: 'Keep mine' }));
    await screen.findByText(messages.agentUpdated);
    expect(patches(backend).at(-1)).toEqual({ id: kofi.id, first_name: 'Kofi', last_name: 'Mensah', msisdn: '233241234501', updated_at: current.updated_at });
    await waitFor(() => expect(selectOwnOutbox(store.getState())).toEqual([]));
  });
});
