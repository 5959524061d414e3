// Agent events (SPEC.md section 3, 'Event report rows'): each event an agent earned, and the same
// grouped per agent, campaign and event type with their count and pay.
import { sql } from 'drizzle-orm';
import { agentEventDetailsGrid, agentEventsGrid } from '../../../contract/grids';
import { campaigns, events, eventTypes, paymentRuns, payments, users } from '../../db/schema';
import { defineGrid } from './defineGrid';

const facets = { time: sql`${events.createdAt}`, campaignId: sql`${events.campaignId}`, agentId: sql`${events.agentId}` };

/** An event with its campaign, agent and event type. */
const eventWithNames = sql`${events}
  left join ${campaigns} on ${campaigns.id} = ${events.campaignId}
  left join ${users} on ${users.id} = ${events.agentId}
  left join ${eventTypes} on ${eventTypes.id} = ${events.eventTypeId}`;

const agentColumns = {
  campaign_name: sql`${campaigns.name}`,
  firstname: sql`${users.firstName}`,
  lastname: sql`${users.lastName}`,
  msisdn: sql`${users.msisdn}`,
  agent_code: sql`${users.agentCode}`,
  event: sql`${eventTypes.prettyName}`,
};

export const agentEventDetails = defineGrid(agentEventDetailsGrid, {
  from: sql`${eventWithNames}
    left join ${payments} on ${payments.eventId} = ${events.id}
    left join ${paymentRuns} on ${paymentRuns.id} = ${payments.paymentRunId}`,
  key: sql`${events.id}`,
  keyType: 'bigint',
  columns: {
    created_at: sql`${events.createdAt}`,
    ...agentColumns,
    customer_msisdn: sql`${events.customerMsisdn}`,
    medium: sql`${events.medium}`,
    pay: sql`${events.pay}`,
    paymentrun_id: sql`${paymentRuns.ref}`,
    paid: sql`coalesce(${payments.status} = 'paid', false)`,
  },
  facets,
});

export const agentEvents = defineGrid(agentEventsGrid, {
  from: eventWithNames,
  // The key names the group: agent, campaign and event type.
  key: sql`${users.id} || '-' || ${campaigns.id} || '-' || ${eventTypes.id}`,
  keyType: 'text',
  groupBy: sql`${users.id}, ${campaigns.id}, ${eventTypes.id}`,
  columns: { ...agentColumns, events: sql`count(*)`, pay: sql`sum(${events.pay})` },
  facets,
});
