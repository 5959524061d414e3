// Fraud events (the Fraud Events grid): activity flagged against agents. A row's own blacklisted
// flag decides 'Include Blacklisted' here (the event was flagged so), not the agent's status.
import { sql } from 'drizzle-orm';
import { fraudEventsGrid } from '../../../contract/grids';
import { campaigns, fraudEventSearchText, fraudEvents, users } from '../../db/schema';
import { agentSearch, byAgent, byCampaign, campaignSearch } from './agentColumns';
import { defineGrid } from './defineGrid';

export const fraudEventsReport = defineGrid(fraudEventsGrid, {
  from: sql`${fraudEvents}
    left join ${campaigns} on ${campaigns.id} = ${fraudEvents.campaignId}
    left join ${users} on ${users.id} = ${fraudEvents.agentId}`,
  key: sql`${fraudEvents.id}`,
  keyType: 'bigint',
  columns: {
    created_at: sql`${fraudEvents.createdAt}`,
    campaign_name: sql`${campaigns.name}`,
    firstname: sql`${users.firstName}`,
    lastname: sql`${users.lastName}`,
    agent_msisdn: sql`${users.msisdn}`,
    description: sql`${fraudEvents.description}`,
    msisdn: sql`${fraudEvents.msisdn}`,
    device_id: sql`${fraudEvents.deviceId}`,
    blacklisted: sql`${fraudEvents.blacklisted}`,
  },
  search: {
    own: fraudEventSearchText(fraudEvents),
    lookups: [campaignSearch(sql`${fraudEvents.campaignId}`), agentSearch(sql`${fraudEvents.agentId}`)],
  },
  walks: {
    campaign_name: byCampaign(sql`${fraudEvents.campaignId}`),
    firstname: byAgent(sql`${fraudEvents.agentId}`),
    lastname: byAgent(sql`${fraudEvents.agentId}`),
    agent_msisdn: byAgent(sql`${fraudEvents.agentId}`),
  },
  facets: {
    time: sql`${fraudEvents.createdAt}`,
    campaignId: sql`${fraudEvents.campaignId}`,
    agentId: sql`${fraudEvents.agentId}`,
    blacklisted: sql`${fraudEvents.blacklisted}`,
  },
});
