// Business constants and limits: SPEC.md section 9. Written once, imported by console and server.

export const CONSOLE_VERSION = '1.1.35';
export const PRODUCT_TITLE = 'Referral Campaign Admin';

/** The largest id a row can have: PostgreSQL's `integer`. A larger one names no row and never reaches SQL. */
export const MAX_ID = 2_147_483_647;

export const OTP_LENGTH = 4;
export const SECURE_OTP_LENGTH = 4;
/** Characters the OTP field refuses as they are typed (SPEC.md section 5). */
export const OTP_BLOCKED_KEYS = ['e', 'E', '+', '-', '.', ','] as const;

export const PASSWORD_MIN_LENGTH = 8;
export const GENERATED_PASSWORD_LENGTH = 9;
/** The special characters that satisfy the password strength rule. */
export const PASSWORD_SPECIAL_CHARACTERS = '-+_!@#$%^&*.,?';
/** A password is 'valid' on the login form from this length; the real check is the server's. */
export const LOGIN_PASSWORD_MIN_LENGTH = 4;

export const MSISDN_MIN_DIGITS = 8;
export const MSISDN_MAX_DIGITS = 20;
/** An agent's msisdn must be longer than this many digits. */
export const AGENT_MSISDN_MORE_THAN_DIGITS = 8;
/** Dialing codes whose national numbers keep their leading 0 after the code. */
export const KEEP_LEADING_ZERO_DIALING_CODES = ['242', '225'] as const;

export const LANGUAGE_CODE_MIN_LENGTH = 2;
export const LANGUAGE_CODE_MAX_LENGTH = 5;
export const EMAIL_TOP_LEVEL_MIN_LETTERS = 2;
export const EMAIL_TOP_LEVEL_MAX_LETTERS = 10;

export const ERROR_TOAST_MS = 6_000;
export const PAYMENT_RUN_TOAST_MS = 3_000;
export const QUEUE_REFRESH_MS = 30_000;
export const INVITE_HISTORY_ROWS = 10;
export const REPORT_RANGE_WARNING_MONTHS = 3;

export const UPLOAD_MAX_BYTES = 20_971_520;
export const SECURE_UPLOAD_EXTENSION = '.csv';
/** What the legacy upload (Super Admin) accepts besides CSV (ours): each checked by its content, not its name. */
export const LEGACY_SECURE_UPLOAD_EXTENSIONS = ['.csv', '.pdf', '.xlsx'] as const;

/** Grid page sizes; 0 means all rows. */
export const GRID_PAGE_SIZES = [20, 50, 100, 0] as const;
export const DEFAULT_GRID_PAGE_SIZE = 20;
/** Queued reports listed per page under a grid screen, whose rows come first (ours). */
export const QUEUE_LIST_PAGE_SIZE = 5;
/** The page sizes /admin/list_queue_reports takes: the list under a grid's, and a grid's own. */
export const QUEUE_LIST_PAGE_SIZES = [QUEUE_LIST_PAGE_SIZE, ...GRID_PAGE_SIZES] as const;
/** The largest page the service and new user backends send (their `page_size`). */
export const SERVICE_PAGE_SIZE_MAX = 100;
/** A grid's default date range: the last 30 days. */
export const DEFAULT_GRID_RANGE_DAYS = 30;
/** The most rows a grid shows as 'all' (page_size 0); the CSV export has no limit (ours). */
export const GRID_ALL_ROWS_MAX = 100_000;
/** How long the server keeps a grid filter's count, so turning pages does not count again (ours). */
export const GRID_COUNT_CACHE_MS = 30_000;
/** How long the server keeps a Stats call's answer while nothing it reads is written (ours, issue 35). */
export const STATS_CACHE_MS = 30_000;
/** The `export` value of a grid body that asks for the whole result as a CSV file (page_size 0). */
export const GRID_EXPORT_CSV = 'csv';

/** Downloaded reports kept for offline use, in total; a download past it is not kept (ours). */
export const SAVED_REPORTS_MAX_BYTES = 200 * 1024 * 1024;

export const COMPENSATION_VALUE_STEP = 0.01;

/** Date formats: agent screens display, request bodies, report tables (date-fns style tokens). */
export const AGENT_SCREEN_DATE_FORMAT = 'dd-MMM-yyyy';
export const REQUEST_DATE_FORMAT = 'DD-MMM-YYYY';
export const REPORT_TABLE_DATE_FORMAT = 'YYYY-MM-DD HH:MM:SS';

/**
 * The agents list counts its rows up to this many (or one page past the one asked for), then
 * answers `count_capped: true`: '10,000+ agents' costs milliseconds where 200,000 exact would not (ours).
 */
export const AGENT_COUNT_CAP = 10_000;

/** Sent when an agent is created: role type Agent, status type Active. */
export const AGENT_ROLE_TYPE_ID = 2;
export const INITIAL_STATUS_TYPE_ID = 1;

/** Local storage key of the remembered login email. */
export const REMEMBERED_EMAIL_KEY = 'rememberedEmail';

