// GET and POST /admin/country_sms (SPEC.md section 7): the SMS link prefix of each country language.
// A save may wait in the outbox offline.
import type { CountrySmsRequest, ListPage, ListQuery } from '../../../contract/api';
import type { CountrySms } from '../../../contract/entities';
import { adminApi } from '../../api/backends';
import { TAB_PATHS } from '../../app/tabs';
import { offlineWrite, unlessQueued, type Saved } from '../../outbox/offlineWrite';

// A new language code becomes one of the country's languages.
const savedPrefixes = [
  { type: 'CountrySms', id: 'LIST' },
  { type: 'Country', id: 'LIST' },
] as const;

export const countrySmsApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    countrySms: build.query<ListPage<CountrySms>, ListQuery>({
      query: (params) => ({ url: 'admin/country_sms', params }),
      providesTags: [{ type: 'CountrySms', id: 'LIST' }],
    }),
    saveCountrySms: build.mutation<Saved<CountrySms>, CountrySmsRequest>({
      query: (body) => ({ url: 'admin/country_sms', method: 'POST', body }),
      invalidatesTags: unlessQueued(savedPrefixes),
      extraOptions: offlineWrite<CountrySmsRequest>({
        // The same row as the country's own save (Countries screen): one updated_at for both.
        entity: 'Country',
        screen: TAB_PATHS.languages,
        describe: (body) => `Edit SMS link prefixes of +${body.code ?? body.id}`,
        invalidates: savedPrefixes,
      }),
    }),
  }),
});

export const { useCountrySmsQuery, useSaveCountrySmsMutation } = countrySmsApi;

/** The languages of a country, in code order. */
export const languagesOf = (urls: Record<string, string>): string[] => Object.keys(urls).sort();

/** A country's prefixes with a queued save applied (the list shows them until the server has them). */
export const withQueuedPrefixes = (row: CountrySms, body: CountrySmsRequest): CountrySms => ({ ...row, urls: body.urls });
