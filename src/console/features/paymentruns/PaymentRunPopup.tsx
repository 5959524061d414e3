// A payment run's own popup (issue 33), opened from its row of the Payment Runs grid: what the run is
// (its summary from /admin/payment_run_state: status, reference, filters, who made, approved,
// rejected or reversed it, when and why), its lines (the paymentRunDetail grid, paged), and what the
// caller may do with it now, as the server says (can_approve, can_reject, can_reverse,
// payout_ready): Approve (a code of the approver's own, then the code), Reject and Reverse (with a
// reason; a reversal is confirmed first), Download payout file (kept in Saved for offline like any
// report), and its payout: the lines to the provider and the provider's results (PayoutResults.tsx).
// Every one of them needs a connection: money is never queued offline. After a step the summary and
// the grids behind it are read again (their tags).
import { Button, Callout, Classes, Dialog, DialogBody, DialogFooter, FormGroup, Intent, Spinner, Tag, TextArea } from '@blueprintjs/core';
import { Download } from '@blueprintjs/icons';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { reportTableTime, toRequestDate } from '../../../contract/dates';
import { paymentRunDetailGrid } from '../../../contract/grids';
import * as messages from '../../../contract/messages';
import { formatMoney } from '../../../contract/money';
import { paymentRunApproveRequest, paymentRunReasonRequest, type PaymentRunStatus, type PaymentRunSummary } from '../../../contract/paymentRuns';
import { defaultGridState, todayIso } from '../../address/useGridQuery';
import { useGridPageQuery } from '../../backends/gridsApi';
import { askToConfirm } from '../../components/confirm';
import { Facts } from '../../components/Facts';
import type { GridRecord } from '../../components/grid/gridCells';
import { ReportGrid } from '../../components/grid/ReportGrid';
import { useBrowserOffline } from '../../components/NeedsConnection';
import { SecureCodeField } from '../../components/SecureCodeField';
import { showSuccess } from '../../components/toaster';
import { useReportDownload } from '../../downloads/useReportDownload';
import { formatCount } from '../../format/formatCount';
import type { ApiFailure } from '../../http/failure';
import {
  payoutFileRequest, useApprovePaymentRunMutation, usePaymentRunSummaryQuery, useRejectPaymentRunMutation, useRequestApprovalCodeMutation,
  useReversePaymentRunMutation,
} from './paymentRunsApi';
import { useReturnFocus } from '../../components/returnFocus';
import { SectionTitle } from '../../components/PageTitle';
import { PayoutLines, SETTLEMENT_INTENT, SettleResults, settlementText } from './PayoutResults';

export const STATUS_INTENT: Record<PaymentRunStatus, Intent> = {
  Paid: Intent.SUCCESS,
  'Awaiting approval': Intent.WARNING,
  Rejected: Intent.DANGER,
  Reversed: Intent.DANGER,
  Queued: Intent.PRIMARY,
};

/** An ISO date or instant as the report tables show it; a DD-MMM-YYYY or other text as it came. */
const dateText = (value: string | null | undefined) => (!value ? '—' : /^\d{4}-\d{2}-\d{2}T/.test(value) ? reportTableTime(value) : value);
/** A grid row's date as a grid body takes it (DD-MMM-YYYY). */
const requestDateOf = (value: unknown) => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? toRequestDate(value) : String(value ?? ''));

/** Who took a step, when, and why: 'Ama Mensah, 2026-11-02 08:15:30: duplicate run'. */
function stepText(name: string | null, at: string | null, why?: string | null): string {
  const who = `${name ?? 'Someone'}, ${dateText(at)}`;
  return why ? `${who}: ${why}` : who;
}

