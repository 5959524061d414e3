// A payment run's status in SQL: the contract's paymentRunStatus(), step for step, written once for
// what reads it in the database (the Payment Runs grid sorts and searches by it) and for the steps
// that must find a run in one status (approval.ts guards its changes with it).
import { sql, type SQL } from 'drizzle-orm';
import type { PaymentRunStatus } from '../../../contract/paymentRuns';
import { paymentRuns } from '../../db/schema';

export const RUN_STATUS = sql`case
  when ${paymentRuns.reversedAt} is not null then 'Reversed'
  when ${paymentRuns.rejectedAt} is not null then 'Rejected'
  when ${paymentRuns.approvalLimit} is not null and ${paymentRuns.approvedAt} is null then 'Awaiting approval'
  else 'Paid' end`;

/** The run is (still) in this status. */
export const runIs = (status: PaymentRunStatus): SQL => sql`(${RUN_STATUS}) = ${status}`;
