// Signed-in devices (issue 31, item 6; OWASP ASVS 5.0 V7) against the started server: an admin
// lists their live sessions (this one marked, where each signed in from) and signs any of them out;
// only a Super Admin lists and ends another admin's; and an admin whose role is suspended or ends,
// or whose password a Super Admin changes, is signed out everywhere at once: the next call answers
// 401 `session_expired` and the refresh token is refused. The demo admins are the ones who can sign
// in (no call links a new admin's role to a campaign); a test that suspends a role or changes a
// password puts it back.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, LoginResponse, Page, RefreshResponse } from '../../src/contract/api';
import type { AdminUser, UserRoleWithUser } from '../../src/contract/entities';
import * as messages from '../../src/contract/messages';
import { STATUS_TYPE_ID } from '../../src/contract/roles';
import {
  devicesSignedOut, othersSessionsSuperOnly, sessionNotFound, sessionRoleEnded, type SessionsEnded, type SignedInDevice,
} from '../../src/contract/sessions';
import { LOGIN, LOGOUT, REFRESH, REGISTER, SEND } from '../support/calls';
import { backends, DEMO_PASSWORD, type TestServer, needsSql } from '../support/server';
import { useSignedInServer } from '../support/signedIn';

const SESSIONS = '/api/v1/sessions/';
const STATUS_TYPES = '/api/v1/status-types';
const AGENCY = 'agency@demo.test';
const CAMPAIGN = 'campaign@demo.test';
const EXPIRED = 'expired@demo.test';
const CHROME_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_ON_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1';

interface Signed { access: string; refresh: string }

/** The session id an access token carries (its `sid`): what auth_events names a session by. */
const sidOf = (signed: Signed): string => JSON.parse(Buffer.from(signed.access.split('.')[1] as string, 'base64url').toString()).sid;

