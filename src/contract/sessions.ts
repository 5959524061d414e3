// Signed-in devices (issue 31, item 6; OWASP ASVS 5.0 V7): an admin's live sessions, where each
// signed in from and when it was last used, and the sign-outs of the new user backend. A session
// lives while its admin holds a valid role of the role type it signed in with; the server checks
// that on every call and every refresh.
import { z } from 'zod';
import { page } from './api';
import { isoDate } from './entities';
import { ADMIN_ROLE_TYPES, isRoleValid, type AdminRoleType, type RoleCampaignLike } from './roles';
import { idParams } from './schemas/fields';

/** One live session as its owner (or a Super Admin) lists it. */
export const signedInDevice = z.object({
  id: z.uuid().describe("The session's name in this list and its sign-outs (never the id its tokens carry)"),
  device: z.string().describe("What signed in, told from its User-Agent: 'Chrome on Windows'"),
  user_agent: z.string().nullable().describe('The User-Agent it signed in with, as sent'),
  address: z.string().nullable().describe('The client address it signed in from, as the server saw it'),
  role_type: z.enum(ADMIN_ROLE_TYPES),
  signed_in_at: isoDate,
  last_used_at: isoDate.describe('Its last call, to the minute'),
  current: z.boolean().describe('The session this request came with: this device'),
});
export type SignedInDevice = z.infer<typeof signedInDevice>;
export const signedInDevicesPage = page(signedInDevice);

/** The answer of every sign-out: how many sessions ended, in words too. */
export const sessionsEnded = z.object({ ended: z.number().int(), message: z.string() });
export type SessionsEnded = z.infer<typeof sessionsEnded>;

const sessionName = z.uuid({ error: 'session must be the id of a session from the signed-in devices list' });
/** DELETE api/v1/sessions/{session}/ */
export const sessionParams = z.object({ session: sessionName });
/** api/v1/users/{id}/sessions/{session}/: another admin's session. */
export const adminSessionParams = idParams.extend({ session: sessionName });

/** Whether a session of `roleType` may go on: its admin still holds a valid role of that type. */
export function holdsSessionRole(roleType: AdminRoleType, roleCampaigns: readonly RoleCampaignLike[], now: Date): boolean {
  return roleCampaigns.some((rc) => rc.user_role.role_type === roleType && isRoleValid(rc.user_role, now));
}

// The words (ours)
export const sessionRoleEnded = (roleType: string) =>
  `You have been signed out: your ${roleType} role has ended or is not active. Ask a Super Admin to renew it.`;
export const sessionNotFound = 'That device is not signed in any more. Reload the list of signed-in devices.';
export const othersSessionsSuperOnly = "Only a Super Admin can see or sign out another admin's devices. Your own are under Signed-in devices.";
export const devicesSignedOut = (ended: number) =>
  ended === 0 ? 'No device was signed in to sign out.' : ended === 1 ? '1 device signed out.' : `${ended} devices signed out.`;
/** The screen and the header's user menu entry. */
export const SIGNED_IN_DEVICES = 'Signed-in devices';
export const THIS_DEVICE = 'This device';
