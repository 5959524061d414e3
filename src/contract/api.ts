// Requests and responses of the calls of SPEC.md section 7 that the reference server serves.
// Request types are inferred from the schemas, so the wire and the validation cannot drift.
import { z } from 'zod';
import type { adminUserForm, countryForm, countrySmsRequest, eventTypeForm, whitelistForm } from './schemas/adminForms';
import type { gridQuery } from './schemas/gridQuery';
import type { listQuery } from './schemas/lists';
import type { secureDownloadRequest, secureOtpRequest } from './schemas/secureReports';
import type { loginRequest, otpSendRequest, otpVerifyRequest, refreshRequest, resetPasswordRequest } from './schemas/signIn';
import { adminCountry, agentRoleCampaign, language, sessionUser, statusType, userRoleCampaign } from './entities';
import { ERROR_CODE_LIST } from './errors';

/** Every error of the reference server has this one shape. */
export const apiError = z.object({
  error: z.string().describe('The text to show a person (SPEC.md section 8)'),
  code: z.enum(ERROR_CODE_LIST).describe('What went wrong, for programs (errors.ts): branch on it, never on `error`'),
  errors: z.record(z.string(), z.array(z.string())).optional().describe('The lines of each field that failed'),
  current: z.unknown().optional().describe('A 409 edit conflict: the row as it is now, in the shape its list returns'),
});
export type ApiError = z.infer<typeof apiError>;

/** A page of the new user and service backends (Django REST style): `next` and `previous` are absolute links. */
export const page = <T extends z.ZodType>(row: T) =>
  z.object({ count: z.number().int(), next: z.string().nullable(), previous: z.string().nullable(), results: z.array(row) });
export interface Page<T> { count: number; next: string | null; previous: string | null; results: T[] }
/** The agents list (GET api/v1/user-role-campaigns/): a page whose count may stop at AGENT_COUNT_CAP. */
export const agentPage = page(agentRoleCampaign).extend({
  count_capped: z.boolean().describe('True when counting stopped at `count`: there are at least that many (ours)'),
});
export type AgentPage = z.infer<typeof agentPage>;
/** A list of the legacy admin backend: the rows of the page and the count of all matching rows. */
export const listPage = <T extends z.ZodType>(row: T) => z.object({ data: z.array(row), count: z.number().int() });
export interface ListPage<T> { data: T[]; count: number }
/** A page of a report grid: the list page, and cursors of its neighbouring pages (ours). */
export const gridPage = <T extends z.ZodType>(row: T) =>
  listPage(row).extend({
    next: z.string().optional().describe('Ours: send as `cursor` with current_page + 1 to read the next page from where this one ended'),
    previous: z.string().optional().describe('Ours: send as `cursor` with current_page - 1'),
    latest: z.string().optional().describe('Ours: when no row is in the dates asked, the day (YYYY-MM-DD, UTC) of the newest row the other filters select'),
  });
export interface GridPage<T> extends ListPage<T> { next?: string; previous?: string; latest?: string }
/** A list of the legacy admin backend as the console reads it (the count may be missing). */
export interface DataList<T> { data: T[]; count?: number }

export type OtpSendRequest = z.input<typeof otpSendRequest>;
export const otpSendResponse = z.object({
  message: z.string(), medium: z.string(), otp_type: z.string(), user_id: z.number().int().optional(),
  login_token: z.string().optional().describe('Ours, LOGIN codes only: send it back with the login, which then checks the password without hashing it again'),
  expires_at: z.string().optional().describe('Ours, REPORTS and SECURE_PAGES codes: when the code sent stops working (ISO 8601); until then a screen asks for it without sending another'),
});
export type OtpSendResponse = z.infer<typeof otpSendResponse>;

export type OtpVerifyRequest = z.input<typeof otpVerifyRequest>;
export const otpVerifyResponse = z.object({ verified: z.literal(true), otp_type: z.string() });
export type OtpVerifyResponse = z.infer<typeof otpVerifyResponse>;

