// Agent events (SPEC.md section 3, 'Event report rows'): each event an agent earned, and the same
// grouped per agent, campaign and event type with their count and pay.
import { sql } from 'drizzle-orm';
import { agentEventDetailsGrid, agentEventsGrid } from '../../../contract/grids';
import { agentEventPeriods, campaigns, events, eventSearchText, eventTypes, paymentRunLines, paymentRuns, payments, users } from '../../db/schema';
import { agentColumns, agentSearch, agentSortKeys, agentWalks, byCampaign, byEventType, campaignOrCurrencySearch, currencySortKey, eventSortKey, eventTypeSearch, withCampaignAndAgent } from './agentColumns';
import { defineGrid } from './defineGrid';
import { searchLookup, type ParentWalk } from './source';
import { heldLine, RUN_PAID } from './payments';
import { periodsWithin } from './periods';

const facets = { time: sql`${events.createdAt}`, campaignId: sql`${events.campaignId}`, agentId: sql`${events.agentId}` };

/** An event with its campaign, agent and event type. */
const eventWithNames = sql`${withCampaignAndAgent(sql`${events}`, facets.campaignId, facets.agentId)}
  left join ${eventTypes} on ${eventTypes.id} = ${events.eventTypeId}`;

const eventColumns = { ...agentColumns, event: sql`${eventTypes.prettyName}` };

/** What both grids show of the event's campaign, agent and type, searched each in its own table. */
const eventLookups = [campaignOrCurrencySearch(facets.campaignId), agentSearch(facets.agentId), eventTypeSearch(sql`${events.eventTypeId}`)];

/** A sort by payment run walks the runs, each one's events through the lines of their payments (payment_run_lines_held_events). */
const byPaymentRun: ParentWalk = {
  table: sql`${paymentRuns}`, id: sql`${paymentRuns.id}`, reference: sql`${paymentRunLines.paymentRunId}`, optional: true, throughKey: sql`${paymentRunLines.eventId}`,
};

export const agentEventDetails = defineGrid(agentEventDetailsGrid, {
  from: sql`${eventWithNames}
    left join ${payments} on ${payments.eventId} = ${events.id}
    ${heldLine}
    left join ${paymentRuns} on ${paymentRuns.id} = ${payments.paymentRunId}`,
  key: sql`${events.id}`,
  keyType: 'bigint',
  columns: {
    created_at: sql`${events.createdAt}`,
    ...eventColumns,
    customer_msisdn: sql`${events.customerMsisdn}`,
    medium: sql`${events.medium}`,
    pay: sql`${events.pay}`,
    currency: sql`${campaigns.currencyCode}`,
    paymentrun_id: sql`${paymentRuns.ref}`,
    paid: sql`coalesce(${payments.status} = 'paid', false)`,
  },
  search: {
    own: eventSearchText(events),
    lookups: [
      ...eventLookups,
      // The Payment Run column: the runs whose ref matches, read on the event's payment (a few runs,
      // not their thousands of events: as events' ids they were a subquery hashed on every page, 120 ms).
      searchLookup(sql`${paymentRunLines.paymentRunId}`, paymentRuns, paymentRuns.id, sql`${paymentRuns.ref}`),
    ],
  },
  // The currency is the campaign's: a sort by it walks campaigns too. By payment run, and paid, the
  // runs are walked and each one's events read by its lines (payment_run_lines_held_events), an event with
  // no payment on a run first; paid as its run was (Agent Payments' RUN_PAID).
  walks: {
    ...agentWalks(facets.campaignId, facets.agentId),
    event: byEventType(sql`${events.eventTypeId}`),
    currency: byCampaign(facets.campaignId),
    paymentrun_id: byPaymentRun,
    paid: { ...byPaymentRun, sort: RUN_PAID, none: sql`false` },
  },
  // Pay sorts within the currency the event keeps (its campaign's), by events_pay_sort.
  groups: { pay: sql`${events.currencyCode}` },
  facets,
});

const summaryFacets = { days: periodsWithin(agentEventPeriods), campaignId: sql`${agentEventPeriods.campaignId}`, agentId: sql`${agentEventPeriods.agentId}` };

/**
 * Read from the events' summary per day and month (migration 0028), not the events: the same
 * groups, counts and pay, as every filter of this grid reads the agent, the campaign and the dates.
 */
export const agentEvents = defineGrid(agentEventsGrid, {
  from: sql`${withCampaignAndAgent(sql`${agentEventPeriods}`, summaryFacets.campaignId, summaryFacets.agentId)}
    left join ${eventTypes} on ${eventTypes.id} = ${agentEventPeriods.eventTypeId}`,
  // The key names the group: agent, campaign and event type. A campaign pays one currency, so
  // each group's pay sums one currency (named beside it), never two.
  key: sql`${users.id} || '-' || ${campaigns.id} || '-' || ${eventTypes.id}`,
  keyType: 'text',
  groupBy: sql`${users.id}, ${campaigns.id}, ${eventTypes.id}, ${campaigns.currencyCode}`,
  // A group whose events were all deleted keeps rows of none.
  having: sql`sum(${agentEventPeriods.events}) > 0`,
  columns: {
    ...eventColumns,
    events: sql`sum(${agentEventPeriods.events})::bigint`,
    pay: sql`sum(${agentEventPeriods.pay})`,
    currency: sql`${campaigns.currencyCode}`,
  },
  sorts: { ...agentSortKeys, event: eventSortKey, currency: currencySortKey(sql`${campaigns.currencyCode}`) },
  search: {
    lookups: [campaignOrCurrencySearch(summaryFacets.campaignId), agentSearch(summaryFacets.agentId), eventTypeSearch(sql`${agentEventPeriods.eventTypeId}`)],
  },
  facets: summaryFacets,
});
