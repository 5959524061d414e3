// Access tokens: short-lived JWTs (HS256) naming the user and their sign-in session.
// Refresh tokens: random, stored as SHA-256, rotated on every use. A refresh token used twice
// means it was copied: the whole session (the token family) is revoked.
// A session lives while its admin holds a valid role of its role type (contract/sessions.ts):
// every call and every refresh checks it, so a role suspended or ended signs its admin out at once.
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { UserRoleCampaign } from '../../contract/entities';
import * as messages from '../../contract/messages';
import type { AdminRoleType } from '../../contract/roles';
import { holdsSessionRole, sessionRoleEnded } from '../../contract/sessions';
import type { Database } from '../db/client';
import { preparedOn } from '../db/prepared';
import { authEvents, authSessions, refreshTokens, roleTypes, statusTypes, userRoleCampaigns, userRoles } from '../db/schema';
import { Unauthenticated } from '../domain/errors';
import { ROLE_CAMPAIGN_FIELDS, toRoleCampaign, type RoleCampaignRow } from './accounts';
import { describeDevice, USER_AGENT_KEPT } from './devices';
import { endSessions, endSessionsOf, SESSION_END_REASONS, type SessionEnd } from './sessions';

const ISSUER = 'referral-admin';
const AUDIENCE = 'referral-admin-console';

export interface SessionClaims {
  userId: number;
  sessionId: string;
  roleType: AdminRoleType;
}

/** A session checked on this call, with its admin's role campaigns (the caller's scope is read from them). */
export interface LiveSession extends SessionClaims {
  roleCampaigns: UserRoleCampaign[];
}

/** Where a session signed in from. */
export interface SessionOrigin { address: string; userAgent: string | undefined }

export interface TokenPair { access: string; refresh: string }

/** last_used_at moves at most this often: a busy session writes once a minute, not on every call. */
const LAST_USED_STEP_MS = 60_000;

const randomToken = () => randomBytes(32).toString('base64url');
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** How many checked access tokens are known at once (one or two per signed-in console). */
const SIGNED_TOKENS_KEPT = 10_000;

export class Tokens {
  private readonly signed = new Map<string, { claims: SessionClaims; expiresAt: number }>();

  constructor(
    private readonly db: Database,
    private readonly key: Uint8Array,
    private readonly ttl: { accessTtlSeconds: number; refreshTtlSeconds: number },
  ) {}

  /** Opens a session for a signed-in user and returns its first token pair. */
  async openSession(input: { userId: number; roleType: AdminRoleType; userRoleCampaignId: number; origin: SessionOrigin }): Promise<TokenPair> {
    const sessionId = randomToken();
    const userAgent = input.origin.userAgent?.slice(0, USER_AGENT_KEPT) || null;
    await this.db.insert(authSessions).values({
      id: sessionId, userId: input.userId, roleType: input.roleType, userRoleCampaignId: input.userRoleCampaignId,
      address: input.origin.address, userAgent, device: describeDevice(userAgent),
    });
    const refresh = await this.storeRefreshToken(this.db, sessionId);
    return { access: await this.signAccess({ userId: input.userId, sessionId, roleType: input.roleType }), refresh };
  }

  /**
   * Exchanges a refresh token for a new pair. `stillAllowed` re-checks the account and the session's
   * role type: a refusal (its words) ends the session too.
   */
  async rotate(refresh: string, stillAllowed: (userId: number, roleType: AdminRoleType) => Promise<string | null>): Promise<TokenPair> {
    const [found] = await this.db
      .select({ token: refreshTokens, session: authSessions })
      .from(refreshTokens)
      .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
      .where(eq(refreshTokens.tokenHash, sha256(refresh)));
    if (!found || found.session.revokedAt) throw new Unauthenticated(messages.refreshTokenInvalid, 'session_expired');
    if (found.token.expiresAt < new Date()) throw new Unauthenticated(messages.sessionExpired, 'session_expired');

    // Claim the token atomically: of two requests racing with one token, only one wins.
    const claimed = await this.db
      .update(refreshTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(refreshTokens.id, found.token.id), isNull(refreshTokens.usedAt)))
      .returning({ id: refreshTokens.id });
    if (claimed.length === 0) {
      await this.revokeSession(found.session.id, { reason: SESSION_END_REASONS.tokenReused, actorId: null });
      await this.db.insert(authEvents).values({ kind: 'token_reuse', userId: found.session.userId });
      throw new Unauthenticated(messages.refreshTokenInvalid, 'session_expired');
    }