function summaryFacts(run: PaymentRunSummary): Array<readonly [string, ReactNode]> {
  const facts: Array<readonly [string, ReactNode]> = [
    ['Status', <Tag key="status" intent={STATUS_INTENT[run.status]} minimal>{run.status}</Tag>],
    ['Run', run.ref],
    ['Accounting reference', run.reference],
    ['Total', formatMoney(run.total, run.currency)],
    ['Events', formatCount(run.events)],
    ['Dates', `${dateText(run.start_date)} to ${dateText(run.end_date)}`],
    ['Country', run.country ?? 'Every country'],
    ['Campaign', run.campaign_name ?? 'Every campaign'],
    ['Search', run.search || 'None'],
    ['Created', stepText(run.created_by_name, run.created_at)],
    ['Approval limit', run.approval_limit === null ? 'Not passed: no approval needed' : formatMoney(run.approval_limit, run.currency)],
  ];
  if (run.approved_at) facts.push(['Approved', stepText(run.approved_by_name, run.approved_at)]);
  if (run.rejected_at) facts.push(['Rejected', stepText(run.rejected_by_name, run.rejected_at, run.rejection_reason)]);
  if (run.reversed_at) facts.push(['Reversed', stepText(run.reversed_by_name, run.reversed_at, run.reversal_reason)]);
  if (run.payout) {
    const { payout } = run;
    facts.push(['Payout', <Tag key="payout" intent={SETTLEMENT_INTENT[payout.settlement]} minimal multiline>{settlementText(payout)}</Tag>]);
    // A currency paid in whole units asks for less than the run's total: the hundredths are carried to each agent's next line.
    const carried = payout.carried.amount !== '0.00';
    facts.push(['Asked of the provider', carried
      ? `${formatMoney(payout.asked.amount, payout.asked.currency)} (${formatMoney(payout.carried.amount, payout.carried.currency)} carried to the agents' next lines)`
      : formatMoney(payout.asked.amount, payout.asked.currency)]);
  }
  return facts;
}

/** The run's lines: its own grid call (`?id=`), paged and sorted in the popup, not in the address. */
function RunLines({ row }: { row: GridRecord }) {
  const [view, setView] = useState({ page: 1, size: 20, order: paymentRunDetailGrid.defaultOrder as string, cursor: undefined as string | undefined });
  const [today] = useState(todayIso);
  const state = { ...defaultGridState(paymentRunDetailGrid, today), page: view.page, size: view.size, order: view.order };
  const body = {
    start_date: requestDateOf(row.start_date),
    end_date: requestDateOf(row.end_date),
    search: '',
    page_size: view.size,
    current_page: view.page,
    orderby: view.order,
    ...(view.cursor ? { cursor: view.cursor } : {}),
  };
  const page = useGridPageQuery({ path: `${paymentRunDetailGrid.path}?id=${String(row.id)}`, body });
  const error = page.error ? ('text' in page.error ? (page.error as ApiFailure).text : page.error.message) : undefined;
  return (
    <div className="payment-run-lines">
      <ReportGrid
        grid={paymentRunDetailGrid}
        pagerLabel="Pages of the run's lines"
        answer={page.currentData ?? (page.isFetching ? page.data : undefined)}
        loading={page.isFetching && !page.currentData}
        error={error}
        query={{
          state,
          setPage: (next, cursor) => setView((current) => ({ ...current, page: next, cursor })),
          setPageSize: (size) => setView((current) => ({ ...current, size, page: 1, cursor: undefined })),
          sortBy: (field) =>
            setView((current) => ({ ...current, order: current.order === field ? `-${field}` : field, page: 1, cursor: undefined })),
        }}
      />
    </div>
  );
}

type Step = 'approve' | 'reject' | 'reverse';

