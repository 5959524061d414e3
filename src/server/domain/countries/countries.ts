// Countries: the public list (id, name, dialling code) for the logged-out /countries page, the
// admin list with SMS settings and languages, and the Super Admin's country form. A country's
// languages (country_languages) follow the form's list; a language that stays keeps its URL prefix.
// Its name is unique whatever its case and its ISO code unique (countries_name_lower and
// countries_iso_code_unique), so of two concurrent adds of 'Ghana' and 'ghana' one wins.
import { and, eq, inArray, notInArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ListPage, PublicCountry } from '../../../contract/api';
import type { AdminCountry } from '../../../contract/entities';
import * as messages from '../../../contract/messages';
import { duplicateCountryName, duplicateIsoCode, isoCodeInUse, unknownLanguages } from '../../../contract/messages';
import type { countryRequest } from '../../../contract/schemas/adminForms';
import type { Caller } from '../../auth/scope';
import { queryRows, type Database } from '../../db/client';
import { isStorableId, uniqueViolation } from '../../db/errors';
import { agencies, campaigns, countries, countryLanguages, languages, paymentRuns, users, whitelists } from '../../db/schema';
import { isoMillis, nextUpdatedAt } from '../../db/updatedAt';
import { Conflict, Invalid } from '../errors';
import { foldedText, listPageOf, orderOf, searchIn, type ListParams } from '../lists';
import { auditedSave } from '../save';
import { isoCodeToSave } from './isoCodes';

export const COUNTRY_SORT = ['id', 'country', 'code'] as const;
type CountrySort = (typeof COUNTRY_SORT)[number];
type CountryForm = z.output<typeof countryRequest>;

/**
 * The country's language codes as the legacy wire sends them: 'en,fr', in the order they were added.
 * (Written with table names: drizzle drops the table of columns in a one-table select list.)
 */
const languageList = sql<string>`coalesce((
  select string_agg(cl.language_code, ',' order by cl.id) from ${countryLanguages} cl where cl.country_id = ${countries}.id), '')`;

const publicShape = { id: countries.id, country: countries.name, code: countries.dialingCode };
const sortColumns = { ...publicShape, country: foldedText(countries.name) };
const adminShape = {
  ...publicShape, iso_code: countries.isoCode, sms_cid: countries.smsCid, sms_from: countries.smsFrom, languages: languageList,
  updated_at: isoMillis(countries.updatedAt),
};

/**
 * GET /admin/countries: the public fields for everyone, the SMS settings and languages with a
 * session; by name unless orderby says otherwise.
 */
export async function listCountries(
  db: Database,
  input: { params: ListParams<CountrySort>; detailed: boolean },
): Promise<ListPage<AdminCountry | PublicCountry>> {
  const { params, detailed } = input;
  const where = searchIn(params.search, [countries.name, countries.dialingCode]);
  const matching = () => db.select(detailed ? adminShape : publicShape).from(countries).where(where).$dynamic();
  return listPageOf(db, matching, params, orderOf(params, sortColumns, countries.id, foldedText(countries.name)));
}

async function findCountry(db: Database, id: number): Promise<(AdminCountry & { defaultLanguage: string | null }) | undefined> {
  if (!isStorableId(id)) return undefined;
  const [row] = await db
    .select({ ...adminShape, defaultLanguage: countries.defaultLanguage })
    .from(countries)
    .where(eq(countries.id, id));
  return row;
}

const publicFields = ({ defaultLanguage: _default, ...country }: AdminCountry & { defaultLanguage: string | null }): AdminCountry => country;

/** A country by its ISO code, with what a user of it takes: its dialling code and default language. */
export async function countryByIso(db: Database, iso: string): Promise<{ dialingCode: string; defaultLanguage: string | null } | undefined> {
  const [country] = await db.select({ dialingCode: countries.dialingCode, defaultLanguage: countries.defaultLanguage })
    .from(countries).where(eq(countries.isoCode, iso));
  return country;
}

/** An agency's country, with what a number of it takes: its ISO code (if it has one) and dialling code. */
export async function countryOfAgency(db: Database, agencyId: number): Promise<{ isoCode: string | null; dialingCode: string } | undefined> {
  if (!isStorableId(agencyId)) return undefined;
  const [country] = await db.select({ isoCode: countries.isoCode, dialingCode: countries.dialingCode })
    .from(agencies).innerJoin(countries, eq(countries.id, agencies.countryId)).where(eq(agencies.id, agencyId));
  return country;
}

