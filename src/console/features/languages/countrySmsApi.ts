// GET and POST /admin/country_sms (SPEC.md section 7): the SMS link prefix of each country language.
// A save may wait in the outbox offline.
import type { CountrySmsRequest } from '../../../contract/api';
import type { CountrySms } from '../../../contract/entities';
import { api } from '../../backends/api';
import { legacyList, type ListRows, type ListView } from '../../backends/listPages';
import { TAB_PATHS } from '../../ground/paths';
import type { EditableList } from '../../components/EditableList';
import type { ConflictField } from '../../forms/editConflict';
import { offlineSave, type Saved } from '../../outbox/offlineWrite';

// A new language code becomes one of the country's languages.
const savedPrefixes = [
  { type: 'CountrySms', id: 'LIST' },
  { type: 'Country', id: 'LIST' },
] as const;

/** What an edit conflict compares of a country's SMS links: the prefix of each language. */
export const countrySmsConflict: ConflictField[] = [{ field: 'urls', label: 'URL prefixes' }];

export const countrySmsApi = api.injectEndpoints({
  endpoints: (build) => ({
    countrySms: build.query<ListRows<CountrySms>, ListView>(legacyList('admin/country_sms', [{ type: 'CountrySms', id: 'LIST' }] as const)),
    saveCountrySms: build.mutation<Saved<CountrySms>, CountrySmsRequest>(
      offlineSave({
        backend: 'admin',
        url: 'admin/country_sms',
        method: 'POST',
        // The same row as the country's own save (Countries screen): one updated_at for both.
        entity: 'Country',
        screen: TAB_PATHS.languages,
        describe: (body) => `Edit SMS link prefixes of +${body.code ?? body.id}`,
        invalidates: savedPrefixes,
        conflict: countrySmsConflict,
      }),
    ),
  }),
});

export const { useCountrySmsQuery, useSaveCountrySmsMutation } = countrySmsApi;

/** The languages of a country, in code order. */
export const languagesOf = (urls: Record<string, string>): string[] => Object.keys(urls).sort();

/** A country's prefixes with a queued save applied (the list shows them until the server has them). */
export const withQueuedPrefixes = (row: CountrySms, body: CountrySmsRequest): CountrySms => ({ ...row, urls: body.urls });

/** The Languages screen's list: its query, its first order, and how a queued save shows on a row. */
export const countrySmsList: EditableList<CountrySms> = {
  initialOrder: 'country',
  useList: useCountrySmsQuery,
  pending: { entity: 'Country', endpoint: 'saveCountrySms', apply: withQueuedPrefixes },
};