/** Approve: the approver's own code first (sent by email), then the code. */
function ApproveForm({ run, offline, onDone, onCancel }: { run: PaymentRunSummary; offline: boolean; onDone(): void; onCancel(): void }) {
  const [askCode, asking] = useRequestApprovalCodeMutation();
  const [approve, approving] = useApprovePaymentRunMutation();
  const [sent, setSent] = useState<string>();
  const [otp, setOtp] = useState('');
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<string>();
  const checked = paymentRunApproveRequest.safeParse({ id: run.id, otp });

  async function sendCode() {
    setFailure(undefined);
    setOtp('');
    setTried(false);
    const result = await askCode(run.id);
    if ('error' in result) setFailure((result.error as ApiFailure).text);
    else setSent(result.data.message);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (!checked.success || approving.isLoading || offline) return;
    setFailure(undefined);
    const result = await approve({ id: run.id, otp: checked.data.otp });
    if ('error' in result) return setFailure((result.error as ApiFailure).text);
    showSuccess(`Payment run ${run.ref} approved: its payments are paid.`);
    onDone();
  }

  return (
    <form className="payment-run-step" onSubmit={(event) => void submit(event)} noValidate aria-label={`Approve ${run.ref}`}>
      <SectionTitle level={3}>Approve</SectionTitle>
      {!sent ? (
        <p>A code that approves this run only is sent to your email first.</p>
      ) : (
        <>
          <p role="status">{sent}</p>
          <SecureCodeField id="payment-run-otp" value={otp} error={tried && !checked.success ? messages.secureOtpRequired : undefined} onChange={setOtp} />
        </>
      )}
      {failure && (
        <Callout intent={Intent.DANGER} role="alert" aria-label="Not approved">
          {failure}
        </Callout>
      )}
      <div className="payment-run-step-actions">
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant={sent ? 'minimal' : undefined} intent={sent ? Intent.NONE : Intent.PRIMARY} loading={asking.isLoading} disabled={offline} onClick={() => void sendCode()}>
          {sent ? 'Send a new code' : 'Send me a code'}
        </Button>
        {sent && (
          <Button type="submit" intent={Intent.PRIMARY} loading={approving.isLoading} disabled={offline}>
            Approve run
          </Button>
        )}
      </div>
    </form>
  );
}

/** Reject or reverse: a reason, required; a reversal is confirmed before it is sent. */
function ReasonForm({ run, step, offline, onDone, onCancel }: { run: PaymentRunSummary; step: 'reject' | 'reverse'; offline: boolean; onDone(): void; onCancel(): void }) {
  const [reject, rejecting] = useRejectPaymentRunMutation();
  const [reverse, reversing] = useReversePaymentRunMutation();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<string>();
  const inFlight = useRef(false);
  const checked = paymentRunReasonRequest.safeParse({ id: run.id, reason });
  const reasonError = tried && !checked.success ? messages.paymentRunReasonRequired : undefined;
  const isReject = step === 'reject';
  const verb = isReject ? 'Reject' : 'Reverse';

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (!checked.success || inFlight.current || offline) return;
    inFlight.current = true;
    try {
      if (!isReject && !(await askToConfirm(`Reverse ${run.ref} (${formatMoney(run.total, run.currency)})? Its payments become due again, for another run to pay.`, 'Reverse'))) return;
      setFailure(undefined);
      const result = await (isReject ? reject : reverse)(checked.data);
      if ('error' in result) return setFailure((result.error as ApiFailure).text);
      showSuccess(isReject ? `Payment run ${run.ref} rejected: its payments are due again.` : `Payment run ${run.ref} reversed: its payments are due again.`);
      onDone();
    } finally {
      inFlight.current = false;
    }
  }

  return (
    <form className="payment-run-step" onSubmit={(event) => void submit(event)} noValidate aria-label={`${verb} ${run.ref}`}>
      <SectionTitle level={3}>{verb}</SectionTitle>
      <FormGroup label="Reason" labelFor="payment-run-reason" helperText={reasonError} intent={reasonError ? Intent.DANGER : Intent.NONE}>
        <TextArea
          id="payment-run-reason"
          fill
          value={reason}
          intent={reasonError ? Intent.DANGER : Intent.NONE}
          onChange={(event) => setReason(event.target.value)}
          onBlur={() => setTried(true)}
          autoFocus
        />
      </FormGroup>
      {failure && (
        <Callout intent={Intent.DANGER} role="alert" aria-label={isReject ? 'Not rejected' : 'Not reversed'}>
          {failure}
        </Callout>
      )}
      <div className="payment-run-step-actions">
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="submit" intent={Intent.DANGER} loading={rejecting.isLoading || reversing.isLoading} disabled={offline}>
          {`${verb} run`}
        </Button>
      </div>
    </form>
  );
}

