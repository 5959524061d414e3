// The security review of issue 10, run the production way (PostgreSQL, several roles), one describe
// per finding: the takeover of a wider admin, decisions on the matched route, anonymous lockouts,
// secrets in the log, 500s on hostile input, source maps. Each test is the attack that was
// reproduced by hand, and what the server must answer instead.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListPage, LoginResponse } from '../../src/contract/api';
import type { AdminUser } from '../../src/contract/entities';
import { MAX_JSON_DEPTH, TEXT_MAX } from '../../src/contract/constants';
import * as messages from '../../src/contract/messages';
import { requestDateOutOfRange, tooLong } from '../../src/contract/messages';
import { ROLE_TYPE_ID, STATUS_TYPE_ID, type RoleType } from '../../src/contract/roles';
import { hashPassword } from '../../src/server/auth/passwords';
import { DEMO_PASSWORD, secretsIn, signIn, startServer, type TestServer } from '../support/server';
import { useSignedInServer } from '../support/signedIn';
import { LOGIN, newEmail, REGISTER, RESET, SEND, wrongCode as wrong } from '../support/calls';

const runsOnPostgres = Boolean(process.env.TEST_DATABASE_URL);
const TARGET_PASSWORD = 'Target#Pass2026';
const ATTACKER_EMAIL = 'attacker@example.org';


interface HeldRoleSpec { roleType: RoleType; agencyId: number | null; campaignIds: number[] }

/** An admin user made directly in the database, with roles, links and flags, as a Super Admin would leave it. */
async function createAdmin(
  server: TestServer,
  spec: { email: string; roles?: HeldRoleSpec[]; links: number[]; flags?: Partial<Record<'is_super' | 'unblacklist' | 'secure_page', boolean>> },
): Promise<number> {
  const sql = server.sql as NonNullable<TestServer['sql']>;
  const { rows } = await sql.query<{ id: number }>(
    `insert into users (username, email, first_name, last_name, password_hash, is_super, unblacklist, secure_page)
     values ($1, $1, 'Target', 'Admin', $2, $3, $4, $5) returning id`,
    [spec.email, await hashPassword(TARGET_PASSWORD), spec.flags?.is_super ?? false, spec.flags?.unblacklist ?? false, spec.flags?.secure_page ?? false],
  );
  const id = rows[0]?.id as number;
  for (const role of spec.roles ?? []) {
    const inserted = await sql.query<{ id: number }>(
      `insert into user_roles (user_id, agency_id, role_type_id, status_type_id, role_start_date, role_end_date)
       values ($1, $2, $3, $4, current_date - 10, current_date + 365) returning id`,
      [id, role.agencyId, ROLE_TYPE_ID[role.roleType], STATUS_TYPE_ID.Active],
    );
    const roleId = inserted.rows[0]?.id;
    for (const campaignId of role.campaignIds.length > 0 ? role.campaignIds : [null]) {
      await sql.query('insert into user_role_campaigns (user_role_id, campaign_id) values ($1, $2)', [roleId, campaignId]);
    }
  }
  for (const agencyId of spec.links) await sql.query('insert into admin_agency_links (user_id, agency_id) values ($1, $2)', [id, agencyId]);
  return id;
}

/** Everything the admin tables hold, for 'nothing changed'. */
async function adminTables(server: TestServer): Promise<string> {
  const { rows } = await (server.sql as NonNullable<TestServer['sql']>).query<{ state: string }>(`
    select md5(
      coalesce((select string_agg(u::text, '|' order by id) from users u), '') ||
      coalesce((select string_agg(l::text, '|' order by user_id, agency_id) from admin_agency_links l), '') ||
      coalesce((select string_agg(r::text, '|' order by id) from user_roles r), '') ||
      coalesce((select count(*)::text from audit_log), '')) as state`);
  return rows[0]?.state as string;
}

