// Roles and role campaigns of the new user backend (SPEC.md section 7): POST and PATCH
// api/v1/user-roles/, GET api/v1/user-roles/?user_ids=, POST and PATCH api/v1/user-role-campaigns/.
// Each checks under row locks, inside its transaction, that nothing lands outside the caller's
// scope (placement.ts): a refusal changes nothing. Admin roles (Super Admin, Agency Admin, Campaign
// Admin) go to admin users under the reach rule (issue 34, contract adminGrantRefusal): nobody gives
// more than they reach, and nobody but a Super Admin gives or changes their own roles.
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { ListPage } from '../../../contract/api';
import type { AgentRoleCampaign, UserRoleListed, UserRoleWithUser } from '../../../contract/entities';
import * as messages from '../../../contract/messages';
import type { userRoleCampaignPatchRequest, userRoleCampaignRequest, userRolePatchRequest, userRoleRequest, userRoleQuery } from '../../../contract/schemas/agents';
import { isAdminRoleType } from '../../../contract/roles';
import { seesEverything, type Caller } from '../../auth/scope';
import { endSessionsWithoutRole, SESSION_END_REASONS } from '../../auth/sessions';
import type { Database } from '../../db/client';
import { isStorableId } from '../../db/errors';
import { lockRow } from '../../db/locks';
import { agencies, campaigns, userRoleCampaigns, userRoles } from '../../db/schema';
import { nextUpdatedAt } from '../../db/updatedAt';
import { Invalid, NotFound, Refused } from '../errors';
import { lockedAdminUserForRole } from '../admins/adminUsers';
import { auditedSave } from '../save';
import { listPageOf, type ListParams } from '../lists';
import { findRoleCampaign, roleVisible, selectRolesWithUsers, toRoleWithUser } from './agentRows';
import { lockedFieldUser } from './fieldUsers';
import { agencyForRole, campaignForRole, duplicateRefusal, requireAdminGrant, requireRoleType, requireStatusChange } from './placement';

export interface NewRole { userId: number; agencyId: number; roleTypeId: number; statusTypeId: number; startDate: string; endDate: string }

export async function insertRole(tx: Database, role: NewRole): Promise<number> {
  const [row] = await tx.insert(userRoles).values({
    userId: role.userId, agencyId: role.agencyId, roleTypeId: role.roleTypeId, statusTypeId: role.statusTypeId,
    roleStartDate: role.startDate, roleEndDate: role.endDate,
  }).returning({ id: userRoles.id });
  if (!row) throw new Error('insert returned no role');
  return row.id;
}

export async function insertRoleCampaign(tx: Database, roleId: number, campaignId: number): Promise<number> {
  const [row] = await tx.insert(userRoleCampaigns).values({ userRoleId: roleId, campaignId }).returning({ id: userRoleCampaigns.id });
  if (!row) throw new Error('insert returned no role campaign');
  return row.id;
}

/** A role the caller sees, with its user; undefined when there is none. */
export async function findRole(db: Database, caller: Caller, id: number): Promise<UserRoleWithUser | undefined> {
  if (!isStorableId(id)) return undefined;
  const [found] = await selectRolesWithUsers(db).where(and(eq(userRoles.id, id), roleVisible(caller.scope)));
  return found && toRoleWithUser(found);
}

/**
 * GET api/v1/user-roles/?user_ids=: the roles of those users the caller sees, with their users,
 * each with its agency's name and its role campaigns (ours: the Users screen's Roles section).
 */
export async function listRoles(db: Database, caller: Caller, query: z.output<typeof userRoleQuery>, params: ListParams<string>): Promise<ListPage<UserRoleListed>> {
  const ids = query.user_ids.filter(isStorableId);
  const where = and(ids.length > 0 ? inArray(userRoles.userId, ids) : eq(userRoles.id, 0), roleVisible(caller.scope));
  const page = await listPageOf(db, () => selectRolesWithUsers(db).where(where).$dynamic(), params, [asc(userRoles.userId), asc(userRoles.id)]);
  const roleIds = page.data.map((row) => row.role_id);
  const agencyIds = [...new Set(page.data.flatMap((row) => (row.agency_id === null ? [] : [row.agency_id])))];
  const [roleCampaigns, agencyNames] = roleIds.length === 0 ? [[], []] : await Promise.all([
    db.select({ id: userRoleCampaigns.id, roleId: userRoleCampaigns.userRoleId, campaign: campaigns.id, campaign_name: campaigns.name })
      .from(userRoleCampaigns).innerJoin(campaigns, eq(campaigns.id, userRoleCampaigns.campaignId))
      .where(inArray(userRoleCampaigns.userRoleId, roleIds)).orderBy(asc(userRoleCampaigns.id)),
    agencyIds.length === 0 ? [] : db.select({ id: agencies.id, name: agencies.name }).from(agencies).where(inArray(agencies.id, agencyIds)),
  ]);
  return {
    ...page,
    data: page.data.map((row) => ({
      ...toRoleWithUser(row),
      agency_name: agencyNames.find((agency) => agency.id === row.agency_id)?.name ?? null,
      campaigns: roleCampaigns.filter((rc) => rc.roleId === row.role_id).map(({ id, campaign, campaign_name }) => ({ id, campaign, campaign_name })),
    })),
  };
}