describe.each(backends)('signed-in devices on %s', (backend) => {
  const { server, tokens } = useSignedInServer(backend, ['super']);
  /** The demo admins' user ids and the ids of their (only) roles. */
  const id: Record<string, number> = {};
  const role: Record<string, number> = {};

  beforeAll(async () => {
    const admins = (await server.get<{ data: AdminUser[] }>('/admin/admins?page_size=0', tokens.super)).body.data;
    for (const email of ['super@demo.test', AGENCY, CAMPAIGN, EXPIRED]) id[email] = admins.find((admin) => admin.email === email)?.id as number;
    const roles = await server.get<Page<UserRoleWithUser>>(`/api/v1/user-roles/?user_ids=${id[AGENCY]},${id[CAMPAIGN]},${id[EXPIRED]}`, tokens.super);
    for (const email of [AGENCY, CAMPAIGN, EXPIRED]) role[email] = roles.body.results.find((found) => found.user.id === id[email])?.id as number;
    expect([...Object.values(id), ...Object.values(role)].every(Number.isInteger)).toBe(true);
  });

  /** Signs in as a browser with this User-Agent would. */
  async function signInFrom(email: string, userAgent: string, password = DEMO_PASSWORD): Promise<Signed & { body: LoginResponse }> {
    const headers = { 'user-agent': userAgent };
    const sent = await server.request('POST', SEND, { body: { username: email, password, otp_type: 'LOGIN', medium: 'EMAIL' }, headers });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const otp = await server.latestCode(email, 'LOGIN');
    const login = await server.request<LoginResponse>('POST', LOGIN, { body: { username: email, password, otp_type: 'LOGIN', otp }, headers });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    return { access: login.body.access, refresh: login.body.refresh, body: login.body };
  }

  /** A sign-in that first signs out every other device of the account: each test starts from one session. */
  async function onlySession(email: string, userAgent: string): Promise<Signed> {
    const signed = await signInFrom(email, userAgent);
    expect((await server.post(`${SESSIONS}end-others/`, {}, signed.access)).status).toBe(200);
    return signed;
  }

  const mine = (token: string) => server.get<Page<SignedInDevice> & ApiError>(SESSIONS, token);
  const theirs = (userId: number, token = tokens.super) => server.get<Page<SignedInDevice> & ApiError>(`/api/v1/users/${userId}/sessions/`, token);
  const end = (path: string, token: string) => server.request<SessionsEnded & ApiError>('DELETE', path, { token });
  const refresh = (signed: Signed) => server.post<RefreshResponse & ApiError>(REFRESH, { refresh: signed.refresh });
  const setStatus = (email: string, status: number) =>
    server.request<ApiError>('PATCH', `/api/v1/user-roles/${role[email]}/`, { body: { status_type: status }, token: tokens.super });

  /** Signed out: the next call answers 401 `session_expired`, and the refresh token is refused. */
  async function expectSignedOut(signed: Signed, error: string = messages.sessionExpired) {
    const call = await server.get<ApiError>(STATUS_TYPES, signed.access);
    expect(call.status).toBe(401);
    expect(call.body).toEqual({ error, code: 'session_expired' });
    const renewed = await refresh(signed);
    expect(renewed.status).toBe(401);
    expect(renewed.body).toEqual({ error: messages.refreshTokenInvalid, code: 'session_expired' });
  }
  const expectSignedIn = async (signed: Signed) => expect((await server.get(STATUS_TYPES, signed.access)).status).toBe(200);

  /** What auth_events recorded of a session's end (PostgreSQL only: PGlite is held by the server). */
  const endOf = async (signed: Signed) =>
    (await server.sql?.query<{ user_id: number; actor_id: number | null; detail: string; address: string | null }>(
      "select user_id, actor_id, detail, address from auth_events where kind = 'session_ended' and session_id = $1", [sidOf(signed)],
    ))?.rows;

  it('lists my live sessions, most recently used first, this one marked, with where each signed in from', async () => {
    const laptop = await onlySession(AGENCY, CHROME_ON_WINDOWS);
    const phone = await signInFrom(AGENCY, SAFARI_ON_IPHONE);
    const listed = await mine(laptop.access);
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ count: 2, next: null, previous: null });
    expect(listed.body.results.map((device) => [device.device, device.current])).toEqual([['Safari on iPhone', false], ['Chrome on Windows', true]]);
    const [iphone, windows] = listed.body.results as [SignedInDevice, SignedInDevice];
    expect(windows).toMatchObject({ user_agent: CHROME_ON_WINDOWS, address: '127.0.0.1', role_type: 'Agency Admin' });
    expect(iphone.id).toMatch(/^[0-9a-f-]{36}$/);
    for (const device of listed.body.results) {
      expect(Date.parse(device.last_used_at)).toBeGreaterThanOrEqual(Date.parse(device.signed_in_at));
      expect(Date.now() - Date.parse(device.signed_in_at)).toBeLessThan(120_000);
    }
    // The other device's list marks it; a device is never named by the session id its tokens carry.
    expect((await mine(phone.access)).body.results.map((device) => device.current)).toEqual([true, false]);
    expect(JSON.stringify(listed.body)).not.toContain(sidOf(laptop));
    // A device that logged out is not listed.
    expect((await server.post(LOGOUT, { refresh: phone.refresh })).status).toBe(200);
    expect((await mine(laptop.access)).body.results.map((device) => device.device)).toEqual(['Chrome on Windows']);
    expect((await server.get(SESSIONS)).status).toBe(401);
  });

  it('signs one of my devices out: its next call answers 401 and its refresh token is refused; mine goes on', async ({ skip }) => {
    const laptop = await onlySession(AGENCY, CHROME_ON_WINDOWS);
    const tablet = await signInFrom(AGENCY, FIREFOX_ON_LINUX);
    const other = (await mine(laptop.access)).body.results.find((device) => !device.current) as SignedInDevice;
    const ended = await end(`${SESSIONS}${other.id}/`, laptop.access);
    expect(ended.status).toBe(200);
    expect(ended.body).toEqual({ ended: 1, message: devicesSignedOut(1) });
    await expectSignedOut(tablet);
    await expectSignedIn(laptop);
    expect((await mine(laptop.access)).body.count).toBe(1);
    // Again: it is not signed in any more.
    const again = await end(`${SESSIONS}${other.id}/`, laptop.access);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ error: sessionNotFound, code: 'not_found' });
    const malformed = await end(`${SESSIONS}not-a-session/`, laptop.access);
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('validation');
    needsSql(server, skip);
    expect(await endOf(tablet)).toEqual([{ user_id: id[AGENCY], actor_id: id[AGENCY], detail: 'signed out from another device', address: '127.0.0.1' }]);
  });

  it('signs out all my other devices at once, and keeps this one', async () => {
    const here = await onlySession(AGENCY, CHROME_ON_WINDOWS);
    const others = [await signInFrom(AGENCY, FIREFOX_ON_LINUX), await signInFrom(AGENCY, SAFARI_ON_IPHONE)];
    const ended = await server.post<SessionsEnded>(`${SESSIONS}end-others/`, {}, here.access);
    expect(ended.status).toBe(200);
    expect(ended.body).toEqual({ ended: 2, message: devicesSignedOut(2) });
    for (const other of others) await expectSignedOut(other);
    await expectSignedIn(here);
    expect((await mine(here.access)).body.results.map((device) => device.current)).toEqual([true]);
    expect((await server.post<SessionsEnded>(`${SESSIONS}end-others/`, {}, here.access)).body).toEqual({ ended: 0, message: devicesSignedOut(0) });
  });

  it("a non-super admin sees and signs out only their own: another admin's sessions are refused and go on", async () => {
    const me = await onlySession(AGENCY, CHROME_ON_WINDOWS);
    const someone = await onlySession(CAMPAIGN, FIREFOX_ON_LINUX);
    const theirDevice = (await theirs(id[CAMPAIGN] as number)).body.results[0] as SignedInDevice;
    // Their device by its name in the list: not one of mine, so not found.
    const byName = await end(`${SESSIONS}${theirDevice.id}/`, me.access);
    expect(byName.status).toBe(404);
    expect(byName.body).toEqual({ error: sessionNotFound, code: 'not_found' });
    // The Super Admin's calls: refused before anything is read.
    for (const answer of [
      await theirs(id[CAMPAIGN] as number, me.access),
      await end(`/api/v1/users/${id[CAMPAIGN]}/sessions/`, me.access),
      await end(`/api/v1/users/${id[CAMPAIGN]}/sessions/${theirDevice.id}/`, me.access),
    ]) {
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ error: othersSessionsSuperOnly, code: 'super_admin_only' });
    }
    await expectSignedIn(someone);
    expect((await theirs(id[CAMPAIGN] as number)).body.count).toBe(1);
    expect((await mine(me.access)).body.results).toHaveLength(1);
  });

  it("a Super Admin lists another admin's devices and signs one or all of them out", async ({ skip }) => {
    const laptop = await onlySession(AGENCY, CHROME_ON_WINDOWS);
    const phone = await signInFrom(AGENCY, SAFARI_ON_IPHONE);
    const listed = await theirs(id[AGENCY] as number);
    expect(listed.status).toBe(200);
    expect(listed.body.results.map((device) => [device.device, device.current])).toEqual([['Safari on iPhone', false], ['Chrome on Windows', false]]);
    const iphone = listed.body.results[0] as SignedInDevice;
    const one = await end(`/api/v1/users/${id[AGENCY]}/sessions/${iphone.id}/`, tokens.super);
    expect(one.body).toEqual({ ended: 1, message: devicesSignedOut(1) });
    await expectSignedOut(phone);
    await expectSignedIn(laptop);
    const all = await end(`/api/v1/users/${id[AGENCY]}/sessions/`, tokens.super);
    expect(all.body).toEqual({ ended: 1, message: devicesSignedOut(1) });
    await expectSignedOut(laptop);
    expect((await theirs(id[AGENCY] as number)).body.count).toBe(0);
    await expectSignedIn({ access: tokens.super, refresh: '' });
    // Nobody to list: an unknown id, and a user who is not an admin (an agent has no email).
    expect((await theirs(2_000_000)).body).toEqual({ error: messages.adminUserNotFound, code: 'not_found' });
    const agent = (await server.get<Page<{ user_role: { user: { id: number } } }>>('/api/v1/user-role-campaigns/?role_type_id=2&page_size=1', tokens.super)).body.results[0];
    expect((await theirs(agent?.user_role.user.id as number)).status).toBe(404);
    needsSql(server, skip);
    for (const session of [phone, laptop]) {
      expect(await endOf(session)).toEqual([{ user_id: id[AGENCY], actor_id: id['super@demo.test'], detail: 'signed out by a Super Admin', address: '127.0.0.1' }]);
    }
  });

  it('a suspended admin is signed out everywhere at once: the next call answers 401 and the refresh token is refused', async ({ skip }) => {
    const sessions = [await onlySession(AGENCY, CHROME_ON_WINDOWS), await signInFrom(AGENCY, FIREFOX_ON_LINUX)];
    try {
      const suspended = await setStatus(AGENCY, STATUS_TYPE_ID.Suspended);
      expect(suspended.status, JSON.stringify(suspended.body)).toBe(200);
      // Ended in the suspension's own transaction: none is listed before any device calls.
      expect((await theirs(id[AGENCY] as number)).body.count).toBe(0);
      for (const session of sessions) await expectSignedOut(session);
      const refused = await server.post<ApiError>(SEND, { username: AGENCY, password: DEMO_PASSWORD, otp_type: 'LOGIN', medium: 'EMAIL' });
      expect(refused.body.error).toBe(messages.roleNotValid);
      needsSql(server, skip);
      for (const session of sessions) expect((await endOf(session))?.map((row) => [row.actor_id, row.detail])).toEqual([[id['super@demo.test'], 'role ended or not active']]);
    } finally {
      expect((await setStatus(AGENCY, STATUS_TYPE_ID.Active)).status).toBe(200);
    }
    // Active again: the ended sessions stay ended, and a new sign-in works.
    await expectSignedOut(sessions[0] as Signed);
    await expectSignedIn(await signInFrom(AGENCY, CHROME_ON_WINDOWS));
  });

  it('an admin whose only role is made InActive is signed out everywhere', async () => {
    const session = await onlySession(CAMPAIGN, CHROME_ON_WINDOWS);
    try {
      expect((await setStatus(CAMPAIGN, STATUS_TYPE_ID.InActive)).status).toBe(200);
      await expectSignedOut(session);
    } finally {
      expect((await setStatus(CAMPAIGN, STATUS_TYPE_ID.Active)).status).toBe(200);
    }
  });

  it.skipIf(backend !== 'postgres')("an admin whose only role ended by its end date: the next call answers 401 and ends every session of that role, a Super Admin's too", async () => {
    const sql = server.sql as NonNullable<TestServer['sql']>;
    // expired@demo.test: a Super Admin role that ended; renewed, it signs in twice.
    const { rows: [stored] } = await sql.query<{ end: string }>("select to_char(role_end_date, 'YYYY-MM-DD') as end from user_roles where id = $1", [role[EXPIRED]]);
    await sql.query("update user_roles set role_end_date = current_date + 30 where id = $1", [role[EXPIRED]]);
    try {
      const first = await signInFrom(EXPIRED, CHROME_ON_WINDOWS);
      const second = await signInFrom(EXPIRED, FIREFOX_ON_LINUX);
      expect(first.body.user.role_type).toBe('Super Admin');
      await expectSignedIn(first);
      // No call changes an end date: the day passes, as it would overnight.
      await sql.query('update user_roles set role_end_date = current_date - 1 where id = $1', [role[EXPIRED]]);
      await expectSignedOut(first, sessionRoleEnded('Super Admin'));
      // That call ended both: the second device's refresh is refused without a call of its own.
      const renewed = await refresh(second);
      expect(renewed.body).toEqual({ error: messages.refreshTokenInvalid, code: 'session_expired' });
      for (const session of [first, second]) expect((await endOf(session))?.map((row) => [row.actor_id, row.detail])).toEqual([[null, 'role ended or not active']]);
    } finally {
      await sql.query('update user_roles set role_end_date = $2 where id = $1', [role[EXPIRED], stored?.end]);
    }
  });

  it("a Super Admin changing an admin's password signs them out everywhere; the new password signs in", async ({ skip }) => {
    const sessions = [await onlySession(CAMPAIGN, CHROME_ON_WINDOWS), await signInFrom(CAMPAIGN, SAFARI_ON_IPHONE)];
    const savePassword = async (password: string) => {
      const row = (await server.get<{ data: AdminUser[] }>(`/admin/admins?search=${CAMPAIGN}`, tokens.super)).body.data[0] as AdminUser;
      const saved = await server.request<AdminUser>('PUT', REGISTER, {
        body: {
          id: row.id, updated_at: row.updated_at, email: row.email, firstname: row.firstname, lastname: row.lastname, password,
          msisdn: row.msisdn ?? '', linked_agencies: row.linked_agencies.map((link) => link.id),
          is_super: row.is_super, unblacklist: row.unblacklist, secure_page: row.secure_page,
        },
        token: tokens.super,
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    };
    await savePassword('Changed#Pass2026');
    try {
      expect((await theirs(id[CAMPAIGN] as number)).body.count).toBe(0);
      for (const session of sessions) await expectSignedOut(session);
      await expectSignedIn({ access: tokens.super, refresh: '' });
      await expectSignedIn(await signInFrom(CAMPAIGN, CHROME_ON_WINDOWS, 'Changed#Pass2026'));
      needsSql(server, skip);
      for (const session of sessions) expect((await endOf(session))?.map((row) => [row.actor_id, row.detail])).toEqual([[id['super@demo.test'], 'password changed by a Super Admin']]);
    } finally {
      await savePassword(DEMO_PASSWORD);
    }
  });

  it.skipIf(backend !== 'postgres')('moves last used at most once a minute', async () => {
    const session = await onlySession(AGENCY, CHROME_ON_WINDOWS);
    const lastUsed = async () => (await mine(session.access)).body.results[0]?.last_used_at as string;
    const first = await lastUsed();
    await expectSignedIn(session);
    // Within the minute: no write.
    expect(await lastUsed()).toBe(first);
    // Two minutes on (as if): the next call moves it to now before it reads the list.
    await server.sql?.query("update auth_sessions set last_used_at = last_used_at - interval '2 minutes' where user_id = $1", [id[AGENCY]]);
    expect(Date.parse(await lastUsed())).toBeGreaterThanOrEqual(Date.parse(first));
  });
});
