// Role rules of SPEC.md sections 4 and 6 and who sees each tab of section 2, as pure functions and data.
import * as messages from './messages';

export const ROLE_TYPES = ['Super Admin', 'Agent', 'Agency Admin', 'Campaign Admin', 'Gifter'] as const;
export type RoleType = (typeof ROLE_TYPES)[number];
/** Role type ids as stored; the Agent id (2) is fixed by the specification. */
export const ROLE_TYPE_ID: Record<RoleType, number> = {
  'Super Admin': 1,
  Agent: 2,
  'Agency Admin': 3,
  'Campaign Admin': 4,
  Gifter: 5,
};

export const STATUS_TYPES = ['Active', 'InActive', 'Blacklisted', 'Suspended', 'Unvalidated', 'Fraud Blocked'] as const;
export type StatusTypeName = (typeof STATUS_TYPES)[number];
/** Status type ids as stored; Active (1) is the initial status of a new agent. */
export const STATUS_TYPE_ID: Record<StatusTypeName, number> = {
  Active: 1,
  InActive: 2,
  Blacklisted: 3,
  Suspended: 4,
  Unvalidated: 5,
  'Fraud Blocked': 6,
};

/** A stored role type id's name; undefined for an id the contract does not know. */
export const roleTypeOfId = (id: number): RoleType | undefined => ROLE_TYPES.find((name) => ROLE_TYPE_ID[name] === id);
/** A stored status type id's name; undefined for an id the contract does not know. */
export const statusTypeOfId = (id: number): StatusTypeName | undefined => STATUS_TYPES.find((name) => STATUS_TYPE_ID[name] === id);

/** Roles that may use the console, in the order a role is picked at login. */
export const ADMIN_ROLE_TYPES = ['Super Admin', 'Agency Admin', 'Campaign Admin'] as const satisfies readonly RoleType[];
export type AdminRoleType = (typeof ADMIN_ROLE_TYPES)[number];
/** A role with one of these statuses is invalid. */
export const INVALID_ROLE_STATUSES: readonly string[] = ['InActive', 'Suspended', 'Fraud Blocked'];

export const isAdminRoleType = (roleType: string): roleType is AdminRoleType =>
  (ADMIN_ROLE_TYPES as readonly string[]).includes(roleType);

