// One payment run as its row popup shows it (issue 33): its summary with what the caller may do with
// it now, and its payout's settlement (payouts.ts).
import { sql, type SQLWrapper } from 'drizzle-orm';
import * as messages from '../../../contract/messages';
import type { PaymentRunSummary } from '../../../contract/paymentRuns';
import type { Caller } from '../../auth/scope';
import { queryRows, type Database } from '../../db/client';
import { campaigns, countries, paymentRuns, users } from '../../db/schema';
import { NotFound } from '../errors';
import { runState } from './status';
import { payoutSummary } from './payouts';
import { visibleRun } from './visibleRun';

const userName = (id: SQLWrapper) => sql`(select ${users.username} from ${users} where ${users.id} = ${id})`;

/** POST /admin/payment_run_state: the run, its steps by name, its filters, and what the caller may do with it. */
export async function runSummary(db: Database, caller: Caller, runId: number): Promise<PaymentRunSummary> {
  await visibleRun(db, caller.scope, runId);
  const run = await runState(db, runId);
  const [named] = await queryRows<Pick<PaymentRunSummary, 'created_by_name' | 'approved_by_name' | 'rejected_by_name' | 'reversed_by_name' | 'start_date' | 'end_date' | 'country' | 'campaign_name' | 'search'>>(
    db,
    sql`select ${userName(paymentRuns.createdBy)} as created_by_name, ${userName(paymentRuns.approvedBy)} as approved_by_name,
      ${userName(paymentRuns.rejectedBy)} as rejected_by_name, ${userName(paymentRuns.reversedBy)} as reversed_by_name,
      ${paymentRuns.startDate}::text as start_date, ${paymentRuns.endDate}::text as end_date,
      coalesce(${countries.name}, ${paymentRuns.countryCode}) as country, ${campaigns.name} as campaign_name, nullif(${paymentRuns.search}, '') as search
    from ${paymentRuns}
      left join ${countries} on ${countries.isoCode} = ${paymentRuns.countryCode}
      left join ${campaigns} on ${campaigns.id} = ${paymentRuns.campaignId}
    where ${paymentRuns.id} = ${runId}`,
  );
  if (!named) throw new NotFound(messages.paymentRunNotFound);
  // The later steps are a Super Admin's (routes/admin/paymentRuns.ts); approval is a second one's.
  const superAdmin = caller.scope.kind === 'all';
  const payout = await payoutSummary(db, caller, run);
  const awaiting = run.status === 'Awaiting approval';
  return {
    ...run,
    ...named,
    created_by_name: named.created_by_name ?? '',
    can_approve: superAdmin && awaiting && caller.userId !== run.created_by,
    can_reject: superAdmin && awaiting,
    can_reverse: superAdmin && run.status === 'Paid' && !payout?.provider_paid,
    payout_ready: run.status === 'Paid',
    payout,
  };
}
