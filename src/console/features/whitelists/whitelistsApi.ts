// GET /admin/whitelists, POST and PUT /admin/whitelist, GET /admin/campaigns (SPEC.md section 7).
// A save may wait in the outbox offline.
import type { z } from 'zod';
import type { CampaignChoice, ListPage, ListQuery, WhitelistRequest } from '../../../contract/api';
import type { AdminCountry, Whitelist } from '../../../contract/entities';
import type { whitelistForm } from '../../../contract/schemas';
import { adminApi } from '../../api/backends';
import { TAB_PATHS } from '../../app/tabs';
import { offlineWrite, unlessQueued, type Saved } from '../../outbox/offlineWrite';

const savedWhitelists = [{ type: 'Whitelist', id: 'LIST' }] as const;

export const whitelistsApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    whitelists: build.query<ListPage<Whitelist>, ListQuery>({
      query: (params) => ({ url: 'admin/whitelists', params }),
      providesTags: [{ type: 'Whitelist', id: 'LIST' }],
    }),
    /** Every country the caller sees, in one page, for the country select. */
    whitelistCountries: build.query<ListPage<AdminCountry>, void>({
      query: () => ({ url: 'admin/countries', params: { page_size: 0, orderby: 'country' } satisfies ListQuery }),
      providesTags: [{ type: 'Country', id: 'LIST' }],
    }),
    saveWhitelist: build.mutation<Saved<Whitelist>, WhitelistRequest>({
      query: (body) => ({ url: 'admin/whitelist', method: body.id ? 'PUT' : 'POST', body }),
      invalidatesTags: unlessQueued(savedWhitelists),
      extraOptions: offlineWrite<WhitelistRequest>({
        entity: 'Whitelist',
        screen: TAB_PATHS.whitelist,
        describe: (body) => `${body.id ? 'Edit' : 'Add'} whitelist entry ${body.msisdn}`,
        invalidates: savedWhitelists,
      }),
    }),
  }),
});

export const { useWhitelistsQuery, useWhitelistCountriesQuery, useSaveWhitelistMutation } = whitelistsApi;

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
  superAdmin: boolean,
  current: string,
): Array<{ code: string; label: string }> {
  const codes = new Set(
    superAdmin ? countries.flatMap((c) => (c.iso_code ? [c.iso_code] : [])) : campaigns.map((campaign) => campaign.country_code),
  );
  if (current) codes.add(current);
  const nameOf = new Map(countries.map((c) => [c.iso_code, c.country]));
  return [...codes]
    .map((code) => ({ code, label: nameOf.has(code) ? `${nameOf.get(code)} (${code})` : code }))
    .sort((a, b) => a.label.localeCompare(b.label));
}
