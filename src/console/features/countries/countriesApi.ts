// GET /admin/countries with a session (SMS settings and languages) and POST /admin/country
// (SPEC.md section 7). A country's languages travel as a comma string on the legacy wire. A save
// may wait in the outbox offline.
import type { z } from 'zod';
import type { CountryRequest } from '../../../contract/api';
import type { AdminCountry } from '../../../contract/entities';
import type { countryForm } from '../../../contract/schemas/adminForms';
import { api } from '../../backends/api';
import { legacyList, type ListRows, type ListView } from '../../backends/listPages';
import { TAB_PATHS } from '../../ground/paths';
import type { EditableList } from '../../components/EditableList';
import { offlineSave, type Saved } from '../../outbox/offlineWrite';

// The languages of a country are the rows of its SMS prefix list too.
const savedCountries = [
  { type: 'Country', id: 'LIST' },
  { type: 'CountrySms', id: 'LIST' },
] as const;

export const countriesApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminCountries: build.query<ListRows<AdminCountry>, ListView>(legacyList('admin/countries', [{ type: 'Country', id: 'LIST' }] as const)),
    saveCountry: build.mutation<Saved<AdminCountry>, CountryRequest>(
      offlineSave({
        backend: 'admin',
        url: 'admin/country',
        method: 'POST',
        // The SMS prefixes (Languages screen) are the same row: their changes queue behind each other.
        entity: 'Country',
        screen: TAB_PATHS.countries,
        describe: (body) => `${body.id ? 'Edit' : 'Add'} country ${body.country}`,
        invalidates: savedCountries,
      }),
    ),
  }),
});

export const { useAdminCountriesQuery, useSaveCountryMutation } = countriesApi;

export const countryRequestOf = (form: z.output<typeof countryForm>): CountryRequest => ({
  ...form,
  languages: form.languages.join(','),
});

/** A country with a queued save applied (the list shows it until the server has it). */
export const withQueuedCountry = (row: AdminCountry, body: CountryRequest): AdminCountry => ({
  ...row,
  country: body.country,
  iso_code: body.iso_code,
  code: body.code,
  sms_from: body.sms_from,
  sms_cid: body.sms_cid ?? '',
  languages: body.languages,
});

/** 'en,fr' as a list. */
export const languageCodesOf = (country: Pick<AdminCountry, 'languages'>): string[] =>
  country.languages
    .split(',')
    .map((code) => code.trim())
    .filter(Boolean);

/** The Countries screen's list: its query, its first order, and how a queued save shows on a row. */
export const countriesList: EditableList<AdminCountry> = {
  initialOrder: 'country',
  useList: useAdminCountriesQuery,
  pending: { entity: 'Country', endpoint: 'saveCountry', apply: withQueuedCountry },
};
