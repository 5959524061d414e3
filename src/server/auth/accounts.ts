// Reading accounts for sign-in: the user by username, and their role campaigns as the new user
// backend sends them.
import { asc, eq, sql, type GetColumnData } from 'drizzle-orm';
import type { UserRoleCampaign } from '../../contract/entities';
import type { RoleType } from '../../contract/roles';
import type { Database } from '../db/client';
import { roleTypes, statusTypes, userRoleCampaigns, userRoles, users } from '../db/schema';

export type Account = typeof users.$inferSelect;

export async function findAccount(db: Database, username: string): Promise<Account | undefined> {
  const [account] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.trim().toLowerCase()));
  return account;
}

/** A role campaign as read with its role, role type and status (the tables joined to user_role_campaigns). */
export const ROLE_CAMPAIGN_FIELDS = {
  id: userRoleCampaigns.id,
  campaign: userRoleCampaigns.campaignId,
  roleId: userRoles.id,
  agencyId: userRoles.agencyId,
  roleType: roleTypes.name,
  statusId: statusTypes.id,
  statusName: statusTypes.name,
  start: userRoles.roleStartDate,
  end: userRoles.roleEndDate,
};

export type RoleCampaignRow = { [Field in keyof typeof ROLE_CAMPAIGN_FIELDS]: GetColumnData<(typeof ROLE_CAMPAIGN_FIELDS)[Field]> };

/** A role campaign as the new user backend sends it. */
export const toRoleCampaign = (row: RoleCampaignRow, userId: number): UserRoleCampaign => ({
  id: row.id,
  campaign: row.campaign,
  user_role: {
    id: row.roleId,
    agency_id: row.agencyId,
    role_type: row.roleType as RoleType,
    status_type: { id: row.statusId, name: row.statusName },
    role_start_date: row.start,
    role_end_date: row.end,
    user: userId,
  },
});

export async function loadRoleCampaigns(db: Database, userId: number): Promise<UserRoleCampaign[]> {
  const rows = await db
    .select(ROLE_CAMPAIGN_FIELDS)
    .from(userRoleCampaigns)
    .innerJoin(userRoles, eq(userRoles.id, userRoleCampaigns.userRoleId))
    .innerJoin(roleTypes, eq(roleTypes.id, userRoles.roleTypeId))
    .innerJoin(statusTypes, eq(statusTypes.id, userRoles.statusTypeId))
    .where(eq(userRoles.userId, userId))
    .orderBy(asc(userRoleCampaigns.id));
  return rows.map((row) => toRoleCampaign(row, userId));
}
