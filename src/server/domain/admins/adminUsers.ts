// Admin users of the legacy backend (users with an email) and the rules of their form, enforced
// whatever the console sends (SPEC.md section 6):
// - only a Super Admin sets the Super Admin, Unblacklist and Secure Page Access flags and the msisdn
//   (with its country), and only a Super Admin sees the msisdn; a national one is stored international;
// - other admins link users to the 15 country agencies only, and change a user only when the user's
//   whole reach (every role it holds, its flags) lies inside their own scope; they never see a Super
//   Admin user, and never change another admin's email or password (the owner resets their own);
// - email and msisdn are unique by index (users_username_lower, users_email_lower, users_msisdn), so of two requests
//   racing for one address exactly one wins.
import { and, eq, inArray, isNotNull, isNull, notInArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ListPage } from '../../../contract/api';
import type { AdminUser, LinkedAgency } from '../../../contract/entities';
import * as messages from '../../../contract/messages';
import { unknownAgencies } from '../../../contract/messages';
import { ADMIN_FLAGS, adminUserReadOnly, reachOf, reachWithin, ROLE_TYPE_ID, type AdminFlags, type HeldRole, type RoleScope } from '../../../contract/roles';
import type { adminUserForm } from '../../../contract/schemas/adminForms';
import { isNationalMsisdn, storedMsisdn } from '../../../contract/msisdn';
import { countryOfAgency, requiredCountry } from '../countries/countries';
import type { CountryAgencies } from '../agencies/countryAgencies';
import { hashPassword } from '../../auth/passwords';
import { endSessionsOf, SESSION_END_REASONS } from '../../auth/sessions';
import { seesEverything, visibleAgencyIds, within, type Caller } from '../../auth/scope';
import type { Database } from '../../db/client';
import { isStorableId } from '../../db/errors';
import { adminAgencyLinks, agencies, campaigns, roleTypes, userRoleCampaigns, userRoles, users } from '../../db/schema';
import { isoMillis, nextUpdatedAt } from '../../db/updatedAt';
import { Conflict, Invalid, NotFound, Refused } from '../errors';
import { lockRow } from '../../db/locks';
import { foldedText, listPageOf, msisdnSearch, orderOf, searchIn, type ListParams } from '../lists';
import { auditedSave } from '../save';
import { mobileCountry } from './mobileCountry';

export const ADMIN_SORT = ['id', 'email', 'firstname', 'lastname', 'is_super'] as const;
type AdminSort = (typeof ADMIN_SORT)[number];
type AdminUserForm = z.output<typeof adminUserForm>;

const row = {
  id: users.id,
  email: users.email,
  msisdn: users.msisdn,
  country_code: users.countryCode,
  firstname: users.firstName,
  lastname: users.lastName,
  is_super: users.isSuper,
  unblacklist: users.unblacklist,
  secure_page: users.securePage,
  updated_at: isoMillis(users.updatedAt),
};
const sortColumns = {
  id: users.id, email: foldedText(users.email), firstname: foldedText(users.firstName), lastname: foldedText(users.lastName), is_super: users.isSuper,
};
/** An admin user as `row` reads it: the wire shape before its links and reach, the email still nullable. */
type AdminRow = Omit<AdminUser, 'email' | 'linked_agencies' | 'editable'> & { email: string | null };

/** Admin users are the users with an email; agents and gifters have none. */
const isAdminUser = isNotNull(users.email);

/**
 * A Super Admin user: the legacy flag, or a Super Admin role (valid or not). (Written with table
 * names: drizzle drops the table of columns in a one-table select list.)
 */
const isSuperAdminUser = sql<boolean>`(${users}.is_super or exists (
  select 1 from ${userRoles} r where r.user_id = ${users}.id and r.role_type_id = ${ROLE_TYPE_ID['Super Admin']}))`;

/**
 * Admin users linked to at least one agency the caller sees; a Super Admin sees all. Super Admin
 * users are a Super Admin's only: nobody else can act on them, so nobody else is shown them.
 */