    const claims = { userId: found.session.userId, sessionId: found.session.id, roleType: found.session.roleType as AdminRoleType };
    const refusal = await stillAllowed(claims.userId, claims.roleType);
    if (refusal) {
      await this.roleEnded(claims);
      throw new Unauthenticated(refusal, 'session_expired');
    }
    return { access: await this.signAccess(claims), refresh: await this.storeRefreshToken(this.db, found.session.id) };
  }

  /** Logout: revokes the session the refresh token belongs to. Unknown tokens change nothing. */
  async revokeByRefreshToken(refresh: string): Promise<void> {
    const [found] = await this.db
      .select({ sessionId: refreshTokens.sessionId, userId: authSessions.userId })
      .from(refreshTokens)
      .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
      .where(eq(refreshTokens.tokenHash, sha256(refresh)));
    if (!found) return;
    await this.revokeSession(found.sessionId, { reason: SESSION_END_REASONS.logout, actorId: found.userId });
    await this.db.insert(authEvents).values({ kind: 'logout', userId: found.userId });
  }

  /** Ends every session of a user (after a password reset). */
  async revokeAllSessions(userId: number, reason: string): Promise<void> {
    await endSessionsOf(this.db, userId, { reason, actorId: userId });
  }

  /**
   * Checks a bearer token on every call: signature, expiry, that its session has not been revoked,
   * and that its admin still holds a valid role of the session's role type (else every session of
   * that role type ends, and the call answers 401 `session_expired`). Moves last_used_at.
   */
  async verifyAccess(token: string): Promise<LiveSession> {
    const claims = await this.signedClaims(token);
    // The session and its admin's role campaigns (the caller's scope too, auth/scope.ts) in one statement.
    const rows = await this.sessionWithRoles().execute({ id: claims.sessionId });
    const session = rows[0]?.session;
    const roleCampaigns = rows.flatMap(({ role }) => (role.id === null ? [] : [toRoleCampaign(role as RoleCampaignRow, claims.userId)]));
    if (!session || session.revokedAt) throw new Unauthenticated(messages.sessionExpired, 'session_expired');
    // The token must name its session's own user and role: the session, not the token, is the truth.
    if (session.userId !== claims.userId || session.roleType !== claims.roleType) throw new Unauthenticated(messages.accessTokenMissing);
    if (!holdsSessionRole(claims.roleType, roleCampaigns, new Date())) {
      await this.roleEnded(claims);
      throw new Unauthenticated(sessionRoleEnded(claims.roleType), 'session_expired');
    }
    if (Date.now() - session.lastUsedAt.getTime() >= LAST_USED_STEP_MS) {
      // The condition again in SQL: of the calls racing past the minute, one writes.
      await this.db
        .update(authSessions)
        .set({ lastUsedAt: sql`now()` })
        .where(and(eq(authSessions.id, claims.sessionId), lt(authSessions.lastUsedAt, sql`now() - make_interval(secs => ${LAST_USED_STEP_MS / 1000})`)));
    }
    return { ...claims, roleCampaigns };
  }

  /**
   * Every call's check, prepared once per connection: PostgreSQL planned it on each call before, most
   * of its cost. A role campaign row without a campaign (a role with none) is all nulls.
   */
  private sessionWithRoles() {
    return preparedOn(this.db, 'session_with_role_campaigns', () =>
      this.db
        .select({
          session: { userId: authSessions.userId, roleType: authSessions.roleType, revokedAt: authSessions.revokedAt, lastUsedAt: authSessions.lastUsedAt },
          role: ROLE_CAMPAIGN_FIELDS,
        })
        .from(authSessions)
        .leftJoin(userRoles, eq(userRoles.userId, authSessions.userId))
        .leftJoin(userRoleCampaigns, eq(userRoleCampaigns.userRoleId, userRoles.id))
        .leftJoin(roleTypes, eq(roleTypes.id, userRoles.roleTypeId))
        .leftJoin(statusTypes, eq(statusTypes.id, userRoles.statusTypeId))
        .where(eq(authSessions.id, sql.placeholder('id')))
        .orderBy(asc(userRoleCampaigns.id))
        .prepare('session_with_role_campaigns'));
  }

  /**
   * The claims of a token whose signature and expiry are good. A console calls with one token many
   * times a minute: a token checked once is known until it expires (the same text is the same
   * signature), and its HMAC is not computed again on every call. The session is still read each time.
   */
  private async signedClaims(token: string): Promise<SessionClaims> {
    const known = this.signed.get(token);
    if (known && Date.now() < known.expiresAt) return known.claims;
    let payload;
    try {
      ({ payload } = await jwtVerify(token, this.key, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] }));
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw new Unauthenticated(messages.sessionExpired, 'session_expired');
      throw new Unauthenticated(messages.accessTokenMissing);
    }
    const claims = { userId: Number(payload.sub), sessionId: String(payload.sid), roleType: payload.role as AdminRoleType };
    if (payload.exp !== undefined) {
      // The oldest goes first past the limit: a Map keeps its keys in the order they came.
      if (this.signed.size >= SIGNED_TOKENS_KEPT) this.signed.delete(this.signed.keys().next().value as string);
      this.signed.set(token, { claims, expiresAt: payload.exp * 1000 });
    }
    return claims;
  }

  /** The admin no longer holds the session's role type: every session of that role type ends, not only this one. */
  private async roleEnded(claims: SessionClaims): Promise<void> {
    await endSessions(this.db, and(eq(authSessions.userId, claims.userId), eq(authSessions.roleType, claims.roleType)), {
      reason: SESSION_END_REASONS.roleEnded, actorId: null,
    });
  }

  private async revokeSession(sessionId: string, end: SessionEnd): Promise<void> {
    await endSessions(this.db, eq(authSessions.id, sessionId), end);
  }

  private async storeRefreshToken(db: Database, sessionId: string): Promise<string> {
    const token = randomToken();
    await db.insert(refreshTokens).values({
      sessionId,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + this.ttl.refreshTtlSeconds * 1000),
    });
    return token;
  }

  private signAccess(claims: SessionClaims): Promise<string> {
    return new SignJWT({ sid: claims.sessionId, role: claims.roleType })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.userId))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${this.ttl.accessTtlSeconds}s`)
      .setJti(randomBytes(8).toString('hex'))
      .sign(this.key);
  }
}
