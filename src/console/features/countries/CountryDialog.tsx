// Add or edit a country (SPEC.md section 5): name, ISO code (ours: letters only, upper-cased as it is
// typed; campaigns and whitelists choose a country by it), dialing code (only digits and dots are
// kept as it is typed), SMS from, an optional SMS CID, and at least one language ticked. An edit sends
// the updated_at it read, so a change made meanwhile by someone else is refused rather than overwritten.
import { Checkbox, FormGroup, Intent, Spinner } from '@blueprintjs/core';
import type { z } from 'zod';
import type { CountryRequest } from '../../../contract/api';
import type { AdminCountry } from '../../../contract/entities';
import { countryForm } from '../../../contract/schemas/adminForms';
import { sanitizeDialingCode, sanitizeIsoCode } from '../../../contract/schemas/fields';
import { useTranslationsQuery } from '../../backends/referenceApi';
import { FormDialog, useFormDialog, type EditDialogProps } from '../../components/FormDialog';
import { TextField } from '../../components/TextField';
import { countryRequestOf, languageCodesOf, useSaveCountryMutation } from './countriesApi';

/** The form's values of a country (a new one's when there is none). */
const valuesOf = (country: AdminCountry | undefined): z.input<typeof countryForm> => ({
  id: country?.id,
  updated_at: country?.updated_at,
  country: country?.country ?? '',
  iso_code: country?.iso_code ?? '',
  code: country?.code ?? '',
  sms_from: country?.sms_from ?? '',
  sms_cid: country?.sms_cid ?? '',
  languages: country ? languageCodesOf(country) : [],
});

export function CountryDialog({ row: country, retry, onClose }: EditDialogProps<AdminCountry>) {
  const [save, { isLoading }] = useSaveCountryMutation();
  const { form, dialog } = useFormDialog(countryForm, {
    values: valuesOf(country),
    // The wire's comma string of languages, as the form's list.
    retried: (queued: CountryRequest) => ({ ...queued, languages: languageCodesOf(queued) }),
    retry,
    onClose,
    noun: 'country',
    save: (data) => save(countryRequestOf(data)),
    saving: isLoading,
    saved: (data) => `Country ${data.country} saved`,
  });
  const translations = useTranslationsQuery();

  const ticked = form.values.languages;
  const known = translations.data?.results ?? [];
  // A language of the country that the translations list lacks is still shown, so it is not dropped unseen.
  const unlisted = ticked.filter((code) => !known.some((language) => language.language_code === code));
  const choices = [...known.map((language) => ({ code: language.language_code, name: language.language_name })), ...unlisted.map((code) => ({ code, name: code }))];
  const toggle = (code: string, on: boolean) => form.set('languages', on ? [...ticked, code] : ticked.filter((other) => other !== code));
  const languagesError = form.errorOf('languages');

  return (
    <FormDialog {...dialog}>
      <TextField id="country-name" label="Country" {...form.textField('country')} autoFocus />
      <TextField
        id="country-iso-code"
        label="ISO Code"
        maxLength={2}
        helper="Two letters, as in ISO 3166-1: GH for Ghana"
        {...form.textField('iso_code', sanitizeIsoCode)}
      />
      <TextField
        id="country-code"
        label="Dialing Code"
        inputMode="decimal"
        helper="Digits and dots only, without the +"
        {...form.textField('code', sanitizeDialingCode)}
      />
      <TextField id="country-sms-from" label="SMS From" {...form.textField('sms_from')} />
      <TextField
        id="country-sms-cid"
        label="SMS CID"
        helper="Optional"
        value={form.values.sms_cid ?? ''}
        onChange={(value) => form.set('sms_cid', value)}
      />
      <FormGroup label="Languages" helperText={languagesError} intent={languagesError ? Intent.DANGER : Intent.NONE}>
        <div className="console-checklist" role="group" aria-label="Languages">
          {translations.isLoading && <Spinner size={16} />}
          {translations.isError && <p>The languages could not be loaded.</p>}
          {choices.map((language) => (
            <Checkbox
              key={language.code}
              label={`${language.name} (${language.code})`}
              checked={ticked.includes(language.code)}
              onChange={(e) => toggle(language.code, e.currentTarget.checked)}
            />
          ))}
        </div>
      </FormGroup>
    </FormDialog>
  );
}
