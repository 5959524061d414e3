// One screen per grid tab: its declaration on the one grid screen.
import { Button, Classes } from '@blueprintjs/core';
import { BankAccount } from '@blueprintjs/icons';
import {
  agentEventDetailsGrid, agentEventsGrid, agentPaymentsGrid, campaignConversionGrid, fraudEventsGrid, pendingPaymentsGrid,
  retentionEventDetailsGrid, retentionEventsGrid,
} from '../../../contract/grids';
import { messages } from '../../../contract/messages';
import { GridScreen } from './GridScreen';

export const AgentEventsPage = () => <GridScreen grid={agentEventsGrid} />;
export const AgentEventDetailsPage = () => <GridScreen grid={agentEventDetailsGrid} />;
export const CampaignConversionPage = () => <GridScreen grid={campaignConversionGrid} />;
export const RetentionEventsPage = () => <GridScreen grid={retentionEventsGrid} />;
export const RetentionEventDetailsPage = () => <GridScreen grid={retentionEventDetailsGrid} />;
export const AgentPaymentsPage = () => <GridScreen grid={agentPaymentsGrid} />;
export const FraudEventsPage = () => <GridScreen grid={fraudEventsGrid} />;

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
