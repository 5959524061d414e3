// Make Payment Run (SPEC.md sections 5, 7 and 8; issue 33): the run's filters (the grid's it was
// opened from), its accounting reference (the contract's rule), and the preview of what it would pay
// and hold back. Confirm sends the preview's fingerprint, so the run pays exactly the payments shown
// or nothing: when they changed meanwhile the server answers 409 with the new preview, shown here
// with the words that nothing was paid.
//
// Exactly once: Confirm is disabled while it is being sent (a double click sends once), and the
// same confirm sent again (after a cut connection) goes with the same Idempotency-Key, so the server
// answers the runs it already made; a new preview is a new key. Money is never queued offline: the
// call never waits in the outbox, and offline Confirm is disabled with the reason.
import { Button, Callout, Classes, Dialog, DialogBody, DialogFooter, Intent, Spinner } from '@blueprintjs/core';
import { useRef, useState, type FormEvent } from 'react';
import { PAYMENT_RUN_TOAST_MS } from '../../../contract/constants';
import { formatMoney } from '../../../contract/money';
import * as messages from '../../../contract/messages';
import {
  paymentRunPreview, type PaymentRunOutcome, type PaymentRunPreview, type PaymentRunPreviewRequest, type PaymentRunRequest,
} from '../../../contract/paymentRuns';
import { paymentRunForm } from '../../../contract/schemas/adminForms';
import { useBrowserOffline } from '../../components/NeedsConnection';
import { TextField } from '../../components/TextField';
import { showNotice, showSuccess, showWarning } from '../../components/toaster';
import type { ApiFailure } from '../../http/failure';
import { newIdempotencyKey } from '../../outbox/offlineWrite';
import { useMakePaymentRunMutation, usePaymentRunPreviewQuery } from './paymentRunsApi';
import { PaymentRunPreviewPanel, runsTitle } from './PaymentRunPreviewPanel';

/** A run's filters as the preview and the run take them: dates as DD-MMM-YYYY. */
export type RunFilters = Pick<PaymentRunPreviewRequest, 'start_date' | 'end_date'> & { country?: string; campaign?: number; search?: string };

/** The filters as people read them: '01-Nov-2026 to 30-Nov-2026, GH, Agent Referral GH-01, search "ama"'. */
export function filtersText(filters: RunFilters, campaignName?: string): string {
  const parts = [`${filters.start_date} to ${filters.end_date}`];
  if (filters.country) parts.push(`country ${filters.country}`);
  if (filters.campaign) parts.push(campaignName ?? `campaign ${filters.campaign}`);
  if (filters.search) parts.push(`search "${filters.search}"`);
  return parts.join(', ');
}

/**
 * The outcome's toast (section 8's words, 3 seconds): the runs made, each its own currency and
 * status; a queued request, the runs its job will make as the preview said them.
 */
function toastOutcome(outcome: PaymentRunOutcome, preview: PaymentRunPreview): void {
  if (outcome.message === messages.paymentRunEmpty) return showWarning(outcome.message, PAYMENT_RUN_TOAST_MS);
  if (outcome.message === messages.paymentRunQueued) {
    return void showNotice(`${outcome.message}: ${runsTitle(preview.runs).replace(/^Confirm makes/, 'it makes')}`, PAYMENT_RUN_TOAST_MS);
  }
  const runs = outcome.runs.map((run) => `${run.ref} ${formatMoney(run.total, run.currency)}${run.status === 'Paid' ? '' : ` (${run.status})`}`);
  showSuccess(runs.length > 0 ? `${outcome.message}: ${runs.join(', ')}` : outcome.message, PAYMENT_RUN_TOAST_MS);
}

/**
 * One Idempotency-Key per preview and body: the same confirm sent again goes with the key of its
 * first try; another preview (a new one after a conflict) or another reference is a new run request.
 */
function useKeyPerConfirm() {
  const last = useRef<{ preview: PaymentRunPreview; body: string; key: string } | null>(null);
  return (preview: PaymentRunPreview, body: PaymentRunRequest): string => {
    const text = JSON.stringify(body);
    if (last.current?.preview !== preview || last.current.body !== text) last.current = { preview, body: text, key: newIdempotencyKey() };
    return last.current.key;
  };
}