export function PaymentRunPopup({ row, onClose }: { row: GridRecord; onClose(): void }) {
  const id = Number(row.id);
  const close = useReturnFocus(onClose);
  const summary = usePaymentRunSummaryQuery(id, { refetchOnMountOrArgChange: true });
  const offline = useBrowserOffline();
  const [step, setStep] = useState<Step>();
  const { download, downloading } = useReportDownload();
  const run = summary.data;
  const ref = run?.ref ?? String(row.ref ?? row.id);
  const offlineText = offline ? messages.paymentRunNeedsConnection : undefined;

  const actions = run && !step && (
    <div className="payment-run-actions">
      {run.can_approve && (
        <Button intent={Intent.PRIMARY} disabled={offline} title={offlineText} aria-description={offlineText} onClick={() => setStep('approve')}>
          Approve
        </Button>
      )}
      {run.can_reject && (
        <Button intent={Intent.DANGER} disabled={offline} title={offlineText} aria-description={offlineText} onClick={() => setStep('reject')}>
          Reject
        </Button>
      )}
      {run.can_reverse && (
        <Button intent={Intent.DANGER} disabled={offline} title={offlineText} aria-description={offlineText} onClick={() => setStep('reverse')}>
          Reverse
        </Button>
      )}
      {run.payout_ready && (
        <Button
          icon={<Download />}
          loading={downloading}
          disabled={offline}
          title={offlineText ?? 'The payout file for the mobile-money provider or bank, kept in Saved for offline'}
          aria-description={offlineText}
          onClick={() =>
            void download({
              backend: 'admin',
              request: payoutFileRequest(run.id),
              fallbackName: `payout_${run.ref}.csv`,
              description: `Payout file of payment run ${run.ref} (${formatMoney(run.total, run.currency)}, ${run.reference})`,
            })
          }
        >
          Download payout file
        </Button>
      )}
    </div>
  );

  const summaryError = summary.error && !run ? ('text' in summary.error ? (summary.error as ApiFailure).text : 'The payment run could not be read.') : undefined;
  return (
    <Dialog title={`Payment run ${ref}`} isOpen onClose={close} className="payment-run-dialog payment-run-popup">
      <DialogBody>
        {run ? (
          <Facts facts={summaryFacts(run)} label={`Payment run ${ref}`} />
        ) : summaryError ? (
          <Callout intent={Intent.DANGER} role="alert">
            {summaryError}
          </Callout>
        ) : (
          <Spinner size={24} aria-label="Reading the payment run" />
        )}
        {offlineText && (run?.can_approve || run?.can_reject || run?.can_reverse || run?.payout_ready || run?.payout?.can_settle) && (
          <Callout intent={Intent.WARNING} role="status">
            {offlineText}
          </Callout>
        )}
        {actions}
        {run && step === 'approve' && <ApproveForm run={run} offline={offline} onDone={() => setStep(undefined)} onCancel={() => setStep(undefined)} />}
        {run && (step === 'reject' || step === 'reverse') && (
          <ReasonForm run={run} step={step} offline={offline} onDone={() => setStep(undefined)} onCancel={() => setStep(undefined)} />
        )}
        {run?.payout?.can_settle && !step && <SettleResults run={run} offline={offline} />}
        {run?.payout && <PayoutLines run={run} onOpenRun={close} />}
        <SectionTitle level={3} className="payment-run-lines-title">Lines</SectionTitle>
        <p className={Classes.TEXT_MUTED}>Every payment the run pays: the event, the agent and the amount with its currency.</p>
        <RunLines row={row} />
      </DialogBody>
      <DialogFooter actions={<Button onClick={close}>Close</Button>} />
    </Dialog>
  );
}
