// Requests and responses of the calls of SPEC.md section 7 that the reference server serves.
// Request types are inferred from the schemas, so the wire and the validation cannot drift.
import type { z } from 'zod';
import type {
  adminUserForm, countryForm, countrySmsRequest, eventTypeForm, FieldErrors, gridQuery, listQuery, loginRequest, otpSendRequest, otpVerifyRequest,
  refreshRequest, resetPasswordRequest, whitelistForm,
} from './schemas';
import type { AdminCountry, Language, SessionUser, StatusType, UserRoleCampaign } from './entities';
import { messages } from './messages';

/** Every error of the reference server has this one shape. */
export interface ApiError {
  error: string;
  errors?: FieldErrors;
  /** A 409 edit conflict: the row as it is now, in the shape its list returns. */
  current?: unknown;
}

/** A page of the new user and service backends (Django REST style). */
export interface Page<T> { count: number; next: string | null; previous: string | null; results: T[] }
/** A list of the legacy admin backend. */
export interface DataList<T> { data: T[]; count?: number }

export type OtpSendRequest = z.input<typeof otpSendRequest>;
export interface OtpSendResponse { message: string; medium: string; otp_type: string; user_id?: number }

export type OtpVerifyRequest = z.input<typeof otpVerifyRequest>;
export interface OtpVerifyResponse { verified: true; otp_type: string }

export type LoginRequest = z.input<typeof loginRequest>;
export interface LoginResponse {
  access: string;
  refresh: string;
  user_id: number;
  user_role_campaign: UserRoleCampaign[];
  /** The session user with the role picked by the contract's rule. */
  user: SessionUser;
}

export type RefreshRequest = z.input<typeof refreshRequest>;
export interface RefreshResponse { access: string; refresh: string }

export type LogoutRequest = RefreshRequest;
export type ResetPasswordRequest = z.input<typeof resetPasswordRequest>;
export interface MessageResponse { message: string }

export type StatusTypesResponse = Page<StatusType>;
export type TranslationsResponse = Page<Language>;
export type PublicCountry = Pick<AdminCountry, 'id' | 'country' | 'code'>;
export type PublicCountriesResponse = DataList<PublicCountry>;

/** A code in the demo outbox (GET /dev/outbox, demo mode only). */
export interface OutboxMessage { to: string; medium: string; otp_type: string; code: string; sent_at: string }

/**
 * The text shown for a failed call (section 8): the server's error field, else its data, else the
 * error's own message; field lines are joined. Falls back to the default toast.
 */
export function apiErrorText(body: unknown, message?: string): string {
  if (body && typeof body === 'object') {
    const { error, errors, data } = body as { error?: unknown; errors?: FieldErrors; data?: unknown };
    if (errors && typeof errors === 'object') {
      const lines = Object.values(errors).flat().filter((line) => typeof line === 'string');
      if (lines.length > 0) return lines.join('\n');
    }
    if (typeof error === 'string' && error) return error;
    if (typeof data === 'string' && data) return data;
  }
  if (typeof body === 'string' && body) return body;
  return message || messages.defaultToast;
}

// ---- the legacy admin backend's reference data (issue 4) -------------------------------------

export type ListQuery = z.input<typeof listQuery>;
/** The body of a grid call, as the console sends it. */
export type GridQuery = z.input<typeof gridQuery>;
/** A page of a legacy list: the rows of the page and the count of all matching rows. */
export interface ListPage<T> { data: T[]; count: number }

export type AdminUserRequest = z.input<typeof adminUserForm>;
/** An agency an admin may link (GET /admin/agencies). */
export interface LinkableAgency { id: number; agency_name: string; country: string; is_country_agency: boolean }
export type WhitelistRequest = z.input<typeof whitelistForm>;
export type EventTypeRequest = z.input<typeof eventTypeForm>;
/** GET /admin/campaigns */
export interface CampaignChoice { id: number; campaign_name: string; country_code: string }
/** POST /admin/country: languages as a comma string on the wire. */
export type CountryRequest = Omit<z.input<typeof countryForm>, 'languages'> & { languages: string };
export type CountrySmsRequest = z.input<typeof countrySmsRequest>;
