import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, type InitialEntry } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ACTIVE_FLAG_WORDS } from '../../../contract/constants';
import * as messages from '../../../contract/messages';
import type { AdminRoleType } from '../../../contract/roles';
import { campaignBackend } from '../../test/campaignDetail';
import { pageOf } from '../../test/fakeBackend';
import { renderWithProviders } from '../../test/renderWithProviders';
import { DEMO_USERNAME, signedIn } from '../../test/sessions';
import { selectOwnOutbox, type OutboxEntry } from '../../outbox/outboxSlice';
import { RETRY_STATE } from '../../outbox/retry';
import { campaign } from '../../test/campaignDetail';
import { CampaignPage } from './CampaignPage';

function renderCampaign(route: InitialEntry = '/campaigns/7', role: AdminRoleType = 'Super Admin', outbox?: OutboxEntry[]) {
  return renderWithProviders(
    <Routes>
      <Route path="/campaigns/:id/:part?" element={<CampaignPage />} />
    </Routes>,
    { preloadedState: { ...signedIn(role), ...(outbox ? { outbox: { byUser: { [DEMO_USERNAME[role]]: outbox } } } : {}) }, route },
  );
}

/** The value shown under a label of the read-only facts. */
const facts = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('CampaignPage, CAMPAIGN TYPE', () => {
  it('shows the campaign read-only, with its budget at a glance', async () => {
    campaignBackend();
    renderCampaign();
    expect(await screen.findByRole('heading', { name: 'Agent Referral GH-01' })).toBeInTheDocument();
    await waitFor(() => expect(facts('Max agent count')).toBe('250'));
    expect(facts('Budget allocated')).toBe('1,000.00');
    expect(facts('Campaign type')).toBe('Referral');
    expect(screen.getByRole('checkbox', { name: 'Active' })).toBeDisabled();
    const budget = screen.getByRole('region', { name: 'Budget' });
    expect(budget).toHaveTextContent('Budget spent 950.00 of 1,000.00');
    expect(budget).toHaveTextContent('95%');
    expect(budget).toHaveTextContent('This campaign has spent 90% or more of its budget.');
    expect(screen.queryByRole('textbox', { name: 'Name' })).not.toBeInTheDocument();
  });

  it('edits the name and max agent count, then returns to read-only with a snackbar', async () => {
    const backend = campaignBackend();
    const { user } = renderCampaign();
    await waitFor(() => expect(facts('Max agent count')).toBe('250'));
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Agent Referral GH-01 (renamed)');
    const maxAgents = screen.getByRole('textbox', { name: 'Max agent count' });
    await user.clear(maxAgents);
    await user.type(maxAgents, '300');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Campaign saved')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Name' })).not.toBeInTheDocument();
    expect(backend.calls('PUT', 'service/campaigns/7/')[0]?.body).toEqual({ id: 7, name: 'Agent Referral GH-01 (renamed)', updated_at: '2026-11-01T09:30:00.000Z' });
    expect(backend.calls('PUT', 'service/campaign-versions/11/')[0]?.body).toEqual({ id: 11, campaign: 7, max_agent_count: 300 });
  });

  it('keeps Save disabled and says why for a max agent count that is not a whole number in range', async () => {
    campaignBackend();
    const { user } = renderCampaign();
    await waitFor(() => expect(facts('Max agent count')).toBe('250'));
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const maxAgents = screen.getByRole('textbox', { name: 'Max agent count' });
    await user.clear(maxAgents);
    await user.type(maxAgents, '2000000');
    expect(screen.getByText(messages.maxAgentCountInvalid)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.clear(screen.getByRole('textbox', { name: 'Name' }));
    expect(screen.getByText(messages.campaignNameRequired)).toBeInTheDocument();
  });

  it('lets a Super Admin switch the campaign off in edit mode', async () => {
    const backend = campaignBackend();
    const { user } = renderCampaign();
    await waitFor(() => expect(facts('Max agent count')).toBe('250'));
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const active = screen.getByRole('checkbox', { name: 'Active' });
    expect(active).toBeEnabled();
    await user.click(active);
    expect(screen.getByRole('checkbox', { name: ACTIVE_FLAG_WORDS.inactive })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Campaign saved');
    expect(backend.calls('PUT', 'service/campaigns/7/')[0]?.body).toMatchObject({ active_flag: false });
    expect(backend.calls('PUT', 'service/campaign-versions/11/')).toHaveLength(0);
  });

  it('shows an Agency Admin the active flag but never lets them change it', async () => {
    const backend = campaignBackend();
    const { user } = renderCampaign('/campaigns/7', 'Agency Admin');
    await waitFor(() => expect(facts('Max agent count')).toBe('250'));
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('checkbox', { name: 'Active' })).toBeDisabled();
    expect(screen.getByText('Only a Super Admin may change this.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), ' B');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Campaign saved');
    expect(backend.calls('PUT', 'service/campaigns/7/')[0]?.body).not.toHaveProperty('active_flag');
  });

  it('stays in edit mode on a conflict with the campaign as it is now beside the form; Use theirs fills it, and Save sends on that version', async () => {
    const backend = campaignBackend();
    const current = { ...campaign, name: 'Renamed by someone else', updated_at: '2026-11-20T08:00:00.000Z' };
    backend.on('PUT', 'service/campaigns/7/', ({ body }) =>
      (body as { updated_at: string }).updated_at === current.updated_at
        ? { body: { ...current, ...(body as object), updated_at: '2026-11-21T08:00:00.000Z' } }
        : { status: 409, body: { error: messages.recordChanged, code: 'edit_conflict', current } },
    );
    const { user } = renderCampaign();
    await waitFor(() => expect(facts('Max agent count')).toBe('250'));
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), ' B');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const panel = await screen.findByRole('group', { name: 'Edit conflict' });
    const nameRow = within(panel).getByRole('rowheader', { name: /^Name/ }).closest('tr') as HTMLElement;
    expect(within(nameRow).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Agent Referral GH-01 B', 'Renamed by someone else']);
    expect(within(nameRow).getByText('differs')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Agent Referral GH-01 B');
    // The panel's choices stand in for Save until one is taken.
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Use theirs' }));
    expect(screen.queryByRole('group', { name: 'Edit conflict' })).not.toBeInTheDocument();
    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Renamed by someone else');
    expect(backend.calls('PUT', 'service/campaigns/7/')).toHaveLength(1);
    await user.type(name, ' C');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Campaign saved')).toBeInTheDocument();
    expect(backend.calls('PUT', 'service/campaigns/7/')[1]?.body).toEqual({ id: 7, name: 'Renamed by someone else C', updated_at: current.updated_at });
  });

  it("opens a refused edit again from the outbox ('Edit and retry'): the queued name, why it was refused, and Save sends it on the current copy", async () => {
    const backend = campaignBackend({ name: 'Renamed by someone else', updated_at: '2026-11-20T08:00:00.000Z' });
    const refused: OutboxEntry = {
      key: 'key-1', backend: 'service', method: 'PUT', url: 'service/campaigns/7/', endpoint: 'saveCampaign',
      body: { id: 7, name: 'Mine, offline', updated_at: campaign.updated_at }, description: 'Edit campaign Mine, offline',
      row: 'Campaign:7', entity: 'Campaign', screen: '/campaigns/7', invalidates: ['Campaign'], createdAt: 1, status: 'failed',
      attempts: 1, notBefore: 0, sent: true, refusal: { status: 409, code: 'edit_conflict', text: messages.recordChanged },
    };
    const { user, store } = renderCampaign({ pathname: '/campaigns/7', state: { [RETRY_STATE]: 'key-1' } }, 'Super Admin', [refused]);
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Mine, offline');
    expect(screen.getByText(messages.recordChanged)).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Renamed by someone else' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Campaign saved')).toBeInTheDocument();
    expect(backend.calls('PUT', 'service/campaigns/7/')[0]?.body).toEqual({ id: 7, name: 'Mine, offline', updated_at: '2026-11-20T08:00:00.000Z' });
    await waitFor(() => expect(selectOwnOutbox(store.getState())).toEqual([]));
    expect(screen.queryByRole('textbox', { name: 'Name' })).not.toBeInTheDocument();
  });
});

