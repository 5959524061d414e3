// Agent payments (paid and due): one row per paid or payable event, and the payments still due
// grouped per agent and campaign (what a payment run would pay).
import { sql, type SQL } from 'drizzle-orm';
import { agentPaymentsGrid, pendingPaymentsGrid } from '../../../contract/grids';
import { HELD_BACK_REASON_TEXT, HELD_BACK_REASONS, type HeldBackReason } from '../../../contract/paymentRuns';
import { HELD_BACK_REASONS_SEPARATOR } from '../../../contract/pendingPayments';
import { campaigns, countries, currencies, events, eventSearchText, eventTypes, paymentRunLines, paymentRuns, payments, pendingPaymentPeriods, users } from '../../db/schema';
import { agentStatus, HOLDS } from '../paymentRuns/dueSet';
import { agentColumns, agentSearch, agentSortKeys, agentWalks, byEventType, campaignSearch, countrySortKey, currencySortKey, eventTypeSearch, withCampaignAndAgent } from './agentColumns';
import { defineGrid } from './defineGrid';
import { searchLookup, type ParentWalk, type SearchLookup } from './source';
import { periodsWithin } from './periods';

// The date range reads when the payment fell due (the event's time).
const facets = {
  time: sql`${payments.createdAt}`,
  campaignId: sql`${payments.campaignId}`,
  agentId: sql`${payments.agentId}`,
  paid: sql`(${payments.status} = 'paid')`,
  currency: sql`${payments.currencyCode}`,
};

const paymentWithNames = withCampaignAndAgent(sql`${payments}`, facets.campaignId, facets.agentId);

/** A Currency column of the payment's own, searched among the currencies' codes. */
const currencySearch = (currencyCode: SQL): SearchLookup => searchLookup(currencyCode, currencies, currencies.code, sql`${currencies.code}`, 'text');

/**
 * The line a payment's run holds it by (none: due, on no run): a run's payments are found by its
 * lines (payment_run_lines_held), as no index of payments names its run (migration 0038).
 */
export const heldLine = sql`left join ${paymentRunLines} on ${paymentRunLines.paymentId} = ${payments.id} and ${paymentRunLines.reversedAt} is null`;
/** A sort by payment run walks the runs, each one's payments by its lines, a payment on none first. */
const byPaymentRun: ParentWalk = {
  table: sql`${paymentRuns}`, id: sql`${paymentRuns.id}`, reference: sql`${paymentRunLines.paymentRunId}`, optional: true, throughKey: sql`${paymentRunLines.paymentId}`,
};
/** The run paid its payments: it needed no approval, or was approved (a rejected or reversed run holds none). */
export const RUN_PAID = sql`(${paymentRuns.approvalLimit} is null or ${paymentRuns.approvedAt} is not null)`;

export const agentPayments = defineGrid(agentPaymentsGrid, {
  from: sql`${paymentWithNames}
    left join ${events} on ${events.id} = ${payments.eventId}
    left join ${eventTypes} on ${eventTypes.id} = ${payments.eventTypeId}
    ${heldLine}
    left join ${paymentRuns} on ${paymentRuns.id} = ${payments.paymentRunId}`,
  key: sql`${payments.id}`,
  keyType: 'bigint',
  columns: {
    created_at: sql`${payments.createdAt}`,
    ...agentColumns,
    event: sql`${eventTypes.prettyName}`,
    customer_msisdn: sql`${events.customerMsisdn}`,
    pay: sql`${payments.amount}`,
    currency: sql`${payments.currencyCode}`,
    paid: sql`(${payments.status} = 'paid')`,
    paymentrun_id: sql`${paymentRuns.ref}`,
    paid_at: sql`${payments.paidAt}`,
  },
  // Its event's type is kept on it; its customer is looked up by the event (events_search, then the customer's number alone).
  search: {
    lookups: [
      currencySearch(sql`${payments.currencyCode}`),
      campaignSearch(facets.campaignId),
      agentSearch(facets.agentId),
      eventTypeSearch(sql`${payments.eventTypeId}`),
      {
        key: sql`${payments.eventId}`,
        ids: (pattern) => sql`select ${events.id} as id from ${events}
          where ${eventSearchText(events)} ilike ${pattern} and coalesce(${events.customerMsisdn}, '') ilike ${pattern}`,
      },
      // The run's payments by its lines.
      searchLookup(sql`${paymentRunLines.paymentRunId}`, paymentRuns, paymentRuns.id, sql`${paymentRuns.ref}`),
    ],
  },
  // Unpaid rows (no paid_at) sort before every paid one.
  sorts: { paid_at: sql`coalesce(${payments.paidAt}, '-infinity'::timestamptz)` },
  // By its event's customer, events in that order (one payment each); by payment run, runs in ref order, a payment on none first; by event, its type's.
  walks: {
    ...agentWalks(facets.campaignId, facets.agentId),
    customer_msisdn: { table: sql`${events}`, id: sql`${events.id}`, reference: sql`${payments.eventId}` },
    paymentrun_id: byPaymentRun,
    event: byEventType(sql`${payments.eventTypeId}`),
    // Whether and when a payment was paid is its run's: paid with it, at the moment it was made or
    // approved (the same transaction's now()); a payment on none, or on a run awaiting approval, is due.
    paid: { ...byPaymentRun, sort: RUN_PAID, none: sql`false` },
    paid_at: { ...byPaymentRun, sort: sql`case when ${RUN_PAID} then coalesce(${paymentRuns.approvedAt}, ${paymentRuns.createdAt}) else '-infinity'::timestamptz end`, none: sql`'-infinity'::timestamptz` },
  },
  // By currency, then the amount within it (payments_amount_sort): ties within a currency have an order an index serves.
  sortsAs: { currency: 'pay' },
  facets,
});

