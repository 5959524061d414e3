// Settings from the environment, checked once at start. Every one is documented in docs/settings.md
// (config.test.ts holds the two together).
import path from 'node:path';
import { z } from 'zod';
import { amountText, parseAmount } from '../contract/money';
import { REPLICA_CATCH_UP_MS } from './db/readReplica';

const integer = (fallback: number) => z.coerce.number().int().positive().default(fallback);
/**
 * The demo's approval limits (docs/settings.md): above one campaign's month of due payments in the
 * demo data, below every campaign's due payments together, per currency.
 */
export const DEMO_APPROVAL_LIMITS = 'GHS=2000,KES=50000,MZN=10000,NGN=200000,TZS=1000000,UGX=1000000,XAF=250000,XOF=200000';

/**
 * PAYMENT_RUN_APPROVAL_LIMITS: 'XOF=500000,GHS=2000' (a currency without one needs no approval), or
 * 'none'. Each limit as a money amount, by currency.
 */
const approvalLimits = z.string().transform((value, context) => {
  const limits: Record<string, string> = {};
  if (value.trim() === 'none') return limits;
  for (const pair of value.split(',')) {
    const [currency = '', amount] = pair.split('=').map((part) => part.trim());
    const minor = parseAmount(amount);
    if (!/^[A-Z]{3}$/.test(currency) || minor === null || minor < 0n || currency in limits) {
      context.addIssue({ code: 'custom', message: `'${pair}' is not CURRENCY=AMOUNT (e.g. XOF=500000), once per currency; or say none` });
      return z.NEVER;
    }
    limits[currency] = amountText(minor);
  }
  return limits;
});

const flag = z.enum(['0', '1', 'true', 'false']).transform((value) => value === '1' || value === 'true');

const environment = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_READ_URL: z.string().url().optional(),
  REPLICA_CATCH_UP_MS: integer(REPLICA_CATCH_UP_MS),
  DEMO: flag.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  JWT_SECRET: z.string().min(32, { error: 'JWT_SECRET must be at least 32 characters' }).optional(),
  ACCESS_TOKEN_TTL_SECONDS: integer(300),
  REFRESH_TOKEN_TTL_SECONDS: integer(7 * 24 * 3600),
  OTP_TTL_SECONDS: integer(300),
  OTP_MAX_TRIES: integer(5),
  OTP_FAIL_LIMIT_PER_DAY: integer(10),
  OTP_SEND_LIMIT_PER_15MIN: integer(10),
  OTP_SEND_LIMIT_PER_ADDRESS_15MIN: integer(30),
  RATE_LIMIT_PER_MINUTE: integer(600),
  TRUST_PROXY: flag.default(false),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'PUBLIC_URL must be an http or https address, e.g. https://referral.example.org' }).optional(),
  REQUEST_TIMEOUT_SECONDS: integer(300),
  DEMO_AGENTS: integer(5000),
  DEMO_EVENTS: integer(200_000),
  DEMO_ANCHOR_DATE: z.iso.date().optional(),
  SMTP_URL: z.string().url().optional(),
  SMTP_FROM: z.string().default('Referral Admin <no-reply@localhost>'),
  SMS_HTTP_URL: z.string().url().optional(),
  SMS_HTTP_TOKEN: z.string().optional(),
  ADMIN_API_URL: z.string().url().optional(),
  USERS_API_URL: z.string().url().optional(),
  SERVICE_API_URL: z.string().url().optional(),
  REPORT_WORKERS: z.coerce.number().int().min(0).max(16).default(1),
  PAYMENT_RUN_APPROVAL_LIMITS: approvalLimits.optional(),
  PAYMENT_RUN_QUEUE_ABOVE: integer(5000),
});

/** The names of every setting the server reads. */
export const SETTING_NAMES = Object.keys(environment.shape);

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  // An empty variable means 'not set' (DATABASE_URL= selects the embedded database).
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = environment.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid settings:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const embedded = !e.DATABASE_URL;
  if (embedded && e.DATABASE_READ_URL) throw new Error('Invalid settings:\n  DATABASE_READ_URL: a replica needs its primary: set DATABASE_URL too (the embedded database has no replica)');
  // The embedded database is for demos: it always runs with demo data. PostgreSQL only when asked.
  const demo = embedded || e.DEMO === true;
  return {
    port: e.PORT,
    // Demo mode lists one-time codes at /dev/outbox, so it listens on loopback unless told otherwise.
    host: e.HOST ?? (demo ? '127.0.0.1' : '0.0.0.0'),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    /** A streaming replica of DATABASE_URL that grids, lists, reports, Stats and exports read (db/client.ts). */
    databaseReadUrl: e.DATABASE_READ_URL,
    /** How long a read waits for the replica to replay the primary's latest writes before it reads the primary. */
    replicaCatchUpMs: e.REPLICA_CATCH_UP_MS,
    demo,
    logLevel: e.LOG_LEVEL,
    jwtSecret: e.JWT_SECRET,
    trustProxy: e.TRUST_PROXY,
    /** Where links in answers start (http/publicUrl.ts); unset: the request's own origin. */
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    requestTimeoutSeconds: e.REQUEST_TIMEOUT_SECONDS,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    tokens: { accessTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS, refreshTtlSeconds: e.REFRESH_TOKEN_TTL_SECONDS },
    otp: {
      ttlSeconds: e.OTP_TTL_SECONDS,
      maxTries: e.OTP_MAX_TRIES,
      failLimitPerDay: e.OTP_FAIL_LIMIT_PER_DAY,
      sendLimitPer15Min: e.OTP_SEND_LIMIT_PER_15MIN,
      sendLimitPerAddress15Min: e.OTP_SEND_LIMIT_PER_ADDRESS_15MIN,
    },
    seed: { agents: e.DEMO_AGENTS, events: e.DEMO_EVENTS, anchorDate: e.DEMO_ANCHOR_DATE },
    /** Base URLs the console calls; unset means the console's own origin (this server). */
    /** Report jobs this process runs at once (0: it only queues them; `npm run worker` runs them). */
    reportWorkers: e.REPORT_WORKERS,
    /** A run whose total passes its currency's limit awaits a second Super Admin's approval; unset: the demo's in demo mode, else none. */
    approvalLimits: e.PAYMENT_RUN_APPROVAL_LIMITS ?? (demo ? approvalLimits.parse(DEMO_APPROVAL_LIMITS) : {}),
    /** A run of more payments than this is queued: a paymentrun job makes it (the request answers 202 with the job). */
    paymentRunQueueAbove: e.PAYMENT_RUN_QUEUE_ABOVE,
    backends: { admin: e.ADMIN_API_URL, users: e.USERS_API_URL, service: e.SERVICE_API_URL },
    delivery: { smtpUrl: e.SMTP_URL, smtpFrom: e.SMTP_FROM, smsUrl: e.SMS_HTTP_URL, smsToken: e.SMS_HTTP_TOKEN },
  };
}
