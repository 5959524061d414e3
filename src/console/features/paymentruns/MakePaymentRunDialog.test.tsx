import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import * as messages from '../../../contract/messages';
import { paymentRunPreviewRequest, paymentRunRequest, type PaymentRunPreview } from '../../../contract/paymentRuns';
import { makeStore } from '../../app/store';
import { gridTestSetup } from '../../components/grid/layoutForTests';
import { browserWentOffline } from '../../http/connectivity';
import { campaignChoices } from '../../test/campaigns';
import { deferred, fakeBackend } from '../../test/fakeBackend';
import { renderWithProviders } from '../../test/renderWithProviders';
import { signedIn } from '../../test/sessions';
import { MakePaymentRunDialog, type RunFilters } from './MakePaymentRunDialog';
import { PendingPaymentsPage } from './PaymentRunPages';

const FINGERPRINT = 'a'.repeat(64);
const NEW_FINGERPRINT = 'b'.repeat(64);

const preview: PaymentRunPreview = {
  payments: 3,
  agents: 2,
  events: 3,
  totals: [
    { amount: '120.50', currency: 'GHS' },
    { amount: '3000.00', currency: 'KES' },
  ],
  runs: [
    { total: { amount: '120.50', currency: 'GHS' }, awaits_approval: false, approval_limit: { amount: '5000.00', currency: 'GHS' } },
    { total: { amount: '3000.00', currency: 'KES' }, awaits_approval: true, approval_limit: { amount: '2000.00', currency: 'KES' } },
  ],
  campaigns: [
    { campaign_id: 5, campaign_name: 'Agent Referral GH-01', payments: 2, total: { amount: '120.50', currency: 'GHS' } },
    { campaign_id: 6, campaign_name: 'Agent Referral KE-01', payments: 1, total: { amount: '3000.00', currency: 'KES' } },
  ],
  held_back: {
    payments: 3,
    totals: [{ amount: '15.00', currency: 'GHS' }],
    reasons: [
      { reason: 'agent_blacklisted', payments: 1 },
      { reason: 'fraud_flagged', payments: 1 },
    ],
    listed: [
      { payment_id: '901', agent_id: 41, agent: 'Kofi Boateng', campaign_id: 5, campaign_name: 'Agent Referral GH-01', amount: '5.00', currency: 'GHS', reasons: ['agent_blacklisted'] },
      { payment_id: '902', agent_id: 42, agent: 'Efua Asante', campaign_id: 5, campaign_name: 'Agent Referral GH-01', amount: '5.00', currency: 'GHS', reasons: ['fraud_flagged'] },
    ],
  },
  fingerprint: FINGERPRINT,
};

const changedPreview: PaymentRunPreview = {
  ...preview,
  payments: 4,
  totals: [{ amount: '130.50', currency: 'GHS' }, { amount: '3000.00', currency: 'KES' }],
  runs: [{ ...preview.runs[0]!, total: { amount: '130.50', currency: 'GHS' } }, preview.runs[1]!],
  fingerprint: NEW_FINGERPRINT,
};

const created = {
  message: messages.paymentRunCreated,
  runs: [
    { id: 7, ref: 'PR-7', reference: 'ACC-2026-11', currency: 'GHS', total: '120.50', events: 2, status: 'Paid' },
    { id: 8, ref: 'PR-8', reference: 'ACC-2026-11', currency: 'KES', total: '3000.00', events: 1, status: 'Awaiting approval' },
  ],
};

const filters: RunFilters = { start_date: '01-Nov-2026', end_date: '30-Nov-2026', country: 'GH', campaign: 5, search: 'ama' };

function runBackend() {
  return fakeBackend()
    .on('GET', 'admin/campaigns', { body: { data: campaignChoices, count: campaignChoices.length } })
    .on('POST', 'admin/payment_run_preview', { body: preview })
    .on('POST', 'admin/payment_run', { status: 201, body: created });
}

async function openDialog(store = makeStore(signedIn('Super Admin'))) {
  let closed = 0;
  const rendered = renderWithProviders(<MakePaymentRunDialog filters={filters} campaignName="Agent Referral GH-01" onClose={() => void closed++} />, { store });
  const dialog = await screen.findByRole('dialog', { name: 'Make Payment Run' });
  await within(dialog).findByRole('list', { name: 'Total per currency' });
  return { ...rendered, dialog, closed: () => closed };
}

const reference = () => screen.getByLabelText('Accounting reference');
const confirmButton = () => screen.getByRole('button', { name: 'Confirm' });

