// GET and POST /admin/country_sms (SPEC.md section 7): the SMS link prefix of each country language.
import type { CountrySmsRequest, ListPage, ListQuery } from '../../../contract/api';
import type { CountrySms } from '../../../contract/entities';
import { adminApi } from '../../api/backends';

export const countrySmsApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    countrySms: build.query<ListPage<CountrySms>, ListQuery>({
      query: (params) => ({ url: 'admin/country_sms', params }),
      providesTags: [{ type: 'CountrySms', id: 'LIST' }],
    }),
    saveCountrySms: build.mutation<CountrySms, CountrySmsRequest>({
      query: (body) => ({ url: 'admin/country_sms', method: 'POST', body }),
      // A new language code becomes one of the country's languages.
      invalidatesTags: [
        { type: 'CountrySms', id: 'LIST' },
        { type: 'Country', id: 'LIST' },
      ],
    }),
  }),
});

export const { useCountrySmsQuery, useSaveCountrySmsMutation } = countrySmsApi;

/** The languages of a country, in code order. */
export const languagesOf = (urls: Record<string, string>): string[] => Object.keys(urls).sort();
