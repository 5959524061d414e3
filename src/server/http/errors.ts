// One error shape for every answer: {"error": "text", "code": "..."} (the contract's apiError),
// plus "errors": {field: [lines]} for validation and "current" for what stood in the way. The
// domain throws the errors of domain/errors.ts, which name no status: STATUS_OF below is the one
// mapping to HTTP, and the app's one error handler answers with it. Unexpected failures are logged
// with their stack and answered without it.
import type { FastifyError, FastifyInstance } from 'fastify';
import * as messages from '../../contract/messages';
import type { ApiError } from '../../contract/api';
import { errorCodeOfStatus } from '../../contract/errors';
import { DomainError, RateLimited, type DomainErrorKind } from '../domain/errors';
import { isScreenPath } from './paths';

/** The status each kind of domain error is answered with. */
export const STATUS_OF: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  refused: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_media: 415,
  unprocessable: 422,
  rate_limited: 429,
  code_not_sent: 502,
  medium_unavailable: 503,
};

/** A domain error as it goes on the wire. */
export function answerOf(error: DomainError): { status: number; headers: Record<string, string>; body: ApiError } {
  const body: ApiError = { error: error.message, code: error.code };
  if (error.errors) body.errors = error.errors;
  if (error.current !== undefined) body.current = error.current;
  const headers: Record<string, string> = error instanceof RateLimited ? { 'retry-after': String(Math.max(1, Math.ceil(error.retryAfterSeconds))) } : {};
  return { status: STATUS_OF[error.kind], headers, body };
}

export function installErrorHandling(app: FastifyInstance, options: { servesConsole: boolean }): void {
  app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
    if (error instanceof DomainError) {
      const { status, headers, body } = answerOf(error);
      if (status >= 500) request.log.error({ err: error.cause ?? error }, error.message);
      return reply.code(status).headers(headers).send(body);
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
