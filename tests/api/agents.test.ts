// Agents on the new user backend (issue 13): the list and its filters, adding an agent in one
// transaction (every rule with its message, the msisdn in international form, a duplicate refused,
// a failure between the steps leaving nothing, a replayed add creating one agent), editing, the
// SPEC.md section 7 calls one by one, invites, and each role's scope (section 6).
import { beforeAll, describe, expect, it } from 'vitest';
import type { AgentPage, ApiError, Page } from '../../src/contract/api';
import type { AgentRoleCampaign, AgentUser, Campaign, Invite, UserRoleWithUser } from '../../src/contract/entities';
import * as messages from '../../src/contract/messages';
import { backends, needsSql } from '../support/server';
import { useSignedInServer } from '../support/signedIn';
import { allPages } from '../support/service';

const AGENTS = '/api/v1/user-role-campaigns/?role_type_id=2';
const STRONG = 'Field#Agent7';

let sequence = 0;
/** A national msisdn nobody has: 0 and 9 more digits. */
const newMsisdn = () => `05${String(Date.now() % 1e6).padStart(6, '0')}${++sequence % 10}${sequence % 7}`.slice(0, 10);
const newUsername = (label: string) => `${label}.${Date.now().toString(36)}${++sequence}`;

describe.each(backends)('agents on %s', (backend) => {
  const { server, tokens } = useSignedInServer(backend, ['super', 'agency', 'campaign']);
  /** The Agency Admin's campaign and a campaign of another agency. */
  let mine: Campaign;
  let foreign: Campaign;
  /** The Campaign Admin's campaign. */
  let campaignAdmins: Campaign;

  beforeAll(async () => {
    const own = await allPages<Campaign>(server, '/service/campaigns/?page_size=100', tokens.agency);
    const all = await allPages<Campaign>(server, '/service/campaigns/?page_size=100', tokens.super);
    mine = own[0] as Campaign;
    foreign = all.find((c) => !own.some((o) => o.id === c.id)) as Campaign;
    campaignAdmins = (await allPages<Campaign>(server, '/service/campaigns/?page_size=100', tokens.campaign))[0] as Campaign;
  });

  const agencyOf = (campaign: Campaign) => campaign.extra_data.agency.id;
  const newAgent = (campaign: Campaign, patch: Record<string, unknown> = {}) => ({
    first_name: 'Ama', last_name: 'Owusu', username: newUsername('ama'), password: STRONG, msisdn: newMsisdn(),
    agency_id: agencyOf(campaign), campaign_id: campaign.id, role_start_date: '01-Nov-2026', role_end_date: '31-Dec-2027', ...patch,
  });
  const add = (body: unknown, token = tokens.super, headers?: Record<string, string>) =>
    server.request<AgentRoleCampaign & ApiError>('POST', '/api/v1/agents/', { body, token, headers });
  const patch = <T = AgentRoleCampaign & ApiError>(path: string, body: unknown, token = tokens.super) =>
    server.request<T>('PATCH', path, { body, token });
  const usersWithMsisdn = async (international: string) =>
    (await server.get<Page<AgentUser>>(`/api/v1/users/?msisdn=${international}`, tokens.super)).body.count;
  const agentNow = async (id: number) => (await server.get<Page<AgentRoleCampaign>>(`${AGENTS}&page_size=100`, tokens.super)).body.results.find((a) => a.id === id)
    ?? (await allPages<AgentRoleCampaign>(server, `${AGENTS}&page_size=100`, tokens.super)).find((a) => a.id === id);

  describe('the list', () => {
    it('pages through every agent with working next and previous links, newest first', async () => {
      const first = await server.get<AgentPage>(`${AGENTS}&page_size=20`, tokens.super);
      expect(first.status).toBe(200);
      expect(first.body.count).toBeGreaterThan(20);
      expect(first.body).toMatchObject({ count_capped: false }); // 60 demo agents: counted exactly
      expect(first.body.previous).toBeNull();
      const ids = first.body.results.map((a) => a.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      const second = await server.get<Page<AgentRoleCampaign>>(new URL(first.body.next as string).pathname + new URL(first.body.next as string).search, tokens.super);
      expect(second.body.results[0]?.id).toBeLessThan(ids.at(-1) as number);
      const back = await server.get<Page<AgentRoleCampaign>>(new URL(second.body.previous as string).pathname + new URL(second.body.previous as string).search, tokens.super);
      expect(back.body.results.map((a) => a.id)).toEqual(ids);
      expect(first.body.results.every((a) => a.user_role.role_type === 'Agent')).toBe(true);
    });

    it('an Agency Admin sees only the agents of their agencies, a Campaign Admin only those of their campaigns', async () => {
      const agencyCampaigns = new Set((await allPages<Campaign>(server, '/service/campaigns/?page_size=100', tokens.agency)).map((c) => c.id));
      const theirs = await allPages<AgentRoleCampaign>(server, `${AGENTS}&page_size=100`, tokens.agency);
      expect(theirs.length).toBeGreaterThan(0);
      expect(theirs.every((a) => agencyCampaigns.has(a.campaign))).toBe(true);
      const campaignAdminSees = await allPages<AgentRoleCampaign>(server, `${AGENTS}&page_size=100`, tokens.campaign);
      expect(campaignAdminSees.every((a) => a.campaign === campaignAdmins.id)).toBe(true);
      const everyone = await allPages<AgentRoleCampaign>(server, `${AGENTS}&page_size=100`, tokens.super);
      expect(everyone.length).toBeGreaterThan(theirs.length);
    });

    it('blacklisted agents and the BQ filter are a Super Admin’s only', async () => {
      const all = await allPages<AgentRoleCampaign>(server, `${AGENTS}&page_size=100`, tokens.super);
      expect(all.some((a) => a.user_role.status_type.name === 'Blacklisted')).toBe(true);
      const notBlacklisted = await allPages<AgentRoleCampaign>(server, `${AGENTS}&blacklisted=False&page_size=100`, tokens.super);
      expect(notBlacklisted.some((a) => a.user_role.status_type.name === 'Blacklisted')).toBe(false);
      expect(notBlacklisted.length).toBe(all.filter((a) => a.user_role.status_type.name !== 'Blacklisted').length);
      for (const token of [tokens.agency, tokens.campaign]) {
        const seen = await allPages<AgentRoleCampaign>(server, `${AGENTS}&page_size=100`, token);
        expect(seen.some((a) => a.user_role.status_type.name === 'Blacklisted')).toBe(false);
        for (const filter of ['blacklisted=true', 'bq=true']) {
          const refused = await server.get<ApiError>(`${AGENTS}&${filter}`, token);
          expect(refused.status).toBe(403);
          expect(refused.body.error).toBe(messages.superOnlyAgentFilters);
        }
      }
      const bq = await server.get<Page<AgentRoleCampaign>>(`${AGENTS}&bq=true`, tokens.super);
      expect(bq.status).toBe(200);
      expect(bq.body.count).toBeLessThan(all.length);
    });

    it('filters by status, agency and campaign, and searches names and the msisdn as typed nationally', async () => {
      const active = await server.get<Page<AgentRoleCampaign>>(`${AGENTS}&status_types=Active,suspended&page_size=100`, tokens.super);
      expect(active.body.results.every((a) => ['Active', 'Suspended'].includes(a.user_role.status_type.name))).toBe(true);
      const ofCampaign = await server.get<Page<AgentRoleCampaign>>(`${AGENTS}&campaign_ids=${mine.id}&agency_id=${agencyOf(mine)}`, tokens.super);
      expect(ofCampaign.body.results.every((a) => a.campaign === mine.id && a.user_role.agency_id === agencyOf(mine))).toBe(true);
      const someone = (await server.get<Page<AgentRoleCampaign>>(`${AGENTS}&status_types=Active`, tokens.super)).body.results[0] as AgentRoleCampaign;
      const { last_name, msisdn } = someone.user_role.user;
      const byName = await server.get<Page<AgentRoleCampaign>>(`${AGENTS}&search=${encodeURIComponent(last_name.toUpperCase())}`, tokens.super);
      expect(byName.body.results.map((a) => a.id)).toContain(someone.id);
      const national = `0${(msisdn as string).slice(3)}`; // Ghana and its neighbours: a three-digit code
      const byMsisdn = await server.get<Page<AgentRoleCampaign>>(`${AGENTS}&search=${national}`, tokens.super);
      expect(byMsisdn.body.results.map((a) => a.id)).toContain(someone.id);
      const bad = await server.get<ApiError>(`${AGENTS}&status_types=Happy`, tokens.super);
      expect(bad.status).toBe(400);
    });
  });

  describe('adding an agent', () => {
    it('creates the user, an Agent role that is Active and its role campaign, with the msisdn in international form', async () => {
      const body = newAgent(mine);
      const added = await add(body, tokens.agency);
      expect(added.status).toBe(201);
      expect(added.body).toMatchObject({
        campaign: mine.id,
        user_role: {
          role_type: 'Agent', status_type: { id: 1, name: 'Active' }, agency_id: agencyOf(mine),
          role_start_date: '2026-11-01', role_end_date: '2027-12-31',
          user: { first_name: 'Ama', last_name: 'Owusu', username: body.username },
        },
      });
      expect(added.body.user_role.user.msisdn).toMatch(/^\d{11,13}$/);
      expect(added.body.user_role.user.msisdn?.startsWith('0')).toBe(false);
      const listed = await server.get<Page<AgentRoleCampaign>>(`${AGENTS}&search=${body.username}`, tokens.agency);
      expect(listed.body.results.map((a) => a.id)).toEqual([added.body.id]);
    });

    it.each([
      ['CG', '242', '061234567'],
      ['CI', '225', '0712345678'],
      ['GH', '233', '0244123456'],
    ])('in %s (dialing code %s) stores %s as the rule says', async (iso, code, national) => {
      const agency = (await server.get<Page<{ id: number }>>(`/service/agencies/?code=${iso}`, tokens.super)).body.results[0];
      const campaign = (await server.get<Page<Campaign>>(`/service/campaigns/?agency_id=${agency?.id}`, tokens.super)).body.results[0] as Campaign;
      const unique = national.slice(0, -3) + String(sequence++ % 1000).padStart(3, '0');
      const added = await add(newAgent(campaign, { msisdn: unique }));
      expect(added.status).toBe(201);
      const keepsZero = code === '242' || code === '225';
      expect(added.body.user_role.user.msisdn).toBe(code + (keepsZero ? unique : unique.slice(1)));
      expect(added.body.user_role.user.country_code).toBe(iso);
    });

    it('a second agent with the same msisdn is refused with the specification’s words, and nothing is created', async () => {
      const first = await add(newAgent(mine));
      const msisdn = first.body.user_role.user.msisdn as string;
      const again = await add(newAgent(mine, { msisdn: `0${msisdn.slice(3)}` }));
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ error: messages.duplicateAgentMsisdn, errors: { msisdn: [messages.duplicateAgentMsisdn] } });
      expect(await usersWithMsisdn(msisdn)).toBe(1);
    });

    it.each([
      ['first_name', { first_name: '' }, messages.firstNameRequired],
      ['last_name', { last_name: ' ' }, messages.lastnameRequired],
      ['username', { username: '' }, messages.usernameRequired],
      ['password', { password: '' }, messages.passwordRequired],
      ['password', { password: 'weakpassword' }, messages.passwordStrength],
      ['msisdn', { msisdn: '241234567' }, messages.msisdnMustStartWithZero],
      ['msisdn', { msisdn: '02412345' }, messages.agentMsisdnTooShort],
      ['agency_id', { agency_id: undefined }, messages.agencyNotSelected],
      ['campaign_id', { campaign_id: undefined }, messages.campaignNotSelected],
      ['role_start_date', { role_start_date: '' }, messages.startDateNotSelected],
      ['role_end_date', { role_end_date: undefined }, messages.endDateNotSelected],
      ['role_start_date', { role_start_date: '2026-11-01' }, messages.requestDateInvalid],
      ['role_end_date', { role_end_date: '01-Jan-2026' }, messages.endBeforeStart],
    ])('refuses a bad %s (%j) with its message and creates nothing', async (field, change, message) => {
      const body = newAgent(mine, change);
      const refused = await add(body);
      expect(refused.status).toBe(400);
      expect(refused.body.errors?.[field]).toEqual([message]);
      const typed = String(body.msisdn);
      if (/^0\d{8,}$/.test(typed)) expect(await usersWithMsisdn(`233${typed.slice(1)}`)).toBe(0);
      const listed = await server.get<Page<AgentRoleCampaign>>(`${AGENTS}&search=${body.username || 'ama.'}`, tokens.super);
      expect(listed.body.results.filter((a) => a.user_role.user.username === body.username)).toEqual([]);
    });

    it('a campaign of another agency is refused (400), outside the caller’s agencies 403; nothing is created', async () => {
      const mismatch = await add(newAgent(mine, { campaign_id: foreign.id }));
      expect(mismatch.status).toBe(400);
      expect(mismatch.body.errors?.campaign_id).toEqual([messages.campaignOfAnotherAgency]);
      const body = newAgent(foreign);
      const outside = await add(body, tokens.agency);
      expect(outside.status).toBe(403);
      expect(outside.body.error).toBe(messages.agencyOutOfScope);
      const foreignCampaign = await add(newAgent(mine, { campaign_id: foreign.id }), tokens.agency);
      expect(foreignCampaign.status).toBe(403);
      expect((await server.get<Page<AgentRoleCampaign>>(`${AGENTS}&search=${body.username}`, tokens.super)).body.count).toBe(0);
    });

    it('the same add replayed with its Idempotency-Key creates one agent and answers the first add again', async () => {
      const body = newAgent(mine);
      const key = `add-agent-${body.username}`;
      const first = await add(body, tokens.agency, { 'Idempotency-Key': key });
      const replay = await add(body, tokens.agency, { 'Idempotency-Key': key });
      expect(first.status).toBe(201);
      expect(replay.status).toBe(201);
      expect(replay.headers.get('idempotency-replayed')).toBe('true');
      expect(replay.body).toEqual(first.body);
      expect(await usersWithMsisdn(first.body.user_role.user.msisdn as string)).toBe(1);
      expect((await server.get<Page<AgentRoleCampaign>>(`${AGENTS}&search=${body.username}`, tokens.super)).body.count).toBe(1);
    });

    it('a failure between the steps leaves no user, role or role campaign behind', async (context) => {
      needsSql(server, context.skip); // PGlite is held by the server: the failure is injected over SQL
      await server.sql.query(`create or replace function fail_role_campaign() returns trigger language plpgsql as
        $$ begin raise exception 'injected failure'; end $$`);
      await server.sql.query('create trigger fail_role_campaign before insert on user_role_campaigns for each row execute function fail_role_campaign()');
      const body = newAgent(mine);
      try {
        const failed = await add(body);
        expect(failed.status).toBe(500);
        expect(failed.body.error).toBe(messages.internalError);
      } finally {
        await server.sql.query('drop trigger fail_role_campaign on user_role_campaigns');
      }
      const left = await server.sql.query('select count(*)::int as n from users where username = $1', [body.username]);
      expect(left.rows[0].n).toBe(0);
      const retried = await add(body);
      expect(retried.status).toBe(201);
    });
  });

  describe('editing an agent', () => {
    let agent: AgentRoleCampaign;
    beforeAll(async () => {
      agent = (await add(newAgent(mine), tokens.agency)).body;
    });

    it('changes names, msisdn and status in one call, audited; Save of the same values changes nothing', async ({ skip }) => {
      const national = newMsisdn();
      const saved = await patch(`/api/v1/agents/${agent.id}/`, {
        first_name: 'Abena', last_name: 'Mensah', msisdn: national, status_type: 4, updated_at: agent.updated_at,
      }, tokens.agency);
      expect(saved.status).toBe(200);
      expect(saved.body.user_role).toMatchObject({ status_type: { id: 4, name: 'Suspended' }, user: { first_name: 'Abena', last_name: 'Mensah' } });
      expect(saved.body.user_role.user.msisdn).toBe(`233${national.slice(1)}`);
      needsSql(server, skip);
      const audits = await server.sql.query(`select count(*)::int as n from audit_log where entity = 'agent' and entity_id = $1`, [String(agent.id)]);
      expect(audits.rows[0].n).toBe(2); // the add and this edit
      agent = saved.body;
    });

    it('an outdated copy answers 409 with the agent as it is, and changes nothing', async () => {
      const stale = await patch<ApiError>(`/api/v1/agents/${agent.id}/`, {
        first_name: 'Old', last_name: 'Copy', msisdn: agent.user_role.user.msisdn, updated_at: '2020-01-01T00:00:00.000Z',
      }, tokens.agency);
      expect(stale.status).toBe(409);
      expect(stale.body).toMatchObject({ code: 'edit_conflict', current: agent });
    });

    it.each([
      ['first_name', { first_name: '' }, messages.firstNameRequired],
      ['last_name', { last_name: '' }, messages.secondNameRequired],
      ['msisdn', { msisdn: '' }, messages.msisdnRequired],
      ['msisdn', { msisdn: '12ab' }, messages.agentMsisdnInvalid],
    ])('refuses an empty or bad %s with its message', async (field, change, message) => {
      const refused = await patch<ApiError>(`/api/v1/agents/${agent.id}/`, {
        first_name: 'Abena', last_name: 'Mensah', msisdn: agent.user_role.user.msisdn, ...change,
      }, tokens.agency);
      expect(refused.status).toBe(400);
      expect(refused.body.errors?.[field]).toEqual([message]);
      expect(await agentNow(agent.id)).toEqual(agent);
    });

    it('a status change counts only with a valid msisdn', async (context) => {
      needsSql(server, context.skip); // an invalid stored msisdn exists only in old data, written here over SQL
      await server.sql.query('update users set msisdn = $1 where id = $2', ['12345', agent.user_role.user.id]);
      const now = (await agentNow(agent.id)) as AgentRoleCampaign;
      const refused = await patch<ApiError>(`/api/v1/agents/${agent.id}/`, { first_name: 'Abena', last_name: 'Mensah', msisdn: '12345', status_type: 1 }, tokens.super);
      expect(refused.status).toBe(400);
      expect(refused.body.errors?.status_type).toEqual([messages.statusNeedsValidMsisdn]);
      const renamed = await patch(`/api/v1/agents/${agent.id}/`, { first_name: 'Abi', last_name: 'Mensah', msisdn: '12345' }, tokens.super);
      expect(renamed.status).toBe(200);
      expect(renamed.body.user_role.status_type.id).toBe(now.user_role.status_type.id);
      const fixed = await patch(`/api/v1/agents/${agent.id}/`, { first_name: 'Abi', last_name: 'Mensah', msisdn: agent.user_role.user.msisdn, status_type: 1 }, tokens.super);
      expect(fixed.status).toBe(200);
      agent = fixed.body;
    });

    it('only a Super Admin blacklists an agent; nobody else sees it afterwards', async () => {
      const fields = { first_name: 'Abi', last_name: 'Mensah', msisdn: agent.user_role.user.msisdn };
      const refused = await patch<ApiError>(`/api/v1/agents/${agent.id}/`, { ...fields, status_type: 3 }, tokens.agency);
      expect(refused.status).toBe(403);
      expect(refused.body.error).toBe(messages.superOnlyBlacklist);
      const blacklisted = await patch(`/api/v1/agents/${agent.id}/`, { ...fields, status_type: 3 }, tokens.super);
      expect(blacklisted.body.user_role.status_type.name).toBe('Blacklisted');
      expect((await patch<ApiError>(`/api/v1/agents/${agent.id}/`, fields, tokens.agency)).status).toBe(404);
      const lifted = await patch(`/api/v1/agents/${agent.id}/`, { ...fields, status_type: 1 }, tokens.super);
      agent = lifted.body;
    });

    it('moving an agent to another agency or campaign outside the caller’s scope is refused, and nothing changes', async () => {
      const fields = { first_name: 'Abi', last_name: 'Mensah', msisdn: agent.user_role.user.msisdn };
      const toAgency = await patch<ApiError>(`/api/v1/agents/${agent.id}/`, { ...fields, agency_id: agencyOf(foreign), campaign: foreign.id }, tokens.agency);
      expect(toAgency.status).toBe(403);
      const toCampaign = await patch<ApiError>(`/api/v1/agents/${agent.id}/`, { ...fields, campaign: foreign.id }, tokens.agency);
      expect(toCampaign.status).toBe(403);
      const agencyOnly = await patch<ApiError>(`/api/v1/agents/${agent.id}/`, { ...fields, agency_id: agencyOf(foreign) }, tokens.super);
      expect(agencyOnly.status).toBe(400);
      expect(agencyOnly.body.errors?.campaign).toEqual([messages.campaignOfAnotherAgency]);
      expect(await agentNow(agent.id)).toEqual(agent);
      const moved = await patch(`/api/v1/agents/${agent.id}/`, { ...fields, agency_id: agencyOf(foreign), campaign: foreign.id }, tokens.super);
      expect(moved.status).toBe(200);
      expect(moved.body).toMatchObject({ campaign: foreign.id, user_role: { agency_id: agencyOf(foreign) } });
      expect((await patch<ApiError>(`/api/v1/agents/${agent.id}/`, fields, tokens.agency)).status).toBe(404);
    });
  });

  describe('the calls of section 7, one by one', () => {
    it('POST users, user-roles and user-role-campaigns build an agent the Agency Admin then sees', async () => {
      const msisdn = newMsisdn();
      const user = await server.post<AgentUser & ApiError>('/api/v1/users/', {
        user: { password: STRONG, username: newUsername('kofi'), first_name: 'Kofi', last_name: 'Asante' },
        country_code: 'GH', language_code: 'en', msisdn, added_by: 999,
      }, tokens.agency);
      expect(user.status).toBe(201);
      expect(user.body).toMatchObject({ msisdn: `233${msisdn.slice(1)}`, country_code: 'GH' });
      const found = await server.get<Page<AgentUser>>(`/api/v1/users/?msisdn=${msisdn}&country_code=GH`, tokens.agency);
      expect(found.body.results.map((u) => u.id)).toEqual([user.body.id]);
      const adminRole = await server.post<ApiError>('/api/v1/user-roles/', {
        agency_id: agencyOf(mine), role_start_date: '01-Nov-2026', role_end_date: '01-Nov-2027', role_type: 3, user: user.body.id,
      }, tokens.agency);
      // An admin role goes to an admin user (issue 34): a field user is refused, whoever gives it.
      expect(adminRole.status).toBe(400);
      expect(adminRole.body.error).toBe(messages.adminRoleNeedsAdminUser);
      const role = await server.post<UserRoleWithUser>('/api/v1/user-roles/', {
        agency_id: agencyOf(mine), role_start_date: '01-Nov-2026', role_end_date: '01-Nov-2027', role_type: 2, user: user.body.id, status_type: 1,
      }, tokens.agency);
      expect(role.status).toBe(201);
      expect(role.body).toMatchObject({ role_type: 'Agent', status_type: { id: 1 }, user: { id: user.body.id } });
      const foreignCampaign = await server.post<ApiError>('/api/v1/user-role-campaigns/', { campaign: foreign.id, user_role: role.body.id }, tokens.agency);
      expect(foreignCampaign.status).toBe(403);
      const roleCampaign = await server.post<AgentRoleCampaign>('/api/v1/user-role-campaigns/', { campaign: mine.id, user_role: role.body.id }, tokens.agency);
      expect(roleCampaign.status).toBe(201);
      const twice = await server.post<ApiError>('/api/v1/user-role-campaigns/', { campaign: mine.id, user_role: role.body.id }, tokens.agency);
      expect(twice.status).toBe(409);
      const roles = await server.get<Page<UserRoleWithUser>>(`/api/v1/user-roles/?user_ids=${user.body.id}`, tokens.agency);
      expect(roles.body.results.map((r) => r.user.id)).toEqual([user.body.id]);
      const renamed = await patch<AgentUser>(`/api/v1/users/${user.body.id}/`, { user: { first_name: 'Kwame' } }, tokens.agency);
      expect(renamed.body.first_name).toBe('Kwame');
      const suspended = await patch<UserRoleWithUser>(`/api/v1/user-roles/${role.body.id}/`, { status_type: 4 }, tokens.agency);
      expect(suspended.body.status_type.name).toBe('Suspended');
    });

    it("another agency's agent cannot be read, patched or moved by an Agency Admin; nothing changes", async () => {
      const theirs = (await add(newAgent(foreign))).body;
      const { user } = theirs.user_role;
      const read = await server.get<Page<AgentUser>>(`/api/v1/users/?msisdn=${user.msisdn}`, tokens.agency);
      expect(read.body.count).toBe(0);
      const roles = await server.get<Page<UserRoleWithUser>>(`/api/v1/user-roles/?user_ids=${user.id}`, tokens.agency);
      expect(roles.body.count).toBe(0);
      const invites = await server.get<Page<Invite>>(`/service/invites/?agent_id=${user.id}`, tokens.agency);
      expect(invites.body.count).toBe(0);
      expect((await patch(`/api/v1/users/${user.id}/`, { user: { first_name: 'Taken' } }, tokens.agency)).status).toBe(404);
      expect((await patch(`/api/v1/user-roles/${theirs.user_role.id}/`, { agency_id: agencyOf(mine) }, tokens.agency)).status).toBe(404);
      expect((await patch(`/api/v1/user-role-campaigns/${theirs.id}/`, { campaign: mine.id }, tokens.agency)).status).toBe(404);
      expect((await patch(`/api/v1/agents/${theirs.id}/`, { first_name: 'T', last_name: 'T', msisdn: user.msisdn }, tokens.campaign)).status).toBe(404);
      // Their own role moved into a foreign agency: refused.
      const own = (await add(newAgent(mine), tokens.agency)).body;
      const moved = await patch<ApiError>(`/api/v1/user-roles/${own.user_role.id}/`, { agency_id: agencyOf(foreign) }, tokens.agency);
      expect(moved.status).toBe(403);
      // Even a Super Admin moves a role only with its campaign (one agent edit), never without it.
      const alone = await patch<ApiError>(`/api/v1/user-roles/${own.user_role.id}/`, { agency_id: agencyOf(foreign) }, tokens.super);
      expect(alone.status).toBe(400);
      expect(alone.body.errors?.agency_id).toEqual([messages.roleCampaignsStayWithAgency]);
      const movedCampaign = await patch<ApiError>(`/api/v1/user-role-campaigns/${own.id}/`, { campaign: foreign.id }, tokens.agency);
      expect(movedCampaign.status).toBe(403);
      expect(await agentNow(theirs.id)).toEqual(theirs);
      expect(await agentNow(own.id)).toEqual(own);
    });
  });

  it("a Campaign Admin adds agents to their campaign only, and cannot move one to another campaign of the agency", async () => {
    const sameAgency = (await allPages<Campaign>(server, `/service/campaigns/?agency_id=${agencyOf(campaignAdmins)}&page_size=100`, tokens.super))
      .find((c) => c.id !== campaignAdmins.id) as Campaign;
    const elsewhere = await add(newAgent(sameAgency), tokens.campaign);
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.error).toBe(messages.campaignOutOfScope);
    const own = await add(newAgent(campaignAdmins), tokens.campaign);
    expect(own.status).toBe(201);
    const fields = { first_name: 'Ama', last_name: 'Owusu', msisdn: own.body.user_role.user.msisdn };
    expect((await patch<ApiError>(`/api/v1/agents/${own.body.id}/`, { ...fields, campaign: sameAgency.id }, tokens.campaign)).status).toBe(403);
    expect((await patch<ApiError>(`/api/v1/user-role-campaigns/${own.body.id}/`, { campaign: sameAgency.id }, tokens.campaign)).status).toBe(403);
    expect(await agentNow(own.body.id)).toEqual(own.body);
  });

  describe('invites', () => {
    it('an agent’s invites come newest first, the first 10 on one page', async () => {
      const active = await allPages<AgentRoleCampaign>(server, `${AGENTS}&page_size=100`, tokens.super);
      let busiest: { id: number; count: number } = { id: 0, count: 0 };
      for (const agent of active.slice(0, 40)) {
        const page = await server.get<Page<Invite>>(`/service/invites/?agent_id=${agent.user_role.user.id}&page_size=10`, tokens.super);
        if (page.body.count > busiest.count) busiest = { id: agent.user_role.user.id, count: page.body.count };
      }
      expect(busiest.count).toBeGreaterThan(1);
      const page = await server.get<Page<Invite>>(`/service/invites/?agent_id=${busiest.id}&page_size=10`, tokens.super);
      expect(page.body.results.length).toBe(Math.min(10, busiest.count));
      const times = page.body.results.map((i) => i.invite_datetime);
      expect(times).toEqual([...times].sort().reverse());
      expect(page.body.results[0]).toMatchObject({ recipient_msisdn: expect.any(String), extra_data: { agency_name: expect.any(String), campaign_name: expect.any(String) } });
      expect((await server.get<ApiError>('/service/invites/', tokens.super)).status).toBe(400);
    });
  });
});
