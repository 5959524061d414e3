// Admin users of the legacy backend against the started server: GET /admin/admins and POST/PUT
// /admin/register for each admin role, the form's rules whatever the console sends, duplicates
// decided by the unique indexes, the audit trail, and the logged-out /register page.
// Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminUserRequest, ApiError, ListPage } from '../../src/contract/api';
import type { AdminUser } from '../../src/contract/entities';
import * as messages from '../../src/contract/messages';
import { unknownAgencies, unknownSortField } from '../../src/contract/messages';
import { accessToken, backends, DEMO_PASSWORD, demoIds, needsSql } from '../support/server';
import { useSignedInServer } from '../support/signedIn';
import { newEmail, REGISTER, SEND } from '../support/calls';

const ADMINS = '/admin/admins';
const NEW_PASSWORD = 'Fresh#Start2026';


describe.each(backends)('admin users on %s', (backend) => {
  const { server, tokens } = useSignedInServer(backend, ['super', 'agency', 'campaign']);
  /** Agency ids by name, and the configured country agencies. */
  const agencyId: Record<string, number> = {};
  let goldCoast: number; // the Agency Admin's agency, a country agency
  let accra: number; // the Campaign Admin's agency, a country agency
  let headOffice: number; // not a country agency

  beforeAll(async () => {
    Object.assign(agencyId, (await demoIds(server, tokens.super)).agency);
    goldCoast = agencyId['Gold Coast Field Partners'] as number;
    accra = agencyId['Accra Connect Agency'] as number;
    headOffice = agencyId['Head Office Pilot Agency'] as number;
    expect([goldCoast, accra, headOffice].every(Number.isInteger)).toBe(true);
  });

  const list = (token: string | undefined, query = 'page_size=0') => server.get<ListPage<AdminUser>>(`${ADMINS}?${query}`, token);
  const everyone = async () => (await list(tokens.super)).body;
  const byEmail = async (email: string) => (await everyone()).data.find((user) => user.email === email);
  const register = (method: 'POST' | 'PUT', body: unknown, token?: string) =>
    server.request<AdminUser & { error?: string; errors?: Record<string, string[]> }>(method, REGISTER, { body, token });
  const form = (overrides: Partial<AdminUserRequest> = {}): AdminUserRequest => ({
    email: newEmail('user'), firstname: 'Ama', lastname: 'Boateng', password: NEW_PASSWORD, msisdn: '', linked_agencies: [goldCoast],
    is_super: false, unblacklist: false, secure_page: false, ...overrides,
  });
  /** The audit rows of one admin user (PostgreSQL only: PGlite is held by the server). */
  const auditOf = async (id: number) =>
    (await server.sql?.query('select * from audit_log where entity = $1 and entity_id = $2 order by id', ['admin_user', String(id)]))?.rows ?? [];
  const auditCount = async () => Number((await server.sql?.query('select count(*) as n from audit_log'))?.rows[0]?.n ?? 0);

  /** A refused write changes nothing: the same list, and (on PostgreSQL) no new audit row. */
  async function expectUnchanged(attempt: () => Promise<unknown>) {
    const before = await everyone();
    const audited = await auditCount();
    await attempt();
    expect(await everyone()).toEqual(before);
    expect(await auditCount()).toBe(audited);
  }

  describe('GET /admin/admins', () => {
    it('a Super Admin sees every admin user, with msisdn, flags and linked agencies', async () => {
      const { data, count } = await everyone();
      expect(count).toBe(data.length);
      expect(data.map((user) => user.email)).toEqual(
        expect.arrayContaining(['super@demo.test', 'agency@demo.test', 'campaign@demo.test', 'norole@demo.test', 'expired@demo.test']),
      );
      const superUser = data.find((user) => user.email === 'super@demo.test');
      expect(superUser).toMatchObject({ msisdn: '233200000001', is_super: true, unblacklist: true, secure_page: true });
      expect(superUser?.linked_agencies).toHaveLength(18);
      expect(superUser?.linked_agencies[0]).toEqual({ id: expect.any(Number), agency_name: expect.any(String), linked: true });
      // Agents and gifters have no email: they are not admin users.
      expect(data.every((user) => user.email.includes('@'))).toBe(true);
    });

    it('an Agency Admin sees the admin users linked to their agency, without any msisdn, and no Super Admin', async () => {
      const answer = await list(tokens.agency);
      expect(answer.status).toBe(200);
      const emails = answer.body.data.map((user) => user.email);
      expect(emails).toContain('agency@demo.test');
      // Super Admins (the flag, or a Super Admin role even ended) are a Super Admin's only.
      expect(emails).not.toContain('super@demo.test');
      expect(emails).not.toContain('expired@demo.test');
      expect(answer.body.data.some((user) => user.is_super)).toBe(false);
      expect(emails).not.toContain('campaign@demo.test');
      expect(emails).not.toContain('norole@demo.test');
      expect(answer.body.data.every((user) => user.linked_agencies.some((agency) => agency.id === goldCoast))).toBe(true);
      expect(answer.body.data.every((user) => user.msisdn === null)).toBe(true);
    });

    it("an Agency Admin does not see a user's links to agencies only a Super Admin may link", async () => {
      const email = newEmail('linked');
      expect((await register('POST', form({ email, linked_agencies: [goldCoast, headOffice] }), tokens.super)).status).toBe(201);
      const asSuper = (await list(tokens.super)).body.data.find((user) => user.email === email);
      expect(asSuper?.linked_agencies.map((agency) => agency.id)).toContain(headOffice);
      const asAgency = (await list(tokens.agency)).body.data.find((user) => user.email === email);
      expect(asAgency?.linked_agencies.map((agency) => agency.id)).toEqual([goldCoast]);
    });

    it('a Campaign Admin sees the admin users linked to the agency of their campaign', async () => {
      const answer = await list(tokens.campaign);
      expect(answer.status).toBe(200);
      const emails = answer.body.data.map((user) => user.email);
      expect(emails).toContain('campaign@demo.test');
      expect(emails).not.toContain('super@demo.test');
      expect(emails).not.toContain('agency@demo.test');
      expect(answer.body.data.every((user) => user.linked_agencies.some((agency) => agency.id === accra))).toBe(true);
      expect(answer.body.data.every((user) => user.msisdn === null)).toBe(true);
    });

    it('searches, sorts and pages in the server, and only a Super Admin searches by msisdn', async () => {
      const sorted = await list(tokens.super, 'page_size=0&search=DEMO.TEST&orderby=-email');
      const emails = sorted.body.data.map((user) => user.email);
      expect(emails.length).toBeGreaterThanOrEqual(6);
      expect(emails.every((email) => email.endsWith('@demo.test'))).toBe(true);
      expect(emails).toEqual([...emails].sort().reverse());
      expect(sorted.body.count).toBe(emails.length);

      const firstPage = await list(tokens.super, 'page_size=20&current_page=1&orderby=id');
      expect(firstPage.body.data.length).toBeLessThanOrEqual(20);
      const ids = firstPage.body.data.map((user) => user.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      const beyond = await list(tokens.super, 'page_size=20&current_page=1000');
      expect(beyond.body).toEqual({ data: [], count: firstPage.body.count });

      expect((await list(tokens.super, 'search=233200000001')).body.data.map((user) => user.email)).toEqual(['super@demo.test']);
      expect((await list(tokens.agency, 'search=233200000001')).body).toEqual({ data: [], count: 0 });
    });

    it.each([
      ['orderby=password_hash', 'orderby', unknownSortField('password_hash', ['id', 'email', 'firstname', 'lastname', 'is_super'])],
      ['orderby=-msisdn', 'orderby', unknownSortField('msisdn', ['id', 'email', 'firstname', 'lastname', 'is_super'])],
      ['orderby=email;drop', 'orderby', 'orderby must be a field name, with - in front for descending'],
      ['page_size=7', 'page_size', 'page_size must be one of 20, 50, 100, 0'],
      ['page_size=abc', 'page_size', undefined],
      ['current_page=0', 'current_page', 'current_page must be 1 or more'],
      ['current_page=two', 'current_page', undefined],
    ])('refuses the query %s with 400 on %s', async (query, field, message) => {
      const answer = await server.get<{ errors: Record<string, string[]> }>(`${ADMINS}?${query}`, tokens.super);
      expect(answer.status).toBe(400);
      expect(answer.body.errors[field]).toHaveLength(1);
      if (message) expect(answer.body.errors[field]).toEqual([message]);
    });

    it('needs a session', async () => {
      expect((await server.get(ADMINS)).status).toBe(401);
    });
  });

  describe('POST and PUT /admin/register', () => {
    it('a Super Admin adds a user with a new password: 201, in the list, audited without the hash', async ({ skip }) => {
      const email = newEmail('added');
      const added = await register('POST', form({ email, msisdn: '0244111222', country_code: 'GH', linked_agencies: [headOffice, goldCoast], unblacklist: true }), tokens.super);
      expect(added.status).toBe(201);
      expect(added.body).toMatchObject({ email, msisdn: '233244111222', country_code: 'GH', firstname: 'Ama', lastname: 'Boateng', is_super: false, unblacklist: true, secure_page: false });
      expect(added.body.linked_agencies.map((agency) => agency.id).sort()).toEqual([goldCoast, headOffice].sort());
      expect(added.body).not.toHaveProperty('password');

      const found = await list(tokens.super, `search=${encodeURIComponent(email)}`);
      expect(found.body.data).toEqual([added.body]);
      // The password was stored: it passes the password check, and the account (no role campaigns) is refused after it.
      expect((await server.post(SEND, { username: email, password: NEW_PASSWORD, otp_type: 'LOGIN' })).body).toEqual({ error: messages.noRoleCampaigns, code: 'forbidden' });
      expect((await server.post(SEND, { username: email, password: 'Wrong#Pass1', otp_type: 'LOGIN' })).status).toBe(401);

      needsSql(server, skip);
      const rows = await auditOf(added.body.id);
      expect(rows).toHaveLength(1);
      const [row] = rows;
      const superId = (await byEmail('super@demo.test'))?.id;
      expect(row).toMatchObject({ actor_id: superId, action: 'create', entity: 'admin_user', entity_id: String(added.body.id), before: null });
      expect(row.after).toMatchObject({ email, msisdn: '233244111222', unblacklist: true, password_changed: true });
      const text = JSON.stringify(row);
      expect(text).not.toMatch(/password_hash|passwordHash|scrypt\$/);
      expect(text).not.toContain(NEW_PASSWORD);
    });

    it('an edit without a password keeps the old one (the user still logs in with it), and is audited with before and after', async ({ skip }) => {
      const agencyUser = await byEmail('agency@demo.test');
      expect(agencyUser).toBeDefined();
      const edited = await register('PUT', {
        id: agencyUser?.id, email: 'agency@demo.test', firstname: 'Kwesi', lastname: 'Ansah-Mensah', password: '', msisdn: '',
        linked_agencies: [goldCoast], is_super: false, unblacklist: false, secure_page: false,
      }, tokens.super);
      expect(edited.status).toBe(200);
      expect(edited.body.lastname).toBe('Ansah-Mensah');
      expect(await accessToken(server, 'agency@demo.test', DEMO_PASSWORD)).toEqual(expect.any(String));

      needsSql(server, skip);
      const rows = await auditOf(agencyUser?.id as number);
      const last = rows.at(-1);
      expect(last).toMatchObject({ action: 'update', before: { lastname: 'Ansah' }, after: { lastname: 'Ansah-Mensah', password_changed: false } });
      expect(JSON.stringify(last)).not.toMatch(/password_hash|passwordHash|scrypt\$/);
    });

    it('an edit with a new password replaces the old one', async () => {
      const email = newEmail('rotated');
      const added = await register('POST', form({ email }), tokens.super);
      const changed = await register('PUT', { ...form({ email }), id: added.body.id, password: 'Second#Pass2026' }, tokens.super);
      expect(changed.status).toBe(200);
      expect((await server.post(SEND, { username: email, password: NEW_PASSWORD, otp_type: 'LOGIN' })).status).toBe(401);
      expect((await server.post(SEND, { username: email, password: 'Second#Pass2026', otp_type: 'LOGIN' })).body).toEqual({ error: messages.noRoleCampaigns, code: 'forbidden' });
    });

    it.each<[string, Partial<AdminUserRequest> | Record<string, unknown>, string, string]>([
      ['no email', { email: '' }, 'email', messages.emailRequired],
      ['a bad email', { email: 'someone@example.c' }, 'email', messages.emailInvalid],
      ['no first name', { firstname: '  ' }, 'firstname', messages.firstnameRequired],
      ['no last name', { lastname: '' }, 'lastname', messages.lastnameRequired],
      ['no password when adding', { password: '' }, 'password', messages.passwordRequired],
      ['a weak password', { password: 'weakpass' }, 'password', messages.passwordStrength],
      ['letters in the msisdn', { msisdn: '02441abc22' }, 'msisdn', messages.msisdnMustStartWithZero],
      ['a 7-digit msisdn', { msisdn: '0244111' }, 'msisdn', messages.msisdnMustStartWithZero],
      ['a country code that is no ISO code', { msisdn: '0244111222', country_code: 'GHA' }, 'country_code', messages.isoCodeInvalid],
      ['an unknown country', { msisdn: '0244111222', country_code: 'QQ' }, 'country_code', messages.unknownCountry],
      ['no agency', { linked_agencies: [] }, 'linked_agencies', messages.agencyLinkRequired],
      ['an unknown agency', { linked_agencies: [999_999] }, 'linked_agencies', unknownAgencies([999_999])],
      // Past MAX_ID it is no id at all: the contract's id type refuses it.
      ['an agency id beyond any integer column', { linked_agencies: [99_999_999_999] }, 'linked_agencies.0', 'linked_agencies must be an id'],
    ])('refuses %s with its message and changes nothing', async (_case, overrides, field, message) => {
      await expectUnchanged(async () => {
        const answer = await register('POST', form(overrides as Partial<AdminUserRequest>), tokens.super);
        expect(answer.status).toBe(400);
        expect(answer.body.errors?.[field]).toEqual([message]);
      });
    });

    it('answers wrong types and malformed ids with 400 or 404, never a 500', async () => {
      const agencyUser = await byEmail('agency@demo.test');
      await expectUnchanged(async () => {
        const strings = await register('POST', { ...form(), linked_agencies: ['1'] }, tokens.super);
        expect(strings.status).toBe(400);
        expect(strings.body.errors).toHaveProperty('linked_agencies.0');
        const notAnObject = await register('POST', [form()], tokens.super);
        expect(notAnObject.status).toBe(400);
        const noId = await register('PUT', form(), tokens.super);
        expect(noId.status).toBe(400);
        expect(noId.body.errors).toEqual({ id: [messages.idRequired] });
        const textId = await register('PUT', { ...form(), id: 'abc' }, tokens.super);
        expect(textId.status).toBe(400);
        expect(textId.body.errors).toHaveProperty('id');
        const unknown = await register('PUT', { ...form(), id: 999_999, password: '' }, tokens.super);
        expect(unknown.status).toBe(404);
        expect(unknown.body.error).toBe(messages.adminUserNotFound);
        // Past the largest id a row can have, the contract's id type answers 'not found' itself.
        const pastLargest = await register('PUT', { ...form(), id: 99_999_999_999, password: '' }, tokens.super);
        expect(pastLargest.status).toBe(404);
        expect((pastLargest.body as unknown as ApiError).code).toBe('not_found');
        // POST adds: an id sent along does not turn it into an edit of that user.
        const withId = await register('POST', { ...form({ email: 'agency@demo.test' }), id: agencyUser?.id }, tokens.super);
        expect(withId.status).toBe(409);
      });
    });

    // Issue 17: every number in one form, whatever form it was typed in.
    it.each([
      ['a national Ghanaian number', { msisdn: '0244300001', country_code: 'GH' }, '233244300001'],
      ['a national number in any case of its country', { msisdn: '0244300002', country_code: 'gh' }, '233244300002'],
      ['a Congolese number, which keeps its 0 after 242', { msisdn: '061300003', country_code: 'CG' }, '242061300003'],
      ["an Ivorian number, which keeps its 0 after 225", { msisdn: '0707300004', country_code: 'CI' }, '2250707300004'],
      ['an international number, with no country', { msisdn: '254712300005' }, '254712300005'],
      ['an international number, whatever the country', { msisdn: '254712300006', country_code: 'GH' }, '254712300006'],
    ])("stores %s international, and reads it back so", async (_case, mobile, stored) => {
      const email = newEmail('mobile');
      const added = await register('POST', form({ email, ...mobile }), tokens.super);
      expect(added.status).toBe(201);
      expect(added.body.msisdn).toBe(stored);
      const [listed] = (await list(tokens.super, `search=${encodeURIComponent(email)}`)).body.data;
      expect(listed?.msisdn).toBe(stored);
      // Searched as typed, national or not, it is found.
      const searched = (await list(tokens.super, `search=${mobile.msisdn}`)).body.data;
      expect(searched.map((user) => user.email)).toEqual([email]);
      // The same number typed the other way is the same number: a duplicate.
      const again = await register('POST', form({ msisdn: stored }), tokens.super);
      expect(again.status).toBe(409);
    });

    it("keeps the stored country when a client sends none, and stores a national number with it", async () => {
      const email = newEmail('legacy');
      const added = await register('POST', form({ email, msisdn: '0244300010', country_code: 'KE' }), tokens.super);
      expect(added.body).toMatchObject({ msisdn: '254244300010', country_code: 'KE' });
      // SPEC.md section 7's body, without country_code: the number is national, the country the stored one.
      const { country_code: _none, ...legacy } = form({ email, password: '', msisdn: '0712300011' });
      const edited = await register('PUT', { ...legacy, id: added.body.id }, tokens.super);
      expect(edited.body).toMatchObject({ msisdn: '254712300011', country_code: 'KE' });
      // No country sent nor stored: a national number takes the first linked agency's (issue 30).
      const plain = await register('POST', (({ country_code: _c, ...body }) => body)(form({ msisdn: '0244300012' })), tokens.super);
      expect(plain.status).toBe(201);
      expect(plain.body).toMatchObject({ msisdn: '233244300012', country_code: 'GH' });
    });

    it('refuses a duplicate email (any case) and a duplicate msisdn with 409', async () => {
      await expectUnchanged(async () => {
        const email = await register('POST', form({ email: 'Super@Demo.TEST' }), tokens.super);
        expect(email.status).toBe(409);
        expect(email.body).toEqual({ error: messages.duplicateEmail, code: 'duplicate' });
        const msisdn = await register('POST', form({ msisdn: '233200000001' }), tokens.super);
        expect(msisdn.status).toBe(409);
        expect(msisdn.body).toEqual({ error: messages.duplicateMsisdn, code: 'duplicate' });
        const campaignUser = await byEmail('campaign@demo.test');
        const renamed = await register('PUT', { ...form({ email: 'AGENCY@demo.test', password: '', linked_agencies: [accra] }), id: campaignUser?.id }, tokens.super);
        expect(renamed.status).toBe(409);
        expect(renamed.body).toEqual({ error: messages.duplicateEmail, code: 'duplicate' });
      });
    });

    it('two concurrent adds with one email: exactly one 201 and one 409', async () => {
      const email = newEmail('race');
      const answers = await Promise.all([form({ email }), form({ email: email.toUpperCase() })].map((body) => register('POST', body, tokens.super)));
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
      expect((await everyone()).data.filter((user) => user.email.toLowerCase() === email)).toHaveLength(1);
    });

    it('an Agency Admin adds a user to a country agency; the answer hides the msisdn', async ({ skip }) => {
      const added = await register('POST', form({ linked_agencies: [goldCoast, accra] }), tokens.agency);
      expect(added.status).toBe(201);
      expect(added.body).toMatchObject({ msisdn: null, is_super: false, unblacklist: false, secure_page: false });
      needsSql(server, skip);
      const agencyUser = await byEmail('agency@demo.test');
      expect((await auditOf(added.body.id))[0]).toMatchObject({ actor_id: agencyUser?.id, action: 'create' });
    });

    it.each([
      ['is_super', { is_super: true }, true],
      ['unblacklist', { unblacklist: true }, true],
      // The demo Agency Admin holds Secure Page access (issue 16): sending it back on their own edit is allowed.
      ['secure_page', { secure_page: true }, false],
    ])('a non-super admin cannot set %s: 403 and nothing changes', async (_flag, flags, agencyAdminLacksIt) => {
      await expectUnchanged(async () => {
        for (const token of [tokens.agency, tokens.campaign]) {
          const answer = await register('POST', form({ ...flags, linked_agencies: [goldCoast] }), token);
          expect(answer.status).toBe(403);
          expect(answer.body).toEqual({ error: messages.superOnlyFlags, code: 'super_admin_only' });
        }
        if (!agencyAdminLacksIt) return;
        const self = await byEmail('agency@demo.test');
        const edit = await register('PUT', { ...form({ email: 'agency@demo.test', password: '', ...flags }), id: self?.id }, tokens.agency);
        expect(edit.status).toBe(403);
        expect(edit.body).toEqual({ error: messages.superOnlyFlags, code: 'super_admin_only' });
      });
    });

    it('a flag a non-super admin may not change is refused both ways: turning Secure Page Access off is 403 too', async () => {
      // An Agency Admin holding Secure Page access (as in the demo data; an earlier test took it
      // away) reaches an admin holding it too.
      const agencyUser = await byEmail('agency@demo.test');
      const restored = await register('PUT', {
        id: agencyUser?.id, email: 'agency@demo.test', firstname: 'Kwesi', lastname: 'Mensah', password: '', msisdn: '',
        linked_agencies: [goldCoast], secure_page: true,
      }, tokens.super);
      expect(restored.status).toBe(200);
      const email = newEmail('secure');
      const added = await register('POST', form({ email, secure_page: true, linked_agencies: [goldCoast] }), tokens.super);
      expect(added.status).toBe(201);
      const edit = (flags: Record<string, boolean>) =>
        register('PUT', { id: added.body.id, email, firstname: 'Abena', lastname: 'Boateng', linked_agencies: [goldCoast], ...flags }, tokens.agency);
      await expectUnchanged(async () => {
        const off = await edit({ secure_page: false });
        expect(off.status).toBe(403);
        expect(off.body).toEqual({ error: messages.superOnlyFlags, code: 'super_admin_only' });
        const on = await edit({ unblacklist: true });
        expect(on.body).toEqual({ error: messages.superOnlyFlags, code: 'super_admin_only' });
      });
      // Sent back as stored, or left out, it is kept.
      expect((await edit({ secure_page: true, unblacklist: false, is_super: false })).status).toBe(200);
      expect((await edit({})).status).toBe(200);
      expect(await byEmail(email)).toMatchObject({ firstname: 'Abena', secure_page: true, unblacklist: false });
    });

    it('a non-super admin cannot set an msisdn or its country, on add or edit: 403 and nothing changes', async () => {
      await expectUnchanged(async () => {
        const add = await register('POST', form({ msisdn: '0244999888', country_code: 'GH' }), tokens.agency);
        expect(add.status).toBe(403);
        expect(add.body).toEqual({ error: messages.superOnlyMsisdn, code: 'super_admin_only' });
        const self = await byEmail('agency@demo.test');
        const edit = await register('PUT', { ...form({ email: 'agency@demo.test', password: '', msisdn: '233244999888' }), id: self?.id }, tokens.agency);
        expect(edit.status).toBe(403);
        expect(edit.body).toEqual({ error: messages.superOnlyMsisdn, code: 'super_admin_only' });
        const country = await register('PUT', { ...form({ email: 'agency@demo.test', password: '', country_code: 'GH' }), id: self?.id }, tokens.agency);
        expect(country.body).toEqual({ error: messages.superOnlyMsisdn, code: 'super_admin_only' });
      });
    });

    it('a non-super admin links only the 15 country agencies: 403 for any other, nothing changes', async () => {
      await expectUnchanged(async () => {
        for (const token of [tokens.agency, tokens.campaign]) {
          const answer = await register('POST', form({ linked_agencies: [goldCoast, headOffice] }), token);
          expect(answer.status).toBe(403);
          expect(answer.body).toEqual({ error: messages.countryAgenciesOnly, code: 'out_of_scope' });
        }
      });
    });

    it('a non-super edit keeps the msisdn and non-country links it cannot see or change', async () => {
      const email = newEmail('kept');
      const added = await register('POST', form({ email, msisdn: '0244555666', country_code: 'GH', linked_agencies: [goldCoast, headOffice] }), tokens.super);
      expect(added.status).toBe(201);
      const edit = await register('PUT', { id: added.body.id, email, firstname: 'Abena', lastname: 'Boateng', linked_agencies: [goldCoast, accra] }, tokens.agency);
      expect(edit.status).toBe(200);
      expect(edit.body).toMatchObject({ firstname: 'Abena', msisdn: null, unblacklist: false, secure_page: false, editable: true });
      const stored = await byEmail(email);
      expect(stored).toMatchObject({ firstname: 'Abena', msisdn: '233244555666', country_code: 'GH', is_super: false, unblacklist: false, secure_page: false });
      expect(stored?.linked_agencies.map((agency) => agency.id).sort()).toEqual([goldCoast, accra, headOffice].sort());
    });

    it('a non-super admin cannot change a user holding a right they lack: 403, shown view only', async () => {
      const email = newEmail('flagged');
      const added = await register('POST', form({ email, unblacklist: true, secure_page: true, linked_agencies: [goldCoast] }), tokens.super);
      expect(added.status).toBe(201);
      expect((await list(tokens.agency)).body.data.find((user) => user.email === email)).toMatchObject({ editable: false });
      await expectUnchanged(async () => {
        const edit = await register('PUT', { id: added.body.id, email, firstname: 'Abena', lastname: 'Boateng', linked_agencies: [goldCoast], unblacklist: true }, tokens.agency);
        expect(edit.status).toBe(403);
        expect(edit.body).toEqual({ error: messages.adminOutOfReach, code: 'out_of_scope' });
      });
    });

    it('a non-super admin cannot find a Super Admin user to edit, nor users outside their agencies', async () => {
      await expectUnchanged(async () => {
        for (const email of ['super@demo.test', 'expired@demo.test']) {
          const target = await byEmail(email);
          const answer = await register('PUT', { ...form({ email, password: '' }), id: target?.id }, tokens.agency);
          expect(answer.status).toBe(404);
          expect(answer.body).toEqual({ error: messages.adminUserNotFound, code: 'not_found' });
        }
        const outside = await byEmail('agency@demo.test');
        const answer = await register('PUT', { ...form({ email: 'agency@demo.test', password: '' }), id: outside?.id }, tokens.campaign);
        expect(answer.status).toBe(404);
        expect(answer.body).toEqual({ error: messages.adminUserNotFound, code: 'not_found' });
      });
    });

    it('a new password ends the user\'s other sessions, not the one that set it', async () => {
      const otherSession = await accessToken(server, 'super@demo.test');
      const self = await byEmail('super@demo.test');
      const { id, email, firstname, lastname, msisdn, is_super, unblacklist, secure_page } = self as AdminUser;
      const same = { id, email, firstname, lastname, msisdn: msisdn ?? '', is_super, unblacklist, secure_page, linked_agencies: self?.linked_agencies.map((agency) => agency.id) };
      expect((await register('PUT', { ...same, password: 'Changed#Pass2026' }, tokens.super)).status).toBe(200);
      expect((await list(otherSession)).status).toBe(401);
      expect((await list(tokens.super)).status).toBe(200);
      // Back to the demo password, so the account signs in as before.
      expect((await register('PUT', { ...same, password: DEMO_PASSWORD }, tokens.super)).status).toBe(200);
      // The same values again; only updated_at moved on (each save is a change).
      const { updated_at: before, ...values } = self as AdminUser;
      const { updated_at: after, ...now } = (await byEmail('super@demo.test')) as AdminUser;
      expect(now).toEqual(values);
      expect(Date.parse(after)).toBeGreaterThan(Date.parse(before));
    });

    it('the logged-out /register page creates an account that cannot log in', async ({ skip }) => {
      const email = newEmail('registered');
      const registered = await register('POST', form({ email, linked_agencies: [accra] }));
      expect(registered.status).toBe(201);
      expect(registered.body).toMatchObject({ email, msisdn: null, is_super: false, unblacklist: false, secure_page: false });
      const refused = await server.post(SEND, { username: email, password: NEW_PASSWORD, otp_type: 'LOGIN' });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ error: messages.noRoleCampaigns, code: 'forbidden' });
      needsSql(server, skip);
      expect((await auditOf(registered.body.id))[0]).toMatchObject({ actor_id: null, action: 'create' });
    });

    it('the logged-out /register page sets no flag, no msisdn and no agency outside the 15', async () => {
      await expectUnchanged(async () => {
        expect((await register('POST', form({ is_super: true }))).body).toEqual({ error: messages.superOnlyFlags, code: 'super_admin_only' });
        expect((await register('POST', form({ msisdn: '0244777888', country_code: 'GH' }))).body).toEqual({ error: messages.superOnlyMsisdn, code: 'super_admin_only' });
        expect((await register('POST', form({ linked_agencies: [headOffice] }))).body).toEqual({ error: messages.countryAgenciesOnly, code: 'out_of_scope' });
        expect((await register('PUT', { ...form(), id: 1 })).status).toBe(401);
        // A token that no longer works is not taken for a logged-out visitor: 401, so the console refreshes.
        const stale = await register('POST', form(), 'not-a-jwt');
        expect(stale.status).toBe(401);
        expect(stale.body).toEqual({ error: messages.sessionExpired, code: 'session_expired' });
      });
    });
  });
});
