// Agents (SPEC.md sections 2 to 6): the console's list of field users' role campaigns
// (GET api/v1/user-role-campaigns/), and adding and editing an agent. Adding is one call and one
// transaction (POST api/v1/agents/, ours): the user, its Agent role (status Active) and its role
// campaign are written together or not at all, and the Idempotency-Key the console sends makes a
// retry after a cut connection answer the first add instead of adding again (docs/decisions.md, 'Agents').
// Editing is one transaction too (PATCH api/v1/agents/{id}/, ours), so a move of agency and
// campaign never stops halfway.
import { and, desc, eq, ilike, inArray, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { z } from 'zod';
import type { ListPage } from '../../../contract/api';
import type { AgentRoleCampaign, AgentUser } from '../../../contract/entities';
import * as messages from '../../../contract/messages';
import { toInternationalMsisdn } from '../../../contract/msisdn';
import { AGENT_COUNT_CAP } from '../../../contract/constants';
import { ROLE_TYPE_ID, STATUS_TYPE_ID, type RoleScope } from '../../../contract/roles';
import { agentEditProblem, type addAgentForm, type agentQuery, type editAgentForm } from '../../../contract/schemas/agents';
import { joinFieldErrors } from '../../../contract/schemas/fieldErrors';
import { hashPassword } from '../../auth/passwords';
import { seesEverything, within, type Caller } from '../../auth/scope';
import type { Database } from '../../db/client';
import { isStorableId } from '../../db/errors';
import { lockRow } from '../../db/locks';
import { agencies, campaigns, fraudEvents, userRoleCampaigns, userRoles, users, userSearchText } from '../../db/schema';
import { Invalid, Refused } from '../errors';
import { auditedSave } from '../save';
import { containing, foldedText, msisdnSearch, orderOf, paged, type ListParams } from '../lists';
import { agentVisible, countAgentRows, findAgent, selectAgentIds, selectAgentRows, toAgent } from './agentRows';
import { editedMsisdn, insertFieldUser, lockedFieldUser, updateFieldUser } from './fieldUsers';
import { agencyForRole, campaignForRole, duplicateRefusal } from './placement';
import { insertRole, insertRoleCampaign, updateRole, updateRoleCampaign } from './userRoles';

export const AGENT_SORT = [
  'id', 'first_name', 'last_name', 'username', 'msisdn', 'status', 'agency_name', 'campaign_name', 'role_start_date', 'role_end_date',
] as const;
type AgentSort = (typeof AGENT_SORT)[number];

const sortColumns: Record<AgentSort, SQLWrapper> = {
  id: userRoleCampaigns.id, first_name: foldedText(users.firstName), last_name: foldedText(users.lastName),
  username: foldedText(users.username), msisdn: users.msisdn,
  status: userRoles.statusTypeId, agency_name: foldedText(agencies.name), campaign_name: foldedText(campaigns.name),
  role_start_date: userRoles.roleStartDate, role_end_date: userRoles.roleEndDate,
};

/** Name, username or msisdn containing the term, through the trigram index (a national number without its 0). */
function agentSearch(search: string): SQL {
  if (!search) return sql`true`;
  return ilike(userSearchText(users), containing(msisdnSearch(search)));
}

/** The agents the caller sees: newest first unless `ordering` says otherwise. */
export async function listAgents(
  db: Database, scope: RoleScope, query: z.output<typeof agentQuery>, params: ListParams<AgentSort>,
): Promise<ListPage<AgentRoleCampaign> & { count_capped: boolean }> {
  if (!seesEverything(scope) && (query.blacklisted || query.bq)) throw Refused.superAdminOnly(messages.superOnlyAgentFilters);
  const where = and(
    eq(userRoles.roleTypeId, query.role_type_id),
    agentVisible(scope),
    query.blacklisted === false ? ne(userRoles.statusTypeId, STATUS_TYPE_ID.Blacklisted) : undefined,
    query.campaign_ids === undefined ? undefined : within(userRoleCampaigns.campaignId, query.campaign_ids.filter(isStorableId)),
    query.agency_id === undefined ? undefined : within(userRoles.agencyId, [query.agency_id].filter(isStorableId)),
    query.status_types === undefined ? undefined : inArray(userRoles.statusTypeId, query.status_types.map((name) => STATUS_TYPE_ID[name])),
    query.bq ? sql`exists (select 1 from ${fraudEvents} where ${fraudEvents.agentId} = ${users.id})` : undefined,
    agentSearch(params.search),
  );
  const order = params.order ? orderOf(params, sortColumns, userRoleCampaigns.id) : [desc(userRoleCampaigns.id)];
  const ids = paged(selectAgentIds(db).where(where).orderBy(...order).$dynamic(), params);
  const rows = await selectAgentRows(db).where(inArray(userRoleCampaigns.id, ids)).orderBy(...order);
  // Counted up to the cap, or one row past this page: enough for the next link, never 200,000 rows.
  const countAtMost = Math.max(AGENT_COUNT_CAP, params.offset + (params.limit ?? 0) + 1);
  const count = await countAgentRows(db, where, countAtMost);
  return { data: rows.map(toAgent), count, count_capped: count >= countAtMost };
}

/** POST api/v1/agents/: the user, its Agent role (Active) and its role campaign, all or nothing. */
export async function addAgent(db: Database, caller: Caller, form: z.output<typeof addAgentForm>): Promise<AgentRoleCampaign> {
  // scrypt is slow by design: hash before the transaction holds its locks.
  const passwordHash = await hashPassword(form.password);
  return auditedSave(db, {
    caller, entity: 'agent', table: userRoleCampaigns, id: undefined,
    find: (tx, id) => findAgent(tx, caller.scope, id), notFound: messages.agentNotFound,
    write: async (tx) => {
      const agency = await agencyForRole(tx, caller.scope, form.agency_id);
      await campaignForRole(tx, caller.scope, form.campaign_id, agency.id, 'campaign_id');
      const userId = await insertFieldUser(tx, caller, {
        username: form.username, passwordHash, firstName: form.first_name, lastName: form.last_name,
        msisdn: toInternationalMsisdn(form.msisdn, agency.dialingCode), countryCode: agency.countryIso,
        languageCode: form.language_code ?? agency.defaultLanguage,
      });
      const roleId = await insertRole(tx, {
        userId, agencyId: agency.id, roleTypeId: ROLE_TYPE_ID.Agent, statusTypeId: STATUS_TYPE_ID.Active,
        startDate: form.role_start_date, endDate: form.role_end_date,
      });
      return insertRoleCampaign(tx, roleId, form.campaign_id);
    },
    duplicate: (_index, error) => duplicateRefusal(error),
  });
}

/**
 * PATCH api/v1/agents/{id}/: names, msisdn, status, agency and campaign of an agent the caller
 * sees, in one transaction under row locks. A status change needs a valid msisdn (section 5); a
 * new agency and campaign must be the caller's, and the campaign of the agency.
 */
export async function editAgent(db: Database, caller: Caller, id: number, form: z.output<typeof editAgentForm>): Promise<AgentRoleCampaign> {
  let user: AgentUser | undefined;
  return auditedSave(db, {
    caller, entity: 'agent', table: userRoleCampaigns, id, updatedAt: form.updated_at,
    // The agent's role and user are locked too, before its copy is checked.
    find: async (tx, agentId) => {
      const agent = await findAgent(tx, caller.scope, agentId);
      await lockRow(tx, userRoles, agent.user_role.id);
      user = await lockedFieldUser(tx, caller, agent.user_role.user.id);
      return agent;
    },
    findSaved: (tx, agentId) => findAgent(tx, caller.scope, agentId),
    notFound: messages.agentNotFound,
    write: async (tx, before) => {
      if (!before || !user) throw new Error('agent edits only');
      const problem = agentEditProblem({ msisdn: user.msisdn, status_type_id: before.user_role.status_type.id }, form);
      if (problem) throw new Invalid(joinFieldErrors(problem), problem);

      const agencyId = form.agency_id ?? before.user_role.agency_id;
      const agency = agencyId === null ? null : await agencyForRole(tx, caller.scope, agencyId);
      const changed = [
        await updateFieldUser(tx, user, {
          firstName: form.first_name, lastName: form.last_name, msisdn: editedMsisdn(user.msisdn, form.msisdn, agency?.dialingCode ?? null),
        }),
        await updateRole(tx, caller, before.user_role, { agencyId: form.agency_id, statusTypeId: form.status_type }),
        await updateRoleCampaign(tx, caller, before, form.campaign ?? before.campaign, agencyId),
      ].some(Boolean);
      return changed ? id : 'unchanged';
    },
    duplicate: (_index, error) => duplicateRefusal(error),
  });
}