function adminVisible(scope: RoleScope): SQL {
  if (seesEverything(scope)) return sql`true`;
  return sql`not ${isSuperAdminUser} and exists (select 1 from ${adminAgencyLinks}
    where ${adminAgencyLinks}.user_id = ${users}.id and ${within(adminAgencyLinks.agencyId, visibleAgencyIds(scope))})`;
}

/** Every role the users hold, valid or not, with the campaigns of its role campaigns. */
async function heldRolesOf(db: Database, userIds: number[]): Promise<Map<number, HeldRole[]>> {
  const held = new Map<number, HeldRole[]>();
  if (userIds.length === 0) return held;
  const rows = await db
    .select({
      userId: userRoles.userId, roleId: userRoles.id, roleType: roleTypes.name, agencyId: userRoles.agencyId,
      campaignId: campaigns.id, campaignAgencyId: campaigns.agencyId,
    })
    .from(userRoles)
    .innerJoin(roleTypes, eq(roleTypes.id, userRoles.roleTypeId))
    .leftJoin(userRoleCampaigns, eq(userRoleCampaigns.userRoleId, userRoles.id))
    .leftJoin(campaigns, eq(campaigns.id, userRoleCampaigns.campaignId))
    .where(inArray(userRoles.userId, userIds));
  // One row per role campaign: a role's campaigns are gathered under its id.
  const byRole = new Map<number, HeldRole & { campaigns: Array<{ id: number; agency_id: number }> }>();
  for (const row of rows) {
    let role = byRole.get(row.roleId);
    if (!role) {
      role = { role_type: row.roleType, agency_id: row.agencyId, campaigns: [] };
      byRole.set(row.roleId, role);
      held.set(row.userId, [...(held.get(row.userId) ?? []), role]);
    }
    if (row.campaignId !== null && row.campaignAgencyId !== null) role.campaigns.push({ id: row.campaignId, agency_id: row.campaignAgencyId });
  }
  return held;
}

const NO_FLAGS: AdminFlags = { is_super: false, unblacklist: false, secure_page: false };

/** Who may change whom: the caller's scope and own flags (a logged-out caller holds none). */
interface Changer { scope: RoleScope; flags: AdminFlags }

async function changerOf(db: Database, caller: Caller): Promise<Changer> {
  if (caller.userId === null) return { scope: caller.scope, flags: NO_FLAGS };
  const [own] = await db.select({ is_super: users.isSuper, unblacklist: users.unblacklist, secure_page: users.securePage })
    .from(users).where(eq(users.id, caller.userId));
  return { scope: caller.scope, flags: own ?? NO_FLAGS };
}

/** Whether the caller may change each user: the user's whole reach lies within the caller's. */
async function editableBy(db: Database, changer: Changer, users: ReadonlyArray<AdminFlags & { id: number }>) {
  const held = await heldRolesOf(db, users.map((user) => user.id));
  return new Map(users.map((user) => [user.id, reachWithin(reachOf(held.get(user.id) ?? [], user), changer)]));
}

async function linksOf(db: Database, userIds: number[]): Promise<Map<number, LinkedAgency[]>> {
  const links = new Map<number, LinkedAgency[]>();
  if (userIds.length === 0) return links;
  const rows = await db
    .select({ userId: adminAgencyLinks.userId, id: agencies.id, agency_name: agencies.name })
    .from(adminAgencyLinks)
    .innerJoin(agencies, eq(agencies.id, adminAgencyLinks.agencyId))
    .where(inArray(adminAgencyLinks.userId, userIds))
    .orderBy(foldedText(agencies.name), agencies.id);
  for (const { userId, ...agency } of rows) {
    const list = links.get(userId) ?? [];
    list.push({ ...agency, linked: true });
    links.set(userId, list);
  }
  return links;
}