/** Nobody but a Super Admin gives or changes their own admin roles: their reach stays someone else's decision. */
function requireNotOwnRole(caller: Caller, userId: number): void {
  if (!seesEverything(caller.scope) && userId === caller.userId) throw new Refused(messages.ownRolesUnchangeable);
}

/** POST api/v1/user-roles/: a role for a user the caller may change, in an agency the caller sees. */
export async function createRole(db: Database, caller: Caller, body: z.output<typeof userRoleRequest>): Promise<UserRoleWithUser> {
  return auditedSave(db, {
    caller, entity: 'user_role', table: userRoles, id: undefined,
    find: (tx, id) => findRole(tx, caller, id), notFound: messages.userRoleNotFound,
    write: async (tx) => {
      const roleType = requireRoleType(body.role_type);
      requireStatusChange(caller.scope, body.status_type);
      if (isAdminRoleType(roleType)) {
        requireAdminGrant(caller.scope, { role_type: roleType, agency_id: body.agency_id });
        await lockedAdminUserForRole(tx, caller, body.user);
      } else {
        await lockedFieldUser(tx, caller, body.user);
      }
      await agencyForRole(tx, caller.scope, body.agency_id);
      return insertRole(tx, {
        userId: body.user, agencyId: body.agency_id, roleTypeId: body.role_type, statusTypeId: body.status_type,
        startDate: body.role_start_date, endDate: body.role_end_date,
      });
    },
  });
}

/** A role the caller sees, locked for the rest of the transaction (404 otherwise). */
async function lockedRole(tx: Database, caller: Caller, id: number): Promise<UserRoleWithUser> {
  await lockRow(tx, userRoles, id);
  const found = await findRole(tx, caller, id);
  if (!found) throw new NotFound(messages.userRoleNotFound);
  return found;
}

const isoDay = (date: string | null) => date?.slice(0, 10) ?? null;

/**
 * Writes a role's agency, status and end date when they changed; true when anything did. A new
 * agency must be one the caller sees (and, for an admin role, may give); an end date not before the start.
 */
export async function updateRole(
  tx: Database, caller: Caller, before: UserRoleWithUser, change: { agencyId?: number; statusTypeId?: number; endDate?: string },
): Promise<boolean> {
  const agencyId = change.agencyId !== undefined && change.agencyId !== before.agency_id ? change.agencyId : undefined;
  const statusTypeId = change.statusTypeId !== undefined && change.statusTypeId !== before.status_type.id ? change.statusTypeId : undefined;
  const endDate = change.endDate !== undefined && change.endDate !== isoDay(before.role_end_date) ? change.endDate : undefined;
  if (agencyId !== undefined) {
    requireAdminGrant(caller.scope, { role_type: before.role_type, agency_id: agencyId });
    await agencyForRole(tx, caller.scope, agencyId);
  }
  if (statusTypeId !== undefined) requireStatusChange(caller.scope, statusTypeId, before.status_type.id);
  const startDate = isoDay(before.role_start_date);
  if (endDate !== undefined && startDate !== null && endDate < startDate) {
    throw new Invalid(messages.roleEndBeforeStart, { role_end_date: [messages.roleEndBeforeStart] });
  }
  if (agencyId === undefined && statusTypeId === undefined && endDate === undefined) return false;
  await tx.update(userRoles).set({
    ...(agencyId !== undefined ? { agencyId } : {}), ...(statusTypeId !== undefined ? { statusTypeId } : {}),
    ...(endDate !== undefined ? { roleEndDate: endDate } : {}),
    updatedAt: nextUpdatedAt(userRoles.updatedAt),
  }).where(eq(userRoles.id, before.id));
  // An admin whose role this suspended (or ended) is signed out everywhere, in this transaction.
  if (statusTypeId !== undefined || endDate !== undefined) {
    await endSessionsWithoutRole(tx, before.user.id, { reason: SESSION_END_REASONS.roleEnded, actorId: caller.userId });
  }
  return true;
}

/**
 * A role moves to another agency only without campaigns of the one it leaves: an agent and its
 * campaign move together, in one edit (PATCH api/v1/agents/{id}/).
 */
