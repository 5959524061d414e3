// The Agents list's state: the list's page, size, search and sort, plus its filters (agency,
// campaign, status, and for a Super Admin 'Include Blacklisted' and BQ), kept in the address with
// the list (?agency=3&campaign=7&status=Active&blacklisted=1&bq=1) so Back and bookmarks keep them; and how
// a queued edit shows on its row until the server has it.
import type { AgentRoleCampaign } from '../../../contract/entities';
import { ROLE_TYPE_ID, STATUS_TYPES, statusTypeOfId, type StatusTypeName } from '../../../contract/roles';
import type { FilteredView, ListView } from '../../backends/listPages';
import { idParam, useListFilters } from '../../address/useListParams';
import { useCallerIsSuper } from '../../ground/useCallerIsSuper';
import type { EditableList } from '../../components/EditableList';
import { useAgentsQuery, type AgentEdit } from './agentsApi';

export interface AgentFilters {
  agency?: number;
  campaign?: number;
  status?: StatusTypeName;
  includeBlacklisted: boolean;
  bq: boolean;
}

/** The filters an address names; anything it does not know is left out. */
export function agentFiltersOf(params: Pick<URLSearchParams, 'get'>): AgentFilters {
  const status = STATUS_TYPES.find((name) => name === params.get('status'));
  return {
    agency: idParam(params.get('agency')),
    campaign: idParam(params.get('campaign')),
    status,
    includeBlacklisted: params.get('blacklisted') === '1',
    bq: params.get('bq') === '1',
  };
}

/** The address of the filters: each one's parameter, undefined when it is not set. */
export function agentFilterParams(filters: AgentFilters): Record<string, string | undefined> {
  return {
    agency: filters.agency?.toString(),
    campaign: filters.campaign?.toString(),
    status: filters.status,
    blacklisted: filters.includeBlacklisted ? '1' : undefined,
    bq: filters.bq ? '1' : undefined,
  };
}

/**
 * The query of GET api/v1/user-role-campaigns/ for these filters. Blacklisted agents and BQ are a
 * Super Admin's only (the server refuses both from anyone else, and never shows them blacklisted
 * agents): a Super Admin sends blacklisted=False unless 'Include Blacklisted' is ticked, or the
 * Blacklisted status itself is asked for; bq=true only when BQ is ticked.
 */
export function agentQueryFilters(filters: AgentFilters, callerIsSuper: boolean): FilteredView['filters'] {
  const hideBlacklisted = callerIsSuper && !filters.includeBlacklisted && filters.status !== 'Blacklisted';
  return {
    role_type_id: ROLE_TYPE_ID.Agent,
    agency_id: filters.agency,
    campaign_ids: filters.campaign,
    status_types: filters.status,
    blacklisted: hideBlacklisted ? 'False' : undefined,
    bq: callerIsSuper && filters.bq ? 'true' : undefined,
  };
}

/** The filters in the address, and how to change them (a new history entry each, so Back undoes it; back at page 1). */
export function useAgentFilters() {
  const { filter, setFilters } = useListFilters();
  const filters = agentFiltersOf({ get: filter });
  return {
    filters,
    /** Changes some filters; a new agency drops the campaign of the one before. */
    change: (change: Partial<AgentFilters>) => {
      const next = { ...filters, ...change };
      if ('agency' in change && !('campaign' in change)) next.campaign = undefined;
      setFilters(agentFilterParams(next));
    },
  };
}

/** The agents of a list view, narrowed by the filters in the address. */
function useAgentRows(view: ListView) {
  const { filters } = useAgentFilters();
  return useAgentsQuery({ ...view, filters: agentQueryFilters(filters, useCallerIsSuper()) });
}

/** An agent with a queued edit applied (names, msisdn, status; the agency and campaign names come with the server's answer). */
export function withQueuedAgentEdit(row: AgentRoleCampaign, body: AgentEdit): AgentRoleCampaign {
  const { user_role: role } = row;
  const status = body.status_type === undefined ? role.status_type : { id: body.status_type, name: statusTypeOfId(body.status_type) ?? role.status_type.name };
  return {
    ...row,
    user_role: { ...role, status_type: status, user: { ...role.user, first_name: body.first_name, last_name: body.last_name, msisdn: body.msisdn } },
  };
}

/** The Agents screen's list: newest first (the server's own order), and its outbox overlay. */
export const agentsList: EditableList<AgentRoleCampaign> = {
  initialOrder: '',
  useList: useAgentRows,
  pending: { entity: 'AgentRoleCampaign', endpoint: 'editAgent', apply: withQueuedAgentEdit },
};