const pendingFacets = {
  days: periodsWithin(pendingPaymentPeriods),
  campaignId: sql`${pendingPaymentPeriods.campaignId}`,
  agentId: sql`${pendingPaymentPeriods.agentId}`,
  currency: sql`${pendingPaymentPeriods.currencyCode}`,
};

// ---- what a payment run would hold back of Pending Payments' rows (issue 52) -------------------
//
// A run holds back a due payment for the reasons of dueSet's HOLDS, read here under the same names
// (agent_status, users): a reason of the agent's (blacklisted, suspended, no valid number) holds
// every payment of their row, so the row's held part is its whole due amount, read from the few
// agents it concerns; Fraud Events hold single events, whose due payments the summary keeps apart
// (flagged_payments and flagged_amount, migration 0037). Nothing here reads a payment or a fraud
// event: what is left is what the run pays.

/** The reasons that hold every payment of an agent's, wherever it is due. */
const AGENT_REASONS = ['agent_blacklisted', 'agent_suspended', 'no_valid_msisdn'] as const satisfies readonly HeldBackReason[];

/** Whether a reason holds back any of a row's payments, over its periods (fraud_flagged: any of them flagged). */
const heldFor = (reason: HeldBackReason): SQL =>
  reason === 'fraud_flagged' ? sql`(sum(${pendingPaymentPeriods.flaggedPayments}) > 0)` : sql`bool_or(${HOLDS[reason]})`;
const agentHeld = sql`(${sql.join(AGENT_REASONS.map(heldFor), sql` or `)})`;
const dueAmount = sql`sum(${pendingPaymentPeriods.amount})`;
const duePayments = sql`sum(${pendingPaymentPeriods.payments})`;
const heldAmount = sql`(case when ${agentHeld} then ${dueAmount} else sum(${pendingPaymentPeriods.flaggedAmount}) end)`;
const heldPayments = sql`(case when ${agentHeld} then ${duePayments} else sum(${pendingPaymentPeriods.flaggedPayments}) end)`;

/** A row's figures as a run would split them (values over its group), for its columns and the totals. */
export const pendingShares = {
  currency: sql`${pendingPaymentPeriods.currencyCode}`,
  payable: sql`(${dueAmount} - ${heldAmount})`,
  payablePayments: sql`(${duePayments} - ${heldPayments})`,
  held: heldAmount,
  heldPayments,
};

/** The row's reasons in words, HELD_BACK_REASONS' order (contract heldBackReasonsText): '' when nothing is held. */
const heldReasonsText = sql`concat_ws(${HELD_BACK_REASONS_SEPARATOR}::text, ${sql.join(
  HELD_BACK_REASONS.map((reason) => sql`case when ${heldFor(reason)} then ${HELD_BACK_REASON_TEXT[reason]}::text end`),
  sql`, `,
)})`;

/**
 * What is still due and on no run (a run awaiting approval holds its payments: no other run pays
 * them), read from their summary per day, month and year (migration 0031), not the payments: the
 * same groups, counts, amounts and oldest, as every filter of this grid reads the agent, the
 * campaign and the dates.
 */
export const pendingPayments = defineGrid(pendingPaymentsGrid, {
  from: sql`${withCampaignAndAgent(sql`${pendingPaymentPeriods}`, pendingFacets.campaignId, pendingFacets.agentId)}
    left join ${countries} on ${countries.isoCode} = ${campaigns.countryCode}
    left join ${agentStatus} agent_status on agent_status.agent_id = ${pendingFacets.agentId}`,
  key: sql`${users.id} || '-' || ${campaigns.id} || '-' || ${pendingPaymentPeriods.currencyCode}`,
  keyType: 'text',
  groupBy: sql`${users.id}, ${campaigns.id}, ${countries.id}, ${pendingPaymentPeriods.currencyCode}`,
  columns: {
    country: sql`${countries.name}`,
    ...agentColumns,
    events: sql`sum(${pendingPaymentPeriods.payments})::bigint`,
    pay: dueAmount,
    payable: pendingShares.payable,
    held: pendingShares.held,
    held_reasons: heldReasonsText,
    currency: sql`${pendingPaymentPeriods.currencyCode}`,
    oldest: sql`min(${pendingPaymentPeriods.oldest})`,
  },
  sorts: { ...agentSortKeys, country: countrySortKey, currency: currencySortKey(sql`${pendingPaymentPeriods.currencyCode}`) },
  search: {
    lookups: [
      currencySearch(sql`${pendingPaymentPeriods.currencyCode}`),
      campaignSearch(pendingFacets.campaignId),
      // The Country column: the campaigns of the countries whose name matches.
      {
        key: pendingFacets.campaignId,
        ids: (pattern) => sql`select ${campaigns.id} as id from ${campaigns}
          where ${campaigns.countryCode} in (select ${countries.isoCode} from ${countries} where ${countries.name} ilike ${pattern})`,
      },
      agentSearch(pendingFacets.agentId),
    ],
  },
  facets: pendingFacets,
  // Something payable: a payment neither the agent's reasons nor Fraud Events hold; something held: a payment either holds.
  groupFacets: { holds: { payable: sql`${pendingShares.payablePayments} > 0`, held_back: sql`${pendingShares.heldPayments} > 0` } },
});
