// Add or edit a country (SPEC.md section 5): name, dialing code (only digits and dots are kept as
// it is typed), SMS from, an optional SMS CID, and at least one language ticked. An edit sends the
// updated_at it read, so a change made meanwhile by someone else is refused rather than overwritten.
import { Checkbox, FormGroup, Intent, Spinner } from '@blueprintjs/core';
import type { z } from 'zod';
import type { CountryRequest } from '../../../contract/api';
import type { AdminCountry } from '../../../contract/entities';
import { countryForm, sanitizeDialingCode } from '../../../contract/schemas';
import { useTranslationsQuery } from '../../api/referenceApi';
import { FormDialog } from '../../components/FormDialog';
import { TextField } from '../../components/TextField';
import { useSchemaForm } from '../../forms/useSchemaForm';
import type { OutboxEntry } from '../../outbox/outboxSlice';
import { retryValues, useSaveAndClose } from '../../outbox/retry';
import { countryRequestOf, languageCodesOf, useSaveCountryMutation } from './countriesApi';

interface CountryDialogProps {
  country?: AdminCountry;
  /** A refused outbox entry to edit again. */
  retry?: OutboxEntry;
  onClose(): void;
}

function initialValues(country: AdminCountry | undefined, retry: OutboxEntry | undefined): z.input<typeof countryForm> {
  if (retry) {
    const queued = retryValues<CountryRequest>(retry);
    return { ...queued, languages: languageCodesOf(queued) };
  }
  return {
    id: country?.id,
    updated_at: country?.updated_at,
    country: country?.country ?? '',
    code: country?.code ?? '',
    sms_from: country?.sms_from ?? '',
    sms_cid: country?.sms_cid ?? '',
    languages: country ? languageCodesOf(country) : [],
  };
}

export function CountryDialog({ country, retry, onClose }: CountryDialogProps) {
  const form = useSchemaForm(countryForm, initialValues(country, retry));
  const editing = form.values.id !== undefined;
  const saveAndClose = useSaveAndClose(retry, onClose);
  const translations = useTranslationsQuery();
  const [save, { isLoading }] = useSaveCountryMutation();

  const ticked = form.values.languages;
  const known = translations.data?.results ?? [];
  // A language of the country that the translations list lacks is still shown, so it is not dropped unseen.
  const unlisted = ticked.filter((code) => !known.some((language) => language.language_code === code));
  const choices = [...known.map((language) => ({ code: language.language_code, name: language.language_name })), ...unlisted.map((code) => ({ code, name: code }))];
  const toggle = (code: string, on: boolean) => form.set('languages', on ? [...ticked, code] : ticked.filter((other) => other !== code));
  const languagesError = form.errorOf('languages');

  async function submit() {
    if (form.data) await saveAndClose(save(countryRequestOf(form.data)), `Country ${form.data.country} saved`);
  }

  return (
    <FormDialog
      title={editing ? 'Edit country' : 'Add country'}
      isOpen
      valid={form.valid}
      saving={isLoading}
      onClose={onClose}
      onSave={submit}
      retry={retry}
    >
      <TextField
        id="country-name"
        label="Country"
        {...form.textField('country')}
        autoFocus
      />
      <TextField
        id="country-code"
        label="Dialing Code"
        inputMode="decimal"
        helper="Digits and dots only, without the +"
        {...form.textField('code', sanitizeDialingCode)}
      />
      <TextField
        id="country-sms-from"
        label="SMS From"
        {...form.textField('sms_from')}
      />
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
