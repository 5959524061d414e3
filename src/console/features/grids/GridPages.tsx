// One screen per grid tab: its declaration on the one grid screen. The grids whose reports can be
// queued take their queue from the app (app/ReportPages.tsx): a feature never imports another.
import { Button, Classes } from '@blueprintjs/core';
import { BankAccount } from '@blueprintjs/icons';
import {
  agentEventDetailsGrid, agentEventsGrid, agentPaymentsGrid, campaignConversionGrid, fraudEventsGrid, pendingPaymentsGrid,
  retentionEventDetailsGrid, retentionEventsGrid,
} from '../../../contract/grids';
import * as messages from '../../../contract/messages';
import { GridScreen, type ReportQueueSlot } from './GridScreen';

export const AgentEventsPage = () => <GridScreen grid={agentEventsGrid} />;
export const AgentEventDetailsPage = () => <GridScreen grid={agentEventDetailsGrid} />;
export const AgentPaymentsPage = () => <GridScreen grid={agentPaymentsGrid} />;

interface QueuedGridProps {
  reportQueue?: ReportQueueSlot;
}
export const CampaignConversionPage = ({ reportQueue }: QueuedGridProps) => <GridScreen grid={campaignConversionGrid} reportQueue={reportQueue} />;
export const RetentionEventsPage = ({ reportQueue }: QueuedGridProps) => <GridScreen grid={retentionEventsGrid} reportQueue={reportQueue} />;
export const RetentionEventDetailsPage = ({ reportQueue }: QueuedGridProps) => <GridScreen grid={retentionEventDetailsGrid} reportQueue={reportQueue} />;
export const FraudEventsPage = ({ reportQueue }: QueuedGridProps) => <GridScreen grid={fraudEventsGrid} reportQueue={reportQueue} />;

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
