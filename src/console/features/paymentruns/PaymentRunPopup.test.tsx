import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import * as messages from '../../../contract/messages';
import { gridQuery } from '../../../contract/schemas';
import { paymentRunApproveRequest, type PaymentRunSummary } from '../../../contract/paymentRuns';
import { makeStore } from '../../app/store';
import { gridTestSetup } from '../../components/grid/layoutForTests';
import type { GridRecord } from '../../components/grid/gridCells';
import { browserWentOffline } from '../../http/connectivity';
import { campaignChoices } from '../../test/campaigns';
import { fakeBackend, pageOf } from '../../test/fakeBackend';
import { ghanaAgency } from '../../test/agencies';
import { renderWithProviders } from '../../test/renderWithProviders';
import { signedIn } from '../../test/sessions';
import { PaymentRunsPage } from './PaymentRunPages';

const runRow: GridRecord = {
  id: '12',
  ref: 'PR-12',
  created_at: '2026-11-20T09:00:00.000Z',
  status: 'Awaiting approval',
  start_date: '2026-11-01',
  end_date: '2026-11-30',
  country: 'GH',
  campaign_name: 'Agent Referral GH-01',
  search: null,
  username: 'ama.super',
  total: '25000.00',
  currency: 'GHS',
  events: 410,
  reference: 'ACC-2026-11',
};

const awaiting: PaymentRunSummary = {
  id: 12,
  ref: 'PR-12',
  reference: 'ACC-2026-11',
  currency: 'GHS',
  total: '25000.00',
  events: 410,
  status: 'Awaiting approval',
  created_by: 3,
  created_by_name: 'Ama Mensah',
  created_at: '2026-11-20T09:00:00.000Z',
  approval_limit: '10000.00',
  approved_by: null,
  approved_by_name: null,
  approved_at: null,
  rejected_by: null,
  rejected_by_name: null,
  rejected_at: null,
  rejection_reason: null,
  reversed_by: null,
  reversed_by_name: null,
  reversed_at: null,
  reversal_reason: null,
  start_date: '2026-11-01',
  end_date: '2026-11-30',
  country: 'GH',
  campaign_name: 'Agent Referral GH-01',
  search: null,
  can_approve: true,
  can_reject: true,
  can_reverse: false,
  payout_ready: false,
  payout: null,
};

const paid: PaymentRunSummary = {
  ...awaiting,
  status: 'Paid',
  approved_by: 4,
  approved_by_name: 'Kwame Owusu',
  approved_at: '2026-11-21T10:30:00.000Z',
  can_approve: false,
  can_reject: false,
  can_reverse: true,
  payout_ready: true,
};

const line: GridRecord = {
  id: '5001',
  created_at: '2026-11-03T08:00:00.000Z',
  country: 'GH',
  campaign_name: 'Agent Referral GH-01',
  agent: 'Kofi Boateng',
  msisdn: '233241234567',
  download: '233551112222',
  pretty_name: 'SIM activation',
  cost: '5.00',
  currency: 'GHS',
};

function runsBackend(summary: () => PaymentRunSummary) {
  return fakeBackend()
    .on('GET', 'admin/campaigns', { body: { data: campaignChoices, count: campaignChoices.length } })
    .on('GET', 'service/agencies/', { body: pageOf([ghanaAgency]) })
    .on('GET', 'admin/list_job_queue', { body: { data: [], count: 0 } })
    .on('POST', 'admin/payment_runs', { body: { data: [runRow], count: 1 } })
    .on('POST', 'admin/payment_run_state', () => ({ body: summary() }))
    .on('POST', 'admin/payment_run_detail', { body: { data: [line], count: 1 } });
}

async function openPopup(store = makeStore(signedIn('Super Admin'))) {
  const rendered = renderWithProviders(<PaymentRunsPage />, { store, route: '/payment-runs' });
  const grid = await screen.findByRole('region', { name: 'Payment Runs' });
  const open = await within(grid).findByRole('button', { name: 'Open 12' });
  await rendered.user.click(open);
  const popup = await screen.findByRole('dialog', { name: 'Payment run PR-12' });
  await within(popup).findByText('Ama Mensah, 2026-11-20 09:00:00');
  return { ...rendered, popup, open };
}

