// A payment run's status in SQL: the contract's paymentRunStatus(), step for step, written once for
// what reads it in the database (the Payment Runs grid sorts and searches by it) and for the steps
// that must find a run in one status (approval.ts guards its changes with it); and a run as the
// answers show it, with its status read from its steps.
import { sql, type SQL } from 'drizzle-orm';
import * as messages from '../../../contract/messages';
import { amountText, requireAmount } from '../../../contract/money';
import { paymentRunStatus, type PaymentRunState, type PaymentRunStatus } from '../../../contract/paymentRuns';
import { PAYOUT_FAILED_UNPAID, PAYOUT_FOLLOW_UP_DAYS, PAYOUT_RESULTS_OVERDUE } from '../../../contract/payouts';
import { queryRows, type Database } from '../../db/client';
import { paymentRuns, payoutLines } from '../../db/schema';
import { NotFound } from '../errors';

export const RUN_STATUS = sql`case
  when ${paymentRuns.reversedAt} is not null then 'Reversed'
  when ${paymentRuns.rejectedAt} is not null then 'Rejected'
  when ${paymentRuns.approvalLimit} is not null and ${paymentRuns.approvedAt} is null then 'Awaiting approval'
  else 'Paid' end`;

/**
 * A run's payout as the Payment Runs grid shows it (contract payoutSettlement, and the two words
 * Stats' Needs attention counts, PAYOUT_FOLLOW_UP_DAYS after): null for a run never paid. Read from
 * its lines by payout_lines_run_agent (a run has one line per agent).
 */
export const RUN_PAYOUT = sql`(select case
    when count(*) = 0 then null
    when bool_or(pl.status = 'sent' and pl.created_at < now() - make_interval(days => ${PAYOUT_FOLLOW_UP_DAYS})) then ${PAYOUT_RESULTS_OVERDUE}
    when bool_or(pl.status = 'failed' and pl.settled_at < now() - make_interval(days => ${PAYOUT_FOLLOW_UP_DAYS})
      and not exists (select 1 from ${payoutLines} again where again.retry_of = pl.id)) then ${PAYOUT_FAILED_UNPAID}
    when bool_and(pl.status = 'failed') then 'Failed'
    when bool_or(pl.status = 'failed') then 'Partly failed'
    when bool_or(pl.status = 'sent') then 'Sent'
    else 'Settled' end
  from ${payoutLines} pl where pl.payment_run_id = ${paymentRuns.id})`;

/** The run is (still) in this status. */
export const runIs = (status: PaymentRunStatus): SQL => sql`(${RUN_STATUS}) = ${status}`;

const instant = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** The run as the answers show it. */
export const STATE = sql`id, ref, reference, currency_code as currency, total::text as total, event_count as events, created_by,
  ${instant('created_at')} as created_at, approval_limit::text as approval_limit, approved_by, ${instant('approved_at')} as approved_at,
  rejected_by, ${instant('rejected_at')} as rejected_at, rejection_reason, reversed_by, ${instant('reversed_at')} as reversed_at, reversal_reason`;

export type StateRow = Omit<PaymentRunState, 'status'>;

export const withStatus = (row: StateRow): PaymentRunState => ({
  ...row,
  total: amountText(requireAmount(row.total)),
  approval_limit: row.approval_limit === null ? null : amountText(requireAmount(row.approval_limit)),
  status: paymentRunStatus(row),
});

/** A run as it is now, or 404. */
export async function runState(db: Database, runId: number): Promise<PaymentRunState> {
  const [row] = await queryRows<StateRow>(db, sql`select ${STATE} from ${paymentRuns} where id = ${runId}`);
  if (!row) throw new NotFound(messages.paymentRunNotFound);
  return withStatus(row);
}
