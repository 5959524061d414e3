// Reference data every screen leans on: status types and languages (new user backend) and the
// public country list (legacy admin backend).
import type { PublicCountriesResponse, StatusTypesResponse, TranslationsResponse } from '../../contract/api';
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
  }),
});

export const { useStatusTypesQuery, useTranslationsQuery } = usersReferenceApi;
export const { usePublicCountriesQuery } = adminReferenceApi;
