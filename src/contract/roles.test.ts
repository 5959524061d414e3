import { describe, it, expect } from 'vitest';
import {
  ADMIN_FLAG_LABELS,
  ADMIN_FLAGS,
  ADMIN_ROLE_TYPES,
  SUPER_ADMIN_ONLY_FIELDS,
  mayIncludeBlacklisted,
  meetsRequirement,
  whitelistCountryCodes,
  ROLE_TYPES,
  ROLE_TYPE_ID,
  STATUS_TYPE_ID,
  STATUS_TYPES,
  isAdminRoleType,
  isRoleValid,
  isSuperAdmin,
  pickSessionRole,
  reachOf,
  reachWithin,
  adminUserReadOnly,
  adminGrantRefusal,
  grantableAdminRoleTypes,
  roleScope,
  roleTypeOfId,
  statusTypeOfId,
} from './roles';
import type { AdminRoleType, RoleCampaignLike, RoleLike, RoleScope } from './roles';
import { AGENT_ROLE_TYPE_ID, INITIAL_STATUS_TYPE_ID } from './constants';
import * as messages from './messages';

// A fixed "now" so that "today" and "yesterday" do not depend on the clock or the time zone.
const NOW = new Date('2024-06-15T12:00:00Z');
const TODAY = '2024-06-15';
const YESTERDAY = '2024-06-14';
const TOMORROW = '2024-06-16';

const status = (name: string) => ({ id: (STATUS_TYPE_ID as Record<string, number>)[name] ?? 99, name });

function role(patch: Partial<RoleLike> = {}): RoleLike {
  return {
    agency_id: 1,
    role_type: 'Super Admin',
    status_type: status('Active'),
    role_start_date: '2024-01-01',
    role_end_date: null,
    ...patch,
  };
}

interface TestRoleCampaign extends RoleCampaignLike {
  id: number;
}
let nextId = 1;
function rc(roleType: string, patch: Partial<RoleLike> = {}, campaign: number | null = 10): TestRoleCampaign {
  return { id: nextId++, campaign, user_role: role({ role_type: roleType, ...patch }) };
}

describe('role and status ids', () => {
  it('the Agent role type id is 2 and the initial status (Active) is 1', () => {
    expect(ROLE_TYPE_ID.Agent).toBe(AGENT_ROLE_TYPE_ID);
    expect(AGENT_ROLE_TYPE_ID).toBe(2);
    expect(STATUS_TYPE_ID.Active).toBe(INITIAL_STATUS_TYPE_ID);
    expect(INITIAL_STATUS_TYPE_ID).toBe(1);
  });

  it('the five role types of section 6', () => {
    expect([...ROLE_TYPES].sort()).toEqual(['Agency Admin', 'Agent', 'Campaign Admin', 'Gifter', 'Super Admin']);
  });

  it.each([
    ['Super Admin', true],
    ['Agency Admin', true],
    ['Campaign Admin', true],
    ['Agent', false],
    ['Gifter', false],
    ['super admin', false],
    ['', false],
  ])('isAdminRoleType(%j) = %s', (roleType, expected) => {
    expect(isAdminRoleType(roleType)).toBe(expected);
  });

  it('admin roles are picked in the order Super Admin, Agency Admin, Campaign Admin', () => {
    expect([...ADMIN_ROLE_TYPES]).toEqual(['Super Admin', 'Agency Admin', 'Campaign Admin']);
  });

  it.each([
    ['Super Admin', true],
    ['Agency Admin', false],
    ['Campaign Admin', false],
    ['Agent', false],
  ])('isSuperAdmin(%j) = %s', (roleType, expected) => {
    expect(isSuperAdmin(roleType)).toBe(expected);
  });
});

describe('isRoleValid', () => {
  it.each([
    ['end date yesterday', { role_end_date: YESTERDAY }, false],
    ['end date long ago', { role_end_date: '2020-01-01' }, false],
    ['end date yesterday as a timestamp', { role_end_date: `${YESTERDAY}T23:59:59Z` }, false],
    ['end date today', { role_end_date: TODAY }, true],
    ['end date today as a timestamp', { role_end_date: `${TODAY}T00:00:00Z` }, true],
    ['end date tomorrow', { role_end_date: TOMORROW }, true],
    ['no end date (null)', { role_end_date: null }, true],
    ['status Active', { status_type: status('Active') }, true],
    ['status InActive', { status_type: status('InActive') }, false],
    ['status Suspended', { status_type: status('Suspended') }, false],
    ['status Fraud Blocked', { status_type: status('Fraud Blocked') }, false],
    ['status InActive with a future end date', { status_type: status('InActive'), role_end_date: TOMORROW }, false],
    ['status Active with a past end date', { status_type: status('Active'), role_end_date: YESTERDAY }, false],
  ] as Array<[string, Partial<RoleLike>, boolean]>)('%s -> valid: %s', (_case, patch, expected) => {
    expect(isRoleValid(role(patch), NOW)).toBe(expected);
  });
});

