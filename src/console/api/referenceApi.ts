// Reference data every screen leans on: status types and languages (new user backend), the
// public country list and the campaigns the caller sees (legacy admin backend).
import type {
  CampaignChoice, ListPage, ListQuery, PublicCountriesResponse, StatusTypesResponse, TranslationsResponse,
} from '../../contract/api';
import { adminApi, usersApi } from './backends';

export const usersReferenceApi = usersApi.injectEndpoints({
  endpoints: (build) => ({
    statusTypes: build.query<StatusTypesResponse, void>({ query: () => 'api/v1/status-types', providesTags: ['StatusType'] }),
    translations: build.query<TranslationsResponse, void>({ query: () => 'api/v1/translations/', providesTags: ['Language'] }),
  }),
});

export const adminReferenceApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    /** Every country (the list is paged: page_size 0 is all rows). */
    publicCountries: build.query<PublicCountriesResponse, void>({
      query: () => ({ url: 'admin/countries', params: { page_size: 0 } }),
      providesTags: ['Country'],
    }),
    /** Every campaign the caller sees, in one page, by name (the server scopes it). */
    campaignChoices: build.query<ListPage<CampaignChoice>, void>({
      query: () => ({ url: 'admin/campaigns', params: { page_size: 0, orderby: 'campaign_name' } satisfies ListQuery }),
      providesTags: [{ type: 'Campaign', id: 'LIST' }],
    }),
  }),
});

export const { useStatusTypesQuery, useTranslationsQuery } = usersReferenceApi;
export const { usePublicCountriesQuery, useCampaignChoicesQuery } = adminReferenceApi;
