// What every agent grid shows of a row's campaign and agent (SPEC.md section 3, 'Event report
// rows'), from the campaign and the user joined to the row.
import { sql, type SQL } from 'drizzle-orm';
import { campaigns, eventTypes, users } from '../../db/schema';
import type { ParentWalk } from './defineGrid';

/** The row's table with its campaign and its agent joined (LEFT JOINs: a count leaves them out). */
export const withCampaignAndAgent = (table: SQL, campaignId: SQL, agentId: SQL): SQL => sql`${table}
  left join ${campaigns} on ${campaigns.id} = ${campaignId}
  left join ${users} on ${users.id} = ${agentId}`;

export const agentColumns = {
  campaign_name: sql`${campaigns.name}`,
  firstname: sql`${users.firstName}`,
  lastname: sql`${users.lastName}`,
  msisdn: sql`${users.msisdn}`,
  agent_code: sql`${users.agentCode}`,
};

/** A sort by the row's campaign walks campaigns in name order; by its agent (or gifter), agents in that column's order. */
export const byCampaign = (campaignId: SQL): ParentWalk => ({ table: sql`${campaigns}`, id: sql`${campaigns.id}`, reference: campaignId });
export const byAgent = (agentId: SQL): ParentWalk => ({ table: sql`${users}`, id: sql`${users.id}`, reference: agentId });
export const byEventType = (eventTypeId: SQL): ParentWalk => ({ table: sql`${eventTypes}`, id: sql`${eventTypes.id}`, reference: eventTypeId });

/** The walks of agentColumns. */
export const agentWalks = (campaignId: SQL, agentId: SQL) => ({
  campaign_name: byCampaign(campaignId),
  firstname: byAgent(agentId),
  lastname: byAgent(agentId),
  msisdn: byAgent(agentId),
  agent_code: byAgent(agentId),
});
