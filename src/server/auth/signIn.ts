// The sign-in flows of SPEC.md section 4 and DESIGN.md: codes sent, login with password and code,
// refresh, logout, password reset, codes verified inside a session (secure pages, reports), and
// codes bound to one thing a signed-in admin asked to open (a secure report's download).
import { eq, sql } from 'drizzle-orm';
import type { LoginResponse, OtpSendResponse } from '../../contract/api';
import { SECURE_OTP_LENGTH, type OtpMedium, type OtpType } from '../../contract/constants';
import type { UserRoleCampaign } from '../../contract/entities';
import * as messages from '../../contract/messages';
import { isSuperAdmin, pickSessionRole, type AdminRoleType } from '../../contract/roles';
import { holdsSessionRole, sessionRoleEnded } from '../../contract/sessions';
import type { Database } from '../db/client';
import { authEvents, users, verifiedCodes } from '../db/schema';
import { nextUpdatedAt } from '../db/updatedAt';
import type { CodeDelivery } from '../delivery';
import { CodeNotSent, DomainError, Invalid, Refused, Unauthenticated } from '../domain/errors';
import { findAccount, loadRoleCampaigns, type Account } from './accounts';
import { codeCheckFailure, UNAMBIGUOUS, type CodeCheck, type Codes } from './codes';
import { hashPassword, verifyPassword } from './passwords';
import type { Caller } from './scope';
import { SESSION_END_REASONS } from './sessions';
import type { TokenPair, Tokens } from './tokens';

/** The refusal of a code that did not pass (Invalid), with what the person should do next. */
export const codeRefused = (check: Exclude<CodeCheck, 'ok'>) => new Invalid(codeCheckFailure(check).message, undefined, codeCheckFailure(check).code);

/** Codes a signed-in admin asks for; LOGIN and PASSWORD_RESET belong to the logged-out flows. */
const SESSION_CODE_TYPES: readonly OtpType[] = ['SECURE_PAGES', 'REPORTS'];

export class SignIn {
  constructor(
    private readonly db: Database,
    private readonly codes: Codes,
    private readonly tokens: Tokens,
    private readonly delivery: CodeDelivery,
  ) {}

  /** POST /api/v1/otp/send/ */
  async sendCode(input: {
    username: string; password?: string; otp_type: OtpType; medium: OtpMedium; address: string; caller: Caller;
  }): Promise<OtpSendResponse> {
    const account = await findAccount(this.db, input.username);
    const answer: OtpSendResponse = { message: messages.otpSent, medium: input.medium, otp_type: input.otp_type };

    if (input.otp_type === 'LOGIN') {
      await this.codes.assertMaySend(account?.id ?? null, input.address, 'LOGIN');
      const password = input.password ?? '';
      // The role is read while the password hash runs: neither waits for the other.
      const [allowed, pick] = await Promise.all([this.checkPassword(account, password, input.address), account && this.pickRole(account.id)]);
      if (!pick?.ok) throw new Refused(pick ? pick.error : messages.loginFailed);
      const code = await this.deliverCode(allowed, 'LOGIN', input.medium, input.address);
      return { ...answer, login_token: this.codes.passwordProof(allowed, code, password) };
    }

    if (input.otp_type === 'PASSWORD_RESET') {
      await this.codes.assertMaySend(account?.id ?? null, input.address, 'PASSWORD_RESET');
      // An unknown address gets the same answer and no code (SPEC: 'email known, code sent').
      if (!account) return answer;
      await this.deliverCode(account, 'PASSWORD_RESET', input.medium, input.address);
      return { ...answer, user_id: account.id };
    }

    // SECURE_PAGES and REPORTS: only for the signed-in admin, to their own address.
    if (input.caller.userId === null) throw new Unauthenticated(messages.accessTokenMissing);
    if (!account || account.id !== input.caller.userId) throw new Refused('You can only request a code for your own account.');
    await this.codes.assertMaySend(account.id, input.address, input.otp_type);
    const { expiresAt } = await this.deliverCode(account, input.otp_type, input.medium, input.address);
    return { ...answer, expires_at: expiresAt.toISOString() };
  }