/** The wire shape; the msisdn and its country only for a Super Admin's eyes. */
const toAdminUser = (user: AdminRow, links: LinkedAgency[], showMsisdn: boolean, editable: boolean): AdminUser => ({
  ...user,
  email: user.email ?? '',
  msisdn: showMsisdn ? user.msisdn : null,
  country_code: showMsisdn ? user.country_code : null,
  linked_agencies: links,
  editable,
});

/**
 * What a non-super caller sees of an admin user's links: the agencies of their roles and the
 * country agencies they may link (SPEC.md section 6); null means everything (a Super Admin).
 * Links they do not see are kept by their edits (linksFor).
 */
async function agenciesSeenBy(db: Database, countryAgencies: CountryAgencies, scope: RoleScope): Promise<Set<number> | null> {
  if (seesEverything(scope)) return null;
  return new Set([...(visibleAgencyIds(scope) ?? []), ...(await countryAgencies.ids(db))]);
}

/** What the audit trail keeps of a user: the stored row, not what one caller may do with it. */
const auditedRow = ({ editable: _editable, ...user }: AdminUser) => user;

const linksSeen = (user: AdminUser, seen: Set<number> | null): AdminUser =>
  seen ? { ...user, linked_agencies: user.linked_agencies.filter((link) => seen.has(link.id)) } : user;

export async function listAdminUsers(
  db: Database, countryAgencies: CountryAgencies, input: { caller: Caller; params: ListParams<AdminSort> },
): Promise<ListPage<AdminUser>> {
  const { caller: { scope }, params } = input;
  const seen = await agenciesSeenBy(db, countryAgencies, scope);
  const superCaller = seesEverything(scope);
  // Searching by msisdn would reveal it: only a Super Admin searches it.
  const searchable = superCaller ? [users.email, users.firstName, users.lastName, users.msisdn] : [users.email, users.firstName, users.lastName];
  const where = and(isAdminUser, adminVisible(scope), searchIn(superCaller ? msisdnSearch(params.search) : params.search, searchable));
  const page = await listPageOf(db, () => db.select(row).from(users).where(where).$dynamic(), params, orderOf(params, sortColumns, users.id));
  const links = await linksOf(db, page.data.map((user) => user.id));
  const editable = await editableBy(db, await changerOf(db, input.caller), page.data);
  return {
    ...page,
    data: page.data.map((user) => linksSeen(toAdminUser(user, links.get(user.id) ?? [], superCaller, editable.get(user.id) ?? false), seen)),
  };
}

/**
 * An admin user the caller sees, with everything (msisdn included) for the rules and the audit
 * trail, and whether the caller may change it.
 */
async function findAdminUser(db: Database, changer: Changer, id: number, seenBy: RoleScope = changer.scope): Promise<AdminUser | undefined> {
  if (!isStorableId(id)) return undefined;
  const [found] = await db
    .select(row)
    .from(users)
    .where(and(eq(users.id, id), isAdminUser, adminVisible(seenBy)));
  if (!found) return undefined;
  const links = await linksOf(db, [id]);
  const editable = await editableBy(db, changer, [found]);
  return toAdminUser(found, links.get(id) ?? [], true, editable.get(id) ?? false);
}

/**
 * An admin user the caller may give a role to, locked for the rest of the transaction (issue 34):
 * one it sees and may change (its whole reach within the caller's, adminUserReadOnly), never
 * itself unless the caller is a Super Admin. A user without an email is a field user: 400.
 */
export async function lockedAdminUserForRole(tx: Database, caller: Caller, id: number): Promise<AdminUser> {
  await lockRow(tx, users, id);
  const changer = await changerOf(tx, caller);
  const found = await findAdminUser(tx, changer, id);
  if (!found) {
    const [fieldUser] = isStorableId(id) ? await tx.select({ id: users.id }).from(users).where(and(eq(users.id, id), isNull(users.email))) : [];
    if (fieldUser) throw new Invalid(messages.adminRoleNeedsAdminUser, { user: [messages.adminRoleNeedsAdminUser] });
    throw new NotFound(messages.adminUserNotFound);
  }
  if (!seesEverything(caller.scope) && found.id === caller.userId) throw new Refused(messages.ownRolesUnchangeable);
  const readOnly = adminUserReadOnly(found);
  if (readOnly) throw Refused.outOfScope(readOnly);
  return found;
}