describe('pickSessionRole', () => {
  it('an empty list is refused with "Admin does not have User Role Campaign assigned"', () => {
    expect(pickSessionRole([], NOW)).toEqual({ ok: false, error: messages.noRoleCampaigns });
    expect(messages.noRoleCampaigns).toBe('Admin does not have User Role Campaign assigned');
  });

  it.each([
    ['only an Agent role', () => [rc('Agent')], messages.agentCannotLogin],
    ['only a Gifter role', () => [rc('Gifter')], messages.agentCannotLogin],
    ['an Agent then a Gifter', () => [rc('Agent'), rc('Gifter')], messages.agentCannotLogin],
    ['only an expired Super Admin', () => [rc('Super Admin', { role_end_date: YESTERDAY })], messages.roleNotValid],
    ['only a Suspended Agency Admin', () => [rc('Agency Admin', { status_type: status('Suspended') })], messages.roleNotValid],
    [
      'only a Fraud Blocked Campaign Admin',
      () => [rc('Campaign Admin', { status_type: status('Fraud Blocked') })],
      messages.roleNotValid,
    ],
    [
      'an Agent first, then an expired Super Admin',
      () => [rc('Agent'), rc('Super Admin', { role_end_date: YESTERDAY })],
      messages.agentCannotLogin,
    ],
  ] as Array<[string, () => TestRoleCampaign[], string]>)('%s is refused', (_case, list, error) => {
    expect(pickSessionRole(list(), NOW)).toEqual({ ok: false, error });
  });

  it('the refusals start with the section 8 login failure words', () => {
    expect(messages.loginFailed).toBe('Unable to login user');
    expect(messages.agentCannotLogin.startsWith(messages.loginFailed)).toBe(true);
    expect(messages.roleNotValid.startsWith(messages.loginFailed)).toBe(true);
  });

  it.each([
    [
      'an expired Super Admin followed by a valid Campaign Admin picks the Campaign Admin',
      () => [rc('Super Admin', { role_end_date: YESTERDAY }), rc('Campaign Admin')],
      1,
    ],
    ['an Agent first then a valid Agency Admin picks the Agency Admin', () => [rc('Agent'), rc('Agency Admin')], 1],
    ['a Gifter first then a valid Super Admin picks the Super Admin', () => [rc('Gifter'), rc('Super Admin')], 1],
    ['a single valid Super Admin', () => [rc('Super Admin')], 0],
    ['a single Agency Admin ending today', () => [rc('Agency Admin', { role_end_date: TODAY })], 0],
    [
      'the first valid admin role wins, not the highest',
      () => [rc('Campaign Admin'), rc('Super Admin'), rc('Agency Admin')],
      0,
    ],
    [
      'an InActive Agency Admin then a valid Super Admin picks the Super Admin',
      () => [rc('Agency Admin', { status_type: status('InActive') }), rc('Agent'), rc('Super Admin')],
      2,
    ],
  ] as Array<[string, () => TestRoleCampaign[], number]>)('%s', (_case, list, index) => {
    const roles = list();
    const result = pickSessionRole(roles, NOW);
    expect(result).toEqual({ ok: true, roleCampaign: roles[index] });
    // The very object of the list is returned, with its extra fields.
    if (result.ok) expect(result.roleCampaign).toBe(roles[index]);
  });
});

describe('roleScope', () => {
  const roles = [
    rc('Agency Admin', { agency_id: 1 }, 100),
    rc('Agency Admin', { agency_id: 2 }, 101),
    rc('Agency Admin', { agency_id: 1 }, 102),
    rc('Agency Admin', { agency_id: 3, role_end_date: YESTERDAY }, 103),
    rc('Agency Admin', { agency_id: null }, null),
    rc('Campaign Admin', { agency_id: 4 }, 200),
    rc('Campaign Admin', { agency_id: 4 }, 201),
    rc('Campaign Admin', { agency_id: 5 }, 200),
    rc('Campaign Admin', { agency_id: 6, status_type: status('Suspended') }, 202),
    rc('Campaign Admin', { agency_id: 7 }, null),
    rc('Agent', { agency_id: 8 }, 300),
    rc('Super Admin', { agency_id: 9 }, 400),
  ];

  it.each([
    ['Super Admin', { kind: 'all' }],
    ['Agency Admin', { kind: 'agencies', agencyIds: [1, 2] }],
    ['Campaign Admin', { kind: 'campaigns', campaignIds: [200, 201], agencyIds: [4, 5, 7] }],
  ] as Array<[AdminRoleType, unknown]>)('%s -> %j', (roleType, scope) => {
    expect(roleScope(roleType, roles, NOW)).toEqual(scope);
  });

  it.each([
    ['Super Admin', { kind: 'all' }],
    ['Agency Admin', { kind: 'agencies', agencyIds: [] }],
    ['Campaign Admin', { kind: 'campaigns', campaignIds: [], agencyIds: [] }],
  ] as Array<[AdminRoleType, unknown]>)('%s without role campaigns -> %j', (roleType, scope) => {
    expect(roleScope(roleType, [], NOW)).toEqual(scope);
  });
});

