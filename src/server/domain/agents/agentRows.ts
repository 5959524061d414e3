// Field users (agents and gifters) as the new user backend gives them, and who sees them (SPEC.md
// section 6): a Super Admin every one; an Agency Admin those whose role campaign is in one of their
// agencies; a Campaign Admin those of their campaigns. Blacklisted agents are a Super Admin's only,
// on every read and write. One select (agentRow) serves the list, the finds and every answer.
import { and, count, eq, ne, sql, type SQL } from 'drizzle-orm';
import * as messages from '../../../contract/messages';
import type { AgentRoleCampaign, AgentUser, UserRoleWithUser } from '../../../contract/entities';
import { ROLE_TYPE_ID, roleTypeOfId, STATUS_TYPE_ID, statusTypeOfId, type RoleScope, type RoleType } from '../../../contract/roles';
import { campaignVisible, seesEverything, within, visibleAgencyIds } from '../../auth/scope';
import type { Database } from '../../db/client';
import { agencies, campaigns, userRoleCampaigns, userRoles, users } from '../../db/schema';
import { isoMillis } from '../../db/updatedAt';
import { isStorableId } from '../../db/errors';
import { NotFound } from '../errors';

/** The role types of field users: the only ones a non-super admin may give or change. */
export const FIELD_ROLE_TYPE_IDS = [ROLE_TYPE_ID.Agent, ROLE_TYPE_ID.Gifter];

export const userColumns = {
  id: users.id, msisdn: users.msisdn, username: users.username, first_name: users.firstName, last_name: users.lastName,
  country_code: users.countryCode, language_code: users.languageCode, is_gifting: users.isGifting, added_by: users.addedBy,
  updated_at: isoMillis(users.updatedAt),
};

/**
 * A role's columns, flat. Its type and status names come from the contract's lists by id, not from
 * joins: every join costs the agents list time at 200,000 rows.
 */
const roleColumns = {
  role_id: userRoles.id, agency_id: userRoles.agencyId, role_type_id: userRoles.roleTypeId, status_id: userRoles.statusTypeId,
  role_start_date: userRoles.roleStartDate, role_end_date: userRoles.roleEndDate,
  role_updated_at: isoMillis(userRoles.updatedAt).as('role_updated_at'),
};
interface RoleRow {
  role_id: number; agency_id: number | null; role_type_id: number; status_id: number;
  role_start_date: string | null; role_end_date: string | null; role_updated_at: string;
}

function roleTypeNamed(id: number): RoleType {
  const name = roleTypeOfId(id);
  if (!name) throw new Error(`role type ${id} is not in the contract`);
  return name;
}

/** The role of a select with `roleColumns` and `userColumns`, nested as the wire has it. */
export const toRoleWithUser = (row: RoleRow & { user: AgentUser }): UserRoleWithUser => ({
  id: row.role_id, agency_id: row.agency_id, role_type: roleTypeNamed(row.role_type_id),
  status_type: { id: row.status_id, name: statusTypeOfId(row.status_id) ?? String(row.status_id) },
  role_start_date: row.role_start_date, role_end_date: row.role_end_date, user: row.user, updated_at: row.role_updated_at,
});

/** Roles with their type, status and user. */
export const selectRolesWithUsers = (db: Database) =>
  db
    .select({ ...roleColumns, user: userColumns })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId));

/**
 * An agent row: the role campaign, its role and user, its campaign and agency names. Its
 * `updated_at` is the latest of the three rows', so one value tells whether any part changed.
 */
export const selectAgentRows = (db: Database) =>
  db
    .select({
      id: userRoleCampaigns.id, campaign: campaigns.id, campaign_name: sql<string>`${campaigns.name}`.as('campaign_name'),
      agency_name: sql<string | null>`${agencies.name}`.as('agency_name'),
      updated_at: isoMillis(sql`greatest(${userRoleCampaigns.updatedAt}, ${userRoles.updatedAt}, ${users.updatedAt})`).as('agent_updated_at'),
      ...roleColumns, user: userColumns,
    })
    .from(userRoleCampaigns)
    .innerJoin(userRoles, eq(userRoles.id, userRoleCampaigns.userRoleId))
    .innerJoin(users, eq(users.id, userRoles.userId))
    .innerJoin(campaigns, eq(campaigns.id, userRoleCampaigns.campaignId))
    .leftJoin(agencies, eq(agencies.id, userRoles.agencyId));

/**
 * The ids of the agent rows, over the same tables as selectAgentRows (drizzle cannot share a join
 * list between selects): a page skips rows on ids alone and reads only its own 20 whole, and the
 * count reads nothing else. PostgreSQL drops the agencies join wherever its name is not asked for.
 */
export const selectAgentIds = (db: Database) =>
  db
    .select({ id: userRoleCampaigns.id })
    .from(userRoleCampaigns)
    .innerJoin(userRoles, eq(userRoles.id, userRoleCampaigns.userRoleId))
    .innerJoin(users, eq(users.id, userRoles.userId))
    .innerJoin(campaigns, eq(campaigns.id, userRoleCampaigns.campaignId))
    .leftJoin(agencies, eq(agencies.id, userRoles.agencyId));

/** The agent rows matching `where`, counted up to `atMost`. */
export async function countAgentRows(db: Database, where: SQL | undefined, atMost: number): Promise<number> {
  const [total] = await db.select({ n: count() }).from(selectAgentIds(db).where(where).limit(atMost).as('matching'));
  return total?.n ?? 0;
}

type AgentSelectRow = Awaited<ReturnType<ReturnType<typeof selectAgentRows>['execute']>>[number];

export const toAgent = (row: AgentSelectRow): AgentRoleCampaign => ({
  id: row.id, campaign: row.campaign, campaign_name: row.campaign_name, agency_name: row.agency_name,
  user_role: toRoleWithUser(row as RoleRow & { user: AgentUser }), updated_at: row.updated_at,
});

