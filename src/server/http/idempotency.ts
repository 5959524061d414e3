// Idempotency-Key on every write (POST, PUT, PATCH, DELETE, and a GET whose route `writes`). The console replays writes queued
// offline with the key they were queued under, so a write that already ran must be answered again,
// not run again:
// - the first request with a key claims it (one atomic INSERT ... ON CONFLICT in the shared
//   database, so concurrent duplicates on several instances execute once), runs, and its answer
//   (2xx to 4xx) is stored before it is sent;
// - a repeat with the same method, path and body gets the stored answer again, with
//   'Idempotency-Replayed: true'; the same key with another request answers 422; a repeat that
//   arrives while the first still runs answers 409 and does not run;
// - a 5xx (or a crash) stores nothing: the claim is released, so the retry runs again. A claim
//   whose request never answered (its instance died) is taken over after ABANDONED_AFTER_SECONDS;
// - keys belong to the caller (the session's user; logged out, the client address), so nobody can
//   be handed someone else's answer; answers are kept KEEP_HOURS, then deleted;
// - a route that declares `replayable: false` (the sign-in calls) is never stored, and no answer
//   that holds a token is ever stored, whatever its route says (routeConfig.ts).
import { createHash, randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_REPLAYED_HEADER } from '../../contract/constants';
import * as messages from '../../contract/messages';
import { queryRows, type Database } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { Conflict, Invalid, Unprocessable } from '../domain/errors';
import './routeConfig';

/** Node lower-cases the names of incoming headers. */
const IDEMPOTENCY_KEY = IDEMPOTENCY_KEY_HEADER.toLowerCase();
export const KEEP_HOURS = 24;
/** A claim held this long without an answer belongs to a request that died; a retry may take it over. */
export const ABANDONED_AFTER_SECONDS = 120;
const CLEANUP_EVERY_MS = 10 * 60_000;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Visible ASCII, 1 to 200 characters (a UUID fits easily). */
const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;
/** The answer headers a replay repeats (the others, helmet's, are set again on every answer). */
const REPLAYED_ANSWER_HEADERS = ['content-type', 'location'];

/** Fields of an answer that hold a token: such an answer is never stored for a replay. */
const TOKEN_FIELDS = ['access', 'refresh', 'token'];

// ---- the pure parts -----------------------------------------------------------------------------

function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value && typeof value === 'object' && !(value instanceof Date) && !Buffer.isBuffer(value)) {
    const object = value as Record<string, unknown>;
    return Object.fromEntries(Object.keys(object).sort().map((key) => [key, sortedKeys(object[key])]));
  }
  return value;
}

/** JSON with every object's keys sorted: the same value gives the same text whatever its key order. */
export const canonicalJson = (value: unknown): string => JSON.stringify(sortedKeys(value)) ?? '';

/**
 * What makes two requests 'the same request' for one key: method, the route the router matched
 * with its parameters and query (however the URL spelled them: '/%61dmin/x' is '/admin/x'), and
 * the body (as JSON, any key order).
 */
export function requestFingerprint(request: { method: string; route: string; params?: unknown; query?: unknown; body: unknown }): string {
  const body = Buffer.isBuffer(request.body)
    ? `bytes:${request.body.toString('base64')}`
    : typeof request.body === 'string'
      ? `text:${request.body}`
      : `json:${canonicalJson(request.body ?? null)}`;
  const target = `${request.route.replace(/\/+$/, '') || '/'} ${canonicalJson(request.params ?? {})} ${canonicalJson(request.query ?? {})}`;
  return createHash('sha256').update(`${request.method.toUpperCase()}\n${target}\n${body}`).digest('hex');
}

/** True when an answer's JSON holds a token at its top level: it must never be stored for a replay. */
export function holdsToken(body: string): boolean {
  try {
    const parsed: unknown = JSON.parse(body);
    return Boolean(parsed && typeof parsed === 'object' && TOKEN_FIELDS.some((field) => field in parsed));
  } catch {
    return false;
  }
}

/** Only 2xx to 4xx answers are stored; not 429 either, which says 'later', not 'never'. */
export const isStoredStatus = (status: number): boolean => status >= 200 && status < 500 && status !== 429;

// ---- the store ------------------------------------------------------------------------------------

export interface StoredAnswer { status: number; headers: Record<string, string>; body: string }

export type ClaimOutcome =
  | { kind: 'claimed'; token: string }
  | { kind: 'replay'; answer: StoredAnswer }
  | { kind: 'other-request' }
  | { kind: 'running' };

/** The keys and answers, in the database every instance shares. */
export class IdempotencyStore {
  private lastCleanup = 0;

  constructor(private readonly db: Database, private readonly log: { warn(object: unknown, message: string): void }) {}

  /**
   * Claims `key` for a request, or says what is already there. The claim is one statement: an
   * INSERT whose ON CONFLICT takes the row over only when it is past its life, or is an abandoned
   * claim of the same request; of concurrent duplicates exactly one gets the row back.
   */
  async claim(scope: string, key: string, fingerprint: string): Promise<ClaimOutcome> {
    this.cleanupNowAndThen();
    for (let attempt = 0; attempt < 3; attempt++) {
      const token = randomUUID();
      const claimed = await queryRows<{ claim_token: string }>(this.db, sql`
        insert into ${idempotencyKeys} (scope, key, fingerprint, claim_token)
        values (${scope}, ${key}, ${fingerprint}, ${token})
        on conflict (scope, key) do update set
          fingerprint = excluded.fingerprint, claim_token = excluded.claim_token, claimed_at = now(), created_at = now(),
          response_status = null, response_headers = null, response_body = null
        where idempotency_keys.created_at < now() - ${sql.raw(`interval '${KEEP_HOURS} hours'`)}
           or (idempotency_keys.response_status is null and idempotency_keys.fingerprint = excluded.fingerprint
               and idempotency_keys.claimed_at < now() - ${sql.raw(`interval '${ABANDONED_AFTER_SECONDS} seconds'`)})
        returning claim_token`);
      if (claimed[0]?.claim_token === token) return { kind: 'claimed', token };

      const [stored] = await this.db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
      if (!stored) continue; // released by a failed first request in between: claim again
      if (stored.fingerprint !== fingerprint) return { kind: 'other-request' };
      if (stored.responseStatus === null) return { kind: 'running' };
      return { kind: 'replay', answer: { status: stored.responseStatus, headers: stored.responseHeaders ?? {}, body: stored.responseBody ?? '' } };
    }
    return { kind: 'running' };
  }

