// CAMPAIGN TYPE (SPEC.md sections 2 and 4): name, max agent count, budget allocated and the
// active flag, read-only until Edit; Save returns to read-only with a snackbar. Only a Super Admin
// may change the active flag (the server refuses anyone else); the budget is read-only for all.
// The name and flag go to the campaign, the max agent count to its version in force. A campaign
// changed meanwhile by someone else shows the conflict panel (the dialogs' own, components/ConflictPanel).
import { Button, Checkbox, FormGroup, Intent } from '@blueprintjs/core';
import { Edit } from '@blueprintjs/icons';
import { useState, type ReactNode } from 'react';
import { z } from 'zod';
import { activeFlagWord } from '../../../contract/constants';
import type { Campaign, CampaignVersion } from '../../../contract/entities';
import * as messages from '../../../contract/messages';
import { formatMoney } from '../../../contract/money';
import { campaignForm, campaignVersionForm } from '../../../contract/schemas/campaigns';
import { useAppDispatch, useAppSelector } from '../../ground/hooks';
import { useCallerIsSuper } from '../../ground/useCallerIsSuper';
import { ConflictPanel } from '../../components/ConflictPanel';
import { conflictOf, conflictRows, theirValues, updatedAtOf, type CurrentRow } from '../../forms/editConflict';
import { Facts } from '../../components/Facts';
import { TextField } from '../../components/TextField';
import { showSuccess } from '../../components/toaster';
import { formatCount } from '../../format/formatCount';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { isQueuedWrite } from '../../outbox/offlineWrite';
import { entryDiscarded, type OutboxEntry } from '../../outbox/outboxSlice';
import { RetryNotice, retryValues, useOutboxRetry } from '../../outbox/retry';
import {
  campaignConflict, useSaveCampaignMutation, useSaveCampaignVersionMutation, type CampaignEdit, type CampaignVersionEdit,
} from './campaignsApi';

/** The tab's form: the max agent count is typed as text and read as the version's whole number. */
const campaignTypeForm = z.object({
  name: campaignForm.shape.name,
  max_agent_count: z
    .string()
    .trim()
    .regex(/^\d{1,7}$/, { error: messages.maxAgentCountInvalid })
    .transform(Number)
    .pipe(campaignVersionForm.shape.max_agent_count),
  active_flag: z.boolean(),
});

export const CAMPAIGN_SAVED = 'Campaign saved';

/** The campaign with a queued edit applied (shown until the server has it). */
export const withQueuedCampaign = (campaign: Campaign, body: CampaignEdit): Campaign => ({
  ...campaign,
  name: body.name ?? campaign.name,
  active_flag: body.active_flag ?? campaign.active_flag,
});

export const withQueuedVersion = (version: CampaignVersion, body: CampaignVersionEdit): CampaignVersion => ({
  ...version,
  max_agent_count: typeof body.max_agent_count === 'number' ? body.max_agent_count : version.max_agent_count,
});

interface CampaignTypeTabProps {
  campaign: Campaign;
  version?: CampaignVersion;
  /** Why the version in force could not be shown (section 8), if it could not. */
  versionMissing?: string;
  /** The 'pending' tag of a change waiting in the outbox. */
  pendingNote?: ReactNode;
}

export function CampaignTypeTab({ campaign, version, versionMissing, pendingNote }: CampaignTypeTabProps) {
  const [editing, setEditing] = useState(false);
  // A refused edit of this campaign opened again from the outbox ('Edit and retry').
  const retry = useOutboxRetry('saveCampaign');
  const retried = (retry.entry?.body as CampaignEdit | undefined)?.id === campaign.id ? retry.entry : undefined;
  const done = () => {
    setEditing(false);
    if (retried) retry.finish();
  };
  return editing || retried ? (
    <CampaignTypeForm key={retried?.key} campaign={campaign} version={version} retry={retried} onDone={done} />
  ) : (
    <>
      <Facts
        label="Campaign type"
        facts={[
          ['Name', <>{campaign.name}{pendingNote}</>],
          ['Max agent count', version ? formatCount(version.max_agent_count) : (versionMissing ?? '…')],
          ['Budget allocated', formatMoney(version?.budget_allocated_amount ?? campaign.budget_allocated_amount, version?.currency ?? campaign.currency)],
          ['Campaign type', campaign.extra_data.campaign_type],
          ['Active', <Checkbox checked={campaign.active_flag} disabled label={activeFlagWord(campaign.active_flag)} />],
          ['Last changed by', campaign.updated_by ?? '—'],
        ]}
      />
      <div className="console-tab-actions">
        <Button icon={<Edit />} intent={Intent.PRIMARY} onClick={() => setEditing(true)}>
          Edit
        </Button>
      </div>
    </>
  );
}

interface CampaignTypeFormProps {
  campaign: Campaign;
  version?: CampaignVersion;
  retry?: OutboxEntry;
  onDone(): void;
}

