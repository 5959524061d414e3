// Admin roles through the new user backend (issue 34): POST and PATCH api/v1/user-roles/ and POST
// api/v1/user-role-campaigns/ give, end and suspend Super Admin, Agency Admin and Campaign Admin
// roles under the reach rule (contract adminGrantRefusal), for each caller role, every refusal a
// 403 saying why that changes nothing; an admin given a Campaign Admin role and its campaign signs
// in and sees exactly that campaign (the README's curl route).
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminUserRequest, ApiError, LoginResponse, Page } from '../../src/contract/api';
import type { AdminUser, AgentRoleCampaign, AgentUser, Campaign, UserRoleListed, UserRoleWithUser } from '../../src/contract/entities';
import { addDays, toRequestDate } from '../../src/contract/dates';
import * as messages from '../../src/contract/messages';
import { ROLE_TYPE_ID, STATUS_TYPE_ID } from '../../src/contract/roles';
import { newEmail, REGISTER } from '../support/calls';
import { allPages } from '../support/service';
import { backends, signIn, type Answer, needsSql } from '../support/server';
import { useSignedInServer } from '../support/signedIn';

const PASSWORD = 'Fresh#Start2026';
const ROLES = '/api/v1/user-roles/';
const ROLE_CAMPAIGNS = '/api/v1/user-role-campaigns/';
const today = new Date().toISOString().slice(0, 10);
/** A current role's dates: started a month ago, ends in a year. */
const DATES = { role_start_date: toRequestDate(addDays(today, -30)), role_end_date: toRequestDate(addDays(today, 365)) };

