import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as messages from '../../../contract/messages';
import { gridQuery } from '../../../contract/schemas/gridQuery';
import { paymentRunApproveRequest, type PaymentRunSummary } from '../../../contract/paymentRuns';
import type { PaymentRunSettlement, PayoutLine } from '../../../contract/payouts';
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
  events: 4748,
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
    // Counts are grouped as every count is ('Events 4748' read as a code).
    expect(view.getByText('4,748')).toBeInTheDocument();
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

const payoutLine = (n: number, overrides: Partial<PayoutLine> = {}): PayoutLine => ({
  line_id: `PR-12-${n}`, agent_id: n, agent: `Agent ${n}`, msisdn: `23324000000${n}`, payments: 2, payments_total: '10.50', amount: '10.50',
  currency: 'GHS', status: 'sent', provider_reference: null, reason: null, settled_at: null, retry_of: null, repaid_by: null, ...overrides,
});
const withPayout: PaymentRunSummary = {
  ...paid,
  payout: {
    settlement: 'Sent', lines: { sent: 3, paid: 0, failed: 0 }, asked: { amount: '31.50', currency: 'GHS' }, carried: { amount: '0.00', currency: 'GHS' },
    failed_total: { amount: '0.00', currency: 'GHS' }, provider_paid: false, can_settle: true,
  },
};
const check = (overrides: Partial<PaymentRunSettlement>): PaymentRunSettlement => ({
  id: 12, ref: 'PR-12', written: false, rows: 3, paid: { lines: 1, total: { amount: '10.50', currency: 'GHS' } },
  failed: { lines: 2, total: { amount: '21.00', currency: 'GHS' } }, unchanged: 0, refused: 0, refusals: [], settlement: 'Partly failed',
  lines: { sent: 0, paid: 1, failed: 2 }, ...overrides,
});
/**
 * The chosen file as Node's own Blob (named), and Node's own FormData: the console's upload goes
 * through Node's fetch here, to which jsdom's are not a file and a form (a browser has one of each).
 */
const resultsFile = async (text: string) => Object.assign(await new Response(text).blob(), { name: 'results.csv' }) as unknown as File;
async function nodeFormData(): Promise<typeof FormData> {
  const form = await new Request('http://test.invalid/', { method: 'POST', body: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } }).formData();
  return form.constructor as typeof FormData;
}
const RESULTS = 'Line_ID,Status,Amount,Provider_Reference,Reason\nPR-12-1,failed,10.50,,Unknown number\nPR-12-2,FAILED,10.50,,Wallet limit\nPR-12-3,paid,10.50,TX3,\n';

