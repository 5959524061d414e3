// Whitelist entries: an msisdn for a campaign (the country is the campaign's) or, without a
// campaign, for a country. A non-super admin sees and changes the entries of the campaigns they
// see, and the campaign-less entries of their agencies' countries. The msisdn is stored international
// (a national one takes the country's dialling code), and (msisdn, country, campaign) is unique
// (whitelists_entry), so a duplicate cannot slip in between two requests, however it was typed.
import { and, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ListPage } from '../../../contract/api';
import type { Whitelist } from '../../../contract/entities';
import * as messages from '../../../contract/messages';
import { storedMsisdn } from '../../../contract/msisdn';
import type { RoleScope } from '../../../contract/roles';
import type { whitelistForm } from '../../../contract/schemas/adminForms';
import { agencyVisible, campaignVisible, seesEverything, type Caller } from '../../auth/scope';
import type { Database } from '../../db/client';
import { isStorableId } from '../../db/errors';
import { agencies, campaigns, countries, whitelists } from '../../db/schema';
import { isoMillis, nextUpdatedAt } from '../../db/updatedAt';
import { Conflict, Invalid, Refused } from '../errors';
import { foldedText, listPageOf, msisdnSearch, orderOf, searchIn, type ListParams } from '../lists';
import { auditedSave } from '../save';

export const WHITELIST_SORT = ['id', 'msisdn', 'country', 'campaign_name', 'agency_name'] as const;
type WhitelistSort = (typeof WHITELIST_SORT)[number];
type WhitelistForm = z.output<typeof whitelistForm>;

const shape = {
  id: whitelists.id,
  msisdn: whitelists.msisdn,
  country: whitelists.countryCode,
  campaign_id: whitelists.campaignId,
  agency_name: agencies.name,
  campaign_name: campaigns.name,
  updated_at: isoMillis(whitelists.updatedAt),
};
const sortColumns = { ...shape, agency_name: foldedText(agencies.name), campaign_name: foldedText(campaigns.name) };

/** ISO codes of the countries of the agencies the caller sees. */
const visibleCountryCodes = (scope: RoleScope): SQL =>
  sql`(select ${countries.isoCode} from ${countries} join ${agencies} on ${agencies.countryId} = ${countries.id}
       where ${countries.isoCode} is not null and ${agencyVisible(scope, agencies.id)})`;

/** The entries a caller sees (the query joins campaigns). */
function entryVisible(scope: RoleScope): SQL {
  if (seesEverything(scope)) return sql`true`;
  return or(
    and(isNotNull(whitelists.campaignId), campaignVisible(scope, campaigns)),
    and(isNull(whitelists.campaignId), sql`${whitelists.countryCode} in ${visibleCountryCodes(scope)}`),
  ) as SQL;
}

function selectEntries(db: Database) {
  return db
    .select(shape)
    .from(whitelists)
    .leftJoin(campaigns, eq(campaigns.id, whitelists.campaignId))
    .leftJoin(agencies, eq(agencies.id, campaigns.agencyId));
}

export async function listWhitelists(db: Database, input: { scope: RoleScope; params: ListParams<WhitelistSort> }): Promise<ListPage<Whitelist>> {
  const { scope, params } = input;
  const where = and(
    entryVisible(scope),
    searchIn(msisdnSearch(params.search), [whitelists.msisdn, whitelists.countryCode, campaigns.name, agencies.name]),
  );
  return listPageOf(db, () => selectEntries(db).where(where).$dynamic(), params, orderOf(params, sortColumns, whitelists.id));
}

async function findEntry(db: Database, scope: RoleScope, id: number): Promise<Whitelist | undefined> {
  if (!isStorableId(id)) return undefined;
  const [row] = await selectEntries(db).where(and(eq(whitelists.id, id), entryVisible(scope)));
  return row;
}

