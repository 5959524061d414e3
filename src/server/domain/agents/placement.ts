// Where a field user's role may be placed (SPEC.md section 6): in an agency the caller sees, with a
// campaign the caller sees that belongs to that agency, a known status, and, for an admin role, no
// more than the caller may give (requireAdminGrant). Every add, move and patch of a role or role campaign asks here
// inside its transaction, so nothing is written outside the caller's scope.
import { and, eq } from 'drizzle-orm';
import * as messages from '../../../contract/messages';
import { adminGrantRefusal, isAdminRoleType, isSuperAdmin, roleTypeOfId, STATUS_TYPE_ID, type RoleScope, type RoleType } from '../../../contract/roles';
import { campaignVisible, seesEverything, visibleAgencyIds } from '../../auth/scope';
import type { Database } from '../../db/client';
import { isStorableId, uniqueViolation } from '../../db/errors';
import { agencies, campaigns, countries } from '../../db/schema';
import { Conflict, Invalid, NotFound, Refused } from '../errors';

/** An agency a role is placed in, with what a new user of it takes from its country. */
export interface AgencyPlace { id: number; countryIso: string | null; dialingCode: string; defaultLanguage: string | null }

/** The agency, if the caller sees it (403 otherwise, whether or not it exists); 404 for a Super Admin's unknown id. */
export async function agencyForRole(tx: Database, scope: RoleScope, agencyId: number): Promise<AgencyPlace> {
  const visible = visibleAgencyIds(scope);
  if (visible !== null && !visible.includes(agencyId)) throw Refused.outOfScope(messages.agencyOutOfScope);
  const [found] = isStorableId(agencyId)
    ? await tx
        .select({ id: agencies.id, countryIso: countries.isoCode, dialingCode: countries.dialingCode, defaultLanguage: countries.defaultLanguage })
        .from(agencies)
        .innerJoin(countries, eq(countries.id, agencies.countryId))
        .where(eq(agencies.id, agencyId))
    : [];
  if (!found) throw new NotFound(messages.agencyNotFound);
  return found;
}

/** The campaign of a role campaign: one the caller sees (403) and of the role's agency (400 on `field`). */
export async function campaignForRole(tx: Database, scope: RoleScope, campaignId: number, agencyId: number | null, field: string): Promise<void> {
  const [found] = isStorableId(campaignId)
    ? await tx.select({ agencyId: campaigns.agencyId }).from(campaigns).where(and(eq(campaigns.id, campaignId), campaignVisible(scope, campaigns)))
    : [];
  if (!found) throw Refused.outOfScope(messages.campaignOutOfScope);
  if (found.agencyId !== agencyId) throw new Invalid(messages.campaignOfAnotherAgency, { [field]: [messages.campaignOfAnotherAgency] });
}

const KNOWN_STATUS_IDS: readonly number[] = Object.values(STATUS_TYPE_ID);

/**
 * A status the caller may give, changing `from` (undefined: a new role): a known one, and only a
 * Super Admin blacklists or lifts a blacklisting (nobody else ever sees a blacklisted agent).
 */
export function requireStatusChange(scope: RoleScope, to: number, from?: number): void {
  if (!KNOWN_STATUS_IDS.includes(to)) throw new Invalid(messages.statusTypeNotFound, { status_type: [messages.statusTypeNotFound] });
  const touchesBlacklist = (to === STATUS_TYPE_ID.Blacklisted || from === STATUS_TYPE_ID.Blacklisted) && to !== from;
  if (touchesBlacklist && !seesEverything(scope)) throw Refused.superAdminOnly(messages.superOnlyBlacklist);
}

/** A known role type's name (400 otherwise). */
export function requireRoleType(roleTypeId: number): RoleType {
  const name = roleTypeOfId(roleTypeId);
  if (!name) throw new Invalid(messages.roleTypeNotFound, { role_type: [messages.roleTypeNotFound] });
  return name;
}

/**
 * The reach rule of admin roles (contract adminGrantRefusal): a role given, changed or given a
 * campaign lies within what the caller may give, or 403 saying why. Field roles pass.
 */
export function requireAdminGrant(scope: RoleScope, grant: { role_type: RoleType; agency_id: number | null; campaign_ids?: readonly number[] }): void {
  if (!isAdminRoleType(grant.role_type)) return;
  const refusal = adminGrantRefusal(scope, { role_type: grant.role_type, agency_id: grant.agency_id, campaign_ids: grant.campaign_ids ?? [] });
  if (!refusal) return;
  throw isSuperAdmin(grant.role_type) ? Refused.superAdminOnly(refusal) : Refused.outOfScope(refusal);
}

/** A unique index a write hit, as the answer an admin reads (409); any other error unchanged. */
export function duplicateRefusal(error: unknown): unknown {
  switch (uniqueViolation(error)) {
    case 'users_msisdn': return new Conflict(messages.duplicateAgentMsisdn, 'duplicate', { errors: { msisdn: [messages.duplicateAgentMsisdn] } });
    case 'users_username_lower': return new Conflict(messages.duplicateUsername, 'duplicate', { errors: { username: [messages.duplicateUsername] } });
    case 'user_role_campaigns_role_campaign': return new Conflict(messages.duplicateRoleCampaign);
    default: return error;
  }
}
