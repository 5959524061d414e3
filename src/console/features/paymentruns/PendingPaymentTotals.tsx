// Pending Payments' totals (issue 52): over every row the grid's filters select, not the page on
// screen, per currency, what a payment run would pay and what it would hold back, each with its
// payments. The server totals them per currency; nothing here adds two amounts.
import './pendingPaymentTotals.css';
import { HTMLTable } from '@blueprintjs/core';
import type { GridQuery } from '../../../contract/api';
import * as messages from '../../../contract/messages';
import { formatMoney } from '../../../contract/money';
import type { PaymentsShare } from '../../../contract/pendingPayments';
import { TableScroll } from '../../components/TableScroll';
import { formatCounted } from '../../format/formatCount';
import { useAppSelector } from '../../ground/hooks';
import { selectOffline } from '../../http/connectivity';
import { totalsBodyOf, usePendingPaymentTotalsQuery } from './pendingPaymentTotalsApi';

const TITLE = 'Totals of every row of these filters';

/** 'GHS 1,234.50 (12 payments)'. */
const shareText = ({ total, payments }: PaymentsShare): string => `${formatMoney(total.amount, total.currency)} (${formatCounted(payments, 'payment', 'payments')})`;

export function PendingPaymentTotals({ body }: { body: GridQuery }) {
  const totals = usePendingPaymentTotalsQuery(totalsBodyOf(body));
  const offline = useAppSelector(selectOffline);
  // While new filters' totals come, the last ones stay, marked busy; offline, never under other filters.
  const answer = totals.currentData ?? (totals.isFetching && !offline ? totals.data : undefined);
  let content;
  if (answer && answer.currencies.length > 0) {
    // Many currencies scroll in a box of their own (reachable by keyboard), leaving the grid its height.
    content = (
      <TableScroll label={TITLE} className="pending-payment-totals-scroll">
        <HTMLTable compact className="pending-payment-totals-table">
          <caption>{TITLE}</caption>
          <thead>
            <tr>
              <th scope="col">Currency</th>
              <th scope="col">Payable</th>
              <th scope="col">Held Back</th>
            </tr>
          </thead>
          <tbody>
            {answer.currencies.map((entry) => (
              <tr key={entry.currency}>
                <th scope="row">{entry.currency}</th>
                <td className="pending-payment-totals-number">{shareText(entry.payable)}</td>
                <td className={`pending-payment-totals-number${entry.held_back.payments > 0 ? ' pending-payment-totals-held' : ''}`}>{shareText(entry.held_back)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </TableScroll>
    );
  } else if (answer) {
    content = <p>{messages.pendingTotalsNothingDue}</p>;
  } else if (totals.isError) {
    content = <p role="alert">{offline ? messages.notLoadedOffline : `${messages.pendingTotalsNotLoaded} ${'text' in totals.error ? totals.error.text : (totals.error.message ?? '')}`.trim()}</p>;
  } else {
    content = <p>Loading the totals…</p>;
  }
  return (
    <section className="pending-payment-totals" aria-label={TITLE} aria-busy={totals.isFetching}>
      {content}
    </section>
  );
}