/** The country a form names: by id, by dialling code ('233', '+233') or by ISO code ('GH'). */
function countryNamed(given: string | number): SQL {
  if (typeof given === 'number') return isStorableId(given) ? eq(countries.id, given) : sql`false`;
  const dialling = given.replace(/^\+/, '');
  return /^\d+$/.test(dialling) ? eq(countries.dialingCode, dialling) : eq(countries.isoCode, given.toUpperCase());
}

/** The country a form names, known and with an ISO code: refused with the field's error otherwise. */
async function namedCountry(db: Database, given: string | number): Promise<{ id: number; code: string; dialingCode: string; name: string }> {
  const [country, another] = await db
    .select({ id: countries.id, code: countries.isoCode, dialingCode: countries.dialingCode, name: countries.name })
    .from(countries)
    .where(and(countryNamed(given), isNotNull(countries.isoCode)))
    .limit(2);
  if (!country?.code) throw new Invalid(messages.unknownCountry, { country: [messages.unknownCountry] });
  if (another) throw new Invalid(messages.ambiguousDiallingCode, { country: [messages.ambiguousDiallingCode] });
  return { ...country, code: country.code };
}

/**
 * The country of an entry (its ISO code and dialling code): the one given, a known country the
 * caller may use; with a campaign, the campaign must run in it (issue 34: a Ghana number is never
 * saved as a Kenyan one because the campaign chosen was Kenyan).
 */
async function countryOf(db: Database, scope: RoleScope, form: WhitelistForm): Promise<{ code: string; dialingCode: string }> {
  if (form.campaign_id !== undefined && form.campaign_id !== null) {
    const [campaign] = isStorableId(form.campaign_id)
      ? await db
          .select({ name: campaigns.name, code: campaigns.countryCode, dialingCode: countries.dialingCode, countryName: countries.name })
          .from(campaigns)
          .innerJoin(countries, eq(countries.isoCode, campaigns.countryCode))
          .where(and(eq(campaigns.id, form.campaign_id), campaignVisible(scope, campaigns)))
      : [];
    if (!campaign) throw Refused.outOfScope(messages.campaignOutOfScope);
    const chosen = await namedCountry(db, form.country);
    if (chosen.code !== campaign.code) {
      const refusal = messages.campaignOfAnotherCountry(campaign.name, campaign.countryName, chosen.name);
      throw new Invalid(refusal, { campaign_id: [refusal] });
    }
    return campaign;
  }
  const country = await namedCountry(db, form.country);
  if (!seesEverything(scope)) {
    const [allowed] = await db
      .select({ id: agencies.id })
      .from(agencies)
      .where(and(eq(agencies.countryId, country.id), agencyVisible(scope, agencies.id)))
      .limit(1);
    if (!allowed) throw Refused.outOfScope(messages.countryOutOfScope);
  }
  return { code: country.code, dialingCode: country.dialingCode };
}

/** Adds (no id) or updates (id) an entry: checked under a row lock, written and audited in one transaction. */
export async function saveWhitelist(db: Database, caller: Caller, form: WhitelistForm): Promise<Whitelist> {
  const { scope } = caller;
  return auditedSave(db, {
    caller, entity: 'whitelist', table: whitelists, id: form.id, updatedAt: form.updated_at,
    find: (tx, id) => findEntry(tx, scope, id),
    findSaved: (tx, id) => findEntry(tx, { kind: 'all' }, id),
    notFound: messages.whitelistNotFound,
    write: async (tx, before) => {
      const country = await countryOf(tx, scope, form);
      const fields = { msisdn: storedMsisdn(form.msisdn, country.dialingCode), countryCode: country.code, campaignId: form.campaign_id ?? null };
      if (before) {
        await tx.update(whitelists).set({ ...fields, updatedAt: nextUpdatedAt(whitelists.updatedAt) }).where(eq(whitelists.id, before.id));
        return before.id;
      }
      const [created] = await tx.insert(whitelists).values(fields).returning({ id: whitelists.id });
      if (!created) throw new Error('whitelist insert returned no row');
      return created.id;
    },
    duplicate: (index) => (index === 'whitelists_entry' ? new Conflict(messages.duplicateWhitelist) : undefined),
  });
}
