// Idempotency-Key on the writes of the started server: a replayed write is answered again, never
// run again; the same key with another request is refused (422); a duplicate arriving while the
// first runs gets 409; keys belong to their caller; the sign-in calls are never stored; a 5xx is
// not stored; answers live 24 hours; a claim left by a crashed request is taken over.
// Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminUserRequest, ListPage, LoginResponse } from '../../src/contract/api';
import type { AdminUser, EventType, Whitelist } from '../../src/contract/entities';
import * as messages from '../../src/contract/messages';
import { requestFingerprint } from '../../src/server/http/idempotency';
import { backends, DEMO_PASSWORD, type Answer, demoIds, needsSql } from '../support/server';
import { useSignedInServer } from '../support/signedIn';
import { LOGIN, REGISTER, SEND } from '../support/calls';

type Body<T> = T & { error?: string; errors?: Record<string, string[]> };

const EVENT_TYPES = '/admin/event_types';
const WHITELIST = '/admin/whitelist';
const REPLAYED = 'idempotency-replayed';

let sequence = 0;
/** A unique suffix per call, so tests do not depend on each other's rows. */
const unique = () => `${Date.now().toString(36)}${++sequence}`;
const newKey = () => randomUUID();

describe.each(backends)('Idempotency-Key on %s', (backend) => {
  const { server, tokens } = useSignedInServer(backend, ['super', 'agency']);
  let superId: number;
  let goldCoast: number;
  let gh01: number;

  beforeAll(async () => {
    const admins = await server.get<ListPage<AdminUser>>('/admin/admins?search=super@demo.test', tokens.super);
    superId = admins.body.data[0]?.id as number;
    const ids = await demoIds(server, tokens.super);
    goldCoast = ids.agency['Gold Coast Field Partners'] as number;
    gh01 = ids.campaign['SIM Drive GH-01'] as number;
    expect([superId, goldCoast, gh01].every(Number.isInteger)).toBe(true);
  });

  /** A write with an Idempotency-Key (and a token when given). */
  const write = <T = Record<string, unknown>>(method: string, path: string, body: unknown, key: string, token?: string) =>
    server.request<Body<T>>(method, path, { body, token, headers: { 'idempotency-key': key } });
  const eventTypesNamed = async (name: string) =>
    (await server.get<ListPage<EventType>>(`${EVENT_TYPES}?page_size=0&search=${name}`, tokens.super)).body.data.filter((row) => row.name === name);
  const adminsWithEmail = async (email: string) =>
    (await server.get<ListPage<AdminUser>>(`/admin/admins?page_size=0&search=${encodeURIComponent(email)}`, tokens.super)).body.data;
  const storedKey = async (key: string) =>
    (await server.sql?.query('select scope, fingerprint, response_status from idempotency_keys where key = $1', [key]))?.rows ?? [];
  const auditCount = async (entity: string) =>
    Number((await server.sql?.query('select count(*) as n from audit_log where entity = $1', [entity]))?.rows[0]?.n ?? 0);
  const userForm = (email: string): AdminUserRequest => ({
    email, firstname: 'Ama', lastname: 'Mensah', password: 'Fresh#Start2026', msisdn: '', linked_agencies: [goldCoast],
    is_super: false, unblacklist: false, secure_page: false,
  });
  /** The same answer: status, body and content type, replayed or not. */
  const expectSameAnswer = (replay: Answer<unknown>, first: Answer<unknown>) => {
    expect(replay.status).toBe(first.status);
    expect(replay.body).toEqual(first.body);
    expect(replay.headers.get('content-type')).toBe(first.headers.get('content-type'));
  };

  it('answers a repeat with the stored answer and runs the write once', async ({ skip }) => {
    const key = newKey();
    const name = `replay_${unique()}`;
    const body = { event: name, pretty: 'Replayed once' };
    const first = await write<EventType>('POST', EVENT_TYPES, body, key, tokens.super);
    expect(first.status).toBe(201);
    expect(first.headers.get(REPLAYED)).toBeNull();
    const audited = await auditCount('event_type');

    const again = await write<EventType>('POST', EVENT_TYPES, body, key, tokens.super);
    expectSameAnswer(again, first);
    expect(again.headers.get(REPLAYED)).toBe('true');
    // The same request with its JSON keys in another order and a trailing slash is the same request.
    const reordered = await write<EventType>('POST', `${EVENT_TYPES}/`, { pretty: 'Replayed once', event: name }, key, tokens.super);
    expectSameAnswer(reordered, first);
    expect(reordered.headers.get(REPLAYED)).toBe('true');

    expect(await eventTypesNamed(name)).toHaveLength(1);
    expect(await auditCount('event_type')).toBe(audited);
    needsSql(server, skip);
    expect(await storedKey(key)).toEqual([{ scope: `user:${superId}`, fingerprint: expect.any(String), response_status: 201 }]);
  });

  it('refuses the same key with another request (422) and changes nothing', async () => {
    const key = newKey();
    const name = `first_${unique()}`;
    const first = await write<EventType>('POST', EVENT_TYPES, { event: name, pretty: 'First' }, key, tokens.super);
    expect(first.status).toBe(201);
    const other = `other_${unique()}`;
    const audited = await auditCount('event_type');

    const otherBody = await write('POST', EVENT_TYPES, { event: other, pretty: 'Other' }, key, tokens.super);
    expect(otherBody.status).toBe(422);
    expect(otherBody.body).toEqual({ error: messages.idempotencyKeyReused, code: 'idempotency_key_reused' });
    expect(otherBody.headers.get(REPLAYED)).toBeNull();
    const otherMethod = await write('PUT', EVENT_TYPES, { id: first.body.id, event: name, pretty: 'First' }, key, tokens.super);
    expect(otherMethod.status).toBe(422);
    const otherPath = await write('POST', WHITELIST, { event: name, pretty: 'First' }, key, tokens.super);
    expect(otherPath.status).toBe(422);

    expect(await eventTypesNamed(other)).toEqual([]);
    expect(await eventTypesNamed(name)).toEqual([first.body]);
    expect(await auditCount('event_type')).toBe(audited);
    // The key still answers its own request.
    expect((await write('POST', EVENT_TYPES, { event: name, pretty: 'First' }, key, tokens.super)).headers.get(REPLAYED)).toBe('true');
  });

  it('keeps keys per caller: another user\'s request with the same key runs as their own', async ({ skip }) => {
    const key = newKey();
    const name = `mine_${unique()}`;
    const body = { event: name, pretty: 'Mine' };
    const superAnswer = await write<EventType>('POST', EVENT_TYPES, body, key, tokens.super);
    expect(superAnswer.status).toBe(201);

    // The very same request by an Agency Admin is not handed the Super Admin's 201: it runs, and is refused.
    const sameRequest = await write('POST', EVENT_TYPES, body, key, tokens.agency);
    expect(sameRequest.status).toBe(403);
    expect(sameRequest.body).toEqual({ error: messages.superOnlyChange, code: 'super_admin_only' });
    expect(sameRequest.headers.get(REPLAYED)).toBeNull();
    // A key someone else used is free for this caller's own request: it runs (no 422, no replay).
    const shared = newKey();
    const digits = String(Date.now()).slice(-7);
    const superEntry = await write<Whitelist>('POST', WHITELIST, { msisdn: `024${digits}`, country: 'GH', campaign_id: gh01 }, shared, tokens.super);
    expect(superEntry.status).toBe(201);
    const agencyEntry = await write<Whitelist>('POST', WHITELIST, { msisdn: `025${digits}`, country: 'GH', campaign_id: gh01 }, shared, tokens.agency);
    expect(agencyEntry.status).toBe(201);
    expect(agencyEntry.headers.get(REPLAYED)).toBeNull();
    expect(agencyEntry.body.id).not.toBe(superEntry.body.id);
    // Its own number, stored international (Ghana's 233 for the national 0).
    expect(agencyEntry.body.msisdn).toBe(`23325${digits}`);

    expect(await eventTypesNamed(name)).toHaveLength(1);
    needsSql(server, skip);
    const scopes = (await storedKey(key)).map((row) => `${row.scope as string} ${row.response_status as number}`).sort();
    expect(scopes).toHaveLength(2);
    expect(scopes).toEqual(expect.arrayContaining([expect.stringMatching(/^user:\d+ 403$/), `user:${superId} 201`]));
  });

  it('keeps logged-out keys per client address, apart from any user\'s', async ({ skip }) => {
    const key = newKey();
    const email = `open.${unique()}@example.org`;
    const first = await write<AdminUser>('POST', REGISTER, userForm(email), key);
    expect(first.status).toBe(201);
    const again = await write<AdminUser>('POST', REGISTER, userForm(email), key);
    expectSameAnswer(again, first);
    expect(again.headers.get(REPLAYED)).toBe('true');
    expect(await adminsWithEmail(email)).toHaveLength(1);

    // The same key and request from a signed-in Super Admin is theirs: it runs (and finds the email taken).
    const signedIn = await write('POST', REGISTER, userForm(email), key, tokens.super);
    expect(signedIn.status).toBe(409);
    expect(signedIn.body).toEqual({ error: messages.duplicateEmail, code: 'duplicate' });
    expect(signedIn.headers.get(REPLAYED)).toBeNull();
    needsSql(server, skip);
    const scopes = (await storedKey(key)).map((row) => row.scope as string);
    expect(scopes).toHaveLength(2);
    expect(scopes).toEqual(expect.arrayContaining([expect.stringMatching(/^address:/), `user:${superId}`]));
  });

  it('replays a failed validation (400) as the same 400', async () => {
    const key = newKey();
    const body = { msisdn: '02412a4567', country: '' };
    const first = await write('POST', WHITELIST, body, key, tokens.super);
    expect(first.status).toBe(400);
    expect(first.body.errors).toEqual({ msisdn: [messages.msisdnRequired], country: [messages.countryRequired] });
    const again = await write('POST', WHITELIST, body, key, tokens.super);
    expectSameAnswer(again, first);
    expect(again.headers.get(REPLAYED)).toBe('true');
  });

  it('runs concurrent duplicates once: every answer is the stored 201 or 409 "still being processed"', async ({ skip }) => {
    const key = newKey();
    const email = `burst.${unique()}@example.org`;
    const audited = await auditCount('admin_user');
    // Adding an admin user hashes a password (scrypt): slow enough for the duplicates to overlap.
    const answers = await Promise.all(Array.from({ length: 5 }, () => write<AdminUser>('POST', REGISTER, userForm(email), key, tokens.super)));

    const created = answers.filter((answer) => answer.status === 201);
    const waiting = answers.filter((answer) => answer.status !== 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const answer of created) expect(answer.body).toEqual(created[0]?.body);
    expect(created.filter((answer) => answer.headers.get(REPLAYED) === null)).toHaveLength(1);
    for (const answer of waiting) {
      expect(answer.status).toBe(409);
      expect(answer.body).toEqual({ error: messages.idempotencyInProgress, code: 'idempotency_in_progress' });
    }
    expect(await adminsWithEmail(email)).toHaveLength(1);
    needsSql(server, skip);
    expect(await auditCount('admin_user')).toBe(audited + 1);
    const rows = await server.sql.query('select count(*)::int as n from users where lower(email) = lower($1)', [email]);
    expect(rows.rows[0]?.n).toBe(1);
    // Once the first has answered, a retry gets its answer.
    const retry = await write<AdminUser>('POST', REGISTER, userForm(email), key, tokens.super);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(created[0]?.body);
    expect(retry.headers.get(REPLAYED)).toBe('true');
  });

  it('never stores the answers of the sign-in calls (they carry tokens and codes)', async ({ skip }) => {
    const sendKey = newKey();
    const sendBody = { username: 'campaign@demo.test', password: DEMO_PASSWORD, otp_type: 'LOGIN', medium: 'EMAIL' };
    const before = (await server.outbox()).filter((message) => message.to === 'campaign@demo.test').length;
    for (let i = 0; i < 2; i++) {
      const sent = await write('POST', SEND, sendBody, sendKey);
      expect(sent.status).toBe(200);
      expect(sent.headers.get(REPLAYED)).toBeNull();
    }
    // Both sends ran: two new codes.
    expect((await server.outbox()).filter((message) => message.to === 'campaign@demo.test').length).toBe(before + 2);

    const loginKey = newKey();
    const otp = await server.latestCode('campaign@demo.test', 'LOGIN');
    const loginBody = { username: 'campaign@demo.test', password: DEMO_PASSWORD, otp_type: 'LOGIN', otp };
    const login = await write<LoginResponse>('POST', LOGIN, loginBody, loginKey);
    expect(login.status).toBe(200);
    expect(login.body.access).toEqual(expect.any(String));
    // The second is not handed the first's tokens: it runs, and the used code is refused.
    const again = await write<LoginResponse>('POST', LOGIN, loginBody, loginKey);
    expect(again.status).toBe(401);
    expect(again.body.access).toBeUndefined();
    expect(again.body.error).toBe(`${messages.loginFailed}. ${messages.otpExpiredOrUsed}`);
    expect(again.headers.get(REPLAYED)).toBeNull();
    needsSql(server, skip);
    expect(await storedKey(sendKey)).toEqual([]);
    expect(await storedKey(loginKey)).toEqual([]);
  });

  it('refuses a NUL character with 400 before anything runs', async () => {
    const key = newKey();
    const body = { event: `nul_${unique()}`, pretty: 'Nul \u0000 byte' };
    const first = await write('POST', EVENT_TYPES, body, key, tokens.super);
    expect(first.status).toBe(400);
    expect(first.body.errors).toEqual({ pretty: ['Text cannot contain the NUL character (\\u0000).'] });
  });

  // A failing database is made on PostgreSQL with a CHECK the server does not know about.
  it.skipIf(backend === 'pglite')('stores no 5xx answer: the retry runs again', async () => {
    const sql = server.sql as NonNullable<typeof server.sql>;
    await sql.query(`alter table event_types add constraint test_no_boom check (pretty_name <> 'Boom')`);
    try {
      const key = newKey();
      const body = { event: `boom_${unique()}`, pretty: 'Boom' };
      const first = await write('POST', EVENT_TYPES, body, key, tokens.super);
      expect(first.status).toBe(500);
      expect(first.body).toEqual({ error: messages.internalError, code: 'internal' });
      expect(await storedKey(key)).toEqual([]);
      const again = await write('POST', EVENT_TYPES, body, key, tokens.super);
      expect(again.status).toBe(500);
      expect(again.headers.get(REPLAYED)).toBeNull();
      // The key is free: a corrected request under it runs.
      const fixed = await write<EventType>('POST', EVENT_TYPES, { ...body, pretty: 'Fixed' }, key, tokens.super);
      expect(fixed.status).toBe(201);
    } finally {
      await sql.query('alter table event_types drop constraint test_no_boom');
    }
  });

  it('refuses a malformed key with 400 and runs nothing', async () => {
    const name = `badkey_${unique()}`;
    for (const key of ['x'.repeat(201), 'two words']) {
      const answer = await write('POST', EVENT_TYPES, { event: name, pretty: 'Bad key' }, key, tokens.super);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ error: messages.idempotencyKeyInvalid, code: 'bad_request' });
    }
    expect(await eventTypesNamed(name)).toEqual([]);
  });

  it('leaves reads and writes without a key alone', async () => {
    const name = `nokey_${unique()}`;
    const first = await server.request<EventType>('POST', EVENT_TYPES, { body: { event: name, pretty: 'No key' }, token: tokens.super });
    expect(first.status).toBe(201);
    const again = await server.request('POST', EVENT_TYPES, { body: { event: name, pretty: 'No key' }, token: tokens.super });
    expect(again.status).toBe(409);
    const read = await server.request('GET', EVENT_TYPES, { token: tokens.super, headers: { 'idempotency-key': newKey() } });
    expect(read.status).toBe(200);
    expect(read.headers.get(REPLAYED)).toBeNull();
  });

  describe.runIf(backend === 'postgres')('in the shared table (PostgreSQL)', () => {
    it('forgets an answer after 24 hours: the key then runs a new request', async () => {
      const key = newKey();
      const first = await write('POST', EVENT_TYPES, { event: `old_${unique()}`, pretty: 'Old' }, key, tokens.super);
      expect(first.status).toBe(201);
      await server.sql?.query(`update idempotency_keys set created_at = now() - interval '25 hours' where key = $1`, [key]);
      const name = `new_${unique()}`;
      const fresh = await write('POST', EVENT_TYPES, { event: name, pretty: 'New' }, key, tokens.super);
      expect(fresh.status).toBe(201);
      expect(fresh.headers.get(REPLAYED)).toBeNull();
      expect(await eventTypesNamed(name)).toHaveLength(1);
    });

    it('a claim whose request died answers 409 while fresh, and is taken over by the retry once abandoned', async () => {
      const key = newKey();
      const name = `crash_${unique()}`;
      const body = { event: name, pretty: 'Crashed' };
      const fingerprint = requestFingerprint({ method: 'POST', route: EVENT_TYPES, params: {}, query: {}, body });
      // What a request that crashed mid-way leaves: a claim and no answer.
      await server.sql?.query(
        `insert into idempotency_keys (scope, key, fingerprint, claim_token, claimed_at) values ($1, $2, $3, 'dead', now())`,
        [`user:${superId}`, key, fingerprint],
      );
      const busy = await write('POST', EVENT_TYPES, body, key, tokens.super);
      expect(busy.status).toBe(409);
      expect(busy.body).toEqual({ error: messages.idempotencyInProgress, code: 'idempotency_in_progress' });
      expect(await eventTypesNamed(name)).toEqual([]);

      await server.sql?.query(`update idempotency_keys set claimed_at = now() - interval '10 minutes' where key = $1`, [key]);
      const retried = await write<EventType>('POST', EVENT_TYPES, body, key, tokens.super);
      expect(retried.status).toBe(201);
      expect(retried.headers.get(REPLAYED)).toBeNull();
      expect(await eventTypesNamed(name)).toHaveLength(1);
      expect(await storedKey(key)).toEqual([{ scope: `user:${superId}`, fingerprint, response_status: 201 }]);
    });
  });
});
