// Retention events (SPEC.md section 3, 'Retention event'): what gifters earned when the customers
// they gifted stayed active, each event and grouped per gifter, campaign and event type.
import { sql } from 'drizzle-orm';
import { retentionEventDetailsGrid, retentionEventsGrid } from '../../../contract/grids';
import { campaigns, eventTypes, retentionEventPeriods, retentionEvents, retentionEventSearchText, users } from '../../db/schema';
import { agentSearch, agentSortKeys, byAgent, byCampaign, byEventType, campaignOrCurrencySearch, currencySortKey, eventSortKey, eventTypeSearch } from './agentColumns';
import { defineGrid } from './defineGrid';
import { periodsWithin } from './periods';

const facets = { time: sql`${retentionEvents.createdAt}`, campaignId: sql`${retentionEvents.campaignId}`, agentId: sql`${retentionEvents.gifterId}` };

const from = sql`${retentionEvents}
  left join ${campaigns} on ${campaigns.id} = ${retentionEvents.campaignId}
  left join ${users} on ${users.id} = ${retentionEvents.gifterId}
  left join ${eventTypes} on ${eventTypes.id} = ${retentionEvents.eventTypeId}`;

/** What both grids show of the event's campaign, gifter and type, searched each in its own table. */
const gifterLookups = [campaignOrCurrencySearch(facets.campaignId), agentSearch(facets.agentId), eventTypeSearch(sql`${retentionEvents.eventTypeId}`)];

const gifterColumns = {
  campaign_name: sql`${campaigns.name}`,
  gifter_firstname: sql`${users.firstName}`,
  gifter_lastname: sql`${users.lastName}`,
  gifter_msisdn: sql`${users.msisdn}`,
  event: sql`${eventTypes.prettyName}`,
};

export const retentionEventDetails = defineGrid(retentionEventDetailsGrid, {
  from,
  key: sql`${retentionEvents.id}`,
  keyType: 'bigint',
  columns: {
    created_at: sql`${retentionEvents.createdAt}`,
    ...gifterColumns,
    giftee_msisdn: sql`${retentionEvents.gifteeMsisdn}`,
    pay: sql`${retentionEvents.pay}`,
    currency: sql`${campaigns.currencyCode}`,
    medium: sql`${retentionEvents.medium}`,
    giftee_activity_events: sql`${retentionEvents.gifteeActivityEvents}`,
  },
  search: { own: retentionEventSearchText(retentionEvents), lookups: gifterLookups },
  walks: {
    campaign_name: byCampaign(facets.campaignId),
    gifter_firstname: byAgent(facets.agentId),
    gifter_lastname: byAgent(facets.agentId),
    gifter_msisdn: byAgent(facets.agentId),
    event: byEventType(sql`${retentionEvents.eventTypeId}`),
    // The currency is the campaign's.
    currency: byCampaign(facets.campaignId),
  },
  // Pay sorts within the currency the event keeps (its campaign's), by retention_events_pay_sort.
  groups: { pay: sql`${retentionEvents.currencyCode}` },
  facets,
});

/** The retention events' summary per day and month (migration 0029): every filter of the grouped grid reads its gifter, campaign, type or dates. */
const summary = { days: periodsWithin(retentionEventPeriods), campaignId: sql`${retentionEventPeriods.campaignId}`, agentId: sql`${retentionEventPeriods.gifterId}` };

export const retentionEventsGrouped = defineGrid(retentionEventsGrid, {
  from: sql`${retentionEventPeriods}
    left join ${campaigns} on ${campaigns.id} = ${retentionEventPeriods.campaignId}
    left join ${users} on ${users.id} = ${retentionEventPeriods.gifterId}
    left join ${eventTypes} on ${eventTypes.id} = ${retentionEventPeriods.eventTypeId}`,
  key: sql`${users.id} || '-' || ${campaigns.id} || '-' || ${eventTypes.id}`,
  keyType: 'text',
  // A campaign pays one currency: each group's pay sums one currency, never two.
  groupBy: sql`${users.id}, ${campaigns.id}, ${eventTypes.id}, ${campaigns.currencyCode}`,
  // A group whose retention events were all deleted keeps rows of none.
  having: sql`sum(${retentionEventPeriods.events}) > 0`,
  columns: {
    ...gifterColumns,
    events: sql`sum(${retentionEventPeriods.events})::bigint`,
    giftee_activity_events: sql`sum(${retentionEventPeriods.gifteeActivityEvents})::bigint`,
    pay: sql`sum(${retentionEventPeriods.pay})`,
    currency: sql`${campaigns.currencyCode}`,
  },
  sorts: {
    campaign_name: agentSortKeys.campaign_name,
    gifter_firstname: agentSortKeys.firstname,
    gifter_lastname: agentSortKeys.lastname,
    gifter_msisdn: agentSortKeys.msisdn,
    event: eventSortKey,
    currency: currencySortKey(sql`${campaigns.currencyCode}`),
  },
  search: {
    lookups: [campaignOrCurrencySearch(summary.campaignId), agentSearch(summary.agentId), eventTypeSearch(sql`${retentionEventPeriods.eventTypeId}`)],
  },
  facets: summary,
});
