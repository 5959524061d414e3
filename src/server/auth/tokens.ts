// Access tokens: short-lived JWTs (HS256) naming the user and their sign-in session.
// Refresh tokens: random, stored as SHA-256, rotated on every use. A refresh token used twice
// means it was copied: the whole session (the token family) is revoked.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import * as messages from '../../contract/messages';
import type { AdminRoleType } from '../../contract/roles';
import type { Database } from '../db/client';
import { authEvents, authSessions, refreshTokens } from '../db/schema';
import { unauthorized } from '../http/errors';

const ISSUER = 'referral-admin';
const AUDIENCE = 'referral-admin-console';

export interface SessionClaims {
  userId: number;
  sessionId: string;
  roleType: AdminRoleType;
}

export interface TokenPair { access: string; refresh: string }

const randomToken = () => randomBytes(32).toString('base64url');
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export class Tokens {
  constructor(
    private readonly db: Database,
    private readonly key: Uint8Array,
    private readonly ttl: { accessTtlSeconds: number; refreshTtlSeconds: number },
  ) {}

  /** Opens a session for a signed-in user and returns its first token pair. */
  async openSession(input: { userId: number; roleType: AdminRoleType; userRoleCampaignId: number }): Promise<TokenPair> {
    const sessionId = randomToken();
    await this.db.insert(authSessions).values({
      id: sessionId, userId: input.userId, roleType: input.roleType, userRoleCampaignId: input.userRoleCampaignId,
    });
    const refresh = await this.storeRefreshToken(this.db, sessionId);
    return { access: await this.signAccess({ userId: input.userId, sessionId, roleType: input.roleType }), refresh };
  }

  /**
   * Exchanges a refresh token for a new pair. `stillAllowed` re-checks the account (a role that
   * ended since sign-in ends the session too).
   */
  async rotate(refresh: string, stillAllowed: (userId: number) => Promise<string | null>): Promise<TokenPair> {
    const [found] = await this.db
      .select({ token: refreshTokens, session: authSessions })
      .from(refreshTokens)
      .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
      .where(eq(refreshTokens.tokenHash, sha256(refresh)));
    if (!found || found.session.revokedAt) throw unauthorized(messages.refreshTokenInvalid, 'session_expired');
    if (found.token.expiresAt < new Date()) throw unauthorized(messages.sessionExpired, 'session_expired');

    // Claim the token atomically: of two requests racing with one token, only one wins.
    const claimed = await this.db
      .update(refreshTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(refreshTokens.id, found.token.id), isNull(refreshTokens.usedAt)))
      .returning({ id: refreshTokens.id });
    if (claimed.length === 0) {
      await this.revokeSession(found.session.id, 'refresh token reused');
      await this.db.insert(authEvents).values({ kind: 'token_reuse', userId: found.session.userId });
      throw unauthorized(messages.refreshTokenInvalid, 'session_expired');
    }

    const refusal = await stillAllowed(found.session.userId);
    if (refusal) {
      await this.revokeSession(found.session.id, 'account no longer allowed');
      throw unauthorized(refusal, 'session_expired');
    }
    const claims = { userId: found.session.userId, sessionId: found.session.id, roleType: found.session.roleType as AdminRoleType };
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
    await this.revokeSession(found.sessionId, 'logout');
    await this.db.insert(authEvents).values({ kind: 'logout', userId: found.userId });
  }

  /** Ends every session of a user (after a password reset). */
  async revokeAllSessions(userId: number, reason: string): Promise<void> {
    await this.db
      .update(authSessions)
      .set({ revokedAt: sql`now()`, revokedReason: reason })
      .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)));
  }

  /** Checks a bearer token: signature, expiry, and that its session has not been revoked. */
  async verifyAccess(token: string): Promise<SessionClaims> {
    let payload;
    try {
      ({ payload } = await jwtVerify(token, this.key, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] }));
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw unauthorized(messages.sessionExpired, 'session_expired');
      throw unauthorized(messages.accessTokenMissing);
    }
    const claims = { userId: Number(payload.sub), sessionId: String(payload.sid), roleType: payload.role as AdminRoleType };
    const [session] = await this.db
      .select({ userId: authSessions.userId, roleType: authSessions.roleType, revokedAt: authSessions.revokedAt })
      .from(authSessions)
      .where(eq(authSessions.id, claims.sessionId));
    if (!session || session.revokedAt) throw unauthorized(messages.sessionExpired, 'session_expired');
    // The token must name its session's own user and role: the session, not the token, is the truth.
    if (session.userId !== claims.userId || session.roleType !== claims.roleType) throw unauthorized(messages.accessTokenMissing);
    return claims;
  }

  private async revokeSession(sessionId: string, reason: string): Promise<void> {
    await this.db
      .update(authSessions)
      .set({ revokedAt: sql`now()`, revokedReason: reason })
      .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
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
