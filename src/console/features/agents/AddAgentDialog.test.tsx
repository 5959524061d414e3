import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import * as messages from '../../../contract/messages';
import { PASSWORD_STRENGTH_PATTERN } from '../../../contract/schemas/fields';
import { makeStore } from '../../app/store';
import { browserWentOffline } from '../../http/connectivity';
import { ghanaAgency, ghanaCampaign } from '../../test/agencies';
import { agentRow, congoAgency, congoCampaign } from '../../test/agents';
import { fakeBackend, pageOf } from '../../test/fakeBackend';
import { renderWithProviders } from '../../test/renderWithProviders';
import { signedIn } from '../../test/sessions';
import { AddAgentDialog, AGENT_ADD_NEEDS_CONNECTION } from './AddAgentDialog';

const added = agentRow(40, 'Ama', 'Owusu');

function addBackend() {
  return fakeBackend()
    .on('GET', 'service/agencies/', { body: pageOf([ghanaAgency, congoAgency]) })
    .on('GET', 'service/campaigns/', ({ search }) => {
      const agency = new URLSearchParams(search).get('agency_id');
      return { body: pageOf([ghanaCampaign, congoCampaign].filter((campaign) => String(campaign.extra_data.agency.id) === agency)) };
    })
    .on('POST', 'api/v1/agents/', { status: 201, body: added });
}

async function openDialog(store = makeStore(signedIn('Agency Admin'))) {
  const onClose = vi.fn();
  const rendered = renderWithProviders(<AddAgentDialog onClose={onClose} />, { store });
  const dialog = await screen.findByRole('dialog', { name: 'Add agent' });
  await within(dialog).findByRole('option', { name: 'Ghana Country Agency' });
  return { ...rendered, onClose, dialog };
}

const field = (label: string) => within(screen.getByRole('dialog')).getByLabelText(label);
const save = () => screen.getByRole('button', { name: 'Save' });
/** A date as the browser's date picker sets it. */
const setDate = (label: string, iso: string) => fireEvent.change(field(label), { target: { value: iso } });

async function chooseAgency(user: UserEvent, agency: string, campaign?: string) {
  await user.selectOptions(field('Agency'), agency);
  if (!campaign) return;
  await within(field('Campaign')).findByRole('option', { name: campaign });
  await user.selectOptions(field('Campaign'), campaign);
}

async function fillValidAgent(user: UserEvent) {
  await user.type(field('First name'), 'Ama');
  await user.type(field('Last name'), 'Owusu');
  await user.type(field('Username'), 'ama.owusu');
  await user.type(field('Password'), 'Field#Agent7');
  await user.type(field('Mobile Number'), '0241234567');
  await chooseAgency(user, 'Ghana Country Agency', 'Agent Referral GH-01');
  setDate('Start date', '2026-11-01');
  setDate('End date', '2027-12-31');
}

const sentBody = {
  first_name: 'Ama',
  last_name: 'Owusu',
  username: 'ama.owusu',
  password: 'Field#Agent7',
  msisdn: '0241234567',
  agency_id: ghanaAgency.id,
  campaign_id: ghanaCampaign.id,
  role_start_date: '01-Nov-2026',
  role_end_date: '31-Dec-2027',
};