describe('a payment run’s payout and the provider’s results', () => {
  gridTestSetup();
  beforeEach(async () => void vi.stubGlobal('FormData', await nodeFormData()));
  afterEach(() => void vi.unstubAllGlobals());

  it('says what a results file without line_id or status lacks before sending it', async () => {
    const backend = runsBackend(() => withPayout).on('GET', 'admin/payment_run_payout_lines', { body: { data: [payoutLine(1)], count: 1 } });
    const { popup, user } = await openPopup();
    const view = within(popup);
    await user.upload(view.getByLabelText('Results file'), await resultsFile('line,result\nPR-12-1,paid\n'));
    expect(await view.findByText(/^The file has no line_id or status column/)).toBeInTheDocument();
    expect(backend.calls('POST', 'admin/payment_run_settle_file')).toHaveLength(0);
  });

  it('shows the payout lines, failed ones alone at the switch, a failed line naming the run that paid it again', async () => {
    const failed = payoutLine(1, { status: 'failed', reason: 'Unknown number', repaid_by: { line_id: 'PR-14-3', run_id: 14, ref: 'PR-14' } });
    const backend = runsBackend(() => withPayout).on('GET', 'admin/payment_run_payout_lines', ({ search }) => ({
      body: search.includes('status=failed') ? { data: [failed], count: 1 } : { data: [failed, payoutLine(2), payoutLine(3)], count: 3 },
    }));
    const { popup, user } = await openPopup();
    const view = within(popup);
    expect(view.getByText("Sent: 0 of 3 lines have the provider's result")).toBeInTheDocument();
    const table = await view.findByRole('table', { name: 'Payout lines of PR-12' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    await user.click(view.getByRole('checkbox', { name: 'Failed lines only' }));
    await waitFor(() => expect(within(view.getByRole('table', { name: 'Payout lines of PR-12' })).getAllByRole('row')).toHaveLength(2));
    expect(backend.calls('GET', 'admin/payment_run_payout_lines').at(-1)?.search).toContain('status=failed');
    expect(view.getByRole('link', { name: 'PR-14 (PR-14-3)' })).toHaveAttribute('href', '/payment-runs?search=PR-14');
  });

  it('previews a results file (nothing written), then settles it at Confirm', async () => {
    let settled = false;
    const backend = runsBackend(() => (settled ? { ...withPayout, payout: { ...withPayout.payout!, settlement: 'Partly failed', lines: { sent: 0, paid: 1, failed: 2 } } } : withPayout))
      .on('GET', 'admin/payment_run_payout_lines', { body: { data: [payoutLine(1), payoutLine(2), payoutLine(3)], count: 3 } })
      .on('POST', 'admin/payment_run_settle_file', ({ body }) => {
        if ((body as { preview?: string }).preview === 'true') return { body: check({}) };
        settled = true;
        return { body: check({ written: true }) };
      });
    const { popup, user } = await openPopup();
    const view = within(popup);
    await user.upload(view.getByLabelText('Results file'), await resultsFile(RESULTS));
    const summary = await view.findByLabelText('What the results file settles');
    expect(within(summary).getByText('2 lines failed (GHS 21.00): their payments become due again')).toBeInTheDocument();
    expect(within(summary).getByText('1 lines paid (GHS 10.50)')).toBeInTheDocument();
    // The file itself goes to the server, after its fields, as it was chosen.
    const [previewCall] = backend.calls('POST', 'admin/payment_run_settle_file');
    expect(previewCall?.body).toEqual({ id: '12', preview: 'true', file: { name: 'results.csv', text: RESULTS } });
    await user.click(view.getByRole('button', { name: 'Settle PR-12' }));
    expect(await screen.findByText('PR-12 settled: 2 lines failed, their payments are due again.')).toBeInTheDocument();
    expect(backend.calls('POST', 'admin/payment_run_settle_file')[1]?.body).toEqual({ id: '12', file: { name: 'results.csv', text: RESULTS } });
    expect(await view.findByText(/Partly failed: 2 of 3 lines failed/)).toBeInTheDocument();
  });

  it('lists the refused rows with their reasons and offers no Settle', async () => {
    runsBackend(() => withPayout)
      .on('GET', 'admin/payment_run_payout_lines', { body: { data: [payoutLine(1)], count: 1 } })
      .on('POST', 'admin/payment_run_settle_file', { body: check({ refused: 1, refusals: [{ row: 2, line_id: 'PR-99-1', reason: messages.payoutRowUnknownLine('PR-99-1', 'PR-12') }] }) });
    const { popup, user } = await openPopup();
    const view = within(popup);
    await user.upload(view.getByLabelText('Results file'), await resultsFile(RESULTS));
    const refused = await view.findByRole('table', { name: 'Refused rows' });
    expect(within(refused).getByText(messages.payoutRowUnknownLine('PR-99-1', 'PR-12'))).toBeInTheDocument();
    expect(view.getByText('1 rows refused: nothing of this file will be written')).toBeInTheDocument();
    expect(view.queryByRole('button', { name: 'Settle PR-12' })).not.toBeInTheDocument();
  });

  it('disables settling offline, with the reason', async () => {
    runsBackend(() => withPayout).on('GET', 'admin/payment_run_payout_lines', { body: { data: [payoutLine(1)], count: 1 } });
    const store = makeStore(signedIn('Super Admin'));
    const { popup } = await openPopup(store);
    act(() => void store.dispatch(browserWentOffline()));
    const view = within(popup);
    expect(view.getByLabelText('Results file')).toBeDisabled();
    expect(view.getAllByText(messages.payoutResultsNeedsConnection).length).toBeGreaterThan(0);
  });
});
