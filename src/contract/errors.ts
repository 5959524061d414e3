// The stable code of every error answer ({error, code, errors?, current?}). The text is for
// people and may change; the code is for programs: the console branches on codes, never on text.
// Listed here with what each means (the compiler holds the list and the meanings to the same
// names); the OpenAPI document publishes both.
import * as messages from './messages';

/** The codes, apart from their meanings: the console checks an answer's code against this list without carrying the meanings. */
export const ERROR_CODE_LIST = [
  'validation', 'bad_request', 'otp_wrong', 'otp_expired', 'login_failed', 'unauthenticated',
  'session_expired', 'forbidden', 'super_admin_only', 'out_of_scope', 'not_found', 'duplicate',
  'edit_conflict', 'in_use', 'report_not_ready', 'idempotency_in_progress',
  'idempotency_key_reused', 'unprocessable', 'too_large', 'unsupported_media_type',
  'too_many_requests', 'timeout', 'code_not_sent', 'internal',
] as const;

export type ErrorCode = (typeof ERROR_CODE_LIST)[number];

/** What each code means, published in the OpenAPI document (the server's; the console needs the names alone). */
export const ERROR_CODES: Record<ErrorCode, string> = {
  validation: 'A body, query or path field failed its schema; `errors` names each field (400).',
  bad_request: 'The request cannot be acted on as sent: malformed JSON, too deep, a missing id (400).',
  otp_wrong: 'The one-time code does not match (400, or 401 on login).',
  otp_expired: 'The one-time code expired, was used, or had too many tries: ask for a new one (400).',
  login_failed: 'The email or password is wrong (401).',
  unauthenticated: 'No valid access token: sign in (401).',
  session_expired: 'The session ended or its token is no longer valid: refresh or sign in again (401).',
  forbidden: 'The caller’s role may not do this (403).',
  super_admin_only: 'Only a Super Admin may do this (403).',
  out_of_scope: 'The record, agency, campaign or country lies outside the caller’s reach (403).',
  not_found: 'No such record or route (404).',
  duplicate: 'A record with that unique value already exists (409).',
  edit_conflict: 'The record changed since it was read; `current` holds it as it is now (409).',
  in_use: 'Other records refer to it (payments, or a country’s ISO code), so it cannot be deleted or that value changed (409).',
  report_not_ready: 'The report is not Finished (409).',
  idempotency_in_progress: 'A request with this Idempotency-Key is still running: retry later (409).',
  idempotency_key_reused: 'This Idempotency-Key was used for a different request (422).',
  unprocessable: 'The request is well formed but cannot be carried out (422).',
  too_large: 'The body is larger than the server accepts (413), or the headers are (431).',
  unsupported_media_type: 'The body’s content type is not accepted (415).',
  too_many_requests: 'A rate limit or code budget is spent; `Retry-After` says when to try again (429).',
  timeout: 'The request did not arrive in full in the time the server gives one (408): send it again.',
  code_not_sent: 'A one-time code could not be delivered by the chosen medium (502 or 503).',
  internal: 'The server failed; the details are in its log, never in the answer (500).',
};

/** The code a status gets when its thrower names none (Fastify's own refusals among them). */
export function errorCodeOfStatus(status: number): ErrorCode {
  switch (status) {
    case 400: return 'bad_request';
    case 401: return 'unauthenticated';
    case 403: return 'forbidden';
    case 404: return 'not_found';
    case 409: return 'duplicate';
    case 413: return 'too_large';
    case 415: return 'unsupported_media_type';
    case 422: return 'unprocessable';
    case 429: return 'too_many_requests';
    case 502: case 503: return 'code_not_sent';
    default: return status >= 500 ? 'internal' : 'bad_request';
  }
}

/**
 * The text shown for a failed call (section 8): the server's error field, else its data, else the
 * error's own message; field lines are joined. Falls back to the default toast.
 */
export function apiErrorText(body: unknown, message?: string): string {
  if (body && typeof body === 'object') {
    const { error, errors, data } = body as { error?: unknown; errors?: Record<string, unknown>; data?: unknown };
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
