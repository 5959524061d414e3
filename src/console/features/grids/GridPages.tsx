// A grid tab's screen: its declaration (contract/grids.ts) on the one grid screen, named by the
// screen registry (app/screens.tsx). The grids whose reports can be queued take their queue from
// the app (app/ReportPages.tsx): a feature never imports another.
import { Button, Classes } from '@blueprintjs/core';
import { BankAccount } from '@blueprintjs/icons';
import { gridOf, pendingPaymentsGrid, type GridId } from '../../../contract/grids';
import * as messages from '../../../contract/messages';
import { GridScreen, type ReportQueueSlot } from '../../components/grid/GridScreen';

/** A grid's screen: its row popup, filters and CSV come with its declaration. */
export const GridTabScreen = ({ grid, reportQueue }: { grid: GridId; reportQueue?: ReportQueueSlot }) => <GridScreen grid={gridOf(grid)} reportQueue={reportQueue} />;

/**
 * Pending Payments, with Make Payment Run shown but disabled: payment runs come with their own
 * issue, and until then the button says so instead of pretending to run one.
 */
export function PendingPaymentsPage() {
  return (
    <GridScreen
      grid={pendingPaymentsGrid}
      actions={
        <span className="report-grid-action">
          <span className={Classes.TEXT_MUTED}>{messages.makePaymentRunComing}</span>
          <Button icon={<BankAccount />} disabled title={messages.makePaymentRunComing} aria-description={messages.makePaymentRunComing}>
            Make Payment Run
          </Button>
        </span>
      }
    />
  );
}
