// Session states to preload: a signed-in admin of each role, and a login in progress.
import type { SessionUser } from '../../contract/entities';
import type { AdminRoleType } from '../../contract/roles';
import type { SessionState, SignInState } from '../session/sessionSlice';

/** The demo account of each admin role (README 'Demo accounts'). */
export const DEMO_USERNAME: Record<AdminRoleType, string> = {
  'Super Admin': 'super@demo.test',
  'Agency Admin': 'agency@demo.test',
  'Campaign Admin': 'campaign@demo.test',
};

export function sessionUser(roleType: AdminRoleType = 'Super Admin', username = DEMO_USERNAME[roleType]): SessionUser {
  return {
    id: 1,
    username,
    firstname: 'Ama',
    lastname: 'Mensah',
    role_type: roleType,
    is_super: roleType === 'Super Admin',
    user_role_campaigns: [],
  };
}

export function signedIn(roleType: AdminRoleType = 'Super Admin', overrides: Partial<SessionState> = {}): { session: SessionState } {
  return {
    session: { access: 'access-1', refresh: 'refresh-1', user: sessionUser(roleType), reportsVerified: false, ...overrides },
  };
}

export const loginInProgress: SignInState = { username: 'super@demo.test', password: 'Referral#2026', medium: 'EMAIL' };
