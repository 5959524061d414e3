// The whole sign-in against the started server: codes through the demo outbox, login, refresh
// with rotation and reuse detection, logout, password reset, each demo account's outcome, and the
// guessing budget of 4-digit codes. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse, RefreshResponse } from '../../src/contract/api';
import * as messages from '../../src/contract/messages';
import { backends, startServer, type TestServer } from '../support/server';
import { LOGIN, LOGOUT, REFRESH, RESET, SEND, wrongCode as wrong } from '../support/calls';

const PASSWORD = 'Referral#2026';
const STATUS_TYPES = '/api/v1/status-types';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function sendLoginCode(server: TestServer, username: string, password = PASSWORD) {
  return server.post(SEND, { username, password, otp_type: 'LOGIN', medium: 'EMAIL' });
}

async function logIn(server: TestServer, username: string, password = PASSWORD) {
  const sent = await sendLoginCode(server, username, password);
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const otp = await server.latestCode(username, 'LOGIN');
  return server.post<LoginResponse>(LOGIN, { username, password, otp_type: 'LOGIN', otp });
}

describe.each(backends)('sign-in on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    // Send budgets are generous here; the short-lived server below tests them at small values.
    server = await startServer(backend, { OTP_SEND_LIMIT_PER_15MIN: '100', OTP_SEND_LIMIT_PER_ADDRESS_15MIN: '1000' });
  });
  afterAll(async () => server?.stop());

  it('answers /health with the database it checked', async () => {
    const health = await server.get('/health');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'ok', database: backend });
  });

  it('signs a Super Admin in: code by email, login, refresh, and the code in no answer but the outbox', async () => {
    const sent = await sendLoginCode(server, 'super@demo.test');
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ message: messages.otpSent, medium: 'EMAIL', otp_type: 'LOGIN' });
    const [message] = await server.outbox();
    expect(message).toMatchObject({ to: 'super@demo.test', medium: 'EMAIL', otp_type: 'LOGIN' });
    expect(message?.code).toMatch(/^\d{4}$/);
    expect(JSON.stringify(sent.body)).not.toContain(message?.code);

    const login = await server.post<LoginResponse>(LOGIN, {
      username: 'super@demo.test', password: PASSWORD, otp_type: 'LOGIN', otp: message?.code,
    });
    expect(login.status).toBe(200);
    expect(Object.keys(login.body)).toEqual(expect.arrayContaining(['access', 'refresh', 'user_role_campaign', 'user_id']));
    expect(login.body.user.role_type).toBe('Super Admin');
    expect(login.body.user.is_super).toBe(true);
    expect(login.body.user_role_campaign.length).toBeGreaterThan(0);
    expect(JSON.stringify(login.body)).not.toContain(`"${message?.code}"`);

    const statusTypes = await server.get<{ results: Array<{ id: number; name: string }> }>(STATUS_TYPES, login.body.access);
    expect(statusTypes.status).toBe(200);
    expect(statusTypes.body.results).toContainEqual({ id: 1, name: 'Active' });
    const translations = await server.get<{ results: Array<{ language_code: string }> }>('/api/v1/translations/', login.body.access);
    expect(translations.status).toBe(200);
    expect(translations.body.results.map((l) => l.language_code)).toEqual(expect.arrayContaining(['en', 'fr']));

    // The code was used up: it cannot open a second session.
    const again = await server.post(LOGIN, { username: 'super@demo.test', password: PASSWORD, otp_type: 'LOGIN', otp: message?.code });
    expect(again.status).toBe(401);
    expect(again.body.error).toBe(`${messages.loginFailed}. ${messages.otpExpiredOrUsed}`);
  });

  it('rotates refresh tokens, and a reused one revokes its whole family', async () => {
    const login = await logIn(server, 'super@demo.test');
    const first = login.body.refresh;
    const rotated = await server.post<RefreshResponse>(REFRESH, { refresh: first });
    expect(rotated.status).toBe(200);
    expect(rotated.body.refresh).not.toBe(first);
    expect((await server.get(STATUS_TYPES, rotated.body.access)).status).toBe(200);

    const reuse = await server.post(REFRESH, { refresh: first });
    expect(reuse.status).toBe(401);
    expect(reuse.body).toEqual({ error: messages.refreshTokenInvalid, code: 'session_expired' });
    // The thief's copy and the owner's newer token are both dead, and so is the session's access.
    expect((await server.post(REFRESH, { refresh: rotated.body.refresh })).status).toBe(401);
    expect((await server.get(STATUS_TYPES, rotated.body.access)).status).toBe(401);
  });

  it('two refreshes racing with one token: one wins, and the reuse ends the session', async () => {
    const login = await logIn(server, 'super@demo.test');
    const answers = await Promise.all([0, 1].map(() => server.post(REFRESH, { refresh: login.body.refresh })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401]);
  });

  it('logout revokes the refresh token and the session', async () => {
    const login = await logIn(server, 'super@demo.test');
    const out = await server.post(LOGOUT, { refresh: login.body.refresh });
    expect(out.status).toBe(200);
    expect((await server.post(REFRESH, { refresh: login.body.refresh })).status).toBe(401);
    expect((await server.get(STATUS_TYPES, login.body.access)).status).toBe(401);
  });

  it.each([
    ['super@demo.test', 'Super Admin'],
    ['agency@demo.test', 'Agency Admin'],
    ['campaign@demo.test', 'Campaign Admin'],
  ])('%s logs in as %s', async (username, roleType) => {
    const login = await logIn(server, username);
    expect(login.status).toBe(200);
    expect(login.body.user.role_type).toBe(roleType);
    expect(login.body.user.username).toBe(username);
  });

  it.each([
    ['agent@demo.test', messages.agentCannotLogin],
    ['norole@demo.test', messages.noRoleCampaigns],
    ['expired@demo.test', messages.roleNotValid],
  ])('%s is refused before any code is sent', async (username, refusal) => {
    const before = (await server.outbox()).length;
    const sent = await sendLoginCode(server, username);
    expect(sent.status).toBe(403);
    expect(sent.body).toEqual({ error: refusal, code: 'forbidden' });
    expect((await server.outbox()).length).toBe(before);
  });

  it('refuses a wrong password or an unknown account with the same words and sends no code', async () => {
    const before = (await server.outbox()).length;
    for (const [username, password] of [['super@demo.test', 'Wrong#Pass1'], ['nobody@demo.test', PASSWORD]]) {
      const sent = await sendLoginCode(server, username as string, password);
      expect(sent.status).toBe(401);
      expect(sent.body).toEqual({ error: messages.loginFailed, code: 'login_failed' });
    }
    expect((await server.outbox()).length).toBe(before);
  });

  it('a right code with a wrong password says only "Unable to login user"', async () => {
    await sendLoginCode(server, 'campaign@demo.test');
    const otp = await server.latestCode('campaign@demo.test', 'LOGIN');
    const login = await server.post(LOGIN, { username: 'campaign@demo.test', password: 'Wrong#Pass1', otp_type: 'LOGIN', otp });
    expect(login.status).toBe(401);
    expect(login.body).toEqual({ error: messages.loginFailed, code: 'login_failed' });
  });

  // Issue 17: the code request hashed the password; the login checks it against that request's proof.
  it('takes the code request\'s login_token instead of a second hash: for that code, that password and that password hash only', async () => {
    const username = 'agency@demo.test';
    const send = async () => {
      const sent = await sendLoginCode(server, username);
      expect(sent.status).toBe(200);
      return { proof: String(sent.body.login_token), otp: await server.latestCode(username, 'LOGIN') };
    };
    const login = (body: { password?: string; otp: string; login_token?: string; username?: string }) =>
      server.post<LoginResponse>(LOGIN, { username, password: PASSWORD, otp_type: 'LOGIN', ...body });

    // The proof names its code, its expiry and an HMAC; never the code or the password.
    const first = await send();
    expect(first.proof).toMatch(/^\d+\.\d+\.[\w-]{43}$/);
    expect(first.proof).not.toContain(first.otp);
    expect((await login({ otp: first.otp, login_token: first.proof })).status).toBe(200);

    // With a proof, a wrong password is refused all the same, and the code is not spent.
    const second = await send();
    const wrongPassword = await login({ password: 'Wrong#Pass1', otp: second.otp, login_token: second.proof });
    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword.body).toEqual({ error: messages.loginFailed, code: 'login_failed' });
    // Another account's proof, a tampered one, or one whose code is closed is no proof: the password is hashed again.
    const othersProof = String((await sendLoginCode(server, 'campaign@demo.test')).body.login_token);
    const tampered = second.proof.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
    for (const proof of [othersProof, tampered, 'garbage', '']) {
      expect((await login({ password: 'Wrong#Pass1', otp: second.otp, login_token: proof })).status).toBe(401);
    }
    // None of it reached the code: it still signs in.
    expect((await login({ otp: second.otp, login_token: second.proof })).status).toBe(200);
    const third = await send();
    expect((await login({ password: 'Wrong#Pass1', otp: third.otp, login_token: second.proof })).status).toBe(401);
    expect((await login({ otp: third.otp, login_token: second.proof })).status).toBe(200);

    // A new password voids the proof made with the old one: the old password no longer signs in.
    const fourth = await send();
    await server.post(SEND, { username, otp_type: 'PASSWORD_RESET', medium: 'EMAIL' });
    const reset = await server.post(RESET, { username, otp: await server.latestCode(username, 'PASSWORD_RESET'), new_password: 'Changed#Pass2027' });
    expect(reset.status).toBe(200);
    expect((await login({ otp: fourth.otp, login_token: fourth.proof })).body).toEqual({ error: messages.loginFailed, code: 'login_failed' });
    expect((await login({ password: 'Changed#Pass2027', otp: fourth.otp, login_token: fourth.proof })).status).toBe(200);
    // Back to the demo password for the other tests.
    await server.post(SEND, { username, otp_type: 'PASSWORD_RESET', medium: 'EMAIL' });
    expect((await server.post(RESET, { username, otp: await server.latestCode(username, 'PASSWORD_RESET'), new_password: PASSWORD })).status).toBe(200);
  });

  it('burns a code after 5 wrong tries: the 6th try fails even with the right code', async () => {
    const username = 'campaign@demo.test';
    await sendLoginCode(server, username);
    const otp = await server.latestCode(username, 'LOGIN');
    const tries = [];
    for (let i = 1; i <= 5; i++) {
      tries.push(await server.post(LOGIN, { username, password: PASSWORD, otp_type: 'LOGIN', otp: wrong(otp, i) }));
    }
    expect(tries.map((t) => t.status)).toEqual([401, 401, 401, 401, 401]);
    expect(tries[0]?.body.error).toBe(`${messages.loginFailed}. ${messages.otpWrong}`);
    expect(tries[4]?.body.error).toBe(`${messages.loginFailed}. ${messages.otpTooManyTries}`);
    const sixth = await server.post(LOGIN, { username, password: PASSWORD, otp_type: 'LOGIN', otp });
    expect(sixth.status).toBe(401);
    expect(sixth.body.error).toBe(`${messages.loginFailed}. ${messages.otpExpiredOrUsed}`);
    // A new code still works: 5 failures are within the daily budget of 10.
    expect((await logIn(server, username)).status).toBe(200);
  });

  it('counts parallel wrong tries one by one: exactly 5 reach the code, the rest find it burned', async () => {
    const username = 'norole@demo.test';
    const sent = await server.post(SEND, { username, otp_type: 'PASSWORD_RESET', medium: 'EMAIL' });
    expect(sent.status).toBe(200);
    const otp = await server.latestCode(username, 'PASSWORD_RESET');
    const answers = await Promise.all(
      [1, 2, 3, 4, 5, 6, 7, 8].map((i) => server.post(RESET, { username, otp: wrong(otp, i), new_password: 'Another#Pass9' })),
    );
    const errors = answers.map((a) => a.body.error).sort();
    expect(errors.filter((e) => e === messages.otpWrong)).toHaveLength(4);
    expect(errors.filter((e) => e === messages.otpTooManyTries)).toHaveLength(1);
    expect(errors.filter((e) => e === messages.otpExpiredOrUsed)).toHaveLength(3);
    const right = await server.post(RESET, { username, otp, new_password: 'Another#Pass9' });
    expect(right.status).toBe(400);
    expect(right.body.error).toBe(messages.otpExpiredOrUsed);
  });

  it('locks an account for the day after 10 wrong codes, whatever the code', async () => {
    const username = 'agency@demo.test';
    for (let round = 0; round < 2; round++) {
      await sendLoginCode(server, username);
      const otp = await server.latestCode(username, 'LOGIN');
      for (let i = 1; i <= 5; i++) await server.post(LOGIN, { username, password: PASSWORD, otp_type: 'LOGIN', otp: wrong(otp, i) });
    }
    const refused = await sendLoginCode(server, username);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/^Too many wrong OTPs for this account\. OTPs are refused until \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
  });

  it('a LOGIN code does not reset a password, and a reset code does not log in', async () => {
    const username = 'campaign@demo.test';
    await sendLoginCode(server, username);
    const loginCode = await server.latestCode(username, 'LOGIN');
    const reset = await server.post(RESET, { username, otp: loginCode, new_password: 'Brand#New2027' });
    expect(reset.status).toBe(400);
    expect(reset.body.error).toBe(messages.otpExpiredOrUsed);

    await server.post(SEND, { username, otp_type: 'PASSWORD_RESET', medium: 'EMAIL' });
    const resetCode = await server.latestCode(username, 'PASSWORD_RESET');
    if (resetCode !== loginCode) {
      const login = await server.post(LOGIN, { username, password: PASSWORD, otp_type: 'LOGIN', otp: resetCode });
      expect(login.status).toBe(401);
    }
    // The login code was untouched by the failed reset and still opens a session.
    const login = await server.post(LOGIN, { username, password: PASSWORD, otp_type: 'LOGIN', otp: loginCode });
    expect(login.status).toBe(200);
  });

  it('resets a forgotten password: code, strong new password, old one refused', async () => {
    const username = 'expired@demo.test';
    const sent = await server.post<{ user_id?: number }>(SEND, { username, otp_type: 'PASSWORD_RESET', medium: 'EMAIL' });
    expect(sent.status).toBe(200);
    expect(typeof sent.body.user_id).toBe('number');
    const otp = await server.latestCode(username, 'PASSWORD_RESET');

    const weak = await server.post(RESET, { username, otp, new_password: 'weakpass' });
    expect(weak.status).toBe(400);
    expect(weak.body.errors).toEqual({ new_password: [messages.passwordStrength] });

    const done = await server.post(RESET, { username, otp, new_password: 'Renewed#2027' });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ message: messages.passwordResetSuccess });
    // Old password refused; the new one is accepted (the role is still expired, so 403, not 401).
    expect((await sendLoginCode(server, username)).status).toBe(401);
    expect((await sendLoginCode(server, username, 'Renewed#2027')).body).toEqual({ error: messages.roleNotValid, code: 'forbidden' });
  });

  it('an unknown address asking for a reset gets the same answer and no code', async () => {
    const before = (await server.outbox()).length;
    const sent = await server.post(SEND, { username: 'nobody@demo.test', otp_type: 'PASSWORD_RESET', medium: 'EMAIL' });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe(messages.otpSent);
    expect((await server.outbox()).length).toBe(before);
  });

  it('sends by SMS to the account msisdn, and says so when there is none', async () => {
    const sms = await server.post(SEND, { username: 'super@demo.test', password: PASSWORD, otp_type: 'LOGIN', medium: 'SMS' });
    expect(sms.status).toBe(200);
    const [message] = await server.outbox();
    expect(message?.medium).toBe('SMS');
    expect(message?.to).toMatch(/^\d{8,20}$/);
  });

  it('asks for a bearer token everywhere else, and refuses forged or foreign ones', async () => {
    const none = await server.get(STATUS_TYPES);
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ error: messages.accessTokenMissing, code: 'unauthenticated' });
    expect((await server.get(STATUS_TYPES, 'not-a-jwt')).status).toBe(401);

    const login = await logIn(server, 'super@demo.test');
    const claims = JSON.parse(Buffer.from(login.body.access.split('.')[1] as string, 'base64url').toString());
    const foreign = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    const refused = await server.get(STATUS_TYPES, foreign);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ error: messages.accessTokenMissing, code: 'unauthenticated' });
    expect((await server.post('/api/v1/otp/verify/', { username: 'super@demo.test', otp_type: 'REPORTS', otp: '1234' })).status).toBe(401);
  });

  it('verifies a REPORTS code inside a session, for the caller only', async () => {
    const login = await logIn(server, 'super@demo.test');
    const token = login.body.access;
    const other = await server.request('POST', SEND, { body: { username: 'campaign@demo.test', otp_type: 'REPORTS' }, token });
    expect(other.status).toBe(403);
    const sent = await server.request('POST', SEND, { body: { username: 'super@demo.test', otp_type: 'REPORTS' }, token });
    expect(sent.status).toBe(200);
    // When it stops working, so that a report screen visited again asks for it and sends none.
    const expiresIn = Date.parse(String(sent.body.expires_at)) - Date.now();
    expect(expiresIn).toBeGreaterThan(60_000);
    expect(expiresIn).toBeLessThanOrEqual(300_000);
    const otp = await server.latestCode('super@demo.test', 'REPORTS');
    const verified = await server.request('POST', '/api/v1/otp/verify/', { body: { username: 'super@demo.test', otp_type: 'reports', otp }, token });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ verified: true, otp_type: 'REPORTS' });
  });

  it('answers bad input with the contract messages per field, never a 500', async () => {
    const empty = await server.post(SEND, {});
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toMatchObject({ username: [messages.usernameRequired] });

    const blocked = await server.post(LOGIN, { username: 'super@demo.test', password: PASSWORD, otp: '12e4' });
    expect(blocked.status).toBe(400);
    expect(blocked.body).toEqual({ error: messages.otpRequired, code: 'validation', errors: { otp: [messages.otpRequired] } });

    const badType = await server.post(SEND, { username: 'super@demo.test', otp_type: 'NOPE' });
    expect(badType.status).toBe(400);
    expect(badType.body.errors).toHaveProperty('otp_type');

    const malformed = await server.request('POST', LOGIN, { body: '{"username":', headers: { 'content-type': 'application/json' } });
    expect(malformed.status).toBe(400);
    expect(typeof malformed.body.error).toBe('string');
    expect(JSON.stringify(malformed.body)).not.toMatch(/at .*\.(ts|js):\d+/);

    const unknown = await server.get('/api/v1/nothing-here');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatch(/^Not found/);
  });

  it('serves the public country list with dialing codes 242 and 225', async () => {
    const list = await server.get<{ data: Array<{ id: number; country: string; code: string }> }>('/admin/countries');
    expect(list.status).toBe(200);
    expect(list.body.data.length).toBeGreaterThanOrEqual(6);
    expect(list.body.data.map((c) => c.code)).toEqual(expect.arrayContaining(['242', '225']));
  });
});