  /** POST /api/v1/otp/verify/: a code checked inside a session, remembered for that session. */
  async verifyCode(input: { username: string; otp_type: OtpType; otp: string; address: string; caller: Caller }) {
    if (!SESSION_CODE_TYPES.includes(input.otp_type)) {
      throw new Invalid(`otp_type must be one of ${SESSION_CODE_TYPES.join(', ')}; LOGIN and PASSWORD_RESET codes are used by login and reset-password.`);
    }
    const account = await findAccount(this.db, input.username);
    const { userId, sessionId } = input.caller;
    if (userId === null || sessionId === null) throw new Unauthenticated(messages.accessTokenMissing);
    if (!account || account.id !== userId) throw new Refused('You can only verify a code for your own account.');
    const check = await this.codes.check({ userId: account.id, purpose: input.otp_type, code: input.otp, address: input.address });
    if (check !== 'ok') throw codeRefused(check);
    await this.db
      .insert(verifiedCodes)
      .values({ sessionId, purpose: input.otp_type })
      .onConflictDoUpdate({ target: [verifiedCodes.sessionId, verifiedCodes.purpose], set: { verifiedAt: sql`now()` } });
    return { verified: true as const, otp_type: input.otp_type };
  }

  /**
   * A SECURE_PAGES code that opens `subject` only, sent by email to the signed-in admin: 4
   * characters of letters and digits no one mistakes, on the account's secure budgets (not sign-in's).
   */
  async sendBoundCode(input: { userId: number; subject: string; address: string; purpose: string }): Promise<void> {
    const [account] = await this.db.select().from(users).where(eq(users.id, input.userId));
    if (!account) throw new Unauthenticated(messages.accessTokenMissing);
    await this.codes.assertMaySend(account.id, input.address, 'SECURE_PAGES');
    await this.deliverCode(account, 'SECURE_PAGES', 'EMAIL', input.address, { subject: input.subject, alphabet: UNAMBIGUOUS, length: SECURE_OTP_LENGTH }, input.purpose);
  }

  /** Checks (and uses up, when right) the admin's code for `subject`; wrong codes spend the secure budget. */
  checkBoundCode(input: { userId: number; subject: string; code: string; address: string }): Promise<CodeCheck> {
    return this.codes.check({ ...input, purpose: 'SECURE_PAGES' });
  }

  /**
   * POST api/v1/auth/login/jwt/. The password is checked before the code: a caller without it can
   * neither spend the tries of the owner's code nor the account's daily budget of wrong codes (it
   * learns no more than the code request already tells). Wrong passwords spend the address's budget.
   * The code request hashed this password already: with its `login_token` the password is checked
   * against that proof (an HMAC), and the hash is computed again only without one (issue 17).
   */
  async login(input: {
    username: string; password: string; otp_type: OtpType; otp: string; address: string; login_token?: string; userAgent?: string;
  }): Promise<LoginResponse> {
    if (input.otp_type !== 'LOGIN') throw new Invalid('otp_type must be LOGIN to log in.');
    await this.codes.assertMaySend(null, input.address, 'LOGIN');
    const found = await findAccount(this.db, input.username);
    const proven = found && input.login_token ? await this.codes.provesPassword(found, input.login_token, input.password) : false;
    // The roles are read while the password is checked: neither waits for the other.
    const [account, roleCampaigns] = await Promise.all([
      proven && found ? found : this.checkPassword(found, input.password, input.address),
      found ? loadRoleCampaigns(this.db, found.id) : [],
    ]);
    const check = await this.codes.check({ userId: account.id, purpose: 'LOGIN', code: input.otp, address: input.address });
    if (check !== 'ok') throw new Unauthenticated(`${messages.loginFailed}. ${codeCheckFailure(check).message}`, codeCheckFailure(check).code);

    const pick = pickSessionRole(roleCampaigns, new Date());
    if (!pick.ok) throw new Refused(pick.error);
    const roleType = pick.roleCampaign.user_role.role_type as AdminRoleType;
    const pair = await this.tokens.openSession({
      userId: account.id, roleType, userRoleCampaignId: pick.roleCampaign.id, origin: { address: input.address, userAgent: input.userAgent },
    });
    await this.db.insert(authEvents).values({ kind: 'login', userId: account.id, address: input.address });
    return {
      ...pair,
      user_id: account.id,
      user_role_campaign: roleCampaigns,
      user: {
        id: account.id,
        username: account.username,
        firstname: account.firstName,
        lastname: account.lastName,
        role_type: roleType,
        is_super: account.isSuper || isSuperAdmin(roleType),
        user_role_campaigns: roleCampaigns,
      },
    };
  }