describe('reachWithin: who may change an admin user (issue 10)', () => {
  const none = { is_super: false, unblacklist: false, secure_page: false };
  const agencyAdmin = { scope: { kind: 'agencies' as const, agencyIds: [10] }, flags: none };
  const campaignAdmin = { scope: { kind: 'campaigns' as const, campaignIds: [101], agencyIds: [10] }, flags: none };
  const superAdmin = { scope: { kind: 'all' as const }, flags: { ...none, is_super: true } };
  const role = (role_type: string, agency_id: number | null, campaigns: Array<[number, number]> = []) =>
    ({ role_type, agency_id, campaigns: campaigns.map(([id, agency]) => ({ id, agency_id: agency })) });

  it.each([
    ['no role, no flag', [], none, true, true],
    ['a Campaign Admin of campaign 101 (agency 10)', [role('Campaign Admin', 10, [[101, 10]])], none, true, true],
    ['a Campaign Admin of campaign 102 (agency 10)', [role('Campaign Admin', 10, [[102, 10]])], none, true, false],
    ['an Agency Admin of agency 10', [role('Agency Admin', 10, [[101, 10]])], none, true, false],
    ['a role without a campaign in agency 10', [role('Campaign Admin', 10)], none, true, false],
    ['an Agency Admin of agency 10 and a Campaign Admin in agency 20', [role('Agency Admin', 10), role('Campaign Admin', 20, [[201, 20]])], none, false, false],
    ['an Agent of campaign 101', [role('Agent', 10, [[101, 10]])], none, true, true],
    ['a Super Admin role', [role('Super Admin', null)], none, false, false],
    ['the Super Admin flag', [], { ...none, is_super: true }, false, false],
    ['the Secure Page Access flag', [], { ...none, secure_page: true }, false, false],
  ])('%s: Agency Admin of 10 %s, Campaign Admin of 101 %s', (_label, roles, flags, byAgency, byCampaign) => {
    const reach = reachOf(roles, flags);
    expect(reachWithin(reach, agencyAdmin)).toBe(byAgency);
    expect(reachWithin(reach, campaignAdmin)).toBe(byCampaign);
    expect(reachWithin(reach, superAdmin)).toBe(true);
  });

  it('a flag the caller holds too is no reach beyond theirs', () => {
    const reach = reachOf([], { ...none, unblacklist: true });
    expect(reachWithin(reach, { ...agencyAdmin, flags: { ...none, unblacklist: true } })).toBe(true);
  });

  it('a row the caller may not change reads, read-only, what the server refuses its save with (issue 17)', () => {
    expect(adminUserReadOnly({ editable: false })).toBe(messages.adminOutOfReach);
    expect(adminUserReadOnly({ editable: true })).toBeNull();
  });
});

