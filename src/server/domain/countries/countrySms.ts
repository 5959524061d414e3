// The SMS link of each country's languages: GET lists every country with {language: url_prefix};
// POST (Super Admin) sets the prefixes given, linking a language the country does not have yet and
// adding it to the languages table (named by its code) when it is new.
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ListPage } from '../../../contract/api';
import type { CountrySms } from '../../../contract/entities';
import * as messages from '../../../contract/messages';
import type { countrySmsRequest } from '../../../contract/schemas/adminForms';
import type { Caller } from '../../auth/scope';
import type { Database } from '../../db/client';
import { isStorableId } from '../../db/errors';
import { countries, countryLanguages, languages } from '../../db/schema';
import { isoMillis, nextUpdatedAt } from '../../db/updatedAt';
import { foldedText, listPageOf, orderOf, searchIn, type ListParams } from '../lists';
import { auditedSave } from '../save';

export const COUNTRY_SMS_SORT = ['id', 'country', 'code'] as const;
type CountrySmsSort = (typeof COUNTRY_SMS_SORT)[number];
type CountrySmsForm = z.output<typeof countrySmsRequest>;

/** {language: url_prefix}. (Written with table names: drizzle drops the table of columns in a one-table select list.) */
const urls = sql<Record<string, string>>`coalesce((
  select json_object_agg(cl.language_code, cl.url_prefix order by cl.language_code)
  from ${countryLanguages} cl where cl.country_id = ${countries}.id), '{}'::json)`;
const shape = { id: countries.id, country: countries.name, code: countries.dialingCode, urls, updated_at: isoMillis(countries.updatedAt) };

/** GET /admin/country_sms: every country with its links, by name unless orderby says otherwise. */
export async function listCountrySms(db: Database, params: ListParams<CountrySmsSort>): Promise<ListPage<CountrySms>> {
  const where = searchIn(params.search, [countries.name, countries.dialingCode]);
  const sortColumns = { ...shape, country: foldedText(countries.name) };
  return listPageOf(db, () => db.select(shape).from(countries).where(where).$dynamic(), params, orderOf(params, sortColumns, countries.id, foldedText(countries.name)));
}

async function findCountrySms(db: Database, id: number): Promise<CountrySms | undefined> {
  if (!isStorableId(id)) return undefined;
  const [row] = await db.select(shape).from(countries).where(eq(countries.id, id));
  return row;
}

/** POST /admin/country_sms, audited in the same transaction. `code` (the dialling code) is not changed here. */
export async function saveCountrySms(db: Database, caller: Caller, form: CountrySmsForm): Promise<CountrySms> {
  return auditedSave(db, {
    caller, entity: 'country_sms', table: countries, id: form.id, updatedAt: form.updated_at,
    find: findCountrySms, notFound: messages.countryNotFound,
    write: async (tx, before) => {
      if (!before) throw new Error('country_sms edits only');
      const given = Object.entries(form.urls);
      if (given.length === 0) return before.id;
      await tx
        .insert(languages)
        .values(given.map(([code]) => ({ code, name: code })))
        .onConflictDoNothing();
      await tx
        .insert(countryLanguages)
        .values(given.map(([languageCode, urlPrefix]) => ({ countryId: before.id, languageCode, urlPrefix })))
        .onConflictDoUpdate({
          target: [countryLanguages.countryId, countryLanguages.languageCode],
          set: { urlPrefix: sql`excluded.url_prefix` },
        });
      // The links are part of the country: changing them bumps its updated_at.
      await tx.update(countries).set({ updatedAt: nextUpdatedAt(countries.updatedAt) }).where(eq(countries.id, before.id));
      return before.id;
    },
  });
}
