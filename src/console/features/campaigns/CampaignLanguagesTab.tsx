// CAMPAIGN LANGUAGES (SPEC.md section 2): the languages the campaign's messages go out in; add a
// 2 to 5 character code (the add form toggles open and closed), delete one. Both may wait in the
// outbox offline: an addition shows above the list, a deletion as 'pending' on its row.
import { Button, HTMLTable, Intent, Spinner } from '@blueprintjs/core';
import { Minus, Plus, Trash } from '@blueprintjs/icons';
import { useState } from 'react';
import type { Campaign, CampaignLanguage } from '../../../contract/entities';
import * as messages from '../../../contract/messages';
import { campaignLanguageForm } from '../../../contract/schemas/campaigns';
import { TextField } from '../../components/TextField';
import { showSuccess } from '../../components/toaster';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { isQueuedWrite } from '../../outbox/offlineWrite';
import { PendingNewRows, usePendingRows } from '../../outbox/pendingRows';
import { useAddCampaignLanguageMutation, useCampaignLanguagesQuery, useDeleteCampaignLanguageMutation, useKnownLanguagesQuery } from './campaignsApi';
import { EmptyState } from '../../components/EmptyState';

export function CampaignLanguagesTab({ campaign }: { campaign: Campaign }) {
  const languages = useCampaignLanguagesQuery(campaign.id);
  const known = useKnownLanguagesQuery();
  const [adding, setAdding] = useState(false);
  // A fresh add form after each addition (empty, untouched).
  const [additions, setAdditions] = useState(0);
  const [remove, removal] = useDeleteCampaignLanguageMutation();
  const pending = usePendingRows<CampaignLanguage>('CampaignLanguage');
  const added = pending.added.filter((entry) => (entry.body as { campaign?: unknown } | undefined)?.campaign === campaign.id);
  const nameOf = new Map((known.data?.rows ?? []).map((language) => [language.language_code, language.language_name]));

  const deleteLanguage = async (language: CampaignLanguage) => {
    const result = await remove(language);
    if ('data' in result && !isQueuedWrite(result.data)) showSuccess(`Language ${language.language_code} deleted`);
  };

  return (
    <>
      <div className="console-tab-actions">
        <Button icon={adding ? <Minus /> : <Plus />} intent={adding ? Intent.NONE : Intent.PRIMARY} onClick={() => setAdding(!adding)} aria-expanded={adding}>
          {adding ? 'Close add form' : 'Add language'}
        </Button>
      </div>
      {adding && (
        <AddLanguageForm
          key={additions}
          campaign={campaign}
          suggestions={known.data?.rows.map((language) => language.language_code) ?? []}
          onAdded={() => setAdditions(additions + 1)}
        />
      )}
      <PendingNewRows entries={added} />
      {languages.data ? (
        languages.data.rows.length === 0 ? (
          <EmptyState title="This campaign has no languages yet" />
        ) : (
          <HTMLTable compact striped className="console-table" aria-label="Campaign languages">
            <thead>
              <tr>
                <th>Code</th>
                <th>Language</th>
                <th aria-label="Actions" />
              </tr>
            </thead>
            <tbody>
              {languages.data.rows.map((language) => (
                <tr key={language.id}>
                  <td>
                    <code>{language.language_code}</code>
                    {pending.note(language)}
                  </td>
                  <td>{nameOf.get(language.language_code) ?? ''}</td>
                  <td className="console-row-actions">
                    <Button
                      variant="minimal"
                      intent={Intent.DANGER}
                      icon={<Trash />}
                      aria-label={`Delete ${language.language_code}`}
                      loading={removal.isLoading && removal.originalArgs?.id === language.id}
                      onClick={() => void deleteLanguage(language)}
                    >
                      Delete
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )
      ) : languages.isError ? (
        <EmptyState title={messages.campaignDetailsUnavailable} />
      ) : (
        <Spinner size={24} />
      )}
    </>
  );
}

function AddLanguageForm({ campaign, suggestions, onAdded }: { campaign: Campaign; suggestions: string[]; onAdded(): void }) {
  const [add, adding] = useAddCampaignLanguageMutation();
  const form = useSchemaForm(campaignLanguageForm, { language_code: '', campaign: campaign.id });

  const submit = async () => {
    form.submitTried();
    if (!form.data) return;
    const result = await add(form.data);
    if (!('data' in result)) return;
    if (!isQueuedWrite(result.data)) showSuccess(`Language ${form.data.language_code} added`);
    onAdded();
  };

  return (
    <form
      className="console-inline-form"
      aria-label="Add language"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <TextField id="campaign-language-code" label="Language code" placeholder="en" list="campaign-language-codes" autoComplete="off" {...form.textField('language_code', (typed) => typed.trim())} />
      <datalist id="campaign-language-codes">
        {suggestions.map((code) => (
          <option key={code} value={code} />
        ))}
      </datalist>
      <Button type="submit" intent={Intent.PRIMARY} loading={adding.isLoading} className="console-inline-submit">
        Add
      </Button>
    </form>
  );
}