describe('the log check of every test server', () => {
  it('finds each kind of secret, and nothing in a clean log', () => {
    const clean = '{"level":30,"msg":"demo outbox: a one-time code was sent; read it at /dev/outbox","otp_type":"LOGIN"}\nlistening on port 4321';
    expect(secretsIn(clean, { codes: ['4321'], tokens: ['refresh-token-value'] })).toEqual([]);
    expect(secretsIn(`{"password":"${DEMO_PASSWORD}"}`, { codes: [], tokens: [] })).toEqual(['the demo password']);
    expect(secretsIn('{"hash":"scrypt$32768$8$1$c2FsdA==$aGFzaA=="}', { codes: [], tokens: [] })).toEqual(['a password hash']);
    expect(secretsIn('{"code":"4321"}', { codes: ['4321'], tokens: [] })).toEqual(['a one-time code']);
    expect(secretsIn('{"body":"refresh-token-value"}', { codes: [], tokens: ['refresh-token-value'] })).toEqual(['a refresh or access token']);
  });
});

describe.runIf(runsOnPostgres)('security review on postgres', () => {
  const { server, tokens } = useSignedInServer('postgres', ['super', 'agency', 'campaign']);
  /** The Agency Admin's agency and one of its campaigns; the Campaign Admin's campaign and agency; another agency. */
  const ids = { goldCoast: 0, goldCoastCampaign: 0, accra: 0, simDrive: 0, accraOtherCampaign: 0, headOffice: 0 };

  beforeAll(async () => {
    const sql = server.sql as NonNullable<TestServer['sql']>;
    const scopeOf = async (email: string) =>
      (await sql.query<{ agency_id: number; campaign_id: number }>(
        `select r.agency_id, c.campaign_id from users u join user_roles r on r.user_id = u.id
         join user_role_campaigns c on c.user_role_id = r.id where u.email = $1 order by c.id limit 1`, [email])).rows[0];
    const agency = await scopeOf('agency@demo.test');
    const campaign = await scopeOf('campaign@demo.test');
    ids.goldCoast = agency?.agency_id as number;
    ids.goldCoastCampaign = agency?.campaign_id as number;
    ids.accra = campaign?.agency_id as number;
    ids.simDrive = campaign?.campaign_id as number;
    const other = await sql.query<{ id: number }>('select id from campaigns where agency_id = $1 and id <> $2 order by id limit 1', [ids.accra, ids.simDrive]);
    ids.accraOtherCampaign = other.rows[0]?.id as number;
    const headOffice = await sql.query<{ id: number }>(`select id from agencies where name = 'Head Office Pilot Agency'`);
    ids.headOffice = headOffice.rows[0]?.id as number;
    expect(Object.values(ids).every((id) => Number.isInteger(id) && id > 0)).toBe(true);
  });

  const list = async (token: string) => (await server.get<ListPage<AdminUser>>('/admin/admins?page_size=0', token)).body.data;
  const put = (body: Record<string, unknown>, token: string) => server.request<{ error?: string }>('PUT', REGISTER, { body, token });
  const edit = (id: number, email: string, links: number[], extra: Record<string, unknown> = {}) => ({
    id, email, firstname: 'Renamed', lastname: 'Admin', linked_agencies: links, ...extra,
  });

  // ---- 1. takeover of an admin with wider roles -------------------------------------------------

  describe('1. an Agency or Campaign Admin cannot take over a wider admin', () => {
    it('a Campaign Admin cannot change an Agency Admin of their own agency: not the email, not the password, not anything', async () => {
      const email = newEmail('agencyadmin');
      const target = await createAdmin(server, { email, roles: [{ roleType: 'Agency Admin', agencyId: ids.accra, campaignIds: [ids.simDrive, ids.accraOtherCampaign] }], links: [ids.accra] });
      const shown = (await list(tokens.campaign)).find((user) => user.id === target);
      expect(shown).toMatchObject({ email, editable: false });

      const before = await adminTables(server);
      for (const extra of [{ password: 'Attacker#Pass1' }, {}]) {
        const attempt = await put(edit(target, ATTACKER_EMAIL, [ids.accra], extra), tokens.campaign);
        expect(attempt.status).toBe(403);
        expect(attempt.body).toEqual({ error: messages.adminOutOfReach, code: 'out_of_scope' });
      }
      expect((await put(edit(target, email, [ids.accra]), tokens.campaign)).body).toEqual({ error: messages.adminOutOfReach, code: 'out_of_scope' });
      expect(await adminTables(server)).toBe(before);

      // The attack's next step finds nothing: no account answers at the attacker's address, and the
      // target still signs in with its own password.
      expect((await server.post(SEND, { username: ATTACKER_EMAIL, otp_type: 'PASSWORD_RESET' })).body).not.toHaveProperty('user_id');
      expect((await server.outbox()).some((message) => message.to === ATTACKER_EMAIL)).toBe(false);
      expect((await server.post(SEND, { username: email, password: TARGET_PASSWORD, otp_type: 'LOGIN' })).status).toBe(200);
    });

    it('an Agency Admin cannot change an admin who also holds a role in another agency, nor one with a right they lack', async () => {
      const wider = await createAdmin(server, {
        email: newEmail('wider'),
        roles: [
          { roleType: 'Agency Admin', agencyId: ids.goldCoast, campaignIds: [ids.goldCoastCampaign] },
          { roleType: 'Campaign Admin', agencyId: ids.accra, campaignIds: [ids.simDrive] },
        ],
        links: [ids.goldCoast],
      });
      // Unblacklist: a right the demo Agency Admin lacks (it holds Secure Page access).
      const flagged = await createAdmin(server, { email: newEmail('flagged'), links: [ids.goldCoast], flags: { unblacklist: true } });
      const before = await adminTables(server);
      for (const target of [wider, flagged]) {
        const shown = (await list(tokens.agency)).find((user) => user.id === target);
        expect(shown?.editable).toBe(false);
        const attempt = await put(edit(target, shown?.email as string, [ids.goldCoast]), tokens.agency);
        expect(attempt.status).toBe(403);
        expect(attempt.body).toEqual({ error: messages.adminOutOfReach, code: 'out_of_scope' });
      }
      expect(await adminTables(server)).toBe(before);
    });

    it('an admin within reach is edited, but only a Super Admin changes its email or password', async () => {
      const cases: Array<[string, string, HeldRoleSpec, number]> = [
        ['Agency Admin', tokens.agency, { roleType: 'Campaign Admin', agencyId: ids.goldCoast, campaignIds: [ids.goldCoastCampaign] }, ids.goldCoast],
        ['Campaign Admin', tokens.campaign, { roleType: 'Campaign Admin', agencyId: ids.accra, campaignIds: [ids.simDrive] }, ids.accra],
      ];
      for (const [caller, token, role, agency] of cases) {
        const email = newEmail('colleague');
        const target = await createAdmin(server, { email, roles: [role], links: [agency] });
        expect((await list(token)).find((user) => user.id === target)?.editable, caller).toBe(true);
        const before = await adminTables(server);
        for (const attempt of [edit(target, newEmail('moved'), [agency]), edit(target, email, [agency], { password: 'Attacker#Pass1' })]) {
          const answer = await put(attempt, token);
          expect(answer.status, caller).toBe(403);
          expect(answer.body).toEqual({ error: messages.superOnlyCredentials, code: 'super_admin_only' });
        }
        expect(await adminTables(server)).toBe(before);
        const renamed = await put(edit(target, email, [agency]), token);
        expect(renamed.status, caller).toBe(200);
        expect(renamed.body).toMatchObject({ firstname: 'Renamed', email });
      }
    });

    it('a Super Admin changes anyone, email and password included', async () => {
      const email = newEmail('moved');
      const target = await createAdmin(server, { email: newEmail('anyone'), roles: [{ roleType: 'Agency Admin', agencyId: ids.accra, campaignIds: [] }], links: [ids.accra] });
      const answer = await put(edit(target, email, [ids.accra], { password: 'Moved#Pass2026' }), tokens.super);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ email, editable: true });
    });

    it('a non-super admin is shown no Super Admin at all', async () => {
      await createAdmin(server, { email: newEmail('superrole'), roles: [{ roleType: 'Super Admin', agencyId: null, campaignIds: [] }], links: [ids.goldCoast, ids.accra] });
      for (const token of [tokens.agency, tokens.campaign]) {
        const shown = await list(token);
        expect(shown.length).toBeGreaterThan(0);
        expect(shown.map((user) => user.email)).not.toEqual(expect.arrayContaining(['super@demo.test']));
        expect(shown.some((user) => user.is_super || user.email.startsWith('superrole.'))).toBe(false);
      }
    });
  });

  // ---- 2. decisions on the matched route ----------------------------------------------------------

  describe('2. every decision reads the matched route, not the URL text', () => {
    const PRIVATE: Array<[string, string]> = [
      ['GET', '/admin/event_types'], ['GET', '/admin/admins'], ['GET', '/admin/campaigns'],
      ['GET', '/api/v1/user-role-campaigns/'], ['POST', '/api/v1/agents/'], ['PATCH', '/api/v1/users/1/'], ['GET', '/service/invites/'],
      ['GET', '/admin/whitelists'], ['GET', '/admin/country_sms'], ['GET', '/api/v1/status-types'], ['GET', '/api/v1/translations/'],
      ['POST', '/admin/event_types'], ['PUT', '/admin/event_types'], ['POST', '/admin/whitelist'], ['PUT', '/admin/whitelist'],
      ['PUT', '/admin/register'], ['POST', '/admin/country'], ['POST', '/admin/country_sms'], ['POST', '/admin/fraud'],
      ['POST', '/admin/events_detail'], ['POST', '/admin/pending_payments'],
      ['POST', '/api/v1/otp/verify/'],
    ];
    /** The same route spelled three ways the router accepts. */
    const spellings = (path: string, origin: string) => [
      path.replace(/^\/(a)/, '/%61'),
      path.replace(/\/([a-z])([a-z_-]*)\/?$/, (_m, first: string, rest: string) => `/%${first.charCodeAt(0).toString(16)}${rest}`),
      `${origin}${path}`,
    ];

    it.each(PRIVATE)('%s %s needs a token however the path is spelled', async (method, path) => {
      for (const target of spellings(path, server.url)) {
        const answer = await server.raw(method, target, { headers: { 'content-type': 'application/json' }, body: method === 'GET' ? undefined : '{}' });
        expect(answer.status, target).toBe(401);
        expect(JSON.parse(answer.body)).toEqual({ error: messages.accessTokenMissing, code: 'unauthenticated' });
      }
    });

    it('GET /admin/agencies is public for the /register page: logged out it gives the country agencies only', async () => {
      const answer = await server.get<{ data: Array<{ is_country_agency: boolean }>; count: number }>('/admin/agencies?page_size=0');
      expect(answer.status).toBe(200);
      expect(answer.body.count).toBe(15);
      expect(answer.body.data.every((agency) => agency.is_country_agency)).toBe(true);
    });

    it('an encoded path reaches the same route with a token', async () => {
      const answer = await server.raw('GET', '/%61dmin/event_types', { headers: { authorization: `Bearer ${tokens.super}` } });
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body).data.length).toBeGreaterThan(0);
    });

    it('a login sent to an encoded path with an Idempotency-Key stores nothing, and a replay signs nobody in', async () => {
      const username = 'agency@demo.test';
      expect((await server.post(SEND, { username, password: DEMO_PASSWORD, otp_type: 'LOGIN' })).status).toBe(200);
      const otp = await server.latestCode(username, 'LOGIN');
      const body = JSON.stringify({ username, password: DEMO_PASSWORD, otp_type: 'LOGIN', otp });
      const headers = { 'content-type': 'application/json', 'idempotency-key': 'login-replay-1' };
      const first = await server.raw('POST', '/%61pi/v1/auth/login/jwt/', { body, headers });
      expect(first.status).toBe(200);
      const again = await server.raw('POST', '/%61pi/v1/auth/login/jwt/', { body, headers });
      expect(again.status).toBe(401);
      expect(JSON.parse(again.body).access).toBeUndefined();
      const stored = await server.sql?.query(`select count(*)::int as n from idempotency_keys where key = 'login-replay-1' or response_body like '%"access"%' or response_body like '%"refresh"%'`);
      expect(stored?.rows[0]?.n).toBe(0);
    });

    it("refuses an access token whose user is not its session's user", async () => {
      const login = await signIn(server, 'campaign@demo.test');
      const claims = JSON.parse(Buffer.from(login.body.access.split('.')[1] as string, 'base64url').toString());
      const secret = await server.sql?.query<{ value: string }>(`select value from server_secrets where name = 'jwt'`);
      const key = Buffer.from(secret?.rows[0]?.value as string, 'base64');
      const superId = (await list(tokens.super)).find((user) => user.email === 'super@demo.test')?.id as number;
      // The campaign admin's own session, signed as the Super Admin with the Super Admin role.
      const forged = await new SignJWT({ sid: claims.sid, role: 'Super Admin' })
        .setProtectedHeader({ alg: 'HS256' }).setSubject(String(superId)).setIssuer(claims.iss).setAudience(claims.aud)
        .setIssuedAt().setExpirationTime('5m').sign(key);
      const answer = await server.get('/admin/admins', forged);
      expect(answer.status).toBe(401);
      expect((await server.get('/admin/admins', login.body.access)).status).toBe(200);
    });
  });

  // ---- 4. secrets in the log ----------------------------------------------------------------------

  describe('4. the log holds no secret', () => {
    it('a failed insert is logged by its code, without the statement, its values or the password hash', async () => {
      const sql = server.sql as NonNullable<TestServer['sql']>;
      await sql.query(`create function refuse_users() returns trigger language plpgsql as $$ begin raise exception 'refused for the test' using errcode = 'P0001'; end $$`);
      await sql.query('create trigger refuse_users before insert on users for each row execute function refuse_users()');
      const email = newEmail('logged');
      try {
        const answer = await server.post(REGISTER, { email, firstname: 'Logged', lastname: 'Admin', password: 'Logged#Pass2026', linked_agencies: [ids.goldCoast] }, tokens.super);
        expect(answer.status).toBe(500);
        expect(answer.body).toEqual({ error: messages.internalError, code: 'internal' });
      } finally {
        await sql.query('drop trigger refuse_users on users');
        await sql.query('drop function refuse_users()');
      }
      const log = await server.logWith('"code":"P0001"');
      expect(log).toContain('"code":"P0001"');
      expect(log).not.toContain(email);
      expect(log).not.toContain('Logged#Pass2026');
      expect(log).not.toMatch(/scrypt\$/);
      expect(log).not.toMatch(/insert into "users"/i);
    });

    it('never logs a search (it may be a phone number), a token or the demo outbox code', async () => {
      await server.get('/admin/admins?search=0244123987', tokens.super);
      const log = server.log();
      expect(log).toContain('"url":"/admin/admins"');
      expect(log).not.toContain('0244123987');
      expect(log).not.toContain(tokens.super);
      expect(log).toContain('read it at /dev/outbox');
    });
  });

  // ---- 5. no 500 on user input --------------------------------------------------------------------

  describe('5. long, deep and out-of-range input is refused with a clear 400', () => {
    const mega = 'x'.repeat(1_000_000);

    it.each([
      ['an email', REGISTER, { email: `${mega}@example.org`, firstname: 'A', lastname: 'B', password: 'Strong#Pass1', linked_agencies: [1] }, 'email', tooLong('Email address', TEXT_MAX.email)],
      ['a first name', REGISTER, { email: 'long@example.org', firstname: mega, lastname: 'B', password: 'Strong#Pass1', linked_agencies: [1] }, 'firstname', tooLong('First name', TEXT_MAX.personName)],
      ['an event key', '/admin/event_types', { event: mega, pretty: 'Long' }, 'event', tooLong('Event key', TEXT_MAX.eventKey)],
      ['a pretty name', '/admin/event_types', { event: 'long_pretty', pretty: mega }, 'pretty', tooLong('Pretty name', TEXT_MAX.prettyName)],
      ['a country name', '/admin/country', { country: mega, code: '999', sms_from: 'X', languages: 'en' }, 'country', tooLong('Country name', TEXT_MAX.countryName)],
      ['an SMS from', '/admin/country', { country: 'Longland', code: '999', sms_from: mega, languages: 'en' }, 'sms_from', tooLong('SMS From', TEXT_MAX.smsFrom)],
      ['a username', SEND, { username: mega, otp_type: 'PASSWORD_RESET' }, 'username', tooLong('Username', TEXT_MAX.username)],
    ])('1 MB in %s: 400 naming the field, nothing stored', async (_label, path, body, field, message) => {
      const before = await adminTables(server);
      const answer = await server.post<{ errors: Record<string, string[]> }>(path, body, tokens.super);
      expect(answer.status).toBe(400);
      expect(answer.body.errors[field]).toEqual([message]);
      expect(await adminTables(server)).toBe(before);
    });

    it('JSON nested 20,000 levels deep is refused, on the public code call too', async () => {
      const deep = `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`;
      for (const [path, token] of [[SEND, undefined], ['/admin/event_types', tokens.super]] as const) {
        const answer = await server.request('POST', path, { body: deep, token });
        expect(answer.status).toBe(400);
        expect(answer.body).toEqual({ error: messages.jsonTooDeep, code: 'bad_request' });
      }
      const shallow = `${'{"a":'.repeat(MAX_JSON_DEPTH)}1${'}'.repeat(MAX_JSON_DEPTH)}`;
      expect((await server.request('POST', SEND, { body: shallow })).status).toBe(400); // refused by the schema, not the depth
    });

    it.each([['01-Jan-0000', '01-Jan-2026'], ['01-Jan-2026', '31-Dec-9999'], ['31-Dec-1999', '01-Jan-2026']])(
      'grid dates %s to %s: 400 in the words of the filters',
      async (start, end) => {
        const answer = await server.post<{ errors: Record<string, string[]> }>('/admin/fraud', { start_date: start, end_date: end }, tokens.super);
        expect(answer.status).toBe(400);
        const field = start.endsWith('2026') ? 'end_date' : 'start_date';
        const label = field === 'end_date' ? 'End Date' : 'Start Date';
        expect(answer.body.errors[field]).toEqual([requestDateOutOfRange(label, '01-Jan-2000', '31-Dec-2099')]);
      },
    );
  });

  // ---- also: source maps ----------------------------------------------------------------------------

  describe('source maps are not served', () => {
    it('neither the service worker nor any script of the console has one', async () => {
      expect((await server.get('/sw.js.map')).status).toBe(404);
      const index = await server.raw('GET', '/');
      const scripts = [...index.body.matchAll(/src="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1] as string);
      expect(scripts.length).toBeGreaterThan(0);
      for (const script of scripts) {
        expect((await server.get(`${script}.map`)).status).toBe(404);
        expect((await server.raw('GET', script)).body).not.toContain('sourceMappingURL');
      }
    });
  });
});

