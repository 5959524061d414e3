// How sign-in sessions end (issue 31, item 6; OWASP ASVS 5.0 V7). Every end goes through
// endSessions: the session is revoked (its next call answers 401, its refresh token is refused)
// and auth_events records which session ended, who ended it and why, in the same transaction
// as the change that ended it (a password, a role's status, a sign-out).
import { and, eq, isNull, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import { ADMIN_ROLE_TYPES } from '../../contract/roles';
import { holdsSessionRole } from '../../contract/sessions';
import type { Database } from '../db/client';
import { authEvents, authSessions } from '../db/schema';
import { loadRoleCampaigns } from './accounts';

/** Why a session ended, as revoked_reason and the auth_events detail keep it. */
export const SESSION_END_REASONS = {
  logout: 'logout',
  tokenReused: 'refresh token reused',
  passwordReset: 'password reset',
  passwordChanged: 'password changed by a Super Admin',
  roleEnded: 'role ended or not active',
  signedOutByOwner: 'signed out from another device',
  signedOutBySuperAdmin: 'signed out by a Super Admin',
} as const;

export interface SessionEnd {
  reason: string;
  /** Who ended it: its owner, a Super Admin; null for the server itself (a role found ended). */
  actorId: number | null;
  /** The client address of the request that ended it, when one did. */
  address?: string | null;
}

/**
 * Ends the live sessions `which` selects and records each; the number ended. Pass the transaction
 * of the change that ends them, so neither happens without the other.
 */
export function endSessions(db: Database, which: SQL | undefined, end: SessionEnd): Promise<number> {
  // A transaction of its own (a savepoint inside the caller's): the end and its record, or neither.
  return db.transaction(async (tx) => {
    const ended = await tx
      .update(authSessions)
      .set({ revokedAt: sql`now()`, revokedReason: end.reason })
      .where(and(which, isNull(authSessions.revokedAt)))
      .returning({ id: authSessions.id, userId: authSessions.userId });
    if (ended.length > 0) {
      await tx.insert(authEvents).values(ended.map((session) => ({
        kind: 'session_ended' as const, userId: session.userId, sessionId: session.id, actorId: end.actorId, detail: end.reason, address: end.address ?? null,
      })));
    }
    return ended.length;
  });
}

/** Ends every session of an admin, but `keep` (the caller's own, when they changed themselves). */
export const endSessionsOf = (db: Database, userId: number, end: SessionEnd, keep?: string | null): Promise<number> =>
  endSessions(db, and(eq(authSessions.userId, userId), keep ? ne(authSessions.id, keep) : undefined), end);

/**
 * Ends the admin's sessions whose role type they no longer hold validly (a role suspended, made
 * InActive, past its end date): called in the transaction that changed a role, so its admin is
 * signed out everywhere at once. The per-request check (tokens.ts) catches an end date passing.
 */
export async function endSessionsWithoutRole(db: Database, userId: number, end: SessionEnd): Promise<number> {
  const roleCampaigns = await loadRoleCampaigns(db, userId);
  const now = new Date();
  const held = ADMIN_ROLE_TYPES.filter((roleType) => holdsSessionRole(roleType, roleCampaigns, now));
  return endSessions(db, and(eq(authSessions.userId, userId), held.length > 0 ? notInArray(authSessions.roleType, held) : undefined), end);
}
