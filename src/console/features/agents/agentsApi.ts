// The Agents screen's calls (SPEC.md section 7): the agents on the new user backend, adding one
// (POST api/v1/agents/, one transaction) and editing one (PATCH api/v1/agents/{id}/); the agencies,
// campaigns and invites on the service backend. An edit may wait in the outbox offline; an add
// carries a password, so it never does, and names its own Idempotency-Key so that Save pressed
// again after a cut connection adds the agent once (AddAgentDialog).
import type { z } from 'zod';
import { IDEMPOTENCY_KEY_HEADER, INVITE_HISTORY_ROWS } from '../../../contract/constants';
import type { AgentRoleCampaign, Invite } from '../../../contract/entities';
import type { Page } from '../../../contract/api';
import type { editAgentForm } from '../../../contract/schemas/agents';
import { api } from '../../backends/api';
import { serviceList, toListRows, type FilteredView, type ListRows } from '../../backends/listPages';
import { TAB_PATHS } from '../../ground/paths';
import type { ConflictField } from '../../forms/editConflict';
import { offlineSave, type Saved } from '../../outbox/offlineWrite';
import { SHOWS_OWN_FAILURE } from '../../backends/baseQuery';

/** The body of POST api/v1/agents/: the add agent form with its dates as DD-MMM-YYYY. */
export interface AgentAddBody {
  first_name: string;
  last_name: string;
  username: string;
  password: string;
  msisdn: string;
  agency_id: number;
  campaign_id: number;
  role_start_date: string;
  role_end_date: string;
}

/** An edit: the role campaign's id (the address) and the fields PATCH api/v1/agents/{id}/ takes. */
export type AgentEdit = z.output<typeof editAgentForm> & { id: number };

/**
 * What an edit conflict compares of an agent, by the form's labels: the edit's fields, where the
 * agent row keeps them (its user's and role's), named by the row.
 */
export const agentConflict: ConflictField[] = [
  { field: 'first_name', label: 'First name', now: 'user_role.user.first_name' },
  { field: 'last_name', label: 'Second name', now: 'user_role.user.last_name' },
  { field: 'msisdn', label: 'Mobile Number', now: 'user_role.user.msisdn' },
  { field: 'status_type', label: 'Status', now: 'user_role.status_type.id', named: 'user_role.status_type.name' },
  { field: 'agency_id', label: 'Agency', now: 'user_role.agency_id', named: 'agency_name' },
  { field: 'campaign', label: 'Campaign', named: 'campaign_name' },
];

// Tags and the outbox entity are named for the row, a role campaign ('Agent' alone reads as a role name).
const AGENT_TAGS = [{ type: 'AgentRoleCampaign', id: 'LIST' }] as const;

export const agentsApi = api.enhanceEndpoints({ addTagTypes: ['AgentRoleCampaign'] }).injectEndpoints({
  endpoints: (build) => ({
    agents: build.query<ListRows<AgentRoleCampaign>, FilteredView>(serviceList('users', 'api/v1/user-role-campaigns/', AGENT_TAGS)),
    addAgent: build.mutation<AgentRoleCampaign, { body: AgentAddBody; key: string }>({
      query: ({ body, key }) => ({ backend: 'users', url: 'api/v1/agents/', method: 'POST', body, headers: { [IDEMPOTENCY_KEY_HEADER]: key } }),
      invalidatesTags: (_result, error) => (error ? [] : AGENT_TAGS),
    }),
    editAgent: build.mutation<Saved<AgentRoleCampaign>, AgentEdit>(
      offlineSave({
        backend: 'users',
        url: (body) => `api/v1/agents/${body.id}/`,
        method: 'PATCH',
        entity: 'AgentRoleCampaign',
        screen: TAB_PATHS.agents,
        describe: (body) => `Edit agent ${body.first_name} ${body.last_name}`,
        invalidates: AGENT_TAGS,
        conflict: agentConflict,
      }),
    ),
  }),
});

export const agentServiceApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** An agent's latest invites (SPEC.md section 2: only the first 10). */
    agentInvites: build.query<ListRows<Invite>, number>({
      query: (userId) => ({ backend: 'service', url: 'service/invites/', params: { agent_id: userId, page_size: INVITE_HISTORY_ROWS } }),
      transformResponse: (answer: Page<Invite>) => toListRows(answer),
      extraOptions: SHOWS_OWN_FAILURE,
    }),
  }),
});

export const { useAgentsQuery, useAddAgentMutation, useEditAgentMutation } = agentsApi;
export const { useAgentInvitesQuery } = agentServiceApi;