// ---- 3. anonymous lockouts, on a server with small budgets and client addresses from a proxy ---------

describe.runIf(runsOnPostgres)('3. nobody anonymous can lock an admin out (postgres)', () => {
  let server: TestServer;
  const owner = { 'x-forwarded-for': '198.51.100.7' };
  const attacker = { 'x-forwarded-for': '203.0.113.66' };
  const from = (headers: Record<string, string>, path: string, body: unknown) => server.request(path === LOGIN || path === SEND || path === RESET ? 'POST' : 'GET', path, { body, headers });

  beforeAll(async () => {
    server = await startServer('postgres', { TRUST_PROXY: '1', OTP_SEND_LIMIT_PER_15MIN: '3', OTP_SEND_LIMIT_PER_ADDRESS_15MIN: '12', OTP_FAIL_LIMIT_PER_DAY: '10' });
  });
  afterAll(async () => server?.stop());

  it('ten anonymous reset requests and wrong passwords leave the owner\'s sign-in untouched', async () => {
    const username = 'agency@demo.test';
    const resets = [];
    for (let i = 0; i < 10; i++) resets.push((await from(attacker, SEND, { username, otp_type: 'PASSWORD_RESET' })).status);
    expect(resets.slice(0, 3)).toEqual([200, 200, 200]);
    expect(resets.slice(3).every((status) => status === 429)).toBe(true);
    const login = (await from(owner, SEND, { username, password: DEMO_PASSWORD, otp_type: 'LOGIN' }));
    expect(login.status).toBe(200);
    const otp = await server.latestCode(username, 'LOGIN');
    expect((await from(owner, LOGIN, { username, password: DEMO_PASSWORD, otp_type: 'LOGIN', otp })).status).toBe(200);
  });

  it("wrong codes without the password never reach the owner's code, nor the day's budget", async () => {
    const username = 'campaign@demo.test';
    expect((await from(owner, SEND, { username, password: DEMO_PASSWORD, otp_type: 'LOGIN' })).status).toBe(200);
    const otp = await server.latestCode(username, 'LOGIN');
    for (let i = 1; i <= 11; i++) {
      const guess = await from(attacker, LOGIN, { username, password: 'Guessing#1', otp_type: 'LOGIN', otp: wrong(otp, i) });
      expect([401, 429]).toContain(guess.status);
      expect(guess.body).not.toMatchObject({ error: `${messages.loginFailed}. ${messages.otpWrong}` });
    }
    const signedIn = await from(owner, LOGIN, { username, password: DEMO_PASSWORD, otp_type: 'LOGIN', otp });
    expect(signedIn.status).toBe(200);
    expect((signedIn.body as unknown as LoginResponse).access).toEqual(expect.any(String));
  });

  it('wrong reset codes spend the reset budget only: the owner still signs in', async () => {
    const username = 'super@demo.test';
    for (let round = 1; round <= 2; round++) {
      const someone = { 'x-forwarded-for': `192.0.2.${round}` };
      expect((await from(someone, SEND, { username, otp_type: 'PASSWORD_RESET' })).status).toBe(200);
      const code = await server.latestCode(username, 'PASSWORD_RESET');
      for (let i = 1; i <= 5; i++) await from(someone, RESET, { username, otp: wrong(code, i), new_password: 'Another#Pass9' });
    }
    const resetRefused = await from({ 'x-forwarded-for': '192.0.2.9' }, SEND, { username, otp_type: 'PASSWORD_RESET' });
    expect(resetRefused.status).toBe(429);
    expect(resetRefused.body.error).toMatch(/^Too many wrong OTPs for this account/);
    expect((await from(owner, SEND, { username, password: DEMO_PASSWORD, otp_type: 'LOGIN' })).status).toBe(200);
    const otp = await server.latestCode(username, 'LOGIN');
    expect((await from(owner, LOGIN, { username, password: DEMO_PASSWORD, otp_type: 'LOGIN', otp })).status).toBe(200);
  });
});

