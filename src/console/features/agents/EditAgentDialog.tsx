// Edit agent (SPEC.md sections 4 and 5): first name, second name and msisdn must not be empty (the
// contract's editAgentForm); a status change counts only with a valid msisdn (agentEditProblem);
// Save is enabled only when something changed. Only a Super Admin blacklists an agent or lifts it.
// A new agency clears the campaign until one of its campaigns is chosen. The edit sends the
// updated_at it read (a change made meanwhile is refused, not overwritten: the dialog's conflict
// panel shows both), and may wait in the outbox offline; a refused one is opened again from the
// outbox with its values.
import { FormGroup, HTMLSelect, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import type { AgentRoleCampaign } from '../../../contract/entities';
import * as messages from '../../../contract/messages';
import { STATUS_TYPE_ID } from '../../../contract/roles';
import { agentEditProblem, editAgentForm } from '../../../contract/schemas/agents';
import { useAgencyChoicesQuery, useStatusTypesQuery } from '../../backends/referenceApi';
import { useAgencyCampaignChoicesQuery } from '../../backends/campaignChoices';
import { FormDialog, useFormDialog, type EditDialogProps } from '../../components/FormDialog';
import { MsisdnField } from '../../components/MsisdnField';
import { TextField } from '../../components/TextField';
import { useCallerIsSuper } from '../../ground/useCallerIsSuper';
import { agentConflict, useEditAgentMutation, type AgentEdit } from './agentsApi';

/** The form's values as the dialog holds them (the schema reads the ids whatever their type). */
interface AgentEditValues {
  first_name: string;
  last_name: string;
  msisdn: string;
  status_type?: number;
  agency_id?: number;
  campaign?: number;
  updated_at?: string;
}

const valuesOf = (agent: AgentRoleCampaign): AgentEditValues => ({
  first_name: agent.user_role.user.first_name,
  last_name: agent.user_role.user.last_name,
  msisdn: agent.user_role.user.msisdn ?? '',
  status_type: agent.user_role.status_type.id,
  agency_id: agent.user_role.agency_id ?? undefined,
  campaign: agent.campaign,
  updated_at: agent.updated_at,
});

/**
 * The PATCH body: the names and msisdn always (the endpoint requires them), the status, agency and
 * campaign only when they differ from the agent as read, and the updated_at it was read at.
 */
export function agentEditBody(id: number, values: AgentEditValues, agent: AgentRoleCampaign | undefined): AgentEdit {
  const role = agent?.user_role;
  return {
    id,
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    msisdn: values.msisdn.trim(),
    ...(values.status_type !== undefined && values.status_type !== role?.status_type.id ? { status_type: values.status_type } : {}),
    ...(values.agency_id !== undefined && values.agency_id !== role?.agency_id ? { agency_id: values.agency_id } : {}),
    ...(values.campaign !== undefined && values.campaign !== agent?.campaign ? { campaign: values.campaign } : {}),
    updated_at: values.updated_at,
  };
}

/** Whether the body changes the agent (an agent not known here, editing a refused change again, counts as changed). */
export function agentEditChanges(body: AgentEdit, agent: AgentRoleCampaign | undefined): boolean {
  if (!agent) return true;
  const { user } = agent.user_role;
  return (
    body.first_name !== user.first_name || body.last_name !== user.last_name || body.msisdn !== (user.msisdn ?? '') ||
    'status_type' in body || 'agency_id' in body || 'campaign' in body
  );
}

/** A choice the lists do not hold (outside what the caller sees, or not loaded yet) is still shown by its name. */
function withCurrent<T extends { id: number }>(choices: T[] | undefined, current: T | undefined): T[] {
  const list = choices ?? [];
  return current && !list.some((choice) => choice.id === current.id) ? [current, ...list] : list;
}

export function EditAgentDialog({ row, retry, onClose }: EditDialogProps<AgentRoleCampaign>) {
  // The agent as the server has it, as far as this dialog knows: a conflict says how it is now.
  const [agent, setAgent] = useState(row);
  const [editAgent, { isLoading }] = useEditAgentMutation();
  const id = row?.id ?? (retry?.body as AgentEdit | undefined)?.id ?? 0;
  const { form, dialog } = useFormDialog(editAgentForm, {
    values: row ? valuesOf(row) : { first_name: '', last_name: '', msisdn: '' },
    // A refused edit holds only what it changed: the rest is the agent's.
    retried: (queued: AgentEdit): AgentEditValues => ({ ...(row ? valuesOf(row) : {}), ...queued }),
    retry,
    onClose,
    title: 'Edit agent',
    save: (data) => editAgent(agentEditBody(id, data, agent)),
    saving: isLoading,
    saved: () => messages.agentUpdated,
    conflict: agentConflict,
    // What the edit changes is reckoned from the agent as it is now.
    onConflict: (current) => setAgent(current as unknown as AgentRoleCampaign),
  });
  const values = form.values as AgentEditValues;
  const callerIsSuper = useCallerIsSuper();
  const statuses = useStatusTypesQuery();
  const agencies = useAgencyChoicesQuery();
  const campaigns = useAgencyCampaignChoicesQuery(values.agency_id, { skip: values.agency_id === undefined });

  const body = agentEditBody(id, values, agent);
  const changed = agentEditChanges(body, agent);
  const problem = agent
    ? agentEditProblem({ msisdn: agent.user_role.user.msisdn, status_type_id: agent.user_role.status_type.id }, { msisdn: body.msisdn, status_type: values.status_type })
    : null;
  const agencyMoved = agent !== undefined && values.agency_id !== (agent.user_role.agency_id ?? undefined);
  const campaignMissing = values.campaign === undefined;

  // Only a Super Admin blacklists an agent or lifts it (the server refuses anyone else).
  const statusChoices = (statuses.data?.results ?? []).filter((status) => callerIsSuper || status.id !== STATUS_TYPE_ID.Blacklisted);
  const agencyChoices = withCurrent(
    agencies.data?.rows.map((choice) => ({ id: choice.id, name: choice.agency_name })),
    !agencyMoved && agent?.user_role.agency_id ? { id: agent.user_role.agency_id, name: agent.agency_name ?? `Agency ${agent.user_role.agency_id}` } : undefined,
  );
  const campaignChoices = withCurrent(
    campaigns.currentData?.rows.map((choice) => ({ id: choice.id, name: choice.name })),
    !agencyMoved && agent ? { id: agent.campaign, name: agent.campaign_name } : undefined,
  );

  const msisdnError = form.errorOf('msisdn') ?? problem?.msisdn?.[0];
  const statusError = problem?.status_type?.[0];
  const campaignError = campaignMissing ? messages.campaignNotSelected : undefined;

  const nameOf = (choices: Array<{ id: number; name: string }>) => (id: unknown) => choices.find((choice) => choice.id === id)?.name;

  return (
    <FormDialog
      {...dialog}
      valid={dialog.valid && changed && !problem && !campaignMissing}
      conflictNames={{ status_type: nameOf(statusChoices), agency_id: nameOf(agencyChoices), campaign: nameOf(campaignChoices) }}
    >
      <div className="agents-form-pair">
        <TextField id="agent-first-name" label="First name" {...form.textField('first_name')} autoFocus />
        <TextField id="agent-last-name" label="Second name" {...form.textField('last_name')} />
      </div>
      <MsisdnField id="agent-msisdn" {...form.textField('msisdn')} error={msisdnError} />
      <FormGroup label="Status" labelFor="agent-status" helperText={statusError} intent={statusError ? Intent.DANGER : Intent.NONE}>
        <HTMLSelect id="agent-status" fill value={values.status_type ?? ''} onChange={(e) => form.set('status_type', Number(e.target.value))}>
          {statusChoices.length === 0 && agent && <option value={agent.user_role.status_type.id}>{agent.user_role.status_type.name}</option>}
          {statusChoices.map((status) => (
            <option key={status.id} value={status.id}>
              {status.name}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      <FormGroup label="Agency" labelFor="agent-agency">
        <HTMLSelect
          id="agent-agency"
          fill
          value={values.agency_id ?? ''}
          onChange={(e) => {
            form.set('agency_id', Number(e.target.value));
            // Another agency's campaigns are chosen afresh; back to the agent's own, its campaign again.
            form.set('campaign', Number(e.target.value) === agent?.user_role.agency_id ? agent.campaign : undefined);
          }}
        >
          {values.agency_id === undefined && <option value="">No agency</option>}
          {agencyChoices.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.name}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      <FormGroup label="Campaign" labelFor="agent-campaign" helperText={campaignError} intent={campaignError ? Intent.DANGER : Intent.NONE}>
        <HTMLSelect
          id="agent-campaign"
          fill
          value={values.campaign ?? ''}
          onChange={(e) => form.set('campaign', e.target.value ? Number(e.target.value) : undefined)}
        >
          {campaignMissing && <option value="">Choose a campaign</option>}
          {campaignChoices.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.name}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
    </FormDialog>
  );
}
