// Campaigns as the service backend gives them (SPEC.md section 3, Campaign): the campaigns the
// caller sees (section 6: all for a Super Admin, their agencies' for an Agency Admin, their own for a
// Campaign Admin), with their agency, campaign type and latest allocated budget.
import { and, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { z } from 'zod';
import type { ListPage } from '../../../contract/api';
import type { Campaign } from '../../../contract/entities';
import * as messages from '../../../contract/messages';
import type { RoleScope } from '../../../contract/roles';
import type { campaignForm, campaignQuery } from '../../../contract/schemas/campaigns';
import { campaignVisible, seesEverything, type Caller } from '../../auth/scope';
import type { Database } from '../../db/client';
import { isStorableId } from '../../db/errors';
import { agencies, agencyCampaignTypeConfigs, campaigns, campaignTypes, campaignVersions, countries, users } from '../../db/schema';
import { isoMillis, nextUpdatedAt } from '../../db/updatedAt';
import { Conflict, NotFound, Refused } from '../errors';
import { auditedSave } from '../save';
import { foldedText, listPageOf, orderOf, searchIn, type ListParams } from '../lists';

export const CAMPAIGN_SORT = ['id', 'name', 'country_code', 'campaign_start_date', 'budget_spend_amount', 'active_flag', 'updated_at'] as const;
type CampaignSort = (typeof CAMPAIGN_SORT)[number];
type CampaignQuery = z.output<typeof campaignQuery>;
type CampaignForm = z.output<typeof campaignForm>;

/** The allocated budget of the campaign's latest version. */
const budgetAllocated = sql<string | null>`(select ${campaignVersions.budgetAllocatedAmount} from ${campaignVersions}
  where ${campaignVersions.campaignId} = ${campaigns.id} order by ${campaignVersions.version} desc limit 1)`;

const row = {
  id: campaigns.id,
  name: campaigns.name,
  active_flag: campaigns.activeFlag,
  agency_campaign_type_config_id: campaigns.agencyCampaignTypeConfigId,
  country_code: campaigns.countryCode,
  updated_by: campaigns.updatedBy,
  campaign_start_date: campaigns.campaignStartDate,
  budget_spend_amount: campaigns.budgetSpendAmount,
  budget_allocated_amount: budgetAllocated.as('budget_allocated_amount'),
  updated_at: isoMillis(campaigns.updatedAt),
  currency: campaigns.currencyCode,
  agency_id: sql<number>`${agencies.id}`.as('agency_id'),
  agency_name: sql<string>`${agencies.name}`.as('agency_name'),
  agency_country: sql<string>`${countries.name}`.as('agency_country'),
  campaign_type: sql<string>`${campaignTypes.name}`.as('campaign_type'),
};
type CampaignRow = Omit<Campaign, 'extra_data'> & { agency_id: number; agency_name: string; agency_country: string; campaign_type: string };

const sortColumns: Record<CampaignSort, SQLWrapper> = {
  id: campaigns.id, name: foldedText(campaigns.name), country_code: campaigns.countryCode, campaign_start_date: campaigns.campaignStartDate,
  // Amounts of two currencies do not compare: by currency, then the amount within it (issue 34).
  budget_spend_amount: sql`(${campaigns.currencyCode}, ${campaigns.budgetSpendAmount})`, active_flag: campaigns.activeFlag, updated_at: campaigns.updatedAt,
};

const selectCampaigns = (db: Database) =>
  db
    .select(row)
    .from(campaigns)
    .innerJoin(agencies, eq(agencies.id, campaigns.agencyId))
    .innerJoin(countries, eq(countries.id, agencies.countryId))
    .innerJoin(agencyCampaignTypeConfigs, eq(agencyCampaignTypeConfigs.id, campaigns.agencyCampaignTypeConfigId))
    .innerJoin(campaignTypes, eq(campaignTypes.id, agencyCampaignTypeConfigs.campaignTypeId));

const toCampaign = ({ agency_id, agency_name, agency_country, campaign_type, ...campaign }: CampaignRow): Campaign => ({
  ...campaign,
  extra_data: { agency: { id: agency_id, agency_name, country: agency_country }, campaign_type },
});

/** Ids no row can have match nothing (and never reach SQL as an int4 overflow). */
const idsIn = (column: SQLWrapper, ids: number[]): SQL => {
  const storable = ids.filter(isStorableId);
  return storable.length > 0 ? inArray(column as typeof campaigns.id, storable) : sql`false`;
};

/** GET /service/campaigns/: by name unless `ordering` says otherwise. */
export async function listCampaigns(db: Database, scope: RoleScope, query: CampaignQuery, params: ListParams<CampaignSort>): Promise<ListPage<Campaign>> {
  const where = and(
    campaignVisible(scope, campaigns),
    query.agency_id === undefined ? undefined : idsIn(campaigns.agencyId, [query.agency_id]),
    query.agency_ids === undefined ? undefined : idsIn(campaigns.agencyId, query.agency_ids),
    query.ids === undefined ? undefined : idsIn(campaigns.id, query.ids),
    query.country_code === undefined ? undefined : eq(campaigns.countryCode, query.country_code),
    query.active_flag === undefined ? undefined : eq(campaigns.activeFlag, query.active_flag),
    searchIn(params.search, [campaigns.name, agencies.name, campaigns.countryCode]),
  );
  const page = await listPageOf(db, () => selectCampaigns(db).where(where).$dynamic(), params, orderOf(params, sortColumns, campaigns.id, foldedText(campaigns.name)));
  return { ...page, data: page.data.map(toCampaign) };
}

/** GET /service/campaigns/{id}/: a campaign the caller does not see is not found. */
export async function findCampaign(db: Database, scope: RoleScope, id: number): Promise<Campaign> {
  const [found] = isStorableId(id) ? await selectCampaigns(db).where(and(eq(campaigns.id, id), campaignVisible(scope, campaigns))) : [];
  if (!found) throw new NotFound(messages.agencyCampaignNotFound);
  return toCampaign(found);
}

/** The username a change is recorded under: the signed-in caller's, whatever the form says. */
export async function usernameOf(db: Database, caller: Caller): Promise<string | null> {
  if (caller.userId === null) return null;
  const [found] = await db.select({ username: users.username }).from(users).where(eq(users.id, caller.userId));
  return found?.username ?? null;
}

/**
 * PUT /service/campaigns/{id}/: the name, and the active flag for a Super Admin only (anyone else
 * who changes it is refused and nothing changes). Checked under a row lock, written with its audit
 * record in one transaction; an edit of an outdated copy answers 409 with the campaign as it is.
 */
export async function saveCampaign(db: Database, caller: Caller, id: number, form: CampaignForm): Promise<Campaign> {
  return auditedSave(db, {
    caller, entity: 'campaign', table: campaigns, id, updatedAt: form.updated_at,
    find: (tx, campaignId) => findCampaign(tx, caller.scope, campaignId), notFound: messages.agencyCampaignNotFound,
    write: async (tx, before) => {
      if (!before) throw new Error('campaign edits only');
      const activeFlag = form.active_flag ?? before.active_flag;
      if (activeFlag !== before.active_flag && !seesEverything(caller.scope)) throw Refused.superAdminOnly(messages.superOnlyCampaignActive);
      await tx
        .update(campaigns)
        .set({ name: form.name, activeFlag, updatedBy: await usernameOf(tx, caller), updatedAt: nextUpdatedAt(campaigns.updatedAt) })
        .where(eq(campaigns.id, id));
      return id;
    },
    duplicate: (index) => (index === 'campaigns_agency_name' ? new Conflict(messages.duplicateCampaignName) : undefined),
  });
}
