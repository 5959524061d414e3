// GET /admin/agencies: the agencies an admin may link users to. A Super Admin links any agency;
// every other admin only the 15 country agencies (SPEC.md section 6).
import { and, eq } from 'drizzle-orm';
import type { LinkableAgency, ListPage } from '../../../contract/api';
import type { RoleScope } from '../../../contract/roles';
import { seesEverything, within } from '../../auth/scope';
import type { Database } from '../../db/client';
import { agencies, countries } from '../../db/schema';
import { foldedText, listPageOf, orderOf, searchIn, type ListParams } from '../lists';

export const AGENCY_SORT = ['id', 'agency_name', 'country'] as const;
type AgencySort = (typeof AGENCY_SORT)[number];

export async function listLinkableAgencies(
  db: Database,
  input: { scope: RoleScope; countryAgencyIds: number[]; params: ListParams<AgencySort> },
): Promise<ListPage<LinkableAgency>> {
  const { scope, countryAgencyIds, params } = input;
  const where = within(agencies.id, seesEverything(scope) ? null : countryAgencyIds);
  const filter = searchIn(params.search, [agencies.name, countries.name]);
  const columns = { id: agencies.id, agency_name: agencies.name, country: countries.name };

  const matching = () =>
    db.select(columns).from(agencies).innerJoin(countries, eq(countries.id, agencies.countryId)).where(and(where, filter)).$dynamic();
  const sortColumns = { id: agencies.id, agency_name: foldedText(agencies.name), country: foldedText(countries.name) };
  const page = await listPageOf(db, matching, params, orderOf(params, sortColumns, agencies.id));
  const countryAgency = new Set(countryAgencyIds);
  return { ...page, data: page.data.map((row) => ({ ...row, is_country_agency: countryAgency.has(row.id) })) };
}