function CampaignTypeForm({ campaign, version, retry, onDone }: CampaignTypeFormProps) {
  const dispatch = useAppDispatch();
  const username = useAppSelector((state) => state.session.user?.username);
  const callerIsSuper = useCallerIsSuper();
  const queued = retry && retryValues<CampaignEdit>(retry);
  const [saveCampaign, campaignSave] = useSaveCampaignMutation();
  const [saveVersion, versionSave] = useSaveCampaignVersionMutation();
  // The campaign as the server has it now, after a save (or the refused change opened again) met a
  // change made meanwhile, until the user chose what to do; then the version the form is on.
  const [conflict, setConflict] = useState(() => (retry?.refusal?.current as CurrentRow | undefined) ?? undefined);
  const [readAt, setReadAt] = useState<string>();
  const form = useSchemaForm(campaignTypeForm, {
    name: queued?.name ?? campaign.name,
    max_agent_count: version ? String(version.max_agent_count) : '',
    active_flag: queued?.active_flag ?? campaign.active_flag,
  });

  const save = async (updatedAt = readAt ?? campaign.updated_at) => {
    form.submitTried();
    const data = form.data;
    if (!data) return;
    const activeChanged = callerIsSuper && data.active_flag !== campaign.active_flag;
    const saves: Array<PromiseLike<{ data: unknown } | { error: unknown }>> = [];
    if (data.name !== campaign.name || activeChanged) {
      // The copy this form was opened on: a change made meanwhile by someone else is refused, not overwritten.
      saves.push(saveCampaign({ id: campaign.id, name: data.name, updated_at: updatedAt, ...(activeChanged ? { active_flag: data.active_flag } : {}) }));
    }
    if (version && data.max_agent_count !== version.max_agent_count) {
      saves.push(saveVersion({ id: version.id, campaign: campaign.id, max_agent_count: data.max_agent_count }));
    }
    const results = await Promise.all(saves);
    const failed = results.find((result): result is { error: unknown } => 'error' in result);
    if (failed) {
      // Anything but a conflict the error toast has said.
      setConflict(conflictOf(failed));
      return;
    }
    if (!results.some((result) => 'data' in result && isQueuedWrite(result.data))) showSuccess(CAMPAIGN_SAVED);
    // The refused change this one replaces is done with.
    if (retry && username) dispatch(entryDiscarded({ username, key: retry.key }));
    onDone();
  };

  const takeTheirs = (current: CurrentRow) => {
    setConflict(undefined);
    if (retry) {
      // The queued change is dropped: the server keeps what it has.
      if (username) dispatch(entryDiscarded({ username, key: retry.key }));
      onDone();
      return;
    }
    const theirs = theirValues(campaignConflict, form.values, current);
    form.set('name', theirs.name);
    form.set('active_flag', theirs.active_flag);
    setReadAt(updatedAtOf(current));
  };

  const keepMine = (current: CurrentRow) => {
    const updatedAt = updatedAtOf(current);
    setConflict(undefined);
    setReadAt(updatedAt);
    void save(updatedAt);
  };

  return (
    <form
      noValidate
      aria-label="Edit campaign type"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      {conflict ? (
        <ConflictPanel
          text={messages.recordChanged}
          rows={conflictRows(campaignConflict, form.values, conflict)}
          onUseTheirs={() => takeTheirs(conflict)}
          onKeepMine={() => keepMine(conflict)}
          onCancel={onDone}
          keeping={campaignSave.isLoading || versionSave.isLoading}
          canKeepMine={form.valid}
          queued={retry !== undefined}
        />
      ) : (
        retry && <RetryNotice entry={retry} />
      )}
      <div className="console-facts">
        <TextField id="campaign-name" label="Name" {...form.textField('name')} />
        <TextField
          id="campaign-max-agents"
          label="Max agent count"
          inputMode="numeric"
          disabled={!version}
          {...form.textField('max_agent_count', (typed) => typed.replace(/[^\d]/g, ''))}
        />
        <FormGroup label="Budget allocated" labelFor="campaign-budget" helperText="The budget is set with the campaign's version and cannot be changed here.">
          <input id="campaign-budget" className="bp6-input" readOnly value={formatMoney(version?.budget_allocated_amount ?? campaign.budget_allocated_amount, version?.currency ?? campaign.currency)} />
        </FormGroup>
        <FormGroup label="Active" helperText={callerIsSuper ? undefined : 'Only a Super Admin may change this.'}>
          <Checkbox
            checked={Boolean(form.values.active_flag)}
            disabled={!callerIsSuper}
            label={activeFlagWord(Boolean(form.values.active_flag))}
            onChange={(event) => form.set('active_flag', event.currentTarget.checked)}
          />
        </FormGroup>
      </div>
      {!conflict && (
        <div className="console-tab-actions">
          <Button type="submit" intent={Intent.PRIMARY} loading={campaignSave.isLoading || versionSave.isLoading} disabled={!form.valid}>
            Save
          </Button>
          <Button onClick={onDone}>Cancel</Button>
        </div>
      )}
    </form>
  );
}
