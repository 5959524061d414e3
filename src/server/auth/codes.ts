// One-time codes (DESIGN.md 'Codes'): 4 digits from a cryptographic generator, stored as an HMAC,
// valid OTP_TTL_SECONDS, single use, bound to their purpose, burned after OTP_MAX_TRIES wrong
// tries. A 4-digit code has 10,000 values, so guessing is budgeted per account: at most
// OTP_FAIL_LIMIT_PER_DAY wrong codes in 24 hours, and at most OTP_SEND_LIMIT_PER_15MIN codes
// delivered in 15 minutes (and OTP_SEND_LIMIT_PER_ADDRESS_15MIN sends and wrong passwords per
// client address).
// What an anonymous caller can trigger never blocks the account's owner: a reset code needs no
// password, so reset codes have budgets of their own ('reset'), apart from those of signing in
// ('sign-in': login codes, which need the password, and the session's REPORTS codes); only codes
// actually delivered count; wrong passwords count per client address, not per account.
// A busy admin opens secure report after secure report: their SECURE_PAGES codes (a report's
// download code, the session's own) have budgets of their own too ('secure', issue 30), so
// downloads never stop a sign-in nor sign-ins a download. They need a session, so they are
// budgeted per account only: they neither spend nor meet the address budget, which guards what a
// caller without a session can trigger (an office behind one address keeps its sign-ins).
// Every check and count for an account runs under a lock on its user row, so parallel wrong
// tries each count.
// A LOGIN code is sent only after a right password; the answer carries a proof of that check for
// that code (passwordProof), and the login, which checks the password again before the code,
// checks it against the proof instead of computing the password hash a second time.
// A code may be bound to a subject, the one thing it opens ('secure_report:42'): the subject is in
// its HMAC and in every lookup, so it opens nothing else, and a code without one (the session's
// own) opens no subject. Codes of different subjects live side by side.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, gt, inArray, isNull, min, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { OTP_TYPES, type OtpMedium, type OtpType } from '../../contract/constants';
import * as messages from '../../contract/messages';
import { otpAccountLocked, otpSendLimitReached } from '../../contract/messages';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { authEvents, oneTimeCodes, users } from '../db/schema';
import { RateLimited } from '../domain/errors';

const DAY_MS = 24 * 3600 * 1000;
const SEND_WINDOW_MS = 15 * 60 * 1000;
/** What counts against an address's send budget: codes sent, and wrong passwords on the way to one. */
const ADDRESS_KINDS = ['otp_sent', 'password_failed'] as const;

/** The budget a code's purpose spends: a reset or a secure report's code never spends what signing in needs. */
const BUDGET: Record<OtpType, 'reset' | 'sign-in' | 'secure'> = { PASSWORD_RESET: 'reset', LOGIN: 'sign-in', SECURE_PAGES: 'secure', REPORTS: 'sign-in' };
/** The purposes that share a budget with `purpose`. */
const budgetOf = (purpose: OtpType): OtpType[] => OTP_TYPES.filter((other) => BUDGET[other] === BUDGET[purpose]);
/** Codes only a session can ask for, budgeted per account alone: off the address budget. */
const OFF_ADDRESS_BUDGET: OtpType[] = ['SECURE_PAGES'];

export type CodeCheck = 'ok' | 'wrong' | 'burned' | 'expired';

/** What a password proof is bound to: the account and the password hash it has now. */
export interface ProvenAccount { id: number; passwordHash: string | null }

const describeCheck: Record<Exclude<CodeCheck, 'ok'>, { message: string; code: 'otp_wrong' | 'otp_expired' }> = {
  wrong: { message: messages.otpWrong, code: 'otp_wrong' },
  burned: { message: messages.otpTooManyTries, code: 'otp_expired' },
  expired: { message: messages.otpExpiredOrUsed, code: 'otp_expired' },
};
/** What a failed code check tells the person, and its code. */
export const codeCheckFailure = (check: Exclude<CodeCheck, 'ok'>) => describeCheck[check];

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The characters of a sign-in code. */
export const DIGITS = '0123456789';
/** Letters and digits no one mistakes for another (no 0/O, 1/I): a secure report's code (ours). */
export const UNAMBIGUOUS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A code of `length` characters of `alphabet`, from the cryptographic generator. */
export const newCode = (alphabet: string, length: number): string =>
  Array.from({ length }, () => alphabet[randomInt(0, alphabet.length)]).join('');

/** Codes are compared ignoring case: 'abcd' is 'ABCD'. */
const normalised = (code: string) => code.trim().toUpperCase();

/** The codes of exactly this subject: with none, only codes that have none. */
const ofSubject = (subject: string | undefined): SQL =>
  subject === undefined ? isNull(oneTimeCodes.subject) : eq(oneTimeCodes.subject, subject);