  /** POST api/v1/auth/token/refresh/: rotates, and ends the session if its admin no longer holds its role type. */
  refresh(refresh: string): Promise<TokenPair> {
    return this.tokens.rotate(refresh, async (userId, roleType) =>
      holdsSessionRole(roleType, await loadRoleCampaigns(this.db, userId), new Date()) ? null : sessionRoleEnded(roleType));
  }

  /** POST api/v1/auth/logout/ */
  logout(refresh: string): Promise<void> {
    return this.tokens.revokeByRefreshToken(refresh);
  }

  /** POST api/v1/auth/reset-password/: a PASSWORD_RESET code and a strong new password. */
  async resetPassword(input: { username: string; otp: string; new_password: string; address: string }) {
    const account = await findAccount(this.db, input.username);
    if (!account) throw new Invalid(messages.otpExpiredOrUsed, undefined, 'otp_expired');
    const check = await this.codes.check({ userId: account.id, purpose: 'PASSWORD_RESET', code: input.otp, address: input.address });
    if (check !== 'ok') throw codeRefused(check);
    await this.db
      .update(users)
      .set({ passwordHash: await hashPassword(input.new_password), updatedAt: nextUpdatedAt(users.updatedAt) })
      .where(eq(users.id, account.id));
    // A new password ends every open session: whoever knew the old one is signed out.
    await this.tokens.revokeAllSessions(account.id, SESSION_END_REASONS.passwordReset);
    return { message: messages.passwordResetSuccess };
  }

  private async pickRole(userId: number) {
    const roleCampaigns: UserRoleCampaign[] = await loadRoleCampaigns(this.db, userId);
    return pickSessionRole(roleCampaigns, new Date());
  }

  private async checkPassword(account: Account | undefined, password: string, address: string): Promise<Account> {
    const ok = await verifyPassword(password, account?.passwordHash ?? null);
    if (!ok || !account) {
      await this.codes.recordPasswordFailure(account?.id ?? null, address);
      throw new Unauthenticated(messages.loginFailed, 'login_failed');
    }
    return account;
  }

  /** Issues and sends a code; the code issued (its id and expiry) once it reached its medium. */
  private async deliverCode(
    account: Account, purpose: OtpType, medium: OtpMedium, address: string, bound?: { subject: string; alphabet: string; length: number }, about?: string,
  ): Promise<{ id: number; expiresAt: Date }> {
    const to = medium === 'SMS' ? account.msisdn : (account.email ?? account.username);
    if (!to) throw new Invalid(messages.otpNoMobileNumber);
    const { id, code, expiresAt } = await this.codes.issue({ userId: account.id, purpose, medium, ...bound });
    try {
      await this.delivery.send({ to, medium, otp_type: purpose, code, expiresAt, ...(about ? { purpose: about } : {}) });
    } catch (error) {
      // A code that never arrived counts for nothing and cannot be used.
      await this.codes.undelivered(id);
      if (error instanceof DomainError) throw error;
      // The cause is logged by the error handler, never shown.
      throw new CodeNotSent(`The OTP could not be sent by ${medium}. Please try again in a moment.`, error);
    }
    await this.codes.delivered({ userId: account.id, purpose, address });
    return { id, expiresAt };
  }
}

