// Every report grid, for the routes that serve their pages and the report jobs that write their files.
import { agentEventDetails, agentEvents } from './agentEvents';
import { campaignConversion } from './conversion';
import type { Grid } from './defineGrid';
import { fraudEventsReport } from './fraudEvents';
import { agentPayments, pendingPayments } from './payments';
import { paymentRunsReport } from './paymentRuns';
import { retentionEventDetails, retentionEventsGrouped } from './retentionEvents';

export const REPORT_GRIDS: readonly Grid[] = [
  agentEvents, agentEventDetails, campaignConversion, retentionEventsGrouped, retentionEventDetails, agentPayments, pendingPayments, paymentRunsReport, fraudEventsReport,
] as unknown as readonly Grid[];

/** The grid of a contract declaration id ('agentEventDetails'). */
export function gridById(id: string): Grid {
  const grid = REPORT_GRIDS.find((candidate) => candidate.declaration.id === id);
  if (!grid) throw new Error(`no report grid '${id}'`);
  return grid;
}
