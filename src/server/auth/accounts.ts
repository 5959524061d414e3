// Reading accounts for sign-in: the user by username, and their role campaigns as the new user
// backend sends them.
import { asc, eq, sql } from 'drizzle-orm';
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

export async function loadRoleCampaigns(db: Database, userId: number): Promise<UserRoleCampaign[]> {
  const rows = await db
    .select({
      id: userRoleCampaigns.id,
      campaign: userRoleCampaigns.campaignId,
      roleId: userRoles.id,
      agencyId: userRoles.agencyId,
      roleType: roleTypes.name,
      statusId: statusTypes.id,
      statusName: statusTypes.name,
      start: userRoles.roleStartDate,
      end: userRoles.roleEndDate,
    })
    .from(userRoleCampaigns)
    .innerJoin(userRoles, eq(userRoles.id, userRoleCampaigns.userRoleId))
    .innerJoin(roleTypes, eq(roleTypes.id, userRoles.roleTypeId))
    .innerJoin(statusTypes, eq(statusTypes.id, userRoles.statusTypeId))
    .where(eq(userRoles.userId, userId))
    .orderBy(asc(userRoleCampaigns.id));
  return rows.map((row) => ({
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
  }));
}
