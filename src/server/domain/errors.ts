// What the server refuses, in the product's words: each error carries the contract's stable code
// (src/contract/errors.ts) and the text people read, never an HTTP status. The domain, auth/,
// delivery/ and jobs/ throw these; http/errors.ts holds the one mapping of a kind to its status.
import type { ErrorCode } from '../../contract/errors';
import * as messages from '../../contract/messages';
import { meetsRequirement, requiresSuperAdmin, type RoleRequirement, type RoleScope } from '../../contract/roles';
import type { FieldErrors } from '../../contract/schemas/fieldErrors';

/** Each kind of refusal; http/errors.ts gives every kind its status. */
export type DomainErrorKind =
  | 'invalid' | 'unauthenticated' | 'refused' | 'not_found' | 'conflict' | 'too_large'
  | 'unsupported_media' | 'unprocessable' | 'rate_limited' | 'code_not_sent' | 'medium_unavailable';

interface Details {
  /** Field lines, each under its field's name. */
  errors?: FieldErrors;
  /** The record or outcome as it is now, for the client to show beside the refusal. */
  current?: unknown;
  /** What went wrong underneath: logged, never answered. */
  cause?: unknown;
}

export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind;
  readonly errors?: FieldErrors;
  readonly current?: unknown;

  constructor(message: string, readonly code: ErrorCode, { errors, current, cause }: Details = {}) {
    super(message, cause === undefined ? undefined : { cause });
    this.errors = errors;
    this.current = current;
  }
}

/** A request the server cannot act on as sent; with field lines, a validation failure. */
export class Invalid extends DomainError {
  readonly kind = 'invalid';
  constructor(message: string, errors?: FieldErrors, code: 'validation' | 'bad_request' | 'otp_wrong' | 'otp_expired' = errors ? 'validation' : 'bad_request') {
    super(message, code, { errors });
  }
}

/** No valid sign-in behind the request, or a sign-in that failed. */
export class Unauthenticated extends DomainError {
  readonly kind = 'unauthenticated';
  constructor(message: string, code: 'unauthenticated' | 'session_expired' | 'login_failed' | 'otp_wrong' | 'otp_expired' = 'unauthenticated') {
    super(message, code);
  }
}

/** What the caller's role or reach does not allow (SPEC.md section 6). */
export class Refused extends DomainError {
  readonly kind = 'refused';
  constructor(message: string = messages.forbidden, code: 'forbidden' | 'out_of_scope' | 'super_admin_only' = 'forbidden') {
    super(message, code);
  }

  /** A record, agency, campaign or country beyond the caller's reach. */
  static outOfScope(message: string): Refused {
    return new Refused(message, 'out_of_scope');
  }

  /** What only a Super Admin may do. */
  static superAdminOnly(message: string = messages.superOnlyChange): Refused {
    return new Refused(message, 'super_admin_only');
  }

  /** Throws `refusal` when the caller's scope does not meet `requirement` (SPEC.md section 6). */
  static unlessMet(scope: RoleScope, requirement: RoleRequirement, refusal?: string): void {
    if (meetsRequirement(scope, requirement)) return;
    throw requiresSuperAdmin(requirement) ? Refused.superAdminOnly(refusal) : new Refused(refusal ?? messages.superOnlyChange);
  }
}

export class NotFound extends DomainError {
  readonly kind = 'not_found';
  constructor(message: string = messages.notFound) {
    super(message, 'not_found');
  }
}

/** What the records as they stand do not allow: a duplicate, a record in use, a state that moved on. */
export class Conflict extends DomainError {
  readonly kind = 'conflict';
  constructor(
    message: string,
    code: 'duplicate' | 'edit_conflict' | 'in_use' | 'report_not_ready' | 'idempotency_in_progress' = 'duplicate',
    details: Pick<Details, 'errors' | 'current'> = {},
  ) {
    super(message, code, details);
  }

  /** An edit made on an outdated copy: `current` is the record as it is now. */
  static outdated(current: unknown, message: string = messages.recordChanged): Conflict {
    return new Conflict(message, 'edit_conflict', { current });
  }
}

/** A file over the upload limit. */
export class TooLarge extends DomainError {
  readonly kind = 'too_large';
  constructor(message: string = messages.fileTooLarge) {
    super(message, 'too_large');
  }
}

/** A body or file whose content is not of a type the call takes. */
export class UnsupportedMedia extends DomainError {
  readonly kind = 'unsupported_media';
  constructor(message: string) {
    super(message, 'unsupported_media_type');
  }
}

/** A well-formed request that cannot be carried out; `current` may say what stood in the way. */
export class Unprocessable extends DomainError {
  readonly kind = 'unprocessable';
  constructor(message: string, code: 'unprocessable' | 'idempotency_key_reused' = 'unprocessable', current?: unknown) {
    super(message, code, { current });
  }
}

/** A code budget or lock spent: the caller may try again after `retryAfterSeconds`. */
export class RateLimited extends DomainError {
  readonly kind = 'rate_limited';
  constructor(message: string, readonly retryAfterSeconds: number) {
    super(message, 'too_many_requests');
  }
}

/** A one-time code its medium failed to deliver this time. */
export class CodeNotSent extends DomainError {
  readonly kind = 'code_not_sent';
  constructor(message: string, cause: unknown) {
    super(message, 'code_not_sent', { cause });
  }
}

/** A medium this server has no way to send codes by. */
export class MediumUnavailable extends DomainError {
  readonly kind = 'medium_unavailable';
  constructor(message: string) {
    super(message, 'code_not_sent');
  }
}