describe('Make Payment Run, the dialog', () => {
  it('needs an accounting reference, in the contract’s words', async () => {
    runBackend();
    const { user } = await openDialog();
    expect(confirmButton()).toBeDisabled();
    await user.type(reference(), 'A');
    await user.clear(reference());
    await user.tab();
    expect(screen.getByText(messages.accountingReferenceRequired)).toBeInTheDocument();
    await user.type(reference(), '   ');
    expect(confirmButton()).toBeDisabled();
    await user.type(reference(), 'ACC-2026-11');
    expect(screen.queryByText(messages.accountingReferenceRequired)).not.toBeInTheDocument();
    expect(confirmButton()).toBeEnabled();
  });

  it('previews with the grid’s filters: totals per currency, per campaign, and the held back with their reasons in words', async () => {
    const backend = runBackend();
    const { dialog } = await openDialog();
    expect(backend.calls('POST', 'admin/payment_run_preview').map((call) => call.body)).toEqual([filters]);
    expect(paymentRunPreviewRequest.safeParse(filters).success).toBe(true);
    const view = within(dialog);
    expect(view.getByText('01-Nov-2026 to 30-Nov-2026', { exact: false })).toHaveTextContent('country GH, Agent Referral GH-01, search "ama"');
    expect(view.getByText('3 payments to 2 agents, for 3 events')).toBeInTheDocument();
    // One total per currency, each with its code: never one sum of the two.
    const totals = view.getByRole('list', { name: 'Total per currency' });
    // Before Confirm: how many runs it makes, and which await a second Super Admin's approval.
    expect(view.getByRole('heading', { name: 'Confirm makes 2 payment runs, one per currency: 1 of them awaits approval' })).toBeInTheDocument();
    expect(within(totals).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'GHS 120.50: paid at Confirm', "KES 3,000.00: awaits a second Super Admin's approval (above KES 2,000.00)",
    ]);
    const campaigns = view.getByRole('table', { name: 'Total per campaign' });
    expect(within(campaigns).getByText('KES 3,000.00')).toBeInTheDocument();
    const reasons = view.getByRole('list', { name: 'Why payments are held back' });
    expect(within(reasons).getByText('The agent is blacklisted: 1 payment')).toBeInTheDocument();
    expect(within(reasons).getByText('The event is flagged in Fraud Events: 1 payment')).toBeInTheDocument();
    const held = view.getByRole('table', { name: 'Held back payments' });
    expect(within(held).getByText('Kofi Boateng')).toBeInTheDocument();
    expect(within(held).getAllByText('GHS 5.00')).toHaveLength(2);
    expect(view.getByText('Held back: 3 payments, GHS 15.00')).toBeInTheDocument();
    // Three held back, two listed: the third is counted.
    expect(view.getByText('And 1 more payment held back, not listed here.')).toBeInTheDocument();
  });

  it('confirms with the preview’s fingerprint and an Idempotency-Key, once however often it is clicked, and says what was made for 3 seconds', async () => {
    const answer = deferred();
    const backend = runBackend().on('POST', 'admin/payment_run', async () => (await answer.promise, { status: 201, body: created }));
    const { user, closed } = await openDialog();
    await user.type(reference(), 'ACC-2026-11');
    // A double click: the second lands before the first is answered.
    fireEvent.click(confirmButton());
    fireEvent.click(confirmButton());
    await user.click(confirmButton());
    answer.resolve();
    expect(await screen.findByText(`${messages.paymentRunCreated}: PR-7 GHS 120.50, PR-8 KES 3,000.00 (Awaiting approval)`)).toBeInTheDocument();
    const calls = backend.calls('POST', 'admin/payment_run');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ ...filters, reference: 'ACC-2026-11', fingerprint: FINGERPRINT });
    // The body is one the server's schema takes.
    expect(paymentRunRequest.safeParse(calls[0]?.body).success).toBe(true);
    expect(calls[0]?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(closed()).toBe(1);
  });

  it('sends the same key again when the same confirm is retried after the connection dropped', async () => {
    let tries = 0;
    const backend = runBackend().on('POST', 'admin/payment_run', () => (++tries === 1 ? 'offline' : { status: 201, body: created }));
    const { user, store } = await openDialog();
    await user.type(reference(), 'ACC-2026-11');
    await user.click(confirmButton());
    expect(await screen.findByRole('alert', { name: 'Nothing was paid' })).toBeInTheDocument();
    // The money never waits in the outbox.
    expect(store.getState().outbox.byUser).toEqual({});
    await user.click(confirmButton());
    expect(await screen.findByText(messages.paymentRunCreated, { exact: false })).toBeInTheDocument();
    const [first, second] = backend.calls('POST', 'admin/payment_run');
    expect(second?.idempotencyKey).toBe(first?.idempotencyKey);
  });

  it('shows the new preview when the payments changed, says nothing was paid, and confirms it with a new key', async () => {
    let tries = 0;
    const backend = runBackend().on('POST', 'admin/payment_run', () =>
      ++tries === 1
        ? { status: 409, body: { error: messages.paymentRunChanged, code: 'edit_conflict', current: changedPreview } }
        : { status: 200, body: { message: messages.paymentRunEmpty, runs: [] } },
    );
    const { user, dialog, closed } = await openDialog();
    await user.type(reference(), 'ACC-2026-11');
    await user.click(confirmButton());
    expect(await within(dialog).findByRole('alert', { name: 'The payments changed' })).toHaveTextContent(messages.paymentRunChanged);
    expect(within(dialog).getByText('4 payments to 2 agents, for 3 events')).toBeInTheDocument();
    expect(within(dialog).getByText('GHS 130.50', { exact: false })).toBeInTheDocument();
    expect(closed()).toBe(0);
    await user.click(confirmButton());
    expect(await screen.findByText(messages.paymentRunEmpty)).toBeInTheDocument();
    const [first, second] = backend.calls('POST', 'admin/payment_run');
    expect(second?.body).toMatchObject({ fingerprint: NEW_FINGERPRINT });
    expect(second?.idempotencyKey).not.toBe(first?.idempotencyKey);
  });

  it('says a queued run is queued', async () => {
    runBackend().on('POST', 'admin/payment_run', { status: 202, body: { message: messages.paymentRunQueued, runs: [], job: 31 } });
    const { user } = await openDialog();
    await user.type(reference(), 'ACC-2026-11');
    await user.click(confirmButton());
    expect(await screen.findByText(`${messages.paymentRunQueued}: it makes 2 payment runs, one per currency: 1 of them awaits approval`)).toBeInTheDocument();
  });

  it('offline, Confirm is disabled with the reason, and nothing is sent or queued', async () => {
    const backend = runBackend();
    const store = makeStore(signedIn('Super Admin'));
    const { user } = await openDialog(store);
    await user.type(reference(), 'ACC-2026-11');
    act(() => void store.dispatch(browserWentOffline()));
    expect(within(screen.getByRole('dialog')).getByText(messages.paymentRunNeedsConnection)).toBeInTheDocument();
    expect(confirmButton()).toBeDisabled();
    fireEvent.submit(confirmButton().closest('form') as HTMLFormElement);
    expect(backend.calls('POST', 'admin/payment_run')).toHaveLength(0);
    expect(store.getState().outbox.byUser).toEqual({});
  });
});

