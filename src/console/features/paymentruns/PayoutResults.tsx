// A paid run's payout in its popup (issue 52): its lines to the provider, each with its result
// (failed ones alone at a switch, each naming the run that paid it again), and, for a Super Admin,
// the provider's results file: its header checked here (papaparse), the file itself sent as chosen
// and read by the server, checked without writing (the preview: what it settles, and each refused
// row with its reason), then sent again and settled at Confirm.
// Offline, settling is disabled with its reason, like every money action.
import { Button, Callout, FileInput, FormGroup, HTMLTable, Intent, Spinner, Switch, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import * as messages from '../../../contract/messages';
import { formatMoney } from '../../../contract/money';
import type { PaymentRunSummary } from '../../../contract/paymentRuns';
import { UPLOAD_MAX_BYTES } from '../../../contract/constants';
import { resultsHeaderOf } from '../../../contract/payoutResultsFile';
import { PAYOUT_RESULT_COLUMNS, type PaymentRunSettlement, type PayoutLineStatus, type PayoutSettlement } from '../../../contract/payouts';
import { TAB_PATHS } from '../../ground/paths';
import { SectionTitle } from '../../components/PageTitle';
import { showSuccess } from '../../components/toaster';
import type { ApiFailure } from '../../http/failure';
import { usePayoutLinesQuery, useSettlePaymentRunFileMutation } from './paymentRunsApi';

export const SETTLEMENT_INTENT: Record<PayoutSettlement, Intent> = {
  Sent: Intent.PRIMARY,
  Settled: Intent.SUCCESS,
  'Partly failed': Intent.WARNING,
  Failed: Intent.DANGER,
};
const LINE_INTENT: Record<PayoutLineStatus, Intent> = { sent: Intent.PRIMARY, paid: Intent.SUCCESS, failed: Intent.DANGER };
const LINES_PAGE = 50;

/** The payout's settlement in words: 'Partly failed: 2 of 14 lines failed (GHS 31.50)'. */
export function settlementText(payout: NonNullable<PaymentRunSummary['payout']>): string {
  const { sent, paid, failed } = payout.lines;
  const all = sent + paid + failed;
  if (payout.settlement === 'Sent') return `Sent: ${paid + failed} of ${all} lines have the provider's result`;
  if (payout.settlement === 'Settled') return `Settled: all ${all} lines paid`;
  return `${payout.settlement}: ${failed} of ${all} lines failed (${formatMoney(payout.failed_total.amount, payout.failed_total.currency)}), their payments due again`;
}

/** Enough of a file's start to hold its header row. */
const HEADER_BYTES = 64 * 1024;

/** What is wrong with a chosen results file before it is sent (too large, or its header lacks a column), in words. */
export async function resultsFileError(file: File): Promise<string | undefined> {
  if (file.size > UPLOAD_MAX_BYTES) return messages.fileTooLarge;
  return resultsHeaderOf(await file.slice(0, HEADER_BYTES).text());
}

/** What a results file settles, as the server checked it. */
function SettlementCheck({ check }: { check: PaymentRunSettlement }) {
  const money = (total: PaymentRunSettlement['paid']['total']) => formatMoney(total.amount, total.currency);
  return (
    <div aria-label="What the results file settles">
      <ul className="payment-run-totals">
        <li>{`${check.rows} rows read`}</li>
        <li>{`${check.paid.lines} lines paid (${money(check.paid.total)})`}</li>
        <li>{`${check.failed.lines} lines failed (${money(check.failed.total)}): their payments become due again`}</li>
        {check.unchanged > 0 && <li>{`${check.unchanged} lines already have this result: unchanged`}</li>}
        <li>
          {'The run after it: '}
          <Tag minimal intent={SETTLEMENT_INTENT[check.settlement]}>{check.settlement}</Tag>
        </li>
      </ul>
      {check.refused > 0 && (
        <Callout intent={Intent.DANGER} role="alert" title={`${check.refused} rows refused: nothing of this file will be written`}>
          <div className="payment-run-table">
            <HTMLTable compact striped aria-label="Refused rows">
              <thead>
                <tr>
                  <th scope="col">Row</th>
                  <th scope="col">Line</th>
                  <th scope="col">Why</th>
                </tr>
              </thead>
              <tbody>
                {check.refusals.map((refusal) => (
                  <tr key={refusal.row}>
                    <td className="payment-run-number">{refusal.row}</td>
                    <td>{refusal.line_id || '—'}</td>
                    <td>{refusal.reason}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </div>
          {check.refused > check.refusals.length && <p>{`And ${check.refused - check.refusals.length} more.`}</p>}
        </Callout>
      )}
    </div>
  );
}

/** Upload the provider's results: read, checked by the server (nothing written), then settled at Confirm. */
export function SettleResults({ run, offline }: { run: PaymentRunSummary; offline: boolean }) {
  const [settle, settling] = useSettlePaymentRunFileMutation();
  const [file, setFile] = useState<File>();
  const [check, setCheck] = useState<PaymentRunSettlement>();
  const [failure, setFailure] = useState<string>();
  const [reading, setReading] = useState(false);
  const offlineText = offline ? messages.payoutResultsNeedsConnection : undefined;

  async function choose(chosen: File | undefined) {
    setCheck(undefined);
    setFailure(undefined);
    setFile(undefined);
    if (!chosen) return;
    setReading(true);
    try {
      const error = await resultsFileError(chosen);
      if (error) return setFailure(error);
      setFile(chosen);
      const result = await settle({ id: run.id, file: chosen, preview: true });
      if ('error' in result) return setFailure((result.error as ApiFailure).text);
      setCheck(result.data);
    } finally {
      setReading(false);
    }
  }

  async function confirm() {
    if (!file || offline) return;
    setFailure(undefined);
    const result = await settle({ id: run.id, file });
    if ('error' in result) {
      const refused = (result.error as ApiFailure).current as PaymentRunSettlement | undefined;
      if (refused) setCheck(refused);
      return setFailure((result.error as ApiFailure).text);
    }
    const done = result.data;
    showSuccess(done.failed.lines > 0
      ? `${run.ref} settled: ${done.failed.lines} lines failed, their payments are due again.`
      : `${run.ref} settled: ${done.paid.lines} lines paid.`);
    setFile(undefined);
    setCheck(undefined);
  }

  const ready = check && check.refused === 0 && check.paid.lines + check.failed.lines > 0;
  return (
    <section className="payment-run-step" aria-label="The provider's results">
      <SectionTitle level={3}>The provider&apos;s results</SectionTitle>
      <p>{`Upload the provider's results file for ${run.ref}: a CSV with ${PAYOUT_RESULT_COLUMNS.join(', ')} (line_id and status, paid or failed, required). It is checked first; nothing is written until you confirm.`}</p>
      <FormGroup label="Results file" labelFor="payout-results-file" helperText={offlineText}>
        <FileInput
          inputProps={{ id: 'payout-results-file', accept: '.csv,text/csv', 'aria-describedby': offlineText ? 'payout-results-offline' : undefined }}
          text={file?.name ?? 'Choose a CSV file…'}
          buttonText="Browse"
          disabled={offline || reading || settling.isLoading}
          onInputChange={(event) => void choose(event.currentTarget.files?.[0])}
          fill
        />
      </FormGroup>
      {offlineText && <span id="payout-results-offline" hidden>{offlineText}</span>}
      {reading && <Spinner size={20} aria-label="Checking the results file" />}
      {check && <SettlementCheck check={check} />}
      {failure && (
        <Callout intent={Intent.DANGER} role="alert" aria-label="Not settled">
          {failure}
        </Callout>
      )}
      {ready && (
        <div className="payment-run-step-actions">
          <Button onClick={() => { setFile(undefined); setCheck(undefined); }}>Cancel</Button>
          <Button intent={Intent.PRIMARY} loading={settling.isLoading} disabled={offline} title={offlineText} onClick={() => void confirm()}>
            {`Settle ${run.ref}`}
          </Button>
        </div>
      )}
      {check && check.refused === 0 && check.paid.lines + check.failed.lines === 0 && (
        <p role="status">{`Every line in this file already has this result: nothing to settle.`}</p>
      )}
    </section>
  );
}

/** The run's payout lines, failed ones alone at the switch; a failed line names the run that paid it again. */
export function PayoutLines({ run, onOpenRun }: { run: PaymentRunSummary; onOpenRun(): void }) {
  const [failedOnly, setFailedOnly] = useState(false);
  const [page, setPage] = useState(1);
  const lines = usePayoutLinesQuery({ id: run.id, status: failedOnly ? 'failed' : undefined, page, size: LINES_PAGE });
  const pages = Math.max(1, Math.ceil((lines.data?.count ?? 0) / LINES_PAGE));
  return (
    <section aria-label="Payout lines">
      <SectionTitle level={3} className="payment-run-lines-title">Payout lines</SectionTitle>
      <Switch
        label="Failed lines only"
        checked={failedOnly}
        onChange={(event) => { setFailedOnly(event.currentTarget.checked); setPage(1); }}
        large
      />
      {lines.error ? (
        <Callout intent={Intent.DANGER} role="alert">{(lines.error as ApiFailure).text}</Callout>
      ) : !lines.data ? (
        <Spinner size={20} aria-label="Reading the payout lines" />
      ) : lines.data.count === 0 ? (
        <p role="status">{failedOnly ? 'No line of this run failed.' : 'This run has no payout lines.'}</p>
      ) : (
        <>
          <div className="payment-run-table payout-lines-table">
            <HTMLTable compact striped aria-label={`Payout lines of ${run.ref}`}>
              <thead>
                <tr>
                  <th scope="col">Line</th>
                  <th scope="col" className="payment-run-number">Amount</th>
                  <th scope="col">Status</th>
                  <th scope="col">Agent</th>
                  <th scope="col">Mobile</th>
                  <th scope="col">Provider</th>
                </tr>
              </thead>
              <tbody>
                {lines.data.data.map((line) => (
                  <tr key={line.line_id}>
                    <td>
                      {line.line_id}
                      {line.retry_of && <div className="payout-line-note">{`Pays ${line.retry_of} again`}</div>}
                    </td>
                    <td className="payment-run-number">{formatMoney(line.amount, line.currency)}</td>
                    <td>
                      <Tag minimal intent={LINE_INTENT[line.status]}>{line.status === 'sent' ? 'Sent' : line.status === 'paid' ? 'Paid' : 'Failed'}</Tag>
                    </td>
                    <td>{line.agent}</td>
                    <td>{line.msisdn ?? '—'}</td>
                    <td>
                      {[line.provider_reference, line.reason].filter(Boolean).join(': ') || '—'}
                      {line.status === 'failed' && (line.repaid_by ? (
                        <div className="payout-line-note">
                          {'Paid again by '}
                          <Link to={`${TAB_PATHS.paymentruns}?search=${encodeURIComponent(line.repaid_by.ref)}`} onClick={onOpenRun}>
                            {`${line.repaid_by.ref} (${line.repaid_by.line_id})`}
                          </Link>
                        </div>
                      ) : <div className="payout-line-note">Due again: not paid by a later run yet</div>)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </div>
          {pages > 1 && (
            <div className="payment-run-step-actions" role="group" aria-label="Payout line pages">
              <Button disabled={page <= 1} onClick={() => setPage(page - 1)}>Previous</Button>
              <span>{`Page ${page} of ${pages}`}</span>
              <Button disabled={page >= pages} onClick={() => setPage(page + 1)}>Next</Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
