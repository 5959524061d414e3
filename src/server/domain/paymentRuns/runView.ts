// One payment run as its row popup shows it (issue 33): who may see it, its summary with what the
// caller may do with it now, and its payout file. Who sees a run is who sees it in the Payment Runs
// grid: a Super Admin; a Campaign Admin a run made for one of their campaigns (a run without a
// campaign may span campaigns, so it is a Super Admin's only); an Agency Admin none.
import { sql, type SQLWrapper } from 'drizzle-orm';
import * as messages from '../../../contract/messages';
import { PAYOUT_COLUMNS, PAYOUT_CONTROL_LINE_ID, type PaymentRunSummary } from '../../../contract/paymentRuns';
import type { RoleScope } from '../../../contract/roles';
import type { Caller } from '../../auth/scope';
import { queryRows, type Database } from '../../db/client';
import { campaigns, countries, paymentRunLines, paymentRuns, payments, users } from '../../db/schema';
import { conflict, notFound, outOfScope } from '../../http/errors';
import { csvLine, formulaSafe } from '../../reports/csv';
import { runState } from './approval';
import { checkRunScope } from './dueSet';

/** The run, if the caller may see it: an Agency Admin 403, an unknown run 404, another's campaign 403. */
export async function visibleRun(db: Database, scope: RoleScope, runId: number): Promise<{ id: number; ref: string; start_date: string; end_date: string }> {
  checkRunScope(scope, {});
  const [run] = await queryRows<{ id: number; ref: string; campaign_id: number | null; start_date: string; end_date: string }>(
    db,
    sql`select id, ref, campaign_id, start_date::text as start_date, end_date::text as end_date from ${paymentRuns} where id = ${runId}`,
  );
  if (!run) throw notFound(messages.paymentRunNotFound);
  if (scope.kind !== 'all' && (run.campaign_id === null || scope.kind !== 'campaigns' || !scope.campaignIds.includes(run.campaign_id))) {
    throw outOfScope(messages.paymentRunNotYours);
  }
  return run;
}

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
  if (!named) throw notFound(messages.paymentRunNotFound);
  // The later steps are a Super Admin's (routes/admin/paymentRuns.ts); approval is a second one's.
  const superAdmin = caller.scope.kind === 'all';
  const awaiting = run.status === 'Awaiting approval';
  return {
    ...run,
    ...named,
    created_by_name: named.created_by_name ?? '',
    can_approve: superAdmin && awaiting && caller.userId !== run.created_by,
    can_reject: superAdmin && awaiting,
    can_reverse: superAdmin && run.status === 'Paid',
    payout_ready: run.status === 'Paid',
  };
}

interface PayoutLine { msisdn: string | null; agent_name: string; amount: string; payments: number }

/**
 * GET /admin/payment_run_payout: the payout file of a Paid run, one line per agent (their lines
 * summed in SQL NUMERIC, in agent id order so a line's id stays the same however often the file is
 * downloaded and whatever the agents are renamed), then the control line: the run's total, and how
 * many lines and payments. Every text cell is formula-injection safe.
 */
export async function payoutFile(db: Database, caller: Caller, runId: number): Promise<{ filename: string; text: string }> {
  await visibleRun(db, caller.scope, runId);
  const run = await runState(db, runId);
  if (run.status !== 'Paid') throw conflict(messages.paymentRunPayoutNotPaid(run.status), 'edit_conflict');
  const lines = await queryRows<PayoutLine>(
    db,
    // A run pays one currency, its own: the lines are summed per agent within it.
    sql`select ${users.msisdn} as msisdn, ${users.firstName} || ' ' || ${users.lastName} as agent_name,
      sum(${paymentRunLines.amount})::numeric(14, 2)::text as amount, count(*)::int as payments
    from ${paymentRunLines}
      join ${payments} on ${payments.id} = ${paymentRunLines.paymentId}
      join ${users} on ${users.id} = ${payments.agentId}
    where ${paymentRunLines.paymentRunId} = ${runId} and ${paymentRunLines.reversedAt} is null
    group by ${users.id}
    order by ${users.id}`,
  );
  // The columns of PAYOUT_COLUMNS: every one but the amount is text a spreadsheet must not run.
  const line = (msisdn: string | null, agentName: string, amount: string, currency: string, reference: string, lineId: string) =>
    csvLine([msisdn === null ? null : formulaSafe(msisdn), formulaSafe(agentName), amount, formulaSafe(currency), formulaSafe(reference), formulaSafe(lineId)]);
  const paymentCount = lines.reduce((sum, each) => sum + each.payments, 0);
  // A line's id is the run's own ref (unique, unlike the accounting reference) and its place.
  const body = lines.map((each, index) => line(each.msisdn, each.agent_name, each.amount, run.currency, run.reference, `${run.ref}-${index + 1}`));
  const control = line(null, `${lines.length} lines, ${paymentCount} payments`, run.total, run.currency, run.reference, PAYOUT_CONTROL_LINE_ID);
  return { filename: `payout_${run.ref}.csv`, text: [csvLine(PAYOUT_COLUMNS), ...body, control].join('') };
}