async function requireNoCampaignsLeftBehind(tx: Database, roleId: number, agencyId: number): Promise<void> {
  const [left] = await tx
    .select({ id: userRoleCampaigns.id })
    .from(userRoleCampaigns)
    .innerJoin(campaigns, eq(campaigns.id, userRoleCampaigns.campaignId))
    .where(and(eq(userRoleCampaigns.userRoleId, roleId), ne(campaigns.agencyId, agencyId)))
    .limit(1);
  if (left) throw new Invalid(messages.roleCampaignsStayWithAgency, { agency_id: [messages.roleCampaignsStayWithAgency] });
}

/** PATCH api/v1/user-roles/{id}/: the agency, the status and (ours) the end date of a role the caller sees. */
export async function patchRole(db: Database, caller: Caller, id: number, body: z.output<typeof userRolePatchRequest>): Promise<UserRoleWithUser> {
  return auditedSave(db, {
    caller, entity: 'user_role', table: userRoles, id, updatedAt: body.updated_at,
    find: (tx, roleId) => findRole(tx, caller, roleId), notFound: messages.userRoleNotFound,
    write: async (tx, before) => {
      if (!before) throw new Error('user role edits only');
      if (isAdminRoleType(before.role_type)) requireNotOwnRole(caller, before.user.id);
      if (body.agency_id !== undefined && body.agency_id !== before.agency_id) {
        requireAdminGrant(caller.scope, { role_type: before.role_type, agency_id: body.agency_id });
        await agencyForRole(tx, caller.scope, body.agency_id); // out of scope: 403 before anything else
        await requireNoCampaignsLeftBehind(tx, id, body.agency_id);
      }
      const changed = await updateRole(tx, caller, before, { agencyId: body.agency_id, statusTypeId: body.status_type, endDate: body.role_end_date });
      return changed ? id : 'unchanged';
    },
  });
}

/**
 * POST api/v1/user-role-campaigns/: a campaign of the role's agency, both seen by the caller; for an
 * admin role, one the caller may give (a Campaign Admin: their own campaigns only).
 */
export async function createRoleCampaign(db: Database, caller: Caller, body: z.output<typeof userRoleCampaignRequest>): Promise<AgentRoleCampaign> {
  return auditedSave(db, {
    caller, entity: 'user_role_campaign', table: userRoleCampaigns, id: undefined,
    find: (tx, id) => findRoleCampaign(tx, caller.scope, id), notFound: messages.roleCampaignNotFound,
    write: async (tx) => {
      const role = await lockedRole(tx, caller, body.user_role);
      if (isAdminRoleType(role.role_type)) requireNotOwnRole(caller, role.user.id);
      requireAdminGrant(caller.scope, { role_type: role.role_type, agency_id: role.agency_id, campaign_ids: [body.campaign] });
      await campaignForRole(tx, caller.scope, body.campaign, role.agency_id, 'campaign');
      return insertRoleCampaign(tx, role.id, body.campaign);
    },
    duplicate: (_index, error) => duplicateRefusal(error),
  });
}

/** Moves a role campaign to `campaignId` when it changed; true when it did. */
export async function updateRoleCampaign(tx: Database, caller: Caller, before: AgentRoleCampaign, campaignId: number, agencyId: number | null): Promise<boolean> {
  if (campaignId === before.campaign && agencyId === before.user_role.agency_id) return false;
  requireAdminGrant(caller.scope, { role_type: before.user_role.role_type, agency_id: agencyId, campaign_ids: [campaignId] });
  await campaignForRole(tx, caller.scope, campaignId, agencyId, 'campaign');
  if (campaignId === before.campaign) return false;
  await tx.update(userRoleCampaigns).set({ campaignId, updatedAt: nextUpdatedAt(userRoleCampaigns.updatedAt) }).where(eq(userRoleCampaigns.id, before.id));
  return true;
}

/** PATCH api/v1/user-role-campaigns/{id}/: to another campaign of the role's agency that the caller sees. */
export async function patchRoleCampaign(
  db: Database, caller: Caller, id: number, body: z.output<typeof userRoleCampaignPatchRequest>,
): Promise<AgentRoleCampaign> {
  return auditedSave(db, {
    caller, entity: 'user_role_campaign', table: userRoleCampaigns, id, updatedAt: body.updated_at,
    find: (tx, roleCampaignId) => findRoleCampaign(tx, caller.scope, roleCampaignId), notFound: messages.roleCampaignNotFound,
    write: async (tx, before) => {
      if (!before) throw new Error('role campaign edits only');
      if (isAdminRoleType(before.user_role.role_type)) requireNotOwnRole(caller, before.user_role.user.id);
      const changed = await updateRoleCampaign(tx, caller, before, body.campaign, before.user_role.agency_id);
      return changed ? id : 'unchanged';
    },
    duplicate: (_index, error) => duplicateRefusal(error),
  });
}
