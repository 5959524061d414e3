// One error shape for every answer: {"error": "text"}, plus "errors": {field: [lines]} for
// validation. Unexpected failures are logged with their stack and answered without it.
import type { FastifyError, FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { fieldErrors, joinFieldErrors, type FieldErrors } from '../../contract/schemas';
import { messages } from '../../contract/messages';
import type { ApiError } from '../../contract/api';
import { isScreenPath } from './paths';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
    /** An edit conflict's current row, sent as `current`. */
    readonly current?: unknown,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: FieldErrors) => new HttpError(400, message, errors);
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message: string = messages.forbidden) => new HttpError(403, message);
export const notFound = (message: string = messages.notFound) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
/** 409 for an edit made on an outdated copy: the answer carries the row as it is now. */
export const editConflict = (current: unknown) => new HttpError(409, messages.recordChanged, undefined, undefined, current);
export const unprocessable = (message: string) => new HttpError(422, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/** Parses a request part with a contract schema; a failure answers 400 with the field lines. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const errors = fieldErrors(result.error);
  throw badRequest(joinFieldErrors(errors), errors);
}

export function installErrorHandling(app: FastifyInstance, options: { servesConsole: boolean }): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.statusCode >= 500) request.log.error({ err: error.cause ?? error }, error.message);
      const body: ApiError = { error: error.message };
      if (error.errors) body.errors = error.errors;
      if (error.current !== undefined) body.current = error.current;
      return reply.code(error.statusCode).headers(error.headers ?? {}).send(body);
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ error: messages.internalError } satisfies ApiError);
    }
    // Fastify's own refusals (malformed JSON, body too large, unsupported media type, rate limit).
    const text = status === 429 ? messages.tooManyRequests : error.message;
    return reply.code(status).send({ error: text } satisfies ApiError);
  });
  app.setNotFoundHandler((request, reply) => {
    // A screen path of the console (a deep link, a reload): the console's router takes it.
    if (options.servesConsole && request.method === 'GET' && isScreenPath(request.url)) {
      return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
    }
    reply.code(404).send({ error: `${messages.notFound}: ${request.method} ${request.url.split('?')[0]}` } satisfies ApiError);
  });
}
