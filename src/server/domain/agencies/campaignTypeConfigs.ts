// The campaign type settings of an agency (SPEC.md section 3, Agency campaign type config): the
// invite limits and windows each campaign of that type follows. Read-only on every call (section
// 9 lists them as read-only); scoped by the agency the caller sees.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { ListPage } from '../../../contract/api';
import type { AgencyCampaignTypeConfig } from '../../../contract/entities';
import * as messages from '../../../contract/messages';
import type { RoleScope } from '../../../contract/roles';
import { agencyVisible } from '../../auth/scope';
import type { Database } from '../../db/client';
import { isStorableId } from '../../db/errors';
import { agencyCampaignTypeConfigs as configs, campaignTypes, compensationTypes } from '../../db/schema';
import { NotFound } from '../errors';
import { foldedText, listPageOf, type ListParams } from '../lists';

const row = {
  id: configs.id,
  agency: configs.agencyId,
  invite_window_days: configs.inviteWindowDays,
  total_max_invite_per_msisdn: configs.totalMaxInvitePerMsisdn,
  total_max_invite_limit: configs.totalMaxInviteLimit,
  invite_reset_window_days: configs.inviteResetWindowDays,
  next_reinvitation_lapse_period_days: configs.nextReinvitationLapsePeriodDays,
  compensation_eligibility_period_days: configs.compensationEligibilityPeriodDays,
  total_max_invite_limit_period_days: configs.totalMaxInviteLimitPeriodDays,
  attribution_window_days: configs.attributionWindowDays,
  auto_fraud_block_flag: configs.autoFraudBlockFlag,
  campaign_type_id: sql<number>`${campaignTypes.id}`.as('campaign_type_id'),
  campaign_type_name: sql<string>`${campaignTypes.name}`.as('campaign_type_name'),
  compensation_type_name: sql<string>`${compensationTypes.name}`.as('compensation_type_name'),
};
type ConfigRow = Omit<AgencyCampaignTypeConfig, 'campaign_type'> & { campaign_type_id: number; campaign_type_name: string; compensation_type_name: string };

const selectConfigs = (db: Database) =>
  db
    .select(row)
    .from(configs)
    .innerJoin(campaignTypes, eq(campaignTypes.id, configs.campaignTypeId))
    .innerJoin(compensationTypes, eq(compensationTypes.id, campaignTypes.compensationTypeId));

const toConfig = ({ campaign_type_id, campaign_type_name, compensation_type_name, ...config }: ConfigRow): AgencyCampaignTypeConfig => ({
  ...config,
  campaign_type: { id: campaign_type_id, campaign_type_name, compensation_type: { compensation_type_name } },
});

/** GET /service/agency-campaign-type-configs/?agency=: the settings of the agencies the caller sees. */
export async function listAgencyConfigs(db: Database, scope: RoleScope, agencyId: number | undefined, params: ListParams<string>): Promise<ListPage<AgencyCampaignTypeConfig>> {
  const where = and(
    agencyVisible(scope, configs.agencyId),
    agencyId === undefined ? undefined : isStorableId(agencyId) ? eq(configs.agencyId, agencyId) : sql`false`,
  );
  const page = await listPageOf(db, () => selectConfigs(db).where(where).$dynamic(), params, [asc(configs.agencyId), asc(foldedText(campaignTypes.name)), asc(configs.id)]);
  return { ...page, data: page.data.map(toConfig) };
}

/** GET /service/agency-campaign-type-configs/{id}/ (ours: the campaign detail's settings tab). */
export async function findAgencyConfig(db: Database, scope: RoleScope, id: number): Promise<AgencyCampaignTypeConfig> {
  const [found] = isStorableId(id) ? await selectConfigs(db).where(and(eq(configs.id, id), agencyVisible(scope, configs.agencyId))) : [];
  if (!found) throw new NotFound(messages.agencyTypeConfigNotFound);
  return toConfig(found);
}