  /** Stores the answer of the request holding the claim `token`. */
  async complete(scope: string, key: string, token: string, answer: StoredAnswer): Promise<void> {
    await this.db
      .update(idempotencyKeys)
      .set({ responseStatus: answer.status, responseHeaders: answer.headers, responseBody: answer.body })
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key), eq(idempotencyKeys.claimToken, token)));
  }

  /** Gives a claim up without an answer (a 5xx): the next request with the key runs. */
  async release(scope: string, key: string, token: string): Promise<void> {
    await this.db
      .delete(idempotencyKeys)
      .where(and(
        eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key), eq(idempotencyKeys.claimToken, token), isNull(idempotencyKeys.responseStatus),
      ));
  }

  /** Deletes the answers past their life. */
  async cleanup(): Promise<void> {
    this.lastCleanup = Date.now();
    await this.db.execute(sql`delete from ${idempotencyKeys} where created_at < now() - ${sql.raw(`interval '${KEEP_HOURS} hours'`)}`);
  }

  private cleanupNowAndThen(): void {
    if (Date.now() - this.lastCleanup < CLEANUP_EVERY_MS) return;
    this.cleanup().catch((error: unknown) => this.log.warn({ err: error }, 'idempotency cleanup failed'));
  }
}

// ---- the hooks ------------------------------------------------------------------------------------

interface Claim { scope: string; key: string; token: string; settled: boolean }

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyClaim?: Claim;
  }
}

/** Whose key it is: the signed-in user, else (logged out) the client address. */
export const callerScope = (request: Pick<FastifyRequest, 'session' | 'ip'>): string =>
  request.session ? `user:${request.session.userId}` : `address:${request.ip}`;

/**
 * Installs the Idempotency-Key handling on every route registered after it. It runs as a
 * preHandler, after authentication (so the caller is known) and body parsing (so the body is
 * compared as JSON); answers are stored in onSend, before they leave.
 */
export async function installIdempotency(app: FastifyInstance, db: Database): Promise<void> {
  const store = new IdempotencyStore(db, app.log);
  await store.cleanup().catch((error: unknown) => app.log.warn({ err: error }, 'idempotency cleanup failed'));
  app.decorateRequest('idempotencyClaim', undefined);

  app.addHook('preValidation', async (request, reply) => {
    const key = request.headers[IDEMPOTENCY_KEY];
    const route = request.routeOptions;
    if (key === undefined || !(WRITE_METHODS.has(request.method) || route.config.writes)) return;
    if (!route.url) return; // no such route: the 404 handler answers, nothing runs
    // The sign-in calls accept the header (the console sends it on every write) and simply run:
    // single-use codes and refresh tokens claimed once already make a replay harmless.
    if (route.config.replayable === false) return;
    if (typeof key !== 'string' || !KEY_PATTERN.test(key)) throw new Invalid(messages.idempotencyKeyInvalid);

    const scope = callerScope(request);
    const fingerprint = requestFingerprint({ method: request.method, route: route.url, params: request.params, query: request.query, body: request.body });
    const outcome = await store.claim(scope, key, fingerprint);
    switch (outcome.kind) {
      case 'claimed':
        request.idempotencyClaim = { scope, key, token: outcome.token, settled: false };
        return;
      case 'other-request':
        throw new Unprocessable(messages.idempotencyKeyReused, 'idempotency_key_reused');
      case 'running':
        throw new Conflict(messages.idempotencyInProgress, 'idempotency_in_progress');
      case 'replay':
        reply.code(outcome.answer.status).headers(outcome.answer.headers).header(IDEMPOTENCY_REPLAYED_HEADER, 'true');
        return reply.send(outcome.answer.body);
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim || claim.settled) return payload;
    claim.settled = true;
    const status = reply.statusCode;
    const body = payload === null || payload === undefined ? '' : payload;
    try {
      if (isStoredStatus(status) && typeof body === 'string' && !holdsToken(body)) {
        const headers: Record<string, string> = {};
        for (const name of REPLAYED_ANSWER_HEADERS) {
          const value = reply.getHeader(name);
          if (value !== undefined) headers[name] = String(value);
        }
        await store.complete(claim.scope, claim.key, claim.token, { status, headers, body });
      } else {
        await store.release(claim.scope, claim.key, claim.token);
      }
    } catch (error) {
      // The answer still goes out; without a stored answer the key must not stay claimed.
      request.log.error({ err: error }, 'could not store the answer of an Idempotency-Key');
      await store.release(claim.scope, claim.key, claim.token).catch(() => undefined);
    }
    return payload;
  });

  // An answer that never reached onSend (the client went away mid-request): give the claim up.
  app.addHook('onResponse', async (request) => {
    const claim = request.idempotencyClaim;
    if (!claim || claim.settled) return;
    claim.settled = true;
    await store.release(claim.scope, claim.key, claim.token).catch(() => undefined);
  });
}
