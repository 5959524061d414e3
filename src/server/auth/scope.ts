// What a caller may see (SPEC.md section 6), computed on the server for every read and write:
// the contract's roleScope over the caller's own role campaigns, turned into SQL conditions.
import { eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { isSuperAdmin, roleScope, seesEverything, type RoleScope } from '../../contract/roles';
import type { Database } from '../db/client';
import { campaigns, users } from '../db/schema';
import { loadRoleCampaigns } from './accounts';
import type { LiveSession, SessionClaims } from './tokens';

/**
 * The caller's scope. Only valid roles of the session's role type count (an ended role sees nothing).
 * A session checked on this call brings its role campaigns along (tokens.ts verifyAccess).
 */
export async function scopeOf(db: Database, session: SessionClaims & Partial<Pick<LiveSession, 'roleCampaigns'>>): Promise<RoleScope> {
  if (isSuperAdmin(session.roleType)) return { kind: 'all' };
  return roleScope(session.roleType, session.roleCampaigns ?? await loadRoleCampaigns(db, session.userId), new Date());
}

/** The logged-out /register page: a non-super caller who sees no agency and no campaign. */
export const NOBODY: RoleScope = { kind: 'agencies', agencyIds: [] };

/** Who is asking, as the services see it. */
export interface Caller {
  /** The signed-in user; null on the logged-out /register page. */
  userId: number | null;
  /** The caller's sign-in session, when there is one. */
  sessionId: string | null;
  scope: RoleScope;
  /** When the admin made the write, for one replayed from the console's outbox (X-Outbox-Queued-At); its audit entry keeps it. */
  queuedAt?: Date;
}

/** The caller of a request: its session's scope, or a logged-out caller without one. */
export async function callerOf(db: Database, session: LiveSession | undefined): Promise<Caller> {
  if (!session) return { userId: null, sessionId: null, scope: NOBODY };
  return { userId: session.userId, sessionId: session.sessionId, scope: await scopeOf(db, session) };
}

export { seesEverything };

/** Secure Page access: a Super Admin, or an admin whose Secure Page Access flag is set. */
export async function hasSecureAccess(db: Database, caller: Caller): Promise<boolean> {
  if (seesEverything(caller.scope)) return true;
  if (caller.userId === null) return false;
  const [user] = await db.select({ securePage: users.securePage }).from(users).where(eq(users.id, caller.userId));
  return user?.securePage === true;
}

/** Ids, or null for 'every one'. */
export type IdsOrAll = number[] | null;

/** Agencies the caller sees: Agency Admin their agencies, Campaign Admin the agencies of their campaign roles. */
export const visibleAgencyIds = (scope: RoleScope): IdsOrAll => (scope.kind === 'all' ? null : scope.agencyIds);

/** Campaigns the caller sees: Agency Admin the campaigns of their agencies, Campaign Admin their campaigns. */
export async function visibleCampaignIds(db: Database, scope: RoleScope): Promise<IdsOrAll> {
  if (scope.kind === 'all') return null;
  if (scope.kind === 'campaigns') return scope.campaignIds;
  if (scope.agencyIds.length === 0) return [];
  const rows = await db.select({ id: campaigns.id }).from(campaigns).where(inArray(campaigns.agencyId, scope.agencyIds));
  return rows.map((row) => row.id);
}

/** `column in (ids)`; true for 'every one', false for none. */
export function within(column: SQLWrapper, ids: IdsOrAll): SQL {
  if (ids === null) return sql`true`;
  if (ids.length === 0) return sql`false`;
  return inArray(column, ids);
}

/** The caller sees the agency in `agencyId`. */
export const agencyVisible = (scope: RoleScope, agencyId: SQLWrapper): SQL => within(agencyId, visibleAgencyIds(scope));

/**
 * The caller sees a campaign row: by its agency for an Agency Admin (campaigns.agency_id is kept
 * for this), by its id for a Campaign Admin.
 */
export function campaignVisible(scope: RoleScope, campaign: { id: SQLWrapper; agencyId: SQLWrapper }): SQL {
  if (scope.kind === 'all') return sql`true`;
  if (scope.kind === 'agencies') return within(campaign.agencyId, scope.agencyIds);
  return within(campaign.id, scope.campaignIds);
}

/** A row of a campaign's part (a language, a version, a compensation): its campaign is one the caller sees. */
export const campaignIdVisible = (scope: RoleScope, campaignId: SQLWrapper): SQL =>
  sql`exists (select 1 from ${campaigns} where ${campaigns.id} = ${campaignId} and ${campaignVisible(scope, campaigns)})`;
