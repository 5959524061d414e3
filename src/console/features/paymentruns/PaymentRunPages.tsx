// The payment runs' screens (issue 33), one lazy module: Pending Payments, whose Make Payment Run
// pays the due payments its filters select (its totals say, per currency, what a run would pay and
// hold back of them: issue 52), and Payment Runs, the runs made, each row opening its own popup; a
// Campaign Admin, who sees Payment Runs but not Pending Payments, makes a run from there.
// The queue of runs a worker has yet to make comes from the app (a feature never imports another).
import './paymentRuns.css';
import type { ReactNode } from 'react';
import { paymentRunsGrid, pendingPaymentsGrid } from '../../../contract/grids';
import { GridScreen } from '../../components/grid/GridScreen';
import { MakePaymentRunButton } from './MakePaymentRunButton';
import { PendingPaymentTotals } from './PendingPaymentTotals';
import { dialog } from '../../components/OnFirstOpen';
import type { GridRecord } from '../../components/grid/gridCells';

/** A run's popup (its lines, approval, the provider's results), loaded with its first opening. */
const PaymentRunPopup = dialog(() => import('./PaymentRunPopup'), 'PaymentRunPopup');

export function PendingPaymentsPage() {
  return (
    <GridScreen
      grid={pendingPaymentsGrid}
      actions={(body) => <MakePaymentRunButton body={body} />}
      summary={(body) => <PendingPaymentTotals body={body} />}
    />
  );
}

const runPopup = { label: 'Open', render: (row: GridRecord, close: () => void) => <PaymentRunPopup row={row} onClose={close} /> };

/** Payment Runs, with the queue of runs being made under its filters when the app gives one. */
export function PaymentRunsPage({ jobQueue }: { jobQueue?: ReactNode }) {
  return (
    <GridScreen
      grid={paymentRunsGrid}
      actions={(body) => <MakePaymentRunButton body={body} />}
      reportQueue={jobQueue === undefined ? undefined : () => jobQueue}
      rowPopup={runPopup}
    />
  );
}