describe('AddAgentDialog, the rules', () => {
  it('keeps Save disabled until every field is valid', async () => {
    addBackend();
    const { user } = await openDialog();
    expect(save()).toBeDisabled();
    expect(field('Campaign')).toBeDisabled();
    await fillValidAgent(user);
    expect(save()).toBeEnabled();
    setDate('End date', '');
    expect(save()).toBeDisabled();
  });

  it('says beside a disabled Save what it still needs, each field leaving the line once it says its own (issue 53)', async () => {
    addBackend();
    const { user } = await openDialog();
    const line = () => screen.queryByText(/^Save needs: /)?.textContent;
    expect(line()).toMatch(/^Save needs: First name is required · Lastname is required · .* · Campaign is required · Start date is required · End date is required$/);
    // A field typed in says its own message, or none, and leaves the line.
    await user.type(field('First name'), 'Ama');
    expect(line()).toMatch(/^Save needs: Lastname is required · /);
    await fillValidAgent(user);
    expect(line()).toBeUndefined();
  });

  it('says what is wrong with each field, in the contract’s words', async () => {
    addBackend();
    const { user } = await openDialog();
    const dialog = within(screen.getByRole('dialog'));
    // Leaving a field untouched says nothing; a field typed in and emptied says what it needs.
    await user.click(field('First name'));
    await user.click(field('Last name'));
    expect(dialog.queryByText(messages.firstNameRequired)).not.toBeInTheDocument();
    for (const label of ['First name', 'Last name', 'Username', 'Password', 'Mobile Number']) {
      await user.type(field(label), '9');
      await user.clear(field(label));
    }
    await chooseAgency(user, 'Ghana Country Agency');
    await user.selectOptions(field('Agency'), '');
    for (const label of ['Start date', 'End date']) {
      setDate(label, '2026-11-02');
      setDate(label, '');
    }
    for (const message of [
      messages.firstNameRequired, messages.lastnameRequired, messages.usernameRequired, messages.passwordRequired,
      messages.msisdnMustStartWithZero, messages.agencyNotSelected, messages.startDateNotSelected, messages.endDateNotSelected,
    ]) {
      expect(dialog.getByText(message)).toBeInTheDocument();
    }

    await user.type(field('Password'), 'weakpassword');
    expect(dialog.getByText(messages.passwordStrength)).toBeInTheDocument();

    await user.type(field('Mobile Number'), '241234567');
    expect(dialog.getByText(messages.msisdnMustStartWithZero)).toBeInTheDocument();
    await user.clear(field('Mobile Number'));
    await user.type(field('Mobile Number'), '02412345');
    expect(dialog.getByText(messages.agentMsisdnTooShort)).toBeInTheDocument();
    await user.type(field('Mobile Number'), '6');
    expect(dialog.queryByText(messages.agentMsisdnTooShort)).not.toBeInTheDocument();

    await chooseAgency(user, 'Ghana Country Agency');
    await within(field('Campaign')).findByRole('option', { name: 'Agent Referral GH-01' });
    await user.selectOptions(field('Campaign'), 'Agent Referral GH-01');
    await user.selectOptions(field('Campaign'), '');
    expect(dialog.getByText(messages.campaignNotSelected)).toBeInTheDocument();

    setDate('Start date', '2026-11-01');
    setDate('End date', '2026-10-31');
    expect(dialog.getByText(messages.endBeforeStart)).toBeInTheDocument();
    setDate('End date', '2026-11-01');
    expect(dialog.queryByText(messages.endBeforeStart)).not.toBeInTheDocument();
  });

  it('generates a password that meets the strength rule, and shows it', async () => {
    addBackend();
    const { user } = await openDialog();
    await user.click(screen.getByRole('button', { name: 'Generate Password' }));
    const password = field('Password') as HTMLInputElement;
    expect(password.value).toMatch(PASSWORD_STRENGTH_PATTERN);
    expect(password).toHaveAttribute('type', 'text');
  });

  it.each([
    ['Ghana Country Agency', '0241234567', 'Will be saved as 233241234567'],
    ['Congo Field Agency', '061234567', 'Will be saved as 242061234567'],
  ])('shows the number an agent of %s will be saved with, as every list shows numbers', async (agency, typed, preview) => {
    addBackend();
    const { user } = await openDialog();
    await user.type(field('Mobile Number'), typed);
    expect(screen.queryByText(/^Will be saved as/)).not.toBeInTheDocument();
    await chooseAgency(user, agency);
    expect(screen.getByText(preview)).toBeInTheDocument();
    // A letter is refused at the keyboard: the number and its preview stay.
    await user.type(field('Mobile Number'), 'x');
    expect(field('Mobile Number')).toHaveValue(typed);
    expect(screen.getByText(preview)).toBeInTheDocument();
    // Cut short, it says what is wrong instead.
    await user.clear(field('Mobile Number'));
    await user.type(field('Mobile Number'), '024');
    expect(screen.queryByText(/^Will be saved as/)).not.toBeInTheDocument();
    expect(screen.getByText(messages.agentMsisdnTooShort)).toBeInTheDocument();
  });
});

