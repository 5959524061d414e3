// Add agent (SPEC.md section 5): every rule is the contract's addAgentForm. The msisdn is typed
// nationally (0...) and shown as it will be stored, in international form with the agency's
// dialing code (MsisdnField). The add is one call; it carries a password, so it never waits in the outbox and
// needs a connection. Save pressed again with the same values after a cut connection sends the
// same Idempotency-Key, so the server answers the first add again instead of adding a second agent.
import { useAgencyChoicesQuery } from '../../backends/referenceApi';
import { useAgencyCampaignChoicesQuery } from '../../backends/campaignChoices';
import { FormGroup, HTMLSelect, Intent } from '@blueprintjs/core';
import { useRef, useState } from 'react';
import type { z } from 'zod';
import { fromRequestDate, toRequestDate } from '../../../contract/dates';
import * as messages from '../../../contract/messages';
import { addAgentForm } from '../../../contract/schemas/agents';
import { type FieldErrors } from '../../../contract/schemas/fieldErrors';
import { useAppSelector } from '../../ground/hooks';
import { FormDialog, useFormDialog } from '../../components/FormDialog';
import { MsisdnField } from '../../components/MsisdnField';
import { PasswordField } from '../../components/PasswordField';
import { TextField } from '../../components/TextField';
import type { ApiFailure } from '../../http/failure';
import { selectBrowserOffline } from '../../http/connectivity';
import { newIdempotencyKey } from '../../outbox/offlineWrite';
import { useAddAgentMutation, type AgentAddBody } from './agentsApi';

export const AGENT_ADD_NEEDS_CONNECTION =
  'You are offline. A password is never kept on this device, so adding an agent needs a connection.';

type AddAgentValues = z.input<typeof addAgentForm>;

/** A new agent's form: nothing chosen yet (0 is no agency or campaign), dates as DD-MMM-YYYY. */
const EMPTY: AddAgentValues = {
  first_name: '', last_name: '', username: '', password: '', msisdn: '', agency_id: 0, campaign_id: 0, role_start_date: '', role_end_date: '',
};

/** The body of POST api/v1/agents/: the parsed form, its dates back in DD-MMM-YYYY. */
export function agentAddBody(data: z.output<typeof addAgentForm>): AgentAddBody {
  return {
    first_name: data.first_name,
    last_name: data.last_name,
    username: data.username,
    password: data.password,
    msisdn: data.msisdn,
    agency_id: data.agency_id,
    campaign_id: data.campaign_id,
    role_start_date: toRequestDate(data.role_start_date),
    role_end_date: toRequestDate(data.role_end_date),
  };
}

/** One Idempotency-Key per body: the same body sent again (a retry) goes with the key of its first try. */
function useKeyPerBody() {
  const last = useRef<{ body: string; key: string } | null>(null);
  return (body: AgentAddBody): string => {
    const text = JSON.stringify(body);
    if (last.current?.body !== text) last.current = { body: text, key: newIdempotencyKey() };
    return last.current.key;
  };
}

export function AddAgentDialog({ onClose }: { onClose(): void }) {
  const [addAgent, { isLoading }] = useAddAgentMutation();
  const keyFor = useKeyPerBody();
  // The server's refusal of a field (a duplicate msisdn or username), shown while the value is the one refused.
  const [refused, setRefused] = useState<{ body: AgentAddBody; errors: FieldErrors } | null>(null);
  const { form, dialog } = useFormDialog(addAgentForm, {
    values: EMPTY,
    onClose,
    noun: 'agent',
    save: async (data) => {
      const body = agentAddBody(data);
      const result = await addAgent({ body, key: keyFor(body) });
      if ('error' in result) setRefused({ body, errors: (result.error as ApiFailure).errors ?? {} });
      return result;
    },
    saving: isLoading,
    saved: () => messages.agentAdded,
  });
  const browserOffline = useAppSelector(selectBrowserOffline);
  const agencies = useAgencyChoicesQuery();
  const agencyId = form.values.agency_id;
  const campaigns = useAgencyCampaignChoicesQuery(agencyId, { skip: !agencyId });

  type Field = keyof AgentAddBody;
  const refusal = (field: Field) =>
    refused && String(refused.body[field]) === String(form.values[field] ?? '').trim() ? refused.errors[field]?.[0] : undefined;
  const errorOf = (field: Field) => form.errorOf(field) ?? refusal(field);
  const textField = (field: Field) => ({ ...form.textField(field), error: errorOf(field) });

  const agency = agencies.data?.rows.find((choice) => choice.id === agencyId);

  const chooseAgency = (value: string) => {
    form.set('agency_id', Number(value) || 0);
    // The campaign belongs to the agency: another agency's campaigns are chosen afresh.
    if (form.values.campaign_id) form.set('campaign_id', 0);
  };
  const dateField = (field: 'role_start_date' | 'role_end_date') => ({
    type: 'date',
    value: fromRequestDate(form.values[field] ?? '') ?? '',
    error: errorOf(field),
    onChange: (iso: string) => form.set(field, iso ? toRequestDate(iso) : ''),
    onBlur: () => form.leave(field),
  });

  return (
    <FormDialog {...dialog} blockedReason={browserOffline ? AGENT_ADD_NEEDS_CONNECTION : undefined}>
      <div className="agents-form-pair">
        <TextField id="agent-first-name" label="First name" {...textField('first_name')} autoFocus />
        <TextField id="agent-last-name" label="Last name" {...textField('last_name')} />
      </div>
      <TextField id="agent-username" label="Username" autoComplete="off" {...textField('username')} />
      <PasswordField
        id="agent-password"
        value={form.values.password ?? ''}
        error={errorOf('password')}
        generatedNote="Generated password: pass it on to the agent now."
        onChange={(value) => form.set('password', value)}
        onBlur={() => form.leave('password')}
      />
      <MsisdnField id="agent-msisdn" placeholder="0241234567" {...textField('msisdn')} dialingCode={agency?.country.country_dialing_code} />
      <FormGroup label="Agency" labelFor="agent-agency" helperText={errorOf('agency_id')} intent={errorOf('agency_id') ? Intent.DANGER : Intent.NONE}>
        <HTMLSelect id="agent-agency" fill value={agencyId || ''} onChange={(e) => chooseAgency(e.target.value)} onBlur={() => form.leave('agency_id')}>
          <option value="">Choose an agency</option>
          {agencies.data?.rows.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.agency_name}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      <FormGroup
        label="Campaign"
        labelFor="agent-campaign"
        helperText={errorOf('campaign_id') ?? (agencyId ? undefined : 'Choose an agency first.')}
        intent={errorOf('campaign_id') ? Intent.DANGER : Intent.NONE}
      >
        <HTMLSelect
          id="agent-campaign"
          fill
          disabled={!agencyId}
          value={form.values.campaign_id || ''}
          onChange={(e) => form.set('campaign_id', Number(e.target.value) || 0)}
          onBlur={() => form.leave('campaign_id')}
        >
          <option value="">Choose a campaign</option>
          {agencyId
            ? campaigns.currentData?.rows.map((campaign) => (
                <option key={campaign.id} value={campaign.id}>
                  {campaign.name}
                </option>
              ))
            : null}
        </HTMLSelect>
      </FormGroup>
      <div className="agents-form-pair">
        <TextField id="agent-start-date" label="Start date" {...dateField('role_start_date')} />
        <TextField id="agent-end-date" label="End date" {...dateField('role_end_date')} />
      </div>
    </FormDialog>
  );
}