// ---- 3. codes that were never delivered count for nothing (production mode, a failing SMS provider) ---

describe.runIf(runsOnPostgres)('3. undelivered codes do not count (postgres, production mode)', () => {
  let server: TestServer;
  let provider: Server;
  let failing = true;

  beforeAll(async () => {
    provider = createServer((request, response) => {
      request.resume();
      request.on('end', () => response.writeHead(failing ? 500 : 202).end());
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    const { port } = provider.address() as AddressInfo;
    server = await startServer('postgres', { DEMO: '0', SMS_HTTP_URL: `http://127.0.0.1:${port}/sms`, OTP_SEND_LIMIT_PER_15MIN: '2' });
    await server.sql?.query(
      `insert into users (username, email, msisdn, first_name, last_name, password_hash) values ('ops@example.org', 'ops@example.org', '233201234567', 'Ops', 'Person', $1)`,
      [await hashPassword('Operator#2026')],
    );
  });
  afterAll(async () => {
    await server?.stop();
    provider?.close();
  });

  it('three failed deliveries, then the code goes out: the budget of 2 was not spent', async () => {
    for (let i = 0; i < 3; i++) {
      const failed = await server.post(SEND, { username: 'ops@example.org', otp_type: 'PASSWORD_RESET', medium: 'SMS' });
      expect(failed.status).toBe(502);
    }
    failing = false;
    expect((await server.post(SEND, { username: 'ops@example.org', otp_type: 'PASSWORD_RESET', medium: 'SMS' })).status).toBe(200);
    const closed = await server.sql?.query(`select closed_reason, count(*)::int as n from one_time_codes group by closed_reason order by closed_reason`);
    expect(closed?.rows).toContainEqual({ closed_reason: 'undelivered', n: 3 });
  });
});