describe('AddAgentDialog, saving', () => {
  it('sends the agent with its dates as DD-MMM-YYYY, says so and closes', async () => {
    const backend = addBackend();
    const { user, onClose } = await openDialog();
    await fillValidAgent(user);
    await user.click(save());
    expect(await screen.findByText(messages.agentAdded)).toBeInTheDocument();
    expect(backend.calls('POST', 'api/v1/agents/').map((call) => call.body)).toEqual([sentBody]);
    expect(onClose).toHaveBeenCalled();
  });

  it('shows a duplicate msisdn beside the Mobile Number until it is changed, and stays open', async () => {
    const backend = addBackend().on('POST', 'api/v1/agents/', {
      status: 409,
      body: { error: messages.duplicateAgentMsisdn, code: 'duplicate', errors: { msisdn: [messages.duplicateAgentMsisdn] } },
    });
    const { user, onClose } = await openDialog();
    await fillValidAgent(user);
    await user.click(save());
    const msisdnGroup = field('Mobile Number').closest('.bp6-form-group') as HTMLElement;
    expect(await within(msisdnGroup).findByText(messages.duplicateAgentMsisdn)).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Add agent' })).toBeInTheDocument();
    await user.clear(field('Mobile Number'));
    await user.type(field('Mobile Number'), '0241234568');
    expect(within(msisdnGroup).queryByText(messages.duplicateAgentMsisdn)).not.toBeInTheDocument();
    expect(backend.calls('POST', 'api/v1/agents/')).toHaveLength(1);
  });

  it('sends the same Idempotency-Key when Save is pressed again after the connection dropped', async () => {
    let tries = 0;
    const backend = addBackend().on('POST', 'api/v1/agents/', () => (++tries === 1 ? 'offline' : { status: 201, body: added }));
    const { user, onClose } = await openDialog();
    await fillValidAgent(user);
    await user.click(save());
    await waitFor(() => expect(backend.calls('POST', 'api/v1/agents/')).toHaveLength(1));
    expect(onClose).not.toHaveBeenCalled();
    await user.click(save());
    expect(await screen.findByText(messages.agentAdded)).toBeInTheDocument();
    const [first, second] = backend.calls('POST', 'api/v1/agents/');
    expect(first?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(second?.idempotencyKey).toBe(first?.idempotencyKey);
    expect(second?.body).toEqual(first?.body);
  });

  it('makes a new key when the values differ from the try before', async () => {
    const backend = addBackend().on('POST', 'api/v1/agents/', 'offline');
    const { user } = await openDialog();
    await fillValidAgent(user);
    await user.click(save());
    await waitFor(() => expect(backend.calls('POST', 'api/v1/agents/')).toHaveLength(1));
    await user.type(field('Last name'), '-Mensah');
    await user.click(save());
    await waitFor(() => expect(backend.calls('POST', 'api/v1/agents/')).toHaveLength(2));
    const [first, second] = backend.calls('POST', 'api/v1/agents/');
    expect(second?.idempotencyKey).not.toBe(first?.idempotencyKey);
  });

  it('needs a connection: offline, Save is disabled with the reason', async () => {
    addBackend();
    const store = makeStore(signedIn('Super Admin'));
    const { user } = await openDialog(store);
    await fillValidAgent(user);
    act(() => void store.dispatch(browserWentOffline()));
    expect(screen.getByText(AGENT_ADD_NEEDS_CONNECTION)).toBeInTheDocument();
    expect(save()).toBeDisabled();
  });
});