export class Codes {
  constructor(
    private readonly db: Database,
    private readonly pepper: Uint8Array,
    private readonly limits: Config['otp'],
  ) {}

  /**
   * Refuses when the address has spent its send budget (secure codes are off it), or the account
   * the budget of `purpose`; call before checking a password, so password guessing from one
   * address is budgeted too.
   */
  async assertMaySend(userId: number | null, address: string, purpose: OtpType): Promise<void> {
    const since = new Date(Date.now() - SEND_WINDOW_MS);
    if (!OFF_ADDRESS_BUDGET.includes(purpose)) {
      const byAddress = await this.countSince(
        and(
          eq(authEvents.address, address),
          inArray(authEvents.kind, ADDRESS_KINDS),
          or(isNull(authEvents.purpose), notInArray(authEvents.purpose, OFF_ADDRESS_BUDGET)),
        ),
        since,
      );
      if (byAddress.n >= this.limits.sendLimitPerAddress15Min) throw this.sendLimit(byAddress.oldest);
    }
    if (userId === null) return;
    await this.assertNotLocked(this.db, userId, purpose);
    const byAccount = await this.countSince(
      and(eq(authEvents.userId, userId), eq(authEvents.kind, 'otp_sent'), inArray(authEvents.purpose, budgetOf(purpose))),
      since,
    );
    if (byAccount.n >= this.limits.sendLimitPer15Min) throw this.sendLimit(byAccount.oldest);
  }

  /** A wrong password: counted against the client address (and kept with the account, for the record). */
  async recordPasswordFailure(userId: number | null, address: string): Promise<void> {
    await this.db.insert(authEvents).values({ kind: 'password_failed', userId, address });
  }

  /**
   * Creates a code for a purpose (and subject), closing the account's earlier open codes of that
   * purpose and subject. Four digits, unless an alphabet and length are given.
   */
  async issue(input: {
    userId: number; purpose: OtpType; medium: OtpMedium; subject?: string; alphabet?: string; length?: number;
  }): Promise<{ id: number; code: string; expiresAt: Date }> {
    const code = newCode(input.alphabet ?? DIGITS, input.length ?? 4);
    const expiresAt = new Date(Date.now() + this.limits.ttlSeconds * 1000);
    const id = await this.db.transaction(async (tx) => {
      await this.lockAccount(tx, input.userId);
      await tx
        .update(oneTimeCodes)
        .set({ closedAt: sql`now()`, closedReason: 'superseded' })
        .where(and(eq(oneTimeCodes.userId, input.userId), eq(oneTimeCodes.purpose, input.purpose), ofSubject(input.subject), isNull(oneTimeCodes.closedAt)));
      const [issued] = await tx
        .insert(oneTimeCodes)
        .values({
          userId: input.userId, purpose: input.purpose, subject: input.subject, medium: input.medium,
          codeHash: this.hash(input.userId, input.purpose, input.subject, code), expiresAt,
        })
        .returning({ id: oneTimeCodes.id });
      if (!issued) throw new Error('one-time code insert returned no row');
      return issued.id;
    });
    return { id, code, expiresAt };
  }

  /** The code reached its medium: only now does it count against the budgets. */
  async delivered(input: { userId: number; purpose: OtpType; address: string }): Promise<void> {
    await this.db.insert(authEvents).values({ kind: 'otp_sent', userId: input.userId, purpose: input.purpose, address: input.address });
  }

  /** The code never reached its medium: it is closed, and counts for nothing. */
  async undelivered(codeId: number): Promise<void> {
    await this.db
      .update(oneTimeCodes)
      .set({ closedAt: sql`now()`, closedReason: 'undelivered' })
      .where(and(eq(oneTimeCodes.id, codeId), isNull(oneTimeCodes.closedAt)));
  }

