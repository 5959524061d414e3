// GET /admin/campaigns: the campaigns an admin sees (SPEC.md section 6): all for a Super Admin,
// by agency for an Agency Admin, by campaign for a Campaign Admin.
import { and } from 'drizzle-orm';
import type { CampaignChoice, ListPage } from '../../../contract/api';
import type { RoleScope } from '../../../contract/roles';
import { campaignVisible } from '../../auth/scope';
import type { Database } from '../../db/client';
import { campaigns } from '../../db/schema';
import { foldedText, listPageOf, orderOf, searchIn, type ListParams } from '../lists';

export const CAMPAIGN_SORT = ['id', 'campaign_name', 'country_code'] as const;
type CampaignSort = (typeof CAMPAIGN_SORT)[number];

export async function listCampaignChoices(
  db: Database,
  input: { scope: RoleScope; params: ListParams<CampaignSort> },
): Promise<ListPage<CampaignChoice>> {
  const { scope, params } = input;
  const where = and(campaignVisible(scope, campaigns), searchIn(params.search, [campaigns.name, campaigns.countryCode]));
  const columns = { id: campaigns.id, campaign_name: campaigns.name, country_code: campaigns.countryCode };
  return listPageOf(db, () => db.select(columns).from(campaigns).where(where).$dynamic(), params, orderOf(params, { ...columns, campaign_name: foldedText(campaigns.name) }, campaigns.id));
}
