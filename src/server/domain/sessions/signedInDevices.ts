// Signed-in devices (issue 31, item 6): an admin lists their live sessions and signs any of them
// out; a Super Admin does the same for another admin. A session is live until it is revoked or its
// refresh token lapses (a device left alone for the refresh token's lifetime is signed out by then).
import { and, asc, desc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { ListPage } from '../../../contract/api';
import * as messages from '../../../contract/messages';
import { devicesSignedOut, sessionNotFound, type SessionsEnded, type SignedInDevice } from '../../../contract/sessions';
import type { Caller } from '../../auth/scope';
import { endSessions, endSessionsOf, SESSION_END_REASONS, type SessionEnd } from '../../auth/sessions';
import type { Database } from '../../db/client';
import { isStorableId } from '../../db/errors';
import { authSessions, refreshTokens, users } from '../../db/schema';
import { isoMillis } from '../../db/updatedAt';
import { NotFound, Unauthenticated } from '../errors';
import { listPageOf, type ListParams } from '../lists';

const live: SQL = sql`${authSessions.revokedAt} is null and exists (select 1 from ${refreshTokens}
  where ${refreshTokens.sessionId} = ${authSessions.id} and ${refreshTokens.usedAt} is null and ${refreshTokens.expiresAt} > now())`;

/** The signed-in admin of a private route (the route needs a session, so there always is one). */
function signedIn(caller: Caller): { userId: number; sessionId: string } {
  if (caller.userId === null || caller.sessionId === null) throw new Unauthenticated(messages.accessTokenMissing);
  return { userId: caller.userId, sessionId: caller.sessionId };
}

/** Live sessions of `userId`, most recently used first; the one of `currentSessionId` is marked. */
export function listDevices(db: Database, userId: number, currentSessionId: string | null, params: ListParams<string>): Promise<ListPage<SignedInDevice>> {
  const row = {
    id: authSessions.publicId,
    // Sessions opened before devices were recorded (migration 0012) came from an unknown one.
    device: sql<string>`coalesce(${authSessions.device}, 'Unknown device')`,
    user_agent: authSessions.userAgent,
    address: authSessions.address,
    role_type: sql<SignedInDevice['role_type']>`${authSessions.roleType}`,
    signed_in_at: isoMillis(authSessions.createdAt),
    last_used_at: isoMillis(authSessions.lastUsedAt),
    current: sql<boolean>`${authSessions.id} = ${currentSessionId ?? ''}`,
  };
  return listPageOf(
    db,
    () => db.select(row).from(authSessions).where(and(eq(authSessions.userId, userId), live)).$dynamic(),
    params,
    [desc(authSessions.lastUsedAt), desc(authSessions.createdAt), asc(authSessions.publicId)],
  );
}

const ended = (count: number): SessionsEnded => ({ ended: count, message: devicesSignedOut(count) });

/** One live session of `userId` by its name in the list; 404 when it is not one (ended, or someone else's). */
async function endOne(db: Database, userId: number, session: string, end: SessionEnd): Promise<SessionsEnded> {
  const count = await endSessions(db, and(eq(authSessions.userId, userId), eq(authSessions.publicId, session), live), end);
  if (count === 0) throw new NotFound(sessionNotFound);
  return ended(count);
}

/** GET api/v1/sessions/ */
export const listMyDevices = (db: Database, caller: Caller, params: ListParams<string>) =>
  listDevices(db, signedIn(caller).userId, caller.sessionId, params);

/** DELETE api/v1/sessions/{session}/: one of the caller's own (this device's too: a logout elsewhere). */
export function endMyDevice(db: Database, caller: Caller, session: string, address: string): Promise<SessionsEnded> {
  const { userId } = signedIn(caller);
  return endOne(db, userId, session, { reason: SESSION_END_REASONS.signedOutByOwner, actorId: userId, address });
}

/** POST api/v1/sessions/end-others/: every session of the caller's but this one. */
export async function endMyOtherDevices(db: Database, caller: Caller, address: string): Promise<SessionsEnded> {
  const { userId, sessionId } = signedIn(caller);
  return ended(await endSessionsOf(db, userId, { reason: SESSION_END_REASONS.signedOutByOwner, actorId: userId, address }, sessionId));
}

/** An admin user (a user with an email: agents never sign in); 404 otherwise. */
async function requireAdminUser(db: Database, id: number): Promise<void> {
  const [found] = isStorableId(id) ? await db.select({ id: users.id }).from(users).where(and(eq(users.id, id), isNotNull(users.email))) : [];
  if (!found) throw new NotFound(messages.adminUserNotFound);
}

/** GET api/v1/users/{id}/sessions/ (Super Admin). */
export async function listAdminDevices(db: Database, caller: Caller, userId: number, params: ListParams<string>): Promise<ListPage<SignedInDevice>> {
  await requireAdminUser(db, userId);
  return listDevices(db, userId, caller.sessionId, params);
}

/** DELETE api/v1/users/{id}/sessions/ (Super Admin): signed out everywhere; a Super Admin's own call keeps its session. */
export async function endAdminDevices(db: Database, caller: Caller, userId: number, address: string): Promise<SessionsEnded> {
  await requireAdminUser(db, userId);
  const end = { reason: SESSION_END_REASONS.signedOutBySuperAdmin, actorId: caller.userId, address };
  return ended(await endSessionsOf(db, userId, end, caller.sessionId));
}

/** DELETE api/v1/users/{id}/sessions/{session}/ (Super Admin). */
export async function endAdminDevice(db: Database, caller: Caller, userId: number, session: string, address: string): Promise<SessionsEnded> {
  await requireAdminUser(db, userId);
  return endOne(db, userId, session, { reason: SESSION_END_REASONS.signedOutBySuperAdmin, actorId: caller.userId, address });
}