  /**
   * Checks a code against the account's open code for that purpose and subject and uses it up when
   * right. A wrong code is counted (and burns the code at the limit) even though the caller refuses.
   */
  async check(input: { userId: number; purpose: OtpType; subject?: string; code: string; address: string }): Promise<CodeCheck> {
    return this.db.transaction(async (tx) => {
      await this.lockAccount(tx, input.userId);
      await this.assertNotLocked(tx, input.userId, input.purpose);
      const [open] = await tx
        .select()
        .from(oneTimeCodes)
        .where(and(eq(oneTimeCodes.userId, input.userId), eq(oneTimeCodes.purpose, input.purpose), ofSubject(input.subject), isNull(oneTimeCodes.closedAt)))
        .orderBy(desc(oneTimeCodes.id))
        .limit(1);
      if (!open || open.expiresAt <= new Date()) return 'expired';

      const expected = Buffer.from(open.codeHash, 'hex');
      const actual = Buffer.from(this.hash(input.userId, input.purpose, input.subject, input.code), 'hex');
      if (timingSafeEqual(expected, actual)) {
        await tx.update(oneTimeCodes).set({ closedAt: sql`now()`, closedReason: 'used' }).where(eq(oneTimeCodes.id, open.id));
        return 'ok';
      }
      const tries = open.failedAttempts + 1;
      const burned = tries >= this.limits.maxTries;
      await tx
        .update(oneTimeCodes)
        .set(burned ? { failedAttempts: tries, closedAt: sql`now()`, closedReason: 'burned' } : { failedAttempts: tries })
        .where(eq(oneTimeCodes.id, open.id));
      await tx.insert(authEvents).values({ kind: 'otp_failed', userId: input.userId, purpose: input.purpose, address: input.address });
      return burned ? 'burned' : 'wrong';
    });
  }

  /**
   * Proof that `password` was checked against the account's password hash when this LOGIN code was
   * sent: the code's id and expiry and an HMAC of them, the account, its stored hash and the
   * password, with the server's pepper. It is handed to the client, never kept: nothing derived from
   * a password is stored beside the password hash. A new password (a reset, an admin's) voids it.
   */
  passwordProof(account: ProvenAccount, code: { id: number; expiresAt: Date }, password: string): string {
    const body = `${code.id}.${code.expiresAt.getTime()}`;
    return `${body}.${this.proofMac(account, body, password)}`;
  }

  /**
   * Whether `proof` shows that `password` is the one checked for the account's open LOGIN code: made
   * for that code (not one a resend has closed), not expired, on the password hash the account still
   * has, and its HMAC matches this password.
   */
  async provesPassword(account: ProvenAccount, proof: string, password: string): Promise<boolean> {
    const [id, expires, mac] = proof.split('.');
    if (!id || !expires || !mac || Number(expires) <= Date.now()) return false;
    const expected = Buffer.from(this.proofMac(account, `${id}.${expires}`, password));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
    const [open] = await this.db
      .select({ id: oneTimeCodes.id })
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.userId, account.id), eq(oneTimeCodes.purpose, 'LOGIN'), ofSubject(undefined), isNull(oneTimeCodes.closedAt)))
      .orderBy(desc(oneTimeCodes.id))
      .limit(1);
    return open?.id === Number(id);
  }

  private proofMac(account: ProvenAccount, body: string, password: string): string {
    return createHmac('sha256', this.pepper)
      .update(`password-checked:${account.id}:${body}:${account.passwordHash ?? ''}:${password}`)
      .digest('base64url');
  }

  /** Serialises every code operation of one account (row lock on PostgreSQL; PGlite is serial). */
  private async lockAccount(tx: Transaction, userId: number): Promise<void> {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  }

  /** Refuses the codes of `purpose`'s budget once that budget's wrong codes of the day are spent. */
  private async assertNotLocked(db: Database | Transaction, userId: number, purpose: OtpType): Promise<void> {
    const since = new Date(Date.now() - DAY_MS);
    const failures = await this.countSince(
      and(eq(authEvents.userId, userId), eq(authEvents.kind, 'otp_failed'), inArray(authEvents.purpose, budgetOf(purpose))),
      since,
      db,
    );
    if (failures.n >= this.limits.failLimitPerDay && failures.oldest) {
      const until = new Date(failures.oldest.getTime() + DAY_MS);
      throw new RateLimited(otpAccountLocked(until.toISOString().slice(0, 16).replace('T', ' ') + ' UTC'), (until.getTime() - Date.now()) / 1000);
    }
  }

  private async countSince(where: ReturnType<typeof and>, since: Date, db: Database | Transaction = this.db) {
    const [row] = await db
      .select({ n: count(), oldest: min(authEvents.createdAt) })
      .from(authEvents)
      .where(and(where, gt(authEvents.createdAt, since)));
    return { n: row?.n ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
  }

  private sendLimit(oldest: Date | null): RateLimited {
    const waitSeconds = oldest ? (oldest.getTime() + SEND_WINDOW_MS - Date.now()) / 1000 : SEND_WINDOW_MS / 1000;
    return new RateLimited(otpSendLimitReached(Math.max(1, Math.ceil(waitSeconds / 60))), waitSeconds);
  }

  private hash(userId: number, purpose: string, subject: string | undefined, code: string): string {
    // A code without a subject keeps the text it always had, so codes open at an upgrade still work.
    const bound = subject === undefined ? `${userId}:${purpose}` : `${userId}:${purpose}:${subject}`;
    return createHmac('sha256', this.pepper).update(`${bound}:${normalised(code)}`).digest('hex');
  }
}
