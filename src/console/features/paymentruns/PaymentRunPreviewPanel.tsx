// What a payment run would pay (its preview, contract/paymentRuns.ts): its payments, agents and
// events, the runs Confirm makes (one per currency, each paid at once or awaiting approval), one
// total per campaign and currency, and the payments it holds back
// with their reasons in words. Every amount is shown with its currency code, and nothing here adds
// two amounts: the server totals them, per currency.
import { HTMLTable, Intent } from '@blueprintjs/core';
import { formatMoney, type Money } from '../../../contract/money';
import { HELD_BACK_REASON_TEXT, type PaymentRunPreview } from '../../../contract/paymentRuns';
import { formatCount, formatCounted } from '../../format/formatCount';
import { TableScroll } from '../../components/TableScroll';
import { SectionTitle } from '../../components/PageTitle';
import { TitledCallout } from '../../components/TitledCallout';

/** Amounts of several currencies, each with its code, side by side: 'GHS 120.00 · KES 3,000.00'. */
const moneyList = (totals: readonly Money[]): string =>
  totals.length === 0 ? 'Nothing' : totals.map((total) => formatMoney(total.amount, total.currency)).join(' · ');

/** How many runs Confirm makes, and how many of them wait for a second Super Admin: said before Confirm. */
export function runsTitle(runs: PaymentRunPreview['runs']): string {
  if (runs.length === 0) return 'Total';
  const waiting = runs.filter((run) => run.awaits_approval).length;
  const made = runs.length === 1 ? 'Confirm makes one payment run' : `Confirm makes ${formatCount(runs.length)} payment runs, one per currency`;
  if (waiting === 0) return made;
  const who = runs.length === 1 ? 'it awaits' : waiting === 1 ? '1 of them awaits' : `${formatCount(waiting)} of them await`;
  return `${made}: ${who} approval`;
}

export function PaymentRunPreviewPanel({ preview }: { preview: PaymentRunPreview }) {
  const held = preview.held_back;
  const unlisted = held.payments - held.listed.length;
  return (
    <section className="payment-run-preview" aria-label="Payment run preview">
      <p className="payment-run-preview-counts">
        {`${formatCounted(preview.payments, 'payment', 'payments')} to ${formatCounted(preview.agents, 'agent', 'agents')}, for ${formatCounted(preview.events, 'event', 'events')}`}
      </p>
      <SectionTitle level={3}>{runsTitle(preview.runs)}</SectionTitle>
      <ul className="payment-run-totals" aria-label="Total per currency">
        {preview.runs.length === 0 ? (
          <li>Nothing is due for these filters.</li>
        ) : (
          preview.runs.map(({ total, awaits_approval, approval_limit }) => (
            <li key={total.currency}>
              {formatMoney(total.amount, total.currency)}
              <span className="payment-run-approval">
                {awaits_approval && approval_limit
                  ? `: awaits a second Super Admin's approval (above ${formatMoney(approval_limit.amount, approval_limit.currency)})`
                  : ': paid at Confirm'}
              </span>
            </li>
          ))
        )}
      </ul>
      {preview.campaigns.length > 0 && (
        <TableScroll label="Total per campaign" className="payment-run-table">
          <HTMLTable compact striped className="console-table" aria-label="Total per campaign">
            <thead>
              <tr>
                <th>Campaign</th>
                <th>Payments</th>
                <th>Total</th>
              </tr>
            </thead>
            <tbody>
              {preview.campaigns.map((campaign) => (
                <tr key={`${campaign.campaign_id} ${campaign.total.currency}`}>
                  <td>{campaign.campaign_name}</td>
                  <td className="payment-run-number">{formatCount(campaign.payments)}</td>
                  <td className="payment-run-number">{formatMoney(campaign.total.amount, campaign.total.currency)}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </TableScroll>
      )}
      {held.payments > 0 && (
        <TitledCallout intent={Intent.WARNING} title={`Held back: ${formatCounted(held.payments, 'payment', 'payments')}, ${moneyList(held.totals)}`}>
          <p>These payments stay due and are not paid by this run:</p>
          <ul aria-label="Why payments are held back">
            {held.reasons.map(({ reason, payments }) => (
              <li key={reason}>{`${HELD_BACK_REASON_TEXT[reason]}: ${formatCounted(payments, 'payment', 'payments')}`}</li>
            ))}
          </ul>
          <TableScroll label="Held back payments" className="payment-run-table">
            <HTMLTable compact striped className="console-table" aria-label="Held back payments">
              <thead>
                <tr>
                  <th>Agent</th>
                  <th>Campaign</th>
                  <th>Amount</th>
                  <th>Why</th>
                </tr>
              </thead>
              <tbody>
                {held.listed.map((payment) => (
                  <tr key={payment.payment_id}>
                    <td>{payment.agent}</td>
                    <td>{payment.campaign_name}</td>
                    <td className="payment-run-number">{formatMoney(payment.amount, payment.currency)}</td>
                    <td>{payment.reasons.map((reason) => HELD_BACK_REASON_TEXT[reason]).join('; ')}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </TableScroll>
          {unlisted > 0 && <p>{`And ${formatCounted(unlisted, 'more payment', 'more payments')} held back, not listed here.`}</p>}
        </TitledCallout>
      )}
    </section>
  );
}