/** The fields of a user role that the rules read. Dates are ISO strings (YYYY-MM-DD...). */
export interface RoleLike {
  agency_id: number | null;
  role_type: string;
  status_type: { id: number; name: string };
  role_start_date: string | null;
  role_end_date: string | null;
}
export interface RoleCampaignLike<R extends RoleLike = RoleLike> {
  campaign: number | null;
  user_role: R;
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** A role is invalid when its end date has passed or its status is InActive, Suspended or Fraud Blocked. */
export function isRoleValid(role: RoleLike, now: Date): boolean {
  if (INVALID_ROLE_STATUSES.includes(role.status_type.name)) return false;
  if (role.role_end_date && role.role_end_date.slice(0, 10) < isoDay(now)) return false;
  return true;
}

export type RolePick<T> = { ok: true; roleCampaign: T } | { ok: false; error: string };

/**
 * The role a session opens with (section 4): the first Super Admin, Agency Admin or Campaign Admin
 * role that is still valid, otherwise the first role; Agent, Gifter and invalid roles are refused.
 */
export function pickSessionRole<T extends RoleCampaignLike>(roleCampaigns: readonly T[], now: Date): RolePick<T> {
  const first = roleCampaigns[0];
  if (!first) return { ok: false, error: messages.noRoleCampaigns };
  const picked =
    roleCampaigns.find((rc) => isAdminRoleType(rc.user_role.role_type) && isRoleValid(rc.user_role, now)) ?? first;
  if (!isAdminRoleType(picked.user_role.role_type)) return { ok: false, error: messages.agentCannotLogin };
  if (!isRoleValid(picked.user_role, now)) return { ok: false, error: messages.roleNotValid };
  return { ok: true, roleCampaign: picked };
}

/** What a session may see (section 6). The server applies it to every read and write. */
export type RoleScope =
  | { kind: 'all' }
  | { kind: 'agencies'; agencyIds: number[] }
  | { kind: 'campaigns'; campaignIds: number[]; agencyIds: number[] };

const unique = (values: Array<number | null>) => [...new Set(values.filter((v): v is number => v !== null))];

/**
 * Super Admin sees everything; Agency Admin the agencies of their roles; Campaign Admin the
 * campaigns of their roles and the agencies of those roles. Only valid roles of the session's
 * role type count.
 */
export function roleScope(roleType: AdminRoleType, roleCampaigns: readonly RoleCampaignLike[], now: Date): RoleScope {
  if (roleType === 'Super Admin') return { kind: 'all' };
  const mine = roleCampaigns.filter((rc) => rc.user_role.role_type === roleType && isRoleValid(rc.user_role, now));
  const agencyIds = unique(mine.map((rc) => rc.user_role.agency_id));
  if (roleType === 'Agency Admin') return { kind: 'agencies', agencyIds };
  return { kind: 'campaigns', campaignIds: unique(mine.map((rc) => rc.campaign)), agencyIds };
}

export const isSuperAdmin = (roleType: string): boolean => roleType === 'Super Admin';

/** A Super Admin's scope: every agency, campaign and record. */
export const seesEverything = (scope: RoleScope): boolean => scope.kind === 'all';

/** 'Include Blacklisted' on the grids and reports is a Super Admin's only (SPEC.md section 6). */
export const mayIncludeBlacklisted = (roleType: string): boolean => isSuperAdmin(roleType);

/**
 * The countries (ISO codes) a whitelist entry without a campaign may use: every country for a
 * Super Admin, otherwise the countries of the caller's campaigns (the server accepts the countries
 * of the caller's agencies, which hold those campaigns).
 */
export function whitelistCountryCodes(roleType: string, countryCodes: readonly string[], campaignCountryCodes: readonly string[]): string[] {
  return [...new Set(isSuperAdmin(roleType) ? countryCodes : campaignCountryCodes)];
}

/**
 * What a call may require of its caller's role; the server refuses anyone else. 'Payment runs':
 * a Super Admin, or a Campaign Admin (for their own campaigns, which the call then checks); never
 * an Agency Admin (DESIGN.md).
 */
export type RoleRequirement = 'Super Admin' | 'Payment runs';
export const meetsRequirement = (scope: RoleScope, requirement: RoleRequirement): boolean =>
  requiresSuperAdmin(requirement) ? seesEverything(scope) : scope.kind !== 'agencies';
/** A requirement only a Super Admin meets (its refusal is `super_admin_only`). */
export const requiresSuperAdmin = (requirement: string): boolean => requirement === 'Super Admin';

// ---- how far an admin user reaches, and who may change them -------------------------------------

/** The legacy rights a Super Admin grants: a user holding one reaches further than one without. */
export const ADMIN_FLAGS = ['is_super', 'unblacklist', 'secure_page'] as const;
export type AdminFlag = (typeof ADMIN_FLAGS)[number];
export type AdminFlags = Record<AdminFlag, boolean>;
/** Each flag as the user form and list label it. */
export const ADMIN_FLAG_LABELS: Record<AdminFlag, string> = { is_super: 'Super Admin', unblacklist: 'Unblacklist', secure_page: 'Secure Page Access' };
/** The admin user fields only a Super Admin may set (and, for the msisdn and its country, see). */
export const SUPER_ADMIN_ONLY_FIELDS = ['msisdn', 'country_code', ...ADMIN_FLAGS] as const;

/** One role of an admin user, with the campaigns of its role campaigns and each one's agency. */
export interface HeldRole {
  role_type: string;
  agency_id: number | null;
  campaigns: ReadonlyArray<{ id: number; agency_id: number }>;
}

/**
 * Everything an admin user could act on: every role it holds (valid or not: an ended role can be
 * renewed) and its flags. `everything` for a Super Admin role or flag; otherwise whole agencies
 * (an Agency Admin role, or a role without a campaign) and single campaigns.
 */
export interface Reach {
  everything: boolean;
  agencyIds: number[];
  campaigns: Array<{ id: number; agency_id: number }>;
  flags: AdminFlag[];
}

export function reachOf(roles: readonly HeldRole[], flags: AdminFlags): Reach {
  const reach: Reach = { everything: flags.is_super, agencyIds: [], campaigns: [], flags: ADMIN_FLAGS.filter((flag) => flags[flag]) };
  for (const role of roles) {
    if (role.role_type === 'Super Admin') reach.everything = true;
    else if (role.role_type === 'Agency Admin' || role.campaigns.length === 0) {
      if (role.agency_id !== null) reach.agencyIds.push(role.agency_id);
    } else reach.campaigns.push(...role.campaigns);
  }
  return reach;
}

/**
 * Whether a caller may change an admin user (issue 10): only when the user's whole reach lies
 * inside the caller's own scope and the user holds no flag the caller lacks. A Super Admin may
 * change anyone; nobody else may change a Super Admin. The server answers it on every row
 * (`editable`) and refuses a save of any other with adminUserReadOnly's words.
 */
export function reachWithin(target: Reach, caller: { scope: RoleScope; flags: AdminFlags }): boolean {
  const { scope } = caller;
  if (scope.kind === 'all') return true;
  if (target.everything) return false;
  if (target.flags.some((flag) => !caller.flags[flag])) return false;
  if (scope.kind === 'agencies') {
    return target.agencyIds.every((id) => scope.agencyIds.includes(id))
      && target.campaigns.every((campaign) => scope.agencyIds.includes(campaign.agency_id));
  }
  // A Campaign Admin manages campaigns, never a whole agency.
  return target.agencyIds.length === 0 && target.campaigns.every((campaign) => scope.campaignIds.includes(campaign.id));
}

/** What an admin role reaches: its type, its agency and the campaigns of its role campaigns. */
export interface AdminGrant { role_type: AdminRoleType; agency_id: number | null; campaign_ids: readonly number[] }

/**
 * Why the caller may not give (or change) an admin role, or null when it may (issue 34): a Super
 * Admin gives any; an Agency Admin gives Agency Admin and Campaign Admin roles of their agencies;
 * a Campaign Admin gives Campaign Admin roles of their own campaigns only; nobody else gives
 * Super Admin. The server refuses with these words; the console offers only what passes.
 */
export function adminGrantRefusal(scope: RoleScope, grant: AdminGrant): string | null {
  if (scope.kind === 'all') return null;
  if (grant.role_type === 'Super Admin') return messages.superOnlySuperAdminRole;
  if (scope.kind === 'campaigns' && grant.role_type !== 'Campaign Admin') return messages.campaignAdminGrantsCampaignAdminOnly;
  if (grant.agency_id === null || !scope.agencyIds.includes(grant.agency_id)) return messages.grantAgencyOutOfReach;
  if (scope.kind === 'campaigns' && grant.campaign_ids.some((id) => !scope.campaignIds.includes(id))) return messages.grantCampaignOutOfReach;
  return null;
}

/** The admin role types a caller may give, in the order the console offers them. */
export function grantableAdminRoleTypes(scope: RoleScope): AdminRoleType[] {
  if (scope.kind === 'all') return [...ADMIN_ROLE_TYPES];
  return scope.kind === 'agencies' ? ['Agency Admin', 'Campaign Admin'] : ['Campaign Admin'];
}

/**
 * Why an admin user row is read-only to the caller (reachWithin said no, `editable: false`), or null
 * when the caller may change it: the server's refusal of such a save and the line its read-only
 * dialog shows are this one text.
 */
export const adminUserReadOnly = (user: { editable: boolean }): string | null => (user.editable ? null : messages.adminOutOfReach);

// ---- the main shell's tabs and who sees them (section 2) ------------------------------------

/**
 * Who sees a tab in the side menu: the rows of section 2's visibility table, named so the console's
 * screen registry gives each screen one and names no role itself.
 */
export const MENU_AUDIENCES = {
  everyone: ROLE_TYPES,
  everyoneButGifters: ['Super Admin', 'Agent', 'Agency Admin', 'Campaign Admin'],
  admins: ADMIN_ROLE_TYPES,
  superAndCampaignAdmins: ['Super Admin', 'Campaign Admin'],
  superAdmins: ['Super Admin'],
} as const satisfies Record<string, readonly RoleType[]>;
