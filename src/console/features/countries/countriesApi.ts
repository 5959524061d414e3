// GET /admin/countries with a session (SMS settings and languages) and POST /admin/country
// (SPEC.md section 7). A country's languages travel as a comma string on the legacy wire.
import type { z } from 'zod';
import type { CountryRequest, ListPage, ListQuery } from '../../../contract/api';
import type { AdminCountry } from '../../../contract/entities';
import type { countryForm } from '../../../contract/schemas';
import { adminApi } from '../../api/backends';

export const countriesApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    adminCountries: build.query<ListPage<AdminCountry>, ListQuery>({
      query: (params) => ({ url: 'admin/countries', params }),
      providesTags: [{ type: 'Country', id: 'LIST' }],
    }),
    saveCountry: build.mutation<AdminCountry, CountryRequest>({
      query: (body) => ({ url: 'admin/country', method: 'POST', body }),
      // The languages of a country are the rows of its SMS prefix list too.
      invalidatesTags: [
        { type: 'Country', id: 'LIST' },
        { type: 'CountrySms', id: 'LIST' },
      ],
    }),
  }),
});

export const { useAdminCountriesQuery, useSaveCountryMutation } = countriesApi;

export const countryRequestOf = (form: z.output<typeof countryForm>): CountryRequest => ({
  ...form,
  languages: form.languages.join(','),
});

/** 'en,fr' as a list. */
export const languageCodesOf = (country: AdminCountry): string[] =>
  country.languages
    .split(',')
    .map((code) => code.trim())
    .filter(Boolean);
