// Campaign conversion stats: per campaign, the invites its agents sent in the period and how many
// converted, i.e. the invited customer produced an event for the same agent and campaign within the
// campaign's attribution window (its agency campaign type config) after the invite.
import { sql } from 'drizzle-orm';
import { campaignConversionGrid } from '../../../contract/grids';
import { campaigns, countries, invitePeriods } from '../../db/schema';
import { agentSortKeys, countrySortKey } from './agentColumns';
import { defineGrid } from './defineGrid';
import { periodsWithin } from './periods';

/**
 * Read from the invites' summary per agent, campaign and day, month and year (migration 0034), not
 * the invites: each invite's conversion is kept on it by the database (migration 0023) and summed
 * there as it changes. Every filter of this grid reads the agent, the campaign or the dates.
 */
const facets = { days: periodsWithin(invitePeriods), campaignId: sql`${invitePeriods.campaignId}`, agentId: sql`${invitePeriods.agentId}` };

export const campaignConversion = defineGrid(campaignConversionGrid, {
  from: sql`${invitePeriods}
    left join ${campaigns} on ${campaigns.id} = ${invitePeriods.campaignId}
    left join ${countries} on ${countries.isoCode} = ${campaigns.countryCode}`,
  key: sql`${campaigns.id}`,
  keyType: 'bigint',
  groupBy: sql`${campaigns.id}, ${countries.id}`,
  // A campaign whose invites of the range were all deleted keeps rows of none.
  having: sql`sum(${invitePeriods.invites}) > 0`,
  columns: {
    country: sql`${countries.name}`,
    campaign_name: sql`${campaigns.name}`,
    // An agent has a row of each period it sent invites in: counted once.
    agents: sql`count(distinct ${invitePeriods.agentId}) filter (where ${invitePeriods.invites} > 0)`,
    // 0, not NULL, where no row is summed (Stats sums these columns over a period without grouping).
    invites: sql`coalesce(sum(${invitePeriods.invites}), 0)::bigint`,
    conversions: sql`coalesce(sum(${invitePeriods.conversions}), 0)::bigint`,
    conversion_rate: sql`100.0 * sum(${invitePeriods.conversions}) / nullif(sum(${invitePeriods.invites}), 0)`,
  },
  sorts: { country: countrySortKey, campaign_name: agentSortKeys.campaign_name },
  facets,
});