/** Not blacklisted, unless the caller is a Super Admin. */
export const blacklistedHiddenFrom = (scope: RoleScope): SQL =>
  seesEverything(scope) ? sql`true` : ne(userRoles.statusTypeId, STATUS_TYPE_ID.Blacklisted);

/** An agent row (a field role's role campaign) the caller sees: by its campaign, never blacklisted for a non-super caller. */
export const agentVisible = (scope: RoleScope): SQL =>
  and(within(userRoles.roleTypeId, FIELD_ROLE_TYPE_IDS), campaignVisible(scope, campaigns), blacklistedHiddenFrom(scope)) as SQL;

/** The admin role types: given and changed under the reach rule (contract adminGrantRefusal). */
export const ADMIN_ROLE_TYPE_IDS = [ROLE_TYPE_ID['Super Admin'], ROLE_TYPE_ID['Agency Admin'], ROLE_TYPE_ID['Campaign Admin']];

/**
 * An admin role a non-super caller could have given, so may see and change (issue 34): an Agency
 * Admin's or Campaign Admin's role in an agency of an Agency Admin caller; a Campaign Admin role of
 * a Campaign Admin caller's agencies with no campaign outside their own. Never a Super Admin role.
 */
function adminRoleInReach(scope: RoleScope): SQL {
  if (scope.kind === 'all') return sql`true`;
  if (scope.kind === 'agencies') {
    return and(within(userRoles.roleTypeId, [ROLE_TYPE_ID['Agency Admin'], ROLE_TYPE_ID['Campaign Admin']]), within(userRoles.agencyId, scope.agencyIds)) as SQL;
  }
  const campaignOutside = scope.campaignIds.length === 0
    ? sql`exists (select 1 from ${userRoleCampaigns} urc where urc.user_role_id = ${userRoles.id})`
    : sql`exists (select 1 from ${userRoleCampaigns} urc where urc.user_role_id = ${userRoles.id}
        and urc.campaign_id not in (${sql.join(scope.campaignIds.map((id) => sql`${id}`), sql`, `)}))`;
  return and(eq(userRoles.roleTypeId, ROLE_TYPE_ID['Campaign Admin']), within(userRoles.agencyId, scope.agencyIds), sql`not ${campaignOutside}`) as SQL;
}

/**
 * A role the caller sees: a field role, not blacklisted, with a campaign the caller sees, or (just
 * created, no campaign yet) in an agency the caller sees; or an admin role within the caller's
 * reach (adminRoleInReach). A Super Admin sees every role.
 */
export function roleVisible(scope: RoleScope): SQL {
  if (seesEverything(scope)) return sql`true`;
  const inCampaign = sql`exists (select 1 from ${userRoleCampaigns} urc join ${campaigns} on ${campaigns.id} = urc.campaign_id
    where urc.user_role_id = ${userRoles.id} and ${campaignVisible(scope, campaigns)})`;
  const noCampaignYet = sql`(not exists (select 1 from ${userRoleCampaigns} urc where urc.user_role_id = ${userRoles.id})
    and ${within(userRoles.agencyId, visibleAgencyIds(scope))})`;
  const fieldRole = and(within(userRoles.roleTypeId, FIELD_ROLE_TYPE_IDS), sql`(${inCampaign} or ${noCampaignYet})`) as SQL;
  return and(blacklistedHiddenFrom(scope), sql`(${fieldRole} or ${adminRoleInReach(scope)})`) as SQL;
}

/** A role campaign the caller sees: an agent row (agentVisible), or one of an admin role within reach. */
export const roleCampaignVisible = (scope: RoleScope): SQL =>
  sql`(${agentVisible(scope)} or (${within(userRoles.roleTypeId, ADMIN_ROLE_TYPE_IDS)} and ${roleVisible(scope)}))`;

/** A role campaign (an agent's or an admin's) the caller sees; 404 otherwise. */
export async function findRoleCampaign(db: Database, scope: RoleScope, id: number): Promise<AgentRoleCampaign> {
  const [found] = isStorableId(id) ? await selectAgentRows(db).where(and(eq(userRoleCampaigns.id, id), roleCampaignVisible(scope))) : [];
  if (!found) throw new NotFound(messages.roleCampaignNotFound);
  return toAgent(found);
}

/**
 * A user the caller may see and change through the new backend: for a non-super caller a field
 * user (no email, no admin role) holding a role the caller sees, or one they added that has no
 * role yet (the moment between POST users and POST user-roles).
 */
export function fieldUserVisible(scope: RoleScope, callerId: number | null): SQL {
  if (seesEverything(scope)) return sql`true`;
  const adminRole = sql`exists (select 1 from ${userRoles} r where r.user_id = ${users.id} and r.role_type_id not in (${sql.join(FIELD_ROLE_TYPE_IDS, sql`, `)}))`;
  const visibleRole = sql`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id} and ${roleVisible(scope)})`;
  const addedByCallerNoRole = sql`(${users.addedBy} = ${callerId ?? 0} and not exists (select 1 from ${userRoles} r where r.user_id = ${users.id}))`;
  return sql`(${users.email} is null and not ${adminRole} and (${visibleRole} or ${addedByCallerNoRole}))`;
}

/** An agent (a role campaign of a field role) the caller sees; 404 otherwise. */
export async function findAgent(db: Database, scope: RoleScope, id: number): Promise<AgentRoleCampaign> {
  const [found] = isStorableId(id) ? await selectAgentRows(db).where(and(eq(userRoleCampaigns.id, id), agentVisible(scope))) : [];
  if (!found) throw new NotFound(messages.agentNotFound);
  return toAgent(found);
}