/**
 * The flags to store. A non-super caller may not change a flag: one it sends is refused both ways,
 * on or off, unless it is the stored value; one it leaves out keeps the stored value.
 */
function flagsFor(superCaller: boolean, form: AdminUserForm, stored: AdminUser | undefined) {
  const kept: AdminFlags = { is_super: stored?.is_super ?? false, unblacklist: stored?.unblacklist ?? false, secure_page: stored?.secure_page ?? false };
  if (!superCaller && ADMIN_FLAGS.some((flag) => form[flag] !== undefined && form[flag] !== kept[flag])) throw Refused.superAdminOnly(messages.superOnlyFlags);
  const flags = superCaller ? { is_super: form.is_super ?? false, unblacklist: form.unblacklist ?? false, secure_page: form.secure_page ?? false } : kept;
  return { isSuper: flags.is_super, unblacklist: flags.unblacklist, securePage: flags.secure_page };
}

/**
 * The msisdn and its country to store. A non-super caller never sees them, so any it sends is
 * refused (even the stored ones: accepting those would let it guess the number); empty keeps the
 * stored. A Super Admin's national number (0...) is stored international with the dialling code of
 * its country: the one sent, else the stored one, else the first linked agency's (mobileCountry).
 */
async function mobileFor(
  db: Database, superCaller: boolean, form: AdminUserForm, stored: AdminUser | undefined, firstAgencyId: number | undefined,
): Promise<{ msisdn: string | null; countryCode: string | null }> {
  if (!superCaller) {
    if (form.msisdn !== '' || form.country_code) throw Refused.superAdminOnly(messages.superOnlyMsisdn);
    return { msisdn: stored?.msisdn ?? null, countryCode: stored?.country_code ?? null };
  }
  const source = mobileCountry(form.msisdn, form.country_code, stored?.country_code ?? null);
  const country = 'isoCode' in source
    ? { isoCode: source.isoCode, dialingCode: (await requiredCountry(db, source.isoCode, 'country_code')).dialingCode }
    : source.from === 'first linked agency' && firstAgencyId !== undefined ? await countryOfAgency(db, firstAgencyId) : undefined;
  const countryCode = country?.isoCode ?? null;
  if (form.msisdn === '') return { msisdn: null, countryCode };
  if (country) return { msisdn: storedMsisdn(form.msisdn, country.dialingCode), countryCode };
  if (isNationalMsisdn(form.msisdn)) throw new Invalid(messages.msisdnCountryUnknown, { country_code: [messages.msisdnCountryUnknown] });
  return { msisdn: form.msisdn, countryCode };
}

/**
 * The agencies to link. Unknown ids answer 400. A non-super caller may add only country agencies;
 * links to other agencies are a Super Admin's to change, so a non-super edit keeps them.
 */
async function linksFor(
  db: Database, countryAgencies: CountryAgencies, superCaller: boolean, form: AdminUserForm, stored: AdminUser | undefined,
): Promise<number[]> {
  const requested = [...new Set(form.linked_agencies)];
  const storable = requested.filter(isStorableId);
  const existing = storable.length === 0 ? [] : await db.select({ id: agencies.id }).from(agencies).where(inArray(agencies.id, storable));
  const unknown = requested.filter((id) => !existing.some((agency) => agency.id === id));
  if (unknown.length > 0) {
    const message = unknownAgencies(unknown);
    throw new Invalid(message, { linked_agencies: [message] });
  }
  if (superCaller) return requested;
  const countryAgencyIds = new Set(await countryAgencies.ids(db));
  const alreadyLinked = new Set(stored?.linked_agencies.map((agency) => agency.id) ?? []);
  if (requested.some((id) => !countryAgencyIds.has(id) && !alreadyLinked.has(id))) throw Refused.outOfScope(messages.countryAgenciesOnly);
  const kept = [...alreadyLinked].filter((id) => !countryAgencyIds.has(id));
  return [...new Set([...kept, ...requested])];
}