interface MakePaymentRunDialogProps {
  filters: RunFilters;
  /** The chosen campaign's name, to show the filters in words. */
  campaignName?: string;
  onClose(): void;
}

export function MakePaymentRunDialog({ filters, campaignName, onClose }: MakePaymentRunDialogProps) {
  const offline = useBrowserOffline();
  const preview = usePaymentRunPreviewQuery(filters, { refetchOnMountOrArgChange: true });
  const [makeRun] = useMakePaymentRunMutation();
  const keyFor = useKeyPerConfirm();
  const [reference, setReference] = useState('');
  const [touched, setTouched] = useState(false);
  // The new preview a 409 answered with: shown instead of the one confirmed, until confirmed in turn.
  const [changed, setChanged] = useState<PaymentRunPreview>();
  const [failure, setFailure] = useState<string>();
  const [sending, setSending] = useState(false);
  // Set before the first await: a second click in the same moment finds it set, whatever React has drawn.
  const inFlight = useRef(false);

  const shown = changed ?? preview.data;
  const checked = paymentRunForm.safeParse({ reference });
  const referenceError = touched && !checked.success ? (checked.error.issues[0]?.message ?? messages.accountingReferenceRequired) : undefined;
  const blockedReason = offline ? messages.paymentRunNeedsConnection : undefined;
  const canConfirm = Boolean(shown) && checked.success && !offline && !sending;

  async function confirm(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (inFlight.current || !shown || !checked.success || offline) return;
    inFlight.current = true;
    setSending(true);
    setFailure(undefined);
    const body: PaymentRunRequest = { ...filters, reference: checked.data.reference, fingerprint: shown.fingerprint };
    try {
      const result = await makeRun({ body, key: keyFor(shown, body) });
      if ('error' in result) {
        const refusal = result.error as ApiFailure;
        const current = paymentRunPreview.safeParse(refusal.current);
        if (refusal.code === 'edit_conflict' && current.success) setChanged(current.data);
        else setFailure(refusal.text);
        return;
      }
      toastOutcome(result.data, shown);
      onClose();
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  }

  const previewFailure = !shown && preview.error ? ('text' in preview.error ? (preview.error as ApiFailure).text : messages.paymentRunNeedsConnection) : undefined;
  return (
    <Dialog title="Make Payment Run" isOpen onClose={onClose} canOutsideClickClose={false} className="payment-run-dialog">
      <form onSubmit={(event) => void confirm(event)} noValidate>
        <DialogBody>
          <p className={Classes.TEXT_MUTED}>{`Due payments of ${filtersText(filters, campaignName)}`}</p>
          <TextField
            id="payment-run-reference"
            label="Accounting reference"
            value={reference}
            error={referenceError}
            onChange={setReference}
            onBlur={() => setTouched(true)}
            autoComplete="off"
            autoFocus
          />
          {changed && (
            <Callout intent={Intent.WARNING} role="alert" aria-label="The payments changed">
              {messages.paymentRunChanged}
            </Callout>
          )}
          {shown ? (
            <PaymentRunPreviewPanel preview={shown} />
          ) : previewFailure ? (
            <Callout intent={Intent.DANGER} role="alert" aria-label="No preview">
              {previewFailure}
            </Callout>
          ) : (
            <Spinner size={24} aria-label="Reading what the run would pay" />
          )}
          {failure && (
            <Callout intent={Intent.DANGER} role="alert" aria-label="Nothing was paid">
              {failure}
            </Callout>
          )}
          {blockedReason && (
            <Callout intent={Intent.WARNING} role="status">
              {blockedReason}
            </Callout>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button onClick={onClose}>Cancel</Button>
              <Button
                type="submit"
                intent={Intent.PRIMARY}
                disabled={!canConfirm}
                loading={sending}
                title={blockedReason}
                aria-description={blockedReason}
              >
                Confirm
              </Button>
            </>
          }
        />
      </form>
    </Dialog>
  );
}