/** Code types (`otp_type`) and delivery media (`medium`) of the one-time codes. */
export const OTP_TYPES = ['LOGIN', 'PASSWORD_RESET', 'SECURE_PAGES', 'REPORTS'] as const;
export type OtpType = (typeof OTP_TYPES)[number];
export const OTP_MEDIA = ['EMAIL', 'SMS'] as const;
export type OtpMedium = (typeof OTP_MEDIA)[number];

/**
 * The longest value each text field takes (ours; SPEC.md sets no length). The contract refuses a
 * longer one with a clear 400 and the database column holds no more, so a 1 MB name is never stored
 * nor an index row overflowed. An email address is at most 254 characters (RFC 5321).
 */
export const TEXT_MAX = {
  email: 254,
  username: 254,
  /** Long enough for any passphrase, short enough that hashing it costs nothing unusual. */
  password: 128,
  personName: 100,
  countryName: 100,
  dialingCode: 10,
  smsFrom: 20,
  smsCid: 50,
  eventKey: 100,
  prettyName: 200,
  urlPrefix: 500,
  search: 100,
  /** updated_at as the lists send it (ISO 8601). */
  timestamp: 40,
  /** A refresh token (43 characters base64url) with room to spare. */
  token: 200,
  msisdn: MSISDN_MAX_DIGITS,
  countryCode: 8,
  campaignName: 200,
} as const;
/** The largest max agent count a campaign version takes (ours: well past any programme's field force). */
export const MAX_AGENT_COUNT = 1_000_000;
/** A campaign that has spent this share of its allocated budget or more is marked on the Campaigns list (ours). */
export const BUDGET_WARNING_PERCENT = 90;
/** The words of an active flag, a campaign's and an agency's alike (SPEC.md section 4: 'Active / Not Active'). */
export const ACTIVE_FLAG_WORDS = { active: 'Active', inactive: 'Not Active' } as const;
/** A campaign's or an agency's active flag in those words. */
export const activeFlagWord = (active: boolean): string => (active ? ACTIVE_FLAG_WORDS.active : ACTIVE_FLAG_WORDS.inactive);
export type TextField = keyof typeof TEXT_MAX;

/** Dates a report request may name (DD-MMM-YYYY, ours): the programme's records lie well within. */
export const REQUEST_DATE_MIN = '2000-01-01';
export const REQUEST_DATE_MAX = '2099-12-31';

/** How deeply a request's JSON may nest: every form of SPEC.md is two levels deep (ours). */
export const MAX_JSON_DEPTH = 32;

/**
 * The path prefix of each backend on the reference server (SPEC.md section 7); the console's
 * configured base URL of each backend is the origin they live on.
 */
export const BACKEND_PREFIXES = { admin: '/admin', users: '/api/v1', service: '/service' } as const;
/** The server's own paths beside the backends: the demo outbox, the health check, the API document. */
export const SERVER_PREFIXES = ['/api', '/dev', '/health', '/docs'] as const;
/** Every path prefix the server answers; every other path is the console's (a file or a screen). */
export const SERVER_PATH_PREFIXES = [...new Set([...Object.values(BACKEND_PREFIXES), ...SERVER_PREFIXES])];

/** A write's key: the same key and request answers once, and a retry gets the first answer again. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Set on an answer replayed for a repeated Idempotency-Key. */
export const IDEMPOTENCY_REPLAYED_HEADER = 'Idempotency-Replayed';
/**
 * Sent by the console's outbox with a write it replays: when the admin made it (an ISO instant).
 * The audit trail records it beside the time the write arrived (issue 35).
 */
export const OUTBOX_QUEUED_AT_HEADER = 'X-Outbox-Queued-At';
/** The Stats tab's 'What changed': the latest changes it shows by default, and at most. */
export const AUDIT_LATEST_DEFAULT = 10;
export const AUDIT_LATEST_MAX = 50;

// ---- Stats (issue 35) -----------------------------------------------------------------------
/** The Stats tab's period when none is chosen: the last this many days, today included. */
export const STATS_DEFAULT_DAYS = 30;
/** A job Started longer ago than this is stuck (a worker heartbeats; a report or a run takes minutes). */
export const JOB_STUCK_MINUTES = 60;
/** Failed jobs need attention for this many days after they were queued (then the queue screen keeps them). */
export const JOB_ATTENTION_DAYS = 7;
/** A campaign's pace (what its events earned a day) is read over this many days, today included. */
export const BUDGET_PACE_DAYS = 30;
/** Fraud jumps: an agent's fraud events in the last FRAUD_JUMP_DAYS (today included) against the FRAUD_JUMP_BASELINE_DAYS before them. */
export const FRAUD_JUMP_DAYS = 7;
export const FRAUD_JUMP_BASELINE_DAYS = 30;
/** It jumped: more than this many times the baseline's daily average over as many days, and at least FRAUD_JUMP_MIN events. */
export const FRAUD_JUMP_FACTOR = 2;
export const FRAUD_JUMP_MIN = 3;
/** How many jumping agents the Stats answer names (all are counted). */
export const FRAUD_JUMP_LISTED_MAX = 20;
