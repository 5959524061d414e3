// Campaign conversion stats: per campaign, the invites its agents sent in the period and how many
// converted, i.e. the invited customer produced an event for the same agent and campaign within the
// campaign's attribution window (its agency campaign type config) after the invite.
import { sql } from 'drizzle-orm';
import { campaignConversionGrid } from '../../../contract/grids';
import { campaigns, countries, invites } from '../../db/schema';
import { defineGrid } from './defineGrid';

/** Kept on each invite by the database with every write that can change it (migration 0023). */
const converted = sql`${invites.converted}`;

export const campaignConversion = defineGrid(campaignConversionGrid, {
  from: sql`${invites}
    left join ${campaigns} on ${campaigns.id} = ${invites.campaignId}
    left join ${countries} on ${countries.isoCode} = ${campaigns.countryCode}`,
  key: sql`${campaigns.id}`,
  keyType: 'bigint',
  groupBy: sql`${campaigns.id}, ${countries.id}`,
  columns: {
    country: sql`${countries.name}`,
    campaign_name: sql`${campaigns.name}`,
    agents: sql`count(distinct ${invites.agentId})`,
    invites: sql`count(*)`,
    conversions: sql`count(*) filter (where ${converted})`,
    conversion_rate: sql`100.0 * count(*) filter (where ${converted}) / count(*)`,
  },
  facets: { time: sql`${invites.inviteDatetime}`, campaignId: sql`${invites.campaignId}`, agentId: sql`${invites.agentId}` },
});
