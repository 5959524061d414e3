// Campaign conversion stats: per campaign, the invites its agents sent in the period and how many
// converted, i.e. the invited customer produced an event for the same agent and campaign within the
// campaign's attribution window (its agency campaign type config) after the invite.
import { sql } from 'drizzle-orm';
import { campaignConversionGrid } from '../../../contract/grids';
import { agencyCampaignTypeConfigs, campaigns, countries, events, invites } from '../../db/schema';
import { defineGrid } from './defineGrid';

const converted = sql`exists (
  select 1 from ${events}
  where ${events.agentId} = ${invites.agentId} and ${events.campaignId} = ${invites.campaignId}
    and ${events.customerMsisdn} = ${invites.recipientMsisdn}
    and ${events.createdAt} >= ${invites.inviteDatetime}
    and ${events.createdAt} < ${invites.inviteDatetime} + make_interval(days => ${agencyCampaignTypeConfigs.attributionWindowDays}))`;

export const campaignConversion = defineGrid(campaignConversionGrid, {
  from: sql`${invites}
    left join ${campaigns} on ${campaigns.id} = ${invites.campaignId}
    left join ${agencyCampaignTypeConfigs} on ${agencyCampaignTypeConfigs.id} = ${campaigns.agencyCampaignTypeConfigId}
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
