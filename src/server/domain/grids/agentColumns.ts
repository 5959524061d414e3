// What every agent grid shows of a row's campaign and agent (SPEC.md section 3, 'Event report
// rows'), from the campaign and the user joined to the row.
import { sql, type SQL } from 'drizzle-orm';
import { campaigns, users } from '../../db/schema';

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
