// Edit the SMS link prefixes of one country (SPEC.md section 2): one URL prefix per language,
// empty for the default welcome link, and a row to add a language code of 2 to 5 characters. The
// save sends the country's updated_at as read, so a change made meanwhile is refused, not overwritten.
import { Button } from '@blueprintjs/core';
import { Add, Cross } from '@blueprintjs/icons';
import { useState } from 'react';
import { z } from 'zod';
import type { CountrySmsRequest } from '../../../contract/api';
import type { CountrySms } from '../../../contract/entities';
import { countrySmsRequest, urlPrefix } from '../../../contract/schemas/adminForms';
import { languageCode } from '../../../contract/schemas/fields';
import { useTranslationsQuery } from '../../backends/referenceApi';
import { FormDialog, useFormDialog, type EditDialogProps } from '../../components/FormDialog';
import { TextField } from '../../components/TextField';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { countrySmsConflict, languagesOf, useSaveCountrySmsMutation } from './countrySmsApi';
import { SectionTitle } from '../../components/PageTitle';

const DEFAULT_LINK_HELP = 'Empty: the default welcome link is used.';

/** The country of a refused change that is neither the server's current row nor listed: as queued. */
const queuedCountry = (body: CountrySmsRequest): CountrySms =>
  ({ id: body.id, country: `+${body.code ?? ''}`, code: body.code ?? '', urls: body.urls, updated_at: body.updated_at ?? '' });

/** Opened on a listed country, or on a refused change to edit again (no new country is made here). */
export function CountrySmsDialog({ row, retry, onClose }: EditDialogProps<CountrySms>) {
  const country = row ?? queuedCountry(retry?.body as CountrySmsRequest);
  const [save, { isLoading }] = useSaveCountrySmsMutation();
  const { form, dialog } = useFormDialog(countrySmsRequest, {
    values: { id: country.id, updated_at: country.updated_at, code: country.code, urls: country.urls },
    retry,
    onClose,
    title: `SMS link prefixes: ${country.country}`,
    save,
    saving: isLoading,
    saved: () => `SMS link prefixes of ${country.country} saved`,
    conflict: countrySmsConflict,
  });
  const translations = useTranslationsQuery();
  // Languages added in this popup can be taken out again before saving; saved ones stay.
  const [added, setAdded] = useState<string[]>([]);
  // Each language added starts the 'add language' row afresh.
  const [additions, setAdditions] = useState(0);

  const urls = form.values.urls;
  const nameOf = (code: string) => translations.data?.results.find((language) => language.language_code === code)?.language_name;
  const labelOf = (code: string) => `${nameOf(code) ?? code} (${code})`;
  const setUrl = (code: string, url: string) => {
    form.set('urls', { ...urls, [code]: url });
    form.touch(`urls.${code}`);
  };
  const addLanguage = (code: string, url: string) => {
    setUrl(code, url);
    setAdded((codes) => [...codes, code]);
    setAdditions((n) => n + 1);
  };
  const removeLanguage = (code: string) => {
    const { [code]: _removed, ...rest } = urls;
    form.set('urls', rest);
    setAdded((codes) => codes.filter((other) => other !== code));
  };

  return (
    <FormDialog {...dialog}>
      {languagesOf(urls).length === 0 && <p>This country has no languages yet. Add one below.</p>}
      {languagesOf(urls).map((code) => (
        <TextField
          key={code}
          id={`prefix-${code}`}
          label={`URL prefix, ${labelOf(code)}`}
          type="url"
          placeholder="https://"
          value={urls[code] ?? ''}
          error={form.errorOf(`urls.${code}`)}
          helper={DEFAULT_LINK_HELP}
          onChange={(value) => setUrl(code, value)}
          onBlur={() => form.leave(`urls.${code}`)}
          rightElement={
            added.includes(code) ? (
              <Button variant="minimal" icon={<Cross />} aria-label={`Remove ${code}`} onClick={() => removeLanguage(code)} />
            ) : undefined
          }
        />
      ))}
      <NewLanguageRow key={additions} taken={languagesOf(urls)} onAdd={addLanguage} />
    </FormDialog>
  );
}

/** The 'add language' row: the contract's language code and URL prefix rules. */
const newLanguage = z.object({ code: languageCode, url: urlPrefix });

function NewLanguageRow({ taken, onAdd }: { taken: string[]; onAdd(code: string, url: string): void }) {
  const row = useSchemaForm(newLanguage, { code: '', url: '' });
  const code = (row.values.code as string).trim();
  const duplicate = taken.includes(code);
  return (
    <div className="console-new-language" role="group" aria-label="Add a language">
      <SectionTitle level={3}>Add a language</SectionTitle>
      <div className="console-new-language-fields">
        <TextField
          id="new-language-code"
          label="Language code"
          value={row.values.code as string}
          error={row.errorOf('code')}
          helper={duplicate ? `${code} is listed above already.` : undefined}
          onChange={(value) => row.set('code', value)}
          onBlur={() => row.leave('code')}
        />
        <TextField
          id="new-language-url"
          label="URL prefix"
          type="url"
          placeholder="https://"
          value={row.values.url as string}
          error={row.errorOf('url')}
          helper={DEFAULT_LINK_HELP}
          onChange={(value) => row.set('url', value)}
          onBlur={() => row.leave('url')}
        />
      </div>
      <Button icon={<Add />} disabled={!row.data || duplicate} onClick={() => row.data && onAdd(row.data.code, row.data.url)}>
        Add language
      </Button>
    </div>
  );
}