/**
 * POST (no id) and PUT (id) /admin/register. The rules read the stored user under a row lock inside
 * the transaction that writes the change and its audit record, so a concurrent change (say, the
 * user made a Super Admin meanwhile) cannot slip between the check and the write.
 */
export async function saveAdminUser(
  db: Database, countryAgencies: CountryAgencies, caller: Caller, form: AdminUserForm,
): Promise<AdminUser> {
  const superCaller = seesEverything(caller.scope);
  const changer = await changerOf(db, caller);
  // Empty on edit keeps the old password. scrypt is slow by design: hash before the transaction.
  const passwordHash = form.password === '' ? undefined : await hashPassword(form.password);

  const after = await auditedSave(db, {
    caller, entity: 'admin_user', table: users, id: form.id, updatedAt: form.updated_at,
    find: (tx, id) => findAdminUser(tx, changer, id),
    // Read back whoever saved it (a logged-out /register sees no one).
    findSaved: (tx, id) => findAdminUser(tx, changer, id, { kind: 'all' }),
    notFound: messages.adminUserNotFound,
    mayEdit: (stored) => {
      const readOnly = adminUserReadOnly(stored);
      if (readOnly) throw Refused.outOfScope(readOnly);
      // Whoever holds another admin's email receives their codes: only a Super Admin moves it.
      if (!superCaller && (form.email !== stored.email || passwordHash)) throw Refused.superAdminOnly(messages.superOnlyCredentials);
    },
    // The current row as this caller's list shows it (the msisdn for a Super Admin only).
    shown: (stored) => ({ ...stored, msisdn: superCaller ? stored.msisdn : null, country_code: superCaller ? stored.country_code : null }),
    write: async (tx, before) => {
      // The links first: a national number may take the first agency's country.
      const linkIds = await linksFor(tx, countryAgencies, superCaller, form, before);
      const fields = {
        username: form.email, // admins sign in with their email address
        email: form.email,
        firstName: form.firstname,
        lastName: form.lastname,
        ...(await mobileFor(tx, superCaller, form, before, linkIds[0])),
        ...flagsFor(superCaller, form, before),
      };

      let id: number;
      if (!before) {
        const [created] = await tx
          .insert(users)
          .values({ ...fields, passwordHash, addedBy: caller.userId })
          .returning({ id: users.id });
        if (!created) throw new Error('admin user insert returned no row');
        id = created.id;
      } else {
        id = before.id;
        await tx
          .update(users)
          .set({ ...fields, ...(passwordHash ? { passwordHash } : {}), updatedAt: nextUpdatedAt(users.updatedAt) })
          .where(eq(users.id, id));
        await tx.delete(adminAgencyLinks).where(and(eq(adminAgencyLinks.userId, id), notInArray(adminAgencyLinks.agencyId, linkIds)));
        // A new password ends the user's other sessions, as a password reset does.
        if (passwordHash) await endSessionsOf(tx, id, { reason: SESSION_END_REASONS.passwordChanged, actorId: caller.userId }, caller.sessionId);
      }
      await tx.insert(adminAgencyLinks).values(linkIds.map((agencyId) => ({ userId: id, agencyId }))).onConflictDoNothing();
      return id;
    },
    recorded: (row, side) => (side === 'before' ? auditedRow(row) : { ...auditedRow(row), password_changed: passwordHash !== undefined }),
    duplicate: (index) => {
      if (index === 'users_username_lower' || index === 'users_email_lower') return new Conflict(messages.duplicateEmail);
      if (index === 'users_msisdn') return new Conflict(messages.duplicateMsisdn);
      return undefined;
    },
  });
  const mobile = superCaller ? {} : { msisdn: null, country_code: null };
  return linksSeen({ ...after, ...mobile }, await agenciesSeenBy(db, countryAgencies, caller.scope));
}
