// GET /admin/whitelists, POST and PUT /admin/whitelist, GET /admin/campaigns (SPEC.md section 7).
// A save may wait in the outbox offline.
import type { z } from 'zod';
import type { CampaignChoice, WhitelistRequest } from '../../../contract/api';
import type { AdminCountry, Whitelist } from '../../../contract/entities';
import type { whitelistForm } from '../../../contract/schemas/adminForms';
import { whitelistCountryCodes } from '../../../contract/roles';
import { api } from '../../backends/api';
import { legacyList, type ListRows, type ListView } from '../../backends/listPages';
import { TAB_PATHS } from '../../ground/paths';
import type { EditableList } from '../../components/EditableList';
import type { ConflictField } from '../../forms/editConflict';
import { offlineSave, type Saved } from '../../outbox/offlineWrite';

const whitelistTags = [{ type: 'Whitelist', id: 'LIST' }] as const;

/** What an edit conflict compares of an entry, by the form's labels. */
export const whitelistConflict: ConflictField[] = [
  { field: 'msisdn', label: 'Mobile Number' },
  { field: 'country', label: 'Country' },
  { field: 'campaign_id', label: 'Campaign', named: 'campaign_name' },
];

export const whitelistsApi = api.injectEndpoints({
  endpoints: (build) => ({
    whitelists: build.query<ListRows<Whitelist>, ListView>(legacyList('admin/whitelists', whitelistTags)),
    saveWhitelist: build.mutation<Saved<Whitelist>, WhitelistRequest>(
      offlineSave({
        backend: 'admin',
        url: 'admin/whitelist',
        entity: 'Whitelist',
        screen: TAB_PATHS.whitelist,
        describe: (body) => `${body.id ? 'Edit' : 'Add'} whitelist entry ${body.msisdn}`,
        invalidates: whitelistTags,
        conflict: whitelistConflict,
      }),
    ),
  }),
});

export const { useWhitelistsQuery, useSaveWhitelistMutation } = whitelistsApi;

/** The body of a save: without a campaign, campaign_id is null, so an edit can drop the campaign. */
export const whitelistRequest = (form: z.output<typeof whitelistForm>): WhitelistRequest => ({
  ...form,
  campaign_id: form.campaign_id ?? null,
});

/** A whitelist entry with a queued save applied (the list shows it until the server has it). */
export const withQueuedWhitelist = (row: Whitelist, body: WhitelistRequest): Whitelist => ({
  ...row,
  msisdn: body.msisdn,
  country: String(body.country),
  campaign_id: body.campaign_id ?? null,
});

/**
 * The countries an entry without a campaign may use, by their campaign code (ISO code): every
 * country for a Super Admin, otherwise the countries of the caller's campaigns, which are the ones
 * the server accepts. The current entry's code stays choosable. Labelled 'Ghana (GH)'.
 */
export function countryChoices(
  countries: readonly AdminCountry[],
  campaigns: readonly CampaignChoice[],
  roleType: string,
  current: string,
): Array<{ code: string; label: string }> {
  const isoCodes = countries.flatMap((c) => (c.iso_code ? [c.iso_code] : []));
  const codes = new Set(whitelistCountryCodes(roleType, isoCodes, campaigns.map((campaign) => campaign.country_code)));
  if (current) codes.add(current);
  const nameOf = new Map(countries.map((c) => [c.iso_code, c.country]));
  return [...codes]
    .map((code) => ({ code, label: nameOf.has(code) ? `${nameOf.get(code)} (${code})` : code }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** The Whitelists screen's list: its query, its first order, and how a queued save shows on a row. */
export const whitelistsList: EditableList<Whitelist> = {
  initialOrder: 'msisdn',
  useList: useWhitelistsQuery,
  pending: { entity: 'Whitelist', endpoint: 'saveWhitelist', apply: withQueuedWhitelist },
};