describe.each(backends)('short-lived codes and tokens on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(backend, {
      // Three seconds: long enough for the refreshed token's request to arrive on a loaded machine.
      OTP_TTL_SECONDS: '1', ACCESS_TOKEN_TTL_SECONDS: '3', OTP_SEND_LIMIT_PER_15MIN: '3', OTP_SEND_LIMIT_PER_ADDRESS_15MIN: '6',
    });
  });
  afterAll(async () => server?.stop());

  it('refuses an expired code', async () => {
    await sendLoginCode(server, 'super@demo.test');
    const otp = await server.latestCode('super@demo.test', 'LOGIN');
    await sleep(1_300);
    const login = await server.post(LOGIN, { username: 'super@demo.test', password: PASSWORD, otp_type: 'LOGIN', otp });
    expect(login.status).toBe(401);
    expect(login.body.error).toBe(`${messages.loginFailed}. ${messages.otpExpiredOrUsed}`);
  });

  it('an expired access token answers 401, though it worked before (the server knows it), and one refresh brings the session back', async () => {
    await sendLoginCode(server, 'super@demo.test');
    const otp = await server.latestCode('super@demo.test', 'LOGIN');
    const login = await server.post<LoginResponse>(LOGIN, { username: 'super@demo.test', password: PASSWORD, otp_type: 'LOGIN', otp });
    expect(login.status).toBe(200);
    expect((await server.get(STATUS_TYPES, login.body.access)).status).toBe(200);
    await sleep(3_200);
    const expired = await server.get(STATUS_TYPES, login.body.access);
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual({ error: messages.sessionExpired, code: 'session_expired' });
    const refreshed = await server.post<RefreshResponse>(REFRESH, { refresh: login.body.refresh });
    expect(refreshed.status).toBe(200);
    expect((await server.get(STATUS_TYPES, refreshed.body.access)).status).toBe(200);
  });

  it('limits sends per account: past OTP_SEND_LIMIT_PER_15MIN the next code is refused', async () => {
    const username = 'agent@demo.test';
    for (let i = 0; i < 3; i++) expect((await server.post(SEND, { username, otp_type: 'PASSWORD_RESET' })).status).toBe(200);
    const fourth = await server.post(SEND, { username, otp_type: 'PASSWORD_RESET' });
    expect(fourth.status).toBe(429);
    expect(fourth.body.error).toMatch(/^Too many OTPs requested\. Please wait \d+ minutes? before asking for another\.$/);
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('limits sends per client address, wrong passwords included', async () => {
    // Five sends so far from this address (two for super, three for agent); the limit is 6.
    expect((await sendLoginCode(server, 'campaign@demo.test', 'Wrong#Pass1')).status).toBe(401);
    const refused = await server.post(SEND, { username: 'campaign@demo.test', otp_type: 'PASSWORD_RESET' });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/^Too many OTPs requested/);
  });
});
