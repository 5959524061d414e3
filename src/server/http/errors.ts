// One error shape for every answer: {"error": "text", "code": "..."} (the contract's apiError),
// plus "errors": {field: [lines]} for validation. Unexpected failures are logged with their stack
// and answered without it.
import type { FastifyError, FastifyInstance } from 'fastify';
import type { FieldErrors } from '../../contract/schemas/fieldErrors';
import * as messages from '../../contract/messages';
import type { ApiError } from '../../contract/api';
import { errorCodeOfStatus, type ErrorCode } from '../../contract/errors';
import { isScreenPath } from './paths';

export class HttpError extends Error {
  readonly code: ErrorCode;
  readonly errors?: FieldErrors;
  readonly headers?: Record<string, string>;
  /** An edit conflict's current row, sent as `current`. */
  readonly current?: unknown;

  constructor(
    readonly statusCode: number,
    message: string,
    details: { code?: ErrorCode; errors?: FieldErrors; headers?: Record<string, string>; current?: unknown } = {},
  ) {
    super(message);
    this.code = details.code ?? errorCodeOfStatus(statusCode);
    this.errors = details.errors;
    this.headers = details.headers;
    this.current = details.current;
  }
}

/** 400: with field lines a validation error, else a request the server cannot act on. */
export const badRequest = (message: string, errors?: FieldErrors, code: ErrorCode = errors ? 'validation' : 'bad_request') =>
  new HttpError(400, message, { code, errors });
export const unauthorized = (message: string, code: ErrorCode = 'unauthenticated') => new HttpError(401, message, { code });
export const forbidden = (message: string = messages.forbidden, code: ErrorCode = 'forbidden') => new HttpError(403, message, { code });
/** 403 for a record, agency, campaign or country beyond the caller's reach (SPEC.md section 6). */
export const outOfScope = (message: string) => forbidden(message, 'out_of_scope');
/** 403 for what only a Super Admin may do. */
export const superAdminOnly = (message: string = messages.superOnlyChange) => forbidden(message, 'super_admin_only');
export const notFound = (message: string = messages.notFound) => new HttpError(404, message, { code: 'not_found' });
export const conflict = (message: string, code: ErrorCode = 'duplicate', errors?: FieldErrors) => new HttpError(409, message, { code, errors });
/** 409 for an edit made on an outdated copy: the answer carries the row as it is now. */
export const editConflict = (current: unknown) => new HttpError(409, messages.recordChanged, { code: 'edit_conflict', current });
export const unprocessable = (message: string, code: ErrorCode = 'unprocessable') => new HttpError(422, message, { code });
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, { code: 'too_many_requests', headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) } });

export function installErrorHandling(app: FastifyInstance, options: { servesConsole: boolean }): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.statusCode >= 500) request.log.error({ err: error.cause ?? error }, error.message);
      const body: ApiError = { error: error.message, code: error.code };
      if (error.errors) body.errors = error.errors;
      if (error.current !== undefined) body.current = error.current;
      return reply.code(error.statusCode).headers(error.headers ?? {}).send(body);
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ error: messages.internalError, code: 'internal' } satisfies ApiError);
    }
    // Fastify's own refusals (malformed JSON, body too large, unsupported media type, rate limit).
    const text = status === 429 ? messages.tooManyRequests : error.message;
    return reply.code(status).send({ error: text, code: errorCodeOfStatus(status) } satisfies ApiError);
  });
  app.setNotFoundHandler((request, reply) => {
    // A screen path of the console (a deep link, a reload): the console's router takes it.
    if (options.servesConsole && request.method === 'GET' && isScreenPath(request.url)) {
      return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
    }
    reply.code(404).send({ error: `${messages.notFound}: ${request.method} ${request.url.split('?')[0]}`, code: 'not_found' } satisfies ApiError);
  });
}
