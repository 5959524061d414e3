// Reference data every screen leans on: status types and languages (new user backend), the
// countries and the campaigns the caller sees (legacy admin backend), the agencies the caller sees
// (service backend).
import type { CampaignChoice, PublicCountry, StatusTypesResponse, TranslationsResponse } from '../../contract/api';
import { SERVICE_PAGE_SIZE_MAX } from '../../contract/constants';
import type { AdminCountry, Agency } from '../../contract/entities';
import { api } from './api';
import { legacyAllRows, serviceAllRows, type ListRows } from './listPages';

export const usersReferenceApi = api.injectEndpoints({
  endpoints: (build) => ({
    statusTypes: build.query<StatusTypesResponse, void>({ query: () => ({ backend: 'users', url: 'api/v1/status-types' }), providesTags: ['StatusType'] }),
    // Every language in one page: the backend pages its lists, and no programme has more than its largest page.
    translations: build.query<TranslationsResponse, void>({
      query: () => ({ backend: 'users', url: 'api/v1/translations/', params: { page_size: SERVICE_PAGE_SIZE_MAX } }),
      providesTags: ['Language'],
    }),
  }),
});

export const adminReferenceApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Every country, in the list's own order. */
    publicCountries: build.query<ListRows<PublicCountry>, void>(legacyAllRows('admin/countries', '', ['Country'] as const)),
    /** Every country with its ISO and dialling codes, by name, in one page: a form's country select. */
    allCountries: build.query<ListRows<AdminCountry>, void>(legacyAllRows('admin/countries', 'country', [{ type: 'Country', id: 'LIST' }] as const)),
    /** Every campaign the caller sees, by name (the server scopes it). */
    campaignChoices: build.query<ListRows<CampaignChoice>, void>(legacyAllRows('admin/campaigns', 'campaign_name', [{ type: 'Campaign', id: 'LIST' }] as const)),
  }),
});

export const serviceReferenceApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Every agency the caller sees, by name (the server scopes it): a filter's or a form's choices. */
    agencyChoices: build.query<ListRows<Agency>, void>(serviceAllRows('service', 'service/agencies/', () => ({ ordering: 'agency_name' }), [{ type: 'Agency', id: 'LIST' }] as const)),
  }),
});

export const { useStatusTypesQuery, useTranslationsQuery } = usersReferenceApi;
export const { useAgencyChoicesQuery } = serviceReferenceApi;
export const { usePublicCountriesQuery, useAllCountriesQuery, useCampaignChoicesQuery } = adminReferenceApi;