describe('role rules stated once', () => {
  it('a route requiring a Super Admin is met by the all-seeing scope only', () => {
    expect(meetsRequirement({ kind: 'all' }, 'Super Admin')).toBe(true);
    expect(meetsRequirement({ kind: 'agencies', agencyIds: [1] }, 'Super Admin')).toBe(false);
    expect(meetsRequirement({ kind: 'campaigns', campaignIds: [1], agencyIds: [1] }, 'Super Admin')).toBe(false);
  });

  it('a payment-run route is met by a Super Admin and a Campaign Admin, never an Agency Admin', () => {
    expect(meetsRequirement({ kind: 'all' }, 'Payment runs')).toBe(true);
    expect(meetsRequirement({ kind: 'campaigns', campaignIds: [1], agencyIds: [1] }, 'Payment runs')).toBe(true);
    expect(meetsRequirement({ kind: 'campaigns', campaignIds: [], agencyIds: [] }, 'Payment runs')).toBe(true);
    expect(meetsRequirement({ kind: 'agencies', agencyIds: [1] }, 'Payment runs')).toBe(false);
  });

  it("'Include Blacklisted' is a Super Admin's only", () => {
    expect(ADMIN_ROLE_TYPES.filter((roleType) => mayIncludeBlacklisted(roleType))).toEqual(['Super Admin']);
  });

  it('a whitelist entry may use every country for a Super Admin, else the countries of their campaigns', () => {
    expect(whitelistCountryCodes('Super Admin', ['GH', 'KE', 'NG'], ['GH'])).toEqual(['GH', 'KE', 'NG']);
    expect(whitelistCountryCodes('Agency Admin', ['GH', 'KE', 'NG'], ['GH', 'GH', 'KE'])).toEqual(['GH', 'KE']);
    expect(whitelistCountryCodes('Campaign Admin', ['GH', 'KE'], [])).toEqual([]);
  });

  it('the fields only a Super Admin sets are the msisdn, its country and every flag, each flag with its label', () => {
    expect([...SUPER_ADMIN_ONLY_FIELDS].sort()).toEqual(['country_code', 'is_super', 'msisdn', 'secure_page', 'unblacklist']);
    expect(Object.keys(ADMIN_FLAG_LABELS).sort()).toEqual([...ADMIN_FLAGS].sort());
  });
});

describe('roleTypeOfId and statusTypeOfId', () => {
  it('name every stored id of the contract, and nothing else', () => {
    for (const name of ROLE_TYPES) expect(roleTypeOfId(ROLE_TYPE_ID[name])).toBe(name);
    for (const name of STATUS_TYPES) expect(statusTypeOfId(STATUS_TYPE_ID[name])).toBe(name);
    expect(roleTypeOfId(99)).toBeUndefined();
    expect(statusTypeOfId(0)).toBeUndefined();
  });
});

describe('adminGrantRefusal: who may give which admin role (issue 34)', () => {
  const all: RoleScope = { kind: 'all' };
  const agencyAdmin: RoleScope = { kind: 'agencies', agencyIds: [3] };
  const campaignAdmin: RoleScope = { kind: 'campaigns', campaignIds: [11], agencyIds: [3] };
  const grant = (role_type: 'Super Admin' | 'Agency Admin' | 'Campaign Admin', agency_id: number | null, campaign_ids: number[] = []) => ({ role_type, agency_id, campaign_ids });

  it('a Super Admin gives any role anywhere', () => {
    for (const type of ADMIN_ROLE_TYPES) expect(adminGrantRefusal(all, grant(type, 9, [99]))).toBeNull();
    expect(grantableAdminRoleTypes(all)).toEqual(['Super Admin', 'Agency Admin', 'Campaign Admin']);
  });

  it('an Agency Admin gives Agency and Campaign Admin roles of their agencies, never Super Admin', () => {
    expect(adminGrantRefusal(agencyAdmin, grant('Agency Admin', 3))).toBeNull();
    expect(adminGrantRefusal(agencyAdmin, grant('Campaign Admin', 3, [12]))).toBeNull();
    expect(adminGrantRefusal(agencyAdmin, grant('Super Admin', 3))).toBe(messages.superOnlySuperAdminRole);
    expect(adminGrantRefusal(agencyAdmin, grant('Agency Admin', 4))).toBe(messages.grantAgencyOutOfReach);
    expect(adminGrantRefusal(agencyAdmin, grant('Campaign Admin', null))).toBe(messages.grantAgencyOutOfReach);
    expect(grantableAdminRoleTypes(agencyAdmin)).toEqual(['Agency Admin', 'Campaign Admin']);
  });

  it('a Campaign Admin gives Campaign Admin roles of their own campaigns only', () => {
    expect(adminGrantRefusal(campaignAdmin, grant('Campaign Admin', 3, [11]))).toBeNull();
    expect(adminGrantRefusal(campaignAdmin, grant('Campaign Admin', 3, [12]))).toBe(messages.grantCampaignOutOfReach);
    expect(adminGrantRefusal(campaignAdmin, grant('Campaign Admin', 4))).toBe(messages.grantAgencyOutOfReach);
    expect(adminGrantRefusal(campaignAdmin, grant('Agency Admin', 3))).toBe(messages.campaignAdminGrantsCampaignAdminOnly);
    expect(adminGrantRefusal(campaignAdmin, grant('Super Admin', 3))).toBe(messages.superOnlySuperAdminRole);
    expect(grantableAdminRoleTypes(campaignAdmin)).toEqual(['Campaign Admin']);
  });
});