export type LoginRequest = z.input<typeof loginRequest>;
export const loginResponse = z.object({
  access: z.string(),
  refresh: z.string(),
  user_id: z.number().int(),
  user_role_campaign: z.array(userRoleCampaign),
  /** The session user with the role picked by the contract's rule. */
  user: sessionUser.describe("The session user with the role picked by the contract's rule"),
});
export type LoginResponse = z.infer<typeof loginResponse>;

export type RefreshRequest = z.input<typeof refreshRequest>;
export const refreshResponse = z.object({ access: z.string(), refresh: z.string() });
export type RefreshResponse = z.infer<typeof refreshResponse>;

export type LogoutRequest = RefreshRequest;
export type ResetPasswordRequest = z.input<typeof resetPasswordRequest>;
export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;

export const statusTypesResponse = page(statusType);
export type StatusTypesResponse = Page<z.infer<typeof statusType>>;
export const translationsResponse = page(language);
export type TranslationsResponse = Page<z.infer<typeof language>>;
export const publicCountry = adminCountry.pick({ id: true, country: true, code: true });
export type PublicCountry = z.infer<typeof publicCountry>;
export type PublicCountriesResponse = DataList<PublicCountry>;

/** A code in the demo outbox (GET /dev/outbox, demo mode only). */
export const outboxMessage = z.object({
  to: z.string(), medium: z.string(), otp_type: z.string(), code: z.string(), sent_at: z.string(),
  /** What a code bound to one thing opens, in words ('approving payment run PR-000083'); absent for a sign-in's or a session's. */
  purpose: z.string().optional(),
});
export type OutboxMessage = z.infer<typeof outboxMessage>;

/** Where reads run with a read replica: on it ('ok'), or on the primary while it is 'behind' or 'unreachable'. */
export const REPLICA_STATES = ['ok', 'behind', 'unreachable'] as const;
export type ReplicaState = (typeof REPLICA_STATES)[number];

/** GET /health */
export const healthResponse = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.string(),
  /** With a read replica only. */
  replica: z.enum(REPLICA_STATES).optional(),
  error: z.string().optional(),
});

// ---- the legacy admin backend's reference data (issue 4) -------------------------------------

export type ListQuery = z.input<typeof listQuery>;
/** The body of a grid call, as the console sends it. */
export type GridQuery = z.input<typeof gridQuery>;

export type AdminUserRequest = z.input<typeof adminUserForm>;
/** An agency an admin may link (GET /admin/agencies). */
export const linkableAgency = z.object({ id: z.number().int(), agency_name: z.string(), country: z.string(), is_country_agency: z.boolean() });
export type LinkableAgency = z.infer<typeof linkableAgency>;
export type WhitelistRequest = z.input<typeof whitelistForm>;
export type EventTypeRequest = z.input<typeof eventTypeForm>;
/** GET /admin/campaigns */
export const campaignChoice = z.object({ id: z.number().int(), campaign_name: z.string(), country_code: z.string() });
export type CampaignChoice = z.infer<typeof campaignChoice>;
/** POST /admin/country: languages as a comma string on the wire. */
export type CountryRequest = Omit<z.input<typeof countryForm>, 'languages'> & { languages: string };
export type CountrySmsRequest = z.input<typeof countrySmsRequest>;

// ---- secure reports (issue 16) ----------------------------------------------------------------

/** POST /admin/get-secure-agencies: the agencies a file may be shared with, each with its campaigns. */
export const secureAgencies = z.object({
  agencies: z.array(z.object({ id: z.number().int(), agency_name: z.string(), campaigns: z.array(campaignChoice) })),
});
export type SecureAgencies = z.infer<typeof secureAgencies>;
/** POST /admin/send_secure_otp: the code is on its way to the caller's email. */
export const secureOtpSent = z.object({
  message: z.string(),
  filename: z.string(),
  url: z.string().describe('Where to send the code: POST it with the report id'),
});
export type SecureOtpSent = z.infer<typeof secureOtpSent>;
export type SecureOtpRequest = z.input<typeof secureOtpRequest>;
export type SecureDownloadRequest = z.input<typeof secureDownloadRequest>;