describe('a payment run’s popup', () => {
  gridTestSetup();

  it('shows the run’s summary and its lines, read with the run’s id', async () => {
    const backend = runsBackend(() => awaiting);
    const { popup } = await openPopup();
    const view = within(popup);
    expect(view.getByText('Awaiting approval', { selector: '.bp6-tag, .bp6-tag *' })).toBeInTheDocument();
    expect(view.getByText('GHS 25,000.00')).toBeInTheDocument();
    expect(view.getByText('GHS 10,000.00')).toBeInTheDocument();
    expect(view.getByText('2026-11-01 to 2026-11-30')).toBeInTheDocument();
    const lines = await view.findByRole('region', { name: 'Payment Run Lines' });
    expect(await within(lines).findByText('Kofi Boateng')).toBeInTheDocument();
    const detail = backend.calls('POST', 'admin/payment_run_detail');
    expect(detail[0]?.search).toBe('?id=12');
    expect(detail[0]?.body).toMatchObject({ start_date: '01-Nov-2026', end_date: '30-Nov-2026', current_page: 1, page_size: 20 });
    expect(gridQuery.safeParse(detail[0]?.body).success).toBe(true);
    expect(backend.calls('POST', 'admin/payment_run_state')[0]?.body).toEqual({ id: 12 });
  });

  it('offers Approve and Reject only when the server says the caller may, and never Reverse on a run awaiting approval', async () => {
    runsBackend(() => ({ ...awaiting, can_approve: false }));
    const { popup } = await openPopup();
    const view = within(popup);
    expect(view.getByRole('button', { name: 'Reject' })).toBeInTheDocument();
    expect(view.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(view.queryByRole('button', { name: 'Reverse' })).not.toBeInTheDocument();
    expect(view.queryByRole('button', { name: /Download payout file/ })).not.toBeInTheDocument();
  });

  it('offers Reverse and the payout file on a paid run, never Approve or Reject', async () => {
    runsBackend(() => paid);
    const { popup } = await openPopup();
    const view = within(popup);
    expect(view.getByRole('button', { name: 'Reverse' })).toBeInTheDocument();
    expect(view.getByRole('button', { name: /Download payout file/ })).toBeInTheDocument();
    expect(view.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(view.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
    expect(view.getByText('Kwame Owusu, 2026-11-21 10:30:00')).toBeInTheDocument();
  });

  it('approves with a code of the approver’s own, then reads the run and the grid again', async () => {
    let approved = false;
    const backend = runsBackend(() => (approved ? paid : awaiting))
      .on('POST', 'admin/payment_run_approval_code', { body: { message: messages.paymentRunApprovalCodeSent } })
      .on('POST', 'admin/payment_run_approve', ({ body }) => {
        if ((body as { otp: string }).otp !== 'AB12') return { status: 400, body: { error: messages.secureOtpRequired, code: 'validation' } };
        approved = true;
        return { body: paid };
      });
    const { popup, user } = await openPopup();
    const view = within(popup);
    await user.click(view.getByRole('button', { name: 'Approve' }));
    await user.click(view.getByRole('button', { name: 'Send me a code' }));
    expect(await view.findByText(messages.paymentRunApprovalCodeSent)).toBeInTheDocument();
    expect(backend.calls('POST', 'admin/payment_run_approval_code')[0]?.body).toEqual({ id: 12 });
    await user.type(view.getByLabelText('OTP'), 'AB12');
    const gridReads = backend.calls('POST', 'admin/payment_runs').length;
    await user.click(view.getByRole('button', { name: 'Approve run' }));
    expect(await screen.findByText('Payment run PR-12 approved: its payments are paid.')).toBeInTheDocument();
    expect(backend.calls('POST', 'admin/payment_run_approve')[0]?.body).toEqual({ id: 12, otp: 'AB12' });
    expect(paymentRunApproveRequest.safeParse({ id: 12, otp: 'AB12' }).success).toBe(true);
    // The summary and the grid are read again: the run is Paid now, and may be reversed.
    expect(await view.findByRole('button', { name: 'Reverse' })).toBeInTheDocument();
    await waitFor(() => expect(backend.calls('POST', 'admin/payment_runs').length).toBeGreaterThan(gridReads));
  });

  it('rejects with a reason, and refuses an empty one in the contract’s words', async () => {
    const backend = runsBackend(() => awaiting).on('POST', 'admin/payment_run_reject', { body: { ...awaiting, status: 'Rejected' } });
    const { popup, user } = await openPopup();
    const view = within(popup);
    await user.click(view.getByRole('button', { name: 'Reject' }));
    await user.click(view.getByRole('button', { name: 'Reject run' }));
    expect(view.getByText(messages.paymentRunReasonRequired)).toBeInTheDocument();
    expect(backend.calls('POST', 'admin/payment_run_reject')).toHaveLength(0);
    await user.type(view.getByLabelText('Reason'), 'Duplicate of PR-11');
    await user.click(view.getByRole('button', { name: 'Reject run' }));
    expect(await screen.findByText('Payment run PR-12 rejected: its payments are due again.')).toBeInTheDocument();
    expect(backend.calls('POST', 'admin/payment_run_reject')[0]?.body).toEqual({ id: 12, reason: 'Duplicate of PR-11' });
  });

  it('reverses a paid run only once the reversal is confirmed', async () => {
    const backend = runsBackend(() => paid).on('POST', 'admin/payment_run_reverse', { body: { ...paid, status: 'Reversed' } });
    const { popup, user } = await openPopup();
    const view = within(popup);
    await user.click(view.getByRole('button', { name: 'Reverse' }));
    await user.type(view.getByLabelText('Reason'), 'Paid to the wrong wallet');
    await user.click(view.getByRole('button', { name: 'Reverse run' }));
    const question = await screen.findByRole('alertdialog');
    expect(question).toHaveTextContent('Reverse PR-12 (GHS 25,000.00)?');
    expect(backend.calls('POST', 'admin/payment_run_reverse')).toHaveLength(0);
    await user.click(within(question).getByRole('button', { name: 'Reverse' }));
    expect(await screen.findByText('Payment run PR-12 reversed: its payments are due again.')).toBeInTheDocument();
    expect(backend.calls('POST', 'admin/payment_run_reverse')[0]?.body).toEqual({ id: 12, reason: 'Paid to the wrong wallet' });
  });

  it('downloads the payout file of a paid run through the reports’ downloads', async () => {
    const PAYOUT = 'msisdn,agent_name,amount,currency,run_reference,line_id\n233241234567,Kofi Boateng,5.00,GHS,ACC-2026-11,1\n';
    const backend = runsBackend(() => paid).on('GET', 'admin/payment_run_payout', {
      file: { text: PAYOUT, headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="payout_PR-12.csv"' } },
    });
    const createObjectURL = vi.fn(() => 'blob:payout');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { popup, user } = await openPopup();
    await user.click(within(popup).getByRole('button', { name: /Download payout file/ }));
    expect(await screen.findByText('Download complete: payout_PR-12.csv.')).toBeInTheDocument();
    const [call] = backend.calls('GET', 'admin/payment_run_payout');
    expect(call?.search).toBe('?id=12');
    expect(call?.authorization).toMatch(/^Bearer /);
    expect(await (createObjectURL.mock.calls[0] as unknown as [Blob])[0].text()).toBe(PAYOUT);
    clicked.mockRestore();
  });

  it('disables every money action offline, with the reason', async () => {
    runsBackend(() => paid);
    const store = makeStore(signedIn('Super Admin'));
    const { popup } = await openPopup(store);
    act(() => void store.dispatch(browserWentOffline()));
    const view = within(popup);
    expect(view.getByText(messages.paymentRunNeedsConnection)).toBeInTheDocument();
    expect(view.getByRole('button', { name: 'Reverse' })).toBeDisabled();
    expect(view.getByRole('button', { name: /Download payout file/ })).toBeDisabled();
  });

  it('gives the focus back to the row’s button when it closes', async () => {
    runsBackend(() => awaiting);
    const { popup, user, open } = await openPopup();
    const closeButtons = within(popup).getAllByRole('button', { name: 'Close' });
    await user.click(closeButtons.at(-1) as HTMLElement);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(open).toHaveFocus();
  });
});
