// Agencies as the service backend gives them (SPEC.md section 3, Agency): the agencies the caller
// sees (section 6: all for a Super Admin, their roles' agencies for the others), with their
// country, its currency and language; and the countries, languages and campaign types the
// Agencies screens offer.
import { and, asc, eq, ilike, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { z } from 'zod';
import type { ListPage } from '../../../contract/api';
import type { Agency, CampaignType, Country, Language } from '../../../contract/entities';
import * as messages from '../../../contract/messages';
import type { RoleScope } from '../../../contract/roles';
import type { agencyQuery } from '../../../contract/schemas/campaigns';
import { agencyVisible } from '../../auth/scope';
import type { Database } from '../../db/client';
import { isStorableId } from '../../db/errors';
import { agencies, campaignTypes, compensationTypes, countries, countryLanguages, currencies, languages, users } from '../../db/schema';
import { isoMillis } from '../../db/updatedAt';
import { NotFound } from '../errors';
import { containing, foldedText, listPageOf, orderOf, searchIn, type ListParams } from '../lists';

export const AGENCY_SORT = ['id', 'agency_name', 'country', 'active_flag', 'updated_at'] as const;
type AgencySort = (typeof AGENCY_SORT)[number];
type AgencyQuery = z.output<typeof agencyQuery>;

const row = {
  id: agencies.id,
  agency_name: agencies.name,
  lokalise_key: agencies.lokaliseKey,
  added_by: agencies.addedBy,
  added_by_name: users.username,
  active_flag: agencies.activeFlag,
  updated_at: isoMillis(agencies.updatedAt),
  country_name: sql<string>`${countries.name}`.as('country_name'),
  country_dialing_code: sql<string>`${countries.dialingCode}`.as('country_dialing_code'),
  currency_code: sql<string>`coalesce(${currencies.code}, '')`.as('currency_code'),
  language_name: sql<string>`coalesce(${languages.name}, '')`.as('language_name'),
};
type AgencyRow = Omit<Agency, 'country'> & { country_name: string; country_dialing_code: string; currency_code: string; language_name: string };

const sortColumns: Record<AgencySort, SQLWrapper> = {
  id: agencies.id, agency_name: foldedText(agencies.name), country: foldedText(countries.name), active_flag: agencies.activeFlag, updated_at: agencies.updatedAt,
};

const selectAgencies = (db: Database) =>
  db
    .select(row)
    .from(agencies)
    .innerJoin(countries, eq(countries.id, agencies.countryId))
    .leftJoin(currencies, eq(currencies.id, countries.currencyId))
    .leftJoin(languages, eq(languages.code, countries.defaultLanguage))
    .leftJoin(users, eq(users.id, agencies.addedBy));

const toAgency = ({ country_name, country_dialing_code, currency_code, language_name, ...agency }: AgencyRow): Agency => ({
  ...agency,
  country: { country_name, country_dialing_code, currency: { currency_code }, language: { language_name } },
});

/** GET /service/agencies/: by name unless `ordering` says otherwise. */
export async function listAgencies(db: Database, scope: RoleScope, query: AgencyQuery, params: ListParams<AgencySort>): Promise<ListPage<Agency>> {
  const where = and(
    agencyVisible(scope, agencies.id),
    query.country_dialing_code === undefined ? undefined : eq(countries.dialingCode, query.country_dialing_code.replace(/^\+/, '')),
    query.code === undefined ? undefined : eq(countries.isoCode, query.code),
    query.name ? ilike(agencies.name, containing(query.name)) : undefined,
    query.active_flag === undefined ? undefined : eq(agencies.activeFlag, query.active_flag),
    searchIn(params.search, [agencies.name, countries.name]),
  );
  const page = await listPageOf(db, () => selectAgencies(db).where(where).$dynamic(), params, orderOf(params, sortColumns, agencies.id, foldedText(agencies.name)));
  return { ...page, data: page.data.map(toAgency) };
}

/** GET /service/agencies/{id}/: an agency the caller does not see is not found. */
export async function findAgency(db: Database, scope: RoleScope, id: number): Promise<Agency> {
  const [found] = isStorableId(id) ? await selectAgencies(db).where(and(eq(agencies.id, id), agencyVisible(scope, agencies.id))) : [];
  if (!found) throw new NotFound(messages.agencyNotFound);
  return toAgency(found);
}

/** A country that has an agency the caller sees. */
const hasVisibleAgency = (scope: RoleScope): SQL =>
  sql`exists (select 1 from ${agencies} where ${agencies.countryId} = ${countries.id} and ${agencyVisible(scope, agencies.id)})`;

/** GET /service/agencies-countries/: the countries of the caller's agencies, by name. */
export async function listAgencyCountries(db: Database, scope: RoleScope, params: ListParams<string>): Promise<ListPage<Country>> {
  const iso = sql<string>`coalesce(${countries.isoCode}, '')`;
  const shape = {
    code: iso.as('code'), country: countries.name, country_name: sql<string>`${countries.name}`.as('country_name'), country_code: iso.as('country_code'),
    country_dialing_code: countries.dialingCode, language: sql<string | null>`${languages.name}`.as('language'),
  };
  const matching = () =>
    db.select(shape).from(countries).leftJoin(languages, eq(languages.code, countries.defaultLanguage))
      .where(and(hasVisibleAgency(scope), searchIn(params.search, [countries.name]))).$dynamic();
  return listPageOf(db, matching, params, [asc(foldedText(countries.name)), asc(countries.id)]);
}

/** GET /service/agencies-languages/: the languages of the caller's agencies' countries, by name. */
export async function listAgencyLanguages(db: Database, scope: RoleScope, params: ListParams<string>): Promise<ListPage<Language>> {
  const spoken = sql`exists (select 1 from ${countryLanguages} join ${countries} on ${countries.id} = ${countryLanguages.countryId}
    where ${countryLanguages.languageCode} = ${languages.code} and ${hasVisibleAgency(scope)})`;
  const matching = () =>
    db.select({ code: languages.code, name: languages.name }).from(languages).where(and(spoken, searchIn(params.search, [languages.name]))).$dynamic();
  const page = await listPageOf(db, matching, params, [asc(foldedText(languages.name)), asc(languages.code)]);
  return { ...page, data: page.data.map((l) => ({ iso: l.code, language: l.name, language_code: l.code, language_name: l.name })) };
}

/** GET /service/agencies-campaign-types/: every campaign type with its compensation type, by name. */
export async function listCampaignTypes(db: Database, params: ListParams<string>): Promise<ListPage<CampaignType>> {
  const matching = () =>
    db.select({ id: campaignTypes.id, name: campaignTypes.name, compensation: sql<string>`${compensationTypes.name}`.as('compensation') })
      .from(campaignTypes).innerJoin(compensationTypes, eq(compensationTypes.id, campaignTypes.compensationTypeId))
      .where(searchIn(params.search, [campaignTypes.name])).$dynamic();
  const page = await listPageOf(db, matching, params, [asc(foldedText(campaignTypes.name)), asc(campaignTypes.id)]);
  return {
    ...page,
    data: page.data.map((t) => ({ id: t.id, campaign_type_name: t.name, compensation_type: { compensation_type_name: t.compensation } })),
  };
}