describe.each(backends)('admin roles on %s', (backend) => {
  const { server, tokens } = useSignedInServer(backend, ['super', 'agency', 'campaign']);
  /** The Agency Admin's campaigns, the Campaign Admin's campaign, another of its agency, and one of neither. */
  let agencyCampaigns: Campaign[];
  let campaignAdmins: Campaign;
  let sameAgency: Campaign;
  let foreign: Campaign;
  let ownIds: { agency: number; campaign: number };

  const agencyOf = (campaign: Campaign) => campaign.extra_data.agency.id;

  beforeAll(async () => {
    agencyCampaigns = await allPages<Campaign>(server, '/service/campaigns/?page_size=100', tokens.agency);
    campaignAdmins = (await allPages<Campaign>(server, '/service/campaigns/?page_size=100', tokens.campaign))[0] as Campaign;
    const all = await allPages<Campaign>(server, '/service/campaigns/?page_size=100', tokens.super);
    sameAgency = all.find((c) => agencyOf(c) === agencyOf(campaignAdmins) && c.id !== campaignAdmins.id) as Campaign;
    foreign = all.find((c) => agencyOf(c) !== agencyOf(campaignAdmins) && !agencyCampaigns.some((o) => o.id === c.id)) as Campaign;
    expect([sameAgency, foreign].every(Boolean)).toBe(true);
    const admins = await server.get<{ data: AdminUser[] }>('/admin/admins?page_size=0', tokens.super);
    const idOf = (email: string) => admins.body.data.find((user) => user.email === email)?.id as number;
    ownIds = { agency: idOf('agency@demo.test'), campaign: idOf('campaign@demo.test') };
  });

  /** A new admin user (made by the Super Admin) linked to `agencies`, so their admins see it. */
  async function newAdmin(agencies: number[]): Promise<AdminUser> {
    const form: AdminUserRequest = {
      email: newEmail('roles'), firstname: 'Adjoa', lastname: 'Mensah', password: PASSWORD, msisdn: '', linked_agencies: agencies,
      is_super: false, unblacklist: false, secure_page: false,
    };
    const made = await server.request<AdminUser>('POST', REGISTER, { body: form, token: tokens.super });
    expect(made.status).toBe(201);
    return made.body;
  }
  const giveRole = (token: string, body: Record<string, unknown>) =>
    server.request<UserRoleWithUser & ApiError>('POST', ROLES, { body: { ...DATES, ...body }, token });
  const giveCampaign = (token: string, userRole: number, campaign: number) =>
    server.request<AgentRoleCampaign & ApiError>('POST', ROLE_CAMPAIGNS, { body: { user_role: userRole, campaign }, token });
  const patchRole = (token: string, id: number, body: Record<string, unknown>) =>
    server.request<UserRoleWithUser & ApiError>('PATCH', `${ROLES}${id}/`, { body, token });
  const rolesOf = async (userId: number, token = tokens.super) =>
    (await server.get<Page<UserRoleListed>>(`${ROLES}?user_ids=${userId}`, token)).body.results;
  const auditCount = async () => Number((await server.sql?.query('select count(*) as n from audit_log'))?.rows[0]?.n ?? 0);

  /** A refusal: 403 (or `status`) with `message`, and nothing changed: the user's roles as they were, no audit row. */
  async function expectRefused(userId: number, attempt: () => Promise<Answer<ApiError>>, message: string, status = 403) {
    const before = await rolesOf(userId);
    const audited = await auditCount();
    const answer = await attempt();
    expect({ status: answer.status, error: answer.body.error }).toEqual({ status, error: message });
    expect(await rolesOf(userId)).toEqual(before);
    expect(await auditCount()).toBe(audited);
  }

  /** Gives `userId` a Campaign Admin role for `campaign` as `token`: the role, then its campaign. */
  async function campaignAdminRole(token: string, userId: number, campaign: Campaign) {
    const role = await giveRole(token, { user: userId, role_type: ROLE_TYPE_ID['Campaign Admin'], agency_id: agencyOf(campaign) });
    expect(role.status).toBe(201);
    const roleCampaign = await giveCampaign(token, role.body.id, campaign.id);
    expect(roleCampaign.status).toBe(201);
    return { role: role.body, roleCampaign: roleCampaign.body };
  }

  describe('a Super Admin', () => {
    it('gives a new admin a Campaign Admin role and its campaign; the admin signs in and sees exactly that campaign', async ({ skip }) => {
      const admin = await newAdmin([agencyOf(campaignAdmins)]);
      // Without a role campaign the admin cannot sign in (SPEC.md section 6).
      const before = await signIn(server, admin.email, PASSWORD);
      expect(before.status).toBe(403);
      expect((before.body as unknown as ApiError).error).toBe(messages.noRoleCampaigns);

      const audited = await auditCount();
      const { role, roleCampaign } = await campaignAdminRole(tokens.super, admin.id, campaignAdmins);
      expect(role).toMatchObject({ role_type: 'Campaign Admin', agency_id: agencyOf(campaignAdmins), status_type: { id: STATUS_TYPE_ID.Active }, user: { id: admin.id } });
      expect(roleCampaign).toMatchObject({ campaign: campaignAdmins.id, campaign_name: campaignAdmins.name, user_role: { id: role.id, role_type: 'Campaign Admin' } });
      needsSql(server, skip);
      expect(await auditCount()).toBe(audited + 2);

      const [listed] = await rolesOf(admin.id);
      expect(listed).toMatchObject({
        id: role.id, role_type: 'Campaign Admin', agency_name: expect.any(String),
        campaigns: [{ id: roleCampaign.id, campaign: campaignAdmins.id, campaign_name: campaignAdmins.name }],
      });

      const login = await signIn(server, admin.email, PASSWORD);
      expect(login.status).toBe(200);
      expect(login.body.user.role_type).toBe('Campaign Admin');
      const seen = await allPages<Campaign>(server, '/service/campaigns/?page_size=100', login.body.access);
      expect(seen.map((c) => c.id)).toEqual([campaignAdmins.id]);
    });

    it('gives Super Admin and Agency Admin roles too', async () => {
      const admin = await newAdmin([agencyOf(foreign)]);
      const superRole = await giveRole(tokens.super, { user: admin.id, role_type: ROLE_TYPE_ID['Super Admin'], agency_id: agencyOf(foreign) });
      expect(superRole.status).toBe(201);
      const agencyRole = await giveRole(tokens.super, { user: admin.id, role_type: ROLE_TYPE_ID['Agency Admin'], agency_id: agencyOf(foreign) });
      expect(agencyRole.status).toBe(201);
      expect((await giveCampaign(tokens.super, agencyRole.body.id, foreign.id)).status).toBe(201);
      expect((await rolesOf(admin.id)).map((r) => r.role_type)).toEqual(['Super Admin', 'Agency Admin']);
    });

    it('admin roles go to admin users only; a field user is refused and nothing changes', async () => {
      const agent = (await server.get<Page<AgentRoleCampaign>>('/api/v1/user-role-campaigns/?role_type_id=2&page_size=1', tokens.super)).body.results[0] as AgentRoleCampaign;
      const user: AgentUser = agent.user_role.user;
      await expectRefused(user.id, () => giveRole(tokens.super, { user: user.id, role_type: ROLE_TYPE_ID['Campaign Admin'], agency_id: agencyOf(foreign) }), messages.adminRoleNeedsAdminUser, 400);
    });
  });

  describe('an Agency Admin', () => {
    it('gives Agency Admin and Campaign Admin roles of their agency', async () => {
      const mine = agencyCampaigns[0] as Campaign;
      const admin = await newAdmin([agencyOf(mine)]);
      const agencyRole = await giveRole(tokens.agency, { user: admin.id, role_type: ROLE_TYPE_ID['Agency Admin'], agency_id: agencyOf(mine) });
      expect(agencyRole.status).toBe(201);
      expect((await giveCampaign(tokens.agency, agencyRole.body.id, mine.id)).status).toBe(201);
      await campaignAdminRole(tokens.agency, admin.id, mine);
      // They see the roles they gave.
      expect((await rolesOf(admin.id, tokens.agency)).map((r) => r.role_type)).toEqual(['Agency Admin', 'Campaign Admin']);
      const login = await signIn(server, admin.email, PASSWORD);
      expect(login.status).toBe(200);
      expect(login.body.user.role_type).toBe('Agency Admin');
    });

    it('is refused Super Admin, other agencies, campaigns of other agencies and their own roles, changing nothing', async () => {
      const mine = agencyCampaigns[0] as Campaign;
      const admin = await newAdmin([agencyOf(mine)]);
      await expectRefused(admin.id, () => giveRole(tokens.agency, { user: admin.id, role_type: ROLE_TYPE_ID['Super Admin'], agency_id: agencyOf(mine) }), messages.superOnlySuperAdminRole);
      await expectRefused(admin.id, () => giveRole(tokens.agency, { user: admin.id, role_type: ROLE_TYPE_ID['Agency Admin'], agency_id: agencyOf(foreign) }), messages.grantAgencyOutOfReach);
      await expectRefused(admin.id, () => giveRole(tokens.agency, { user: admin.id, role_type: ROLE_TYPE_ID['Campaign Admin'], agency_id: agencyOf(foreign) }), messages.grantAgencyOutOfReach);
      await expectRefused(ownIds.agency, () => giveRole(tokens.agency, { user: ownIds.agency, role_type: ROLE_TYPE_ID['Campaign Admin'], agency_id: agencyOf(mine) }), messages.ownRolesUnchangeable);
      // A role of their agency may take only a campaign of it: another agency's is out of sight.
      const role = await giveRole(tokens.agency, { user: admin.id, role_type: ROLE_TYPE_ID['Campaign Admin'], agency_id: agencyOf(mine) });
      await expectRefused(admin.id, () => giveCampaign(tokens.agency, role.body.id, foreign.id), messages.campaignOutOfScope);
      // Their own Agency Admin role: not theirs to end or suspend.
      const [own] = await rolesOf(ownIds.agency);
      await expectRefused(ownIds.agency, () => patchRole(tokens.agency, (own as UserRoleListed).id, { status_type: STATUS_TYPE_ID.Suspended }), messages.ownRolesUnchangeable);
      // A Super Admin's role is out of sight altogether.
      const superAdmin = await newAdmin([agencyOf(mine)]);
      const superRole = await giveRole(tokens.super, { user: superAdmin.id, role_type: ROLE_TYPE_ID['Super Admin'], agency_id: agencyOf(mine) });
      await expectRefused(superAdmin.id, () => patchRole(tokens.agency, superRole.body.id, { status_type: STATUS_TYPE_ID.Suspended }), messages.userRoleNotFound, 404);
    });
  });

  describe('a Campaign Admin', () => {
    it('gives a Campaign Admin role of their own campaign; that admin sees exactly it', async () => {
      const admin = await newAdmin([agencyOf(campaignAdmins)]);
      await campaignAdminRole(tokens.campaign, admin.id, campaignAdmins);
      const login = await signIn(server, admin.email, PASSWORD);
      expect(login.status).toBe(200);
      expect((await allPages<Campaign>(server, '/service/campaigns/?page_size=100', login.body.access)).map((c) => c.id)).toEqual([campaignAdmins.id]);
    });

    it('is refused Agency Admin, Super Admin, other agencies and other campaigns of their agency, changing nothing', async () => {
      const admin = await newAdmin([agencyOf(campaignAdmins)]);
      const agency = agencyOf(campaignAdmins);
      await expectRefused(admin.id, () => giveRole(tokens.campaign, { user: admin.id, role_type: ROLE_TYPE_ID['Agency Admin'], agency_id: agency }), messages.campaignAdminGrantsCampaignAdminOnly);
      await expectRefused(admin.id, () => giveRole(tokens.campaign, { user: admin.id, role_type: ROLE_TYPE_ID['Super Admin'], agency_id: agency }), messages.superOnlySuperAdminRole);
      await expectRefused(admin.id, () => giveRole(tokens.campaign, { user: admin.id, role_type: ROLE_TYPE_ID['Campaign Admin'], agency_id: agencyOf(foreign) }), messages.grantAgencyOutOfReach);
      const role = await giveRole(tokens.campaign, { user: admin.id, role_type: ROLE_TYPE_ID['Campaign Admin'], agency_id: agency });
      expect(role.status).toBe(201);
      await expectRefused(admin.id, () => giveCampaign(tokens.campaign, role.body.id, sameAgency.id), messages.grantCampaignOutOfReach);
      await expectRefused(ownIds.campaign, () => giveRole(tokens.campaign, { user: ownIds.campaign, role_type: ROLE_TYPE_ID['Campaign Admin'], agency_id: agency }), messages.ownRolesUnchangeable);
      // A role holding another campaign of their agency is beyond them: not shown, not changed.
      const wider = await campaignAdminRole(tokens.super, admin.id, sameAgency);
      expect((await rolesOf(admin.id, tokens.campaign)).map((r) => r.id)).toEqual([role.body.id]);
      await expectRefused(admin.id, () => patchRole(tokens.campaign, wider.role.id, { status_type: STATUS_TYPE_ID.Suspended }), messages.userRoleNotFound, 404);
    });
  });

  describe('ending and suspending', () => {
    it('a suspended role signs its admin out and refuses the next sign-in; lifted, it lets them in again', async () => {
      const mine = agencyCampaigns[0] as Campaign;
      const admin = await newAdmin([agencyOf(mine)]);
      const { role } = await campaignAdminRole(tokens.agency, admin.id, mine);
      const login = await signIn(server, admin.email, PASSWORD);
      expect(login.status).toBe(200);

      const suspended = await patchRole(tokens.agency, role.id, { status_type: STATUS_TYPE_ID.Suspended });
      expect(suspended.status).toBe(200);
      expect(suspended.body.status_type.name).toBe('Suspended');
      expect((await server.get('/service/campaigns/', login.body.access)).status).toBe(401);
      const refused = await signIn(server, admin.email, PASSWORD);
      expect(refused.status).toBe(403);
      expect((refused.body as unknown as ApiError).error).toBe(messages.roleNotValid);

      expect((await patchRole(tokens.agency, role.id, { status_type: STATUS_TYPE_ID.Active })).status).toBe(200);
      expect((await signIn(server, admin.email, PASSWORD)).status).toBe(200);
    });

    it('an end date ends the role; one before the start is refused; the same values change nothing', async ({ skip }) => {
      const admin = await newAdmin([agencyOf(campaignAdmins)]);
      const { role } = await campaignAdminRole(tokens.super, admin.id, campaignAdmins);
      await expectRefused(
        admin.id, () => patchRole(tokens.campaign, role.id, { role_end_date: toRequestDate(addDays(today, -60)) }), messages.roleEndBeforeStart, 400,
      );
      // The same values again: 200, and no audit row (nothing changed).
      const audited = await auditCount();
      const same = await patchRole(tokens.campaign, role.id, { status_type: STATUS_TYPE_ID.Active, role_end_date: DATES.role_end_date });
      expect(same.status).toBe(200);
      expect(await auditCount()).toBe(audited);

      const ended = await patchRole(tokens.campaign, role.id, { role_end_date: toRequestDate(addDays(today, -1)) });
      expect(ended.status).toBe(200);
      expect(ended.body.role_end_date?.slice(0, 10)).toBe(addDays(today, -1));
      needsSql(server, skip);
      expect(await auditCount()).toBe(audited + 1);
      const refused = await signIn(server, admin.email, PASSWORD);
      expect(refused.status).toBe(403);
      expect((refused.body as unknown as ApiError).error).toBe(messages.roleNotValid);
    });
  });

  it('the answers keep the contract: LoginResponse carries the new role campaign', async () => {
    const admin = await newAdmin([agencyOf(campaignAdmins)]);
    const { roleCampaign } = await campaignAdminRole(tokens.super, admin.id, campaignAdmins);
    const login: Answer<LoginResponse> = await signIn(server, admin.email, PASSWORD);
    expect(login.body.user_role_campaign.map((rc) => rc.id)).toEqual([roleCampaign.id]);
  });
});