/** The country a request names by its ISO code in `field`; 400 when there is none. */
export async function requiredCountry(db: Database, iso: string, field: string) {
  const country = await countryByIso(db, iso);
  if (!country) throw new Invalid(messages.unknownCountry, { [field]: [messages.unknownCountry] });
  return country;
}

/** Every one of `codes` is a known language; otherwise 400 on `field`, naming the unknown ones. */
export async function requireKnownLanguages(db: Database, codes: string[], field: string): Promise<void> {
  const known = await db.select({ code: languages.code }).from(languages).where(inArray(languages.code, codes));
  const missing = codes.filter((code) => !known.some((row) => row.code === code));
  if (missing.length === 0) return;
  const message = unknownLanguages(missing);
  throw new Invalid(message, { [field]: [message] });
}

/**
 * Whether rows carry this ISO code: campaigns, whitelist entries, users and payment runs name their
 * country by it, so changing it would cut them off.
 */
async function isoCodeCarried(db: Database, code: string): Promise<boolean> {
  const carriedBy = [campaigns.countryCode, whitelists.countryCode, users.countryCode, paymentRuns.countryCode].map(
    (column) => sql`exists (select 1 from ${column.table} where ${column} = ${code})`,
  );
  const [row] = await queryRows<{ carried: boolean }>(db, sql`select ${or(...carriedBy)} as carried`);
  return row?.carried === true;
}

/** The 409 for a name or ISO code another country holds, naming that country as it is stored; else the error itself. */
async function duplicateRefusal(db: Database, error: unknown, form: CountryForm, isoCode: string | undefined): Promise<unknown> {
  const index = uniqueViolation(error);
  if (index !== 'countries_name_lower' && (index !== 'countries_iso_code_unique' || isoCode === undefined)) return error;
  const [holder] = await db
    .select({ name: countries.name })
    .from(countries)
    .where(index === 'countries_name_lower' ? sql`lower(${countries.name}) = lower(${form.country})` : eq(countries.isoCode, isoCode ?? ''));
  const name = holder?.name ?? form.country;
  return new Conflict(index === 'countries_name_lower' ? duplicateCountryName(name) : duplicateIsoCode(isoCode ?? '', name));
}

/** POST /admin/country: adds (no id) or updates (id) a country and its languages, audited in one transaction. */
export async function saveCountry(db: Database, caller: Caller, form: CountryForm): Promise<AdminCountry> {
  const codes = [...new Set(form.languages.map((code) => code.trim()))];
  await requireKnownLanguages(db, codes, 'languages');
  const fields = (isoCode: string) => ({ name: form.country, isoCode, dialingCode: form.code, smsCid: form.sms_cid, smsFrom: form.sms_from });
  // Sent, or told before anything is written: from the name (an add), or the stored code (an edit).
  let isoCode = form.iso_code;

  const saved = await auditedSave(db, {
    caller, entity: 'country', table: countries, id: form.id, updatedAt: form.updated_at,
    find: findCountry, notFound: messages.countryNotFound,
    shown: publicFields,
    write: async (tx, stored) => {
      let id: number;
      isoCode = isoCodeToSave(form, stored?.iso_code ?? null);
      if (!stored) {
        const [created] = await tx
          .insert(countries)
          .values({ ...fields(isoCode), defaultLanguage: codes[0] ?? null })
          .returning({ id: countries.id });
        if (!created) throw new Error('country insert returned no row');
        id = created.id;
      } else {
        id = stored.id;
        if (stored.iso_code && stored.iso_code !== isoCode && (await isoCodeCarried(tx, stored.iso_code))) {
          throw new Conflict(isoCodeInUse(stored.iso_code), 'in_use', { errors: { iso_code: [isoCodeInUse(stored.iso_code)] } });
        }
        // The default language stays while it is still one of the country's languages.
        const defaultLanguage = stored.defaultLanguage && codes.includes(stored.defaultLanguage) ? stored.defaultLanguage : (codes[0] ?? null);
        await tx.update(countries).set({ ...fields(isoCode), defaultLanguage, updatedAt: nextUpdatedAt(countries.updatedAt) }).where(eq(countries.id, id));
        await tx
          .delete(countryLanguages)
          .where(and(eq(countryLanguages.countryId, id), notInArray(countryLanguages.languageCode, codes)));
      }
      await tx
        .insert(countryLanguages)
        .values(codes.map((languageCode) => ({ countryId: id, languageCode })))
        .onConflictDoNothing();
      return id;
    },
    recorded: publicFields,
    duplicate: (_index, error) => duplicateRefusal(db, error, form, isoCode),
  });
  return publicFields(saved);
}