describe('CampaignPage, the other tabs', () => {
  it('keeps the tab in the path', async () => {
    campaignBackend();
    const { user, location } = renderCampaign();
    await screen.findByRole('heading', { name: 'Agent Referral GH-01' });
    await user.click(screen.getByRole('tab', { name: 'CAMPAIGN LANGUAGES' }));
    expect(location()).toBe('/campaigns/7/languages');
    await user.click(screen.getByRole('tab', { name: 'CAMPAIGN TYPE' }));
    expect(location()).toBe('/campaigns/7');
  });

  it('shows every setting of the agency campaign details read-only', async () => {
    campaignBackend();
    renderCampaign('/campaigns/7/details');
    await waitFor(() => expect(facts('Attribution window days')).toBe('21'));
    expect(facts('Compensation type')).toBe('Per event');
    expect(facts('Total max invites per MSISDN')).toBe('3');
    expect(facts('Automatic blacklisting')).toBe('Yes');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('adds a language with a 2 to 5 character code and deletes one', async () => {
    const backend = campaignBackend();
    const { user } = renderCampaign('/campaigns/7/languages');
    const table = await screen.findByRole('table', { name: 'Campaign languages' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Add language' }));
    const code = screen.getByRole('combobox', { name: 'Language code' });
    await user.type(code, 'e');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByText(messages.languageCodeLength)).toBeInTheDocument();
    expect(backend.calls('POST', 'service/campaign-languages/')).toHaveLength(0);
    await user.type(code, 'e');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Language ee added')).toBeInTheDocument();
    expect(backend.calls('POST', 'service/campaign-languages/')[0]?.body).toEqual({ language_code: 'ee', campaign: 7 });

    await user.click(screen.getByRole('button', { name: 'Close add form' }));
    expect(screen.queryByRole('form', { name: 'Add language' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete tw' }));
    expect(await screen.findByText('Language tw deleted')).toBeInTheDocument();
    expect(backend.calls('DELETE', 'service/campaign-languages/32')).toHaveLength(1);
  });

  it('adds a compensation with its value as a two-decimal string and refuses three decimals', async () => {
    const backend = campaignBackend();
    const { user } = renderCampaign('/campaigns/7/event-types');
    await screen.findByRole('table', { name: 'Campaign event types' });
    await user.click(screen.getByRole('button', { name: 'Add event type' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add event type compensation' });
    // One compensation per event type: the one already paid for is not offered again.
    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'First top-up' })).toBeInTheDocument());
    expect(within(dialog).queryByRole('option', { name: 'SIM activation' })).not.toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('Event type'), 'First top-up');
    await user.selectOptions(within(dialog).getByLabelText('Remuneration type'), 'Mobile money');
    const value = within(dialog).getByLabelText(/^Value/);
    expect(value).toHaveAttribute('step', '0.01');
    await user.type(value, '2.345');
    expect(within(dialog).getByText(messages.compensationValueInvalid)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Add' })).toBeDisabled();
    await user.clear(value);
    await user.type(value, '2.50');
    const day = within(dialog).getByLabelText('Day');
    await user.clear(day);
    await user.type(day, '7');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Compensation added')).toBeInTheDocument();
    expect(backend.calls('POST', 'service/campaigns-compensation-earning-event-configs/')[0]?.body).toMatchObject({
      compensation_earning_event_value: '2.50',
      compensation_earning_event_day: 7,
      event_type: 2,
      remuneration_type: 2,
      campaign: 7,
      campaign_version: 11,
    });
  });

  it('edits a compensation with Update and deletes one after asking', async () => {
    const backend = campaignBackend();
    const { user } = renderCampaign('/campaigns/7/event-types');
    await screen.findByRole('table', { name: 'Campaign event types' });
    await user.click(screen.getByRole('button', { name: 'Edit SIM activation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit event type compensation' });
    const value = within(dialog).getByLabelText(/^Value/);
    await user.clear(value);
    await user.type(value, '15');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Compensation updated')).toBeInTheDocument();
    expect(backend.calls('PUT', 'service/campaigns-compensation-earning-event-configs/41/')[0]?.body).toMatchObject({ compensation_earning_event_value: '15' });

    await user.click(screen.getByRole('button', { name: 'Delete SIM activation' }));
    const alert = await screen.findByRole('alertdialog');
    expect(alert).toHaveTextContent('Delete what SIM activation earns in this campaign?');
    await user.click(within(alert).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Compensation for SIM activation deleted')).toBeInTheDocument();
    expect(backend.calls('DELETE', 'service/campaigns-compensation-earning-event-configs/41/')).toHaveLength(1);
  });
});

describe('CampaignPage, the section 8 messages', () => {
  it("says 'Cannot find Campaign' for a campaign out of reach and 'Cannot retrieve campaign details' when the server fails", async () => {
    const backend = campaignBackend();
    backend.on('GET', 'service/campaigns/7/', { status: 404, body: { error: 'Cannot find Campaign', code: 'not_found' } });
    const first = renderCampaign();
    expect(await screen.findByText(messages.agencyCampaignNotFound)).toBeInTheDocument();
    first.unmount();
    backend.on('GET', 'service/campaigns/7/', { status: 500, body: { error: 'The server failed', code: 'internal' } });
    renderCampaign();
    expect(await screen.findByText(messages.campaignDetailsUnavailable)).toBeInTheDocument();
  });

  it('names the part that could not be loaded', async () => {
    const backend = campaignBackend();
    backend.on('GET', 'service/agency-campaign-type-configs/4/', { status: 404, body: { error: 'Cannot find agency type config', code: 'not_found' } });
    backend.on('GET', 'service/campaigns-compensation-earning-event-configs/', { status: 500, body: { error: 'x', code: 'internal' } });
    const details = renderCampaign('/campaigns/7/details');
    expect(await screen.findByText(messages.campaignTypeConfigNotFound)).toBeInTheDocument();
    details.unmount();
    const eventTypes = renderCampaign('/campaigns/7/event-types');
    expect(await screen.findByText(messages.campaignEventConfigNotFound)).toBeInTheDocument();
    eventTypes.unmount();
    backend.on('GET', 'service/campaign-versions/', { body: pageOf([]) });
    renderCampaign('/campaigns/7');
    await waitFor(() => expect(facts('Max agent count')).toBe(messages.campaignVersionNotFound));
  });
});