describe('Make Payment Run on Pending Payments', () => {
  gridTestSetup();

  it('opens the dialog with the grid’s filters, and gives the focus back to the button when it closes', async () => {
    const backend = runBackend().on('POST', 'admin/pending_payments', { body: { data: [], count: 0 } });
    const { user } = renderWithProviders(<PendingPaymentsPage />, {
      preloadedState: signedIn('Super Admin'),
      route: '/payments/pending?start=2026-11-01&end=2026-11-30&campaign=5&country=GH&search=ama',
    });
    expect(await screen.findByText('No payments due in this period')).toBeInTheDocument();
    const open = screen.getByRole('button', { name: 'Make Payment Run' });
    await user.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Make Payment Run' });
    await waitFor(() => expect(backend.calls('POST', 'admin/payment_run_preview')).toHaveLength(1));
    expect(backend.calls('POST', 'admin/payment_run_preview')[0]?.body).toEqual(filters);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(open).toHaveFocus();
  });

  it('is disabled offline, with the reason', async () => {
    runBackend().on('POST', 'admin/pending_payments', { body: { data: [], count: 0 } });
    const store = makeStore(signedIn('Super Admin'));
    renderWithProviders(<PendingPaymentsPage />, { store, route: '/payments/pending' });
    expect(await screen.findByText('No payments due in this period')).toBeInTheDocument();
    act(() => void store.dispatch(browserWentOffline()));
    const open = screen.getByRole('button', { name: 'Make Payment Run' });
    expect(open).toBeDisabled();
    expect(open).toHaveAttribute('title', messages.paymentRunNeedsConnection);
    expect(screen.getByText(messages.paymentRunNeedsConnection)).toBeInTheDocument();
  });
});
