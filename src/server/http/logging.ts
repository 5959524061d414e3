// What the server log may hold: never a password, hash, code, token, request body or query string
// (a search may be a phone number). An error is logged by its kind: a database error by its code
// and constraint only (its message, detail and the failed statement's parameters carry values, a
// password hash among them), any other error by a bounded message and its stack frames.
import type { FastifyServerOptions } from 'fastify';

const MESSAGE_MAX = 300;
const CAUSE_DEPTH = 3;

interface DatabaseErrorFields { code?: unknown; constraint?: unknown; table?: unknown; column?: unknown; routine?: unknown; severity?: unknown }

/** PostgreSQL's SQLSTATE: five characters, digits and capitals ('23505'). */
const isSqlState = (code: unknown): code is string => typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);

/** drizzle wraps a failed statement as 'Failed query: … params: …', with the driver's error as its cause. */
const isFailedQuery = (error: Error): boolean => error.name === 'DrizzleQueryError' || ('params' in error && 'query' in error);

const bounded = (text: string) => (text.length > MESSAGE_MAX ? `${text.slice(0, MESSAGE_MAX)}… (${text.length} characters)` : text);
/** The frames of a stack, without its first line (which repeats the message). */
const framesOf = (stack: string | undefined) => stack?.split('\n').filter((line) => line.trimStart().startsWith('at ')).slice(0, 15).join('\n');

export function safeError(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  const fields = error as Error & DatabaseErrorFields;
  if (isSqlState(fields.code)) {
    const { code, constraint, table, column, routine } = fields;
    return { type: 'DatabaseError', code, constraint, table, column, routine };
  }
  const logged: Record<string, unknown> = { type: error.name };
  // A failed statement's text has no values (they are parameters); its parameters are never logged.
  if (isFailedQuery(error)) logged.query = bounded(String((error as { query?: unknown }).query ?? ''));
  else logged.message = bounded(error.message);
  if (typeof fields.code === 'string') logged.code = fields.code; // ECONNREFUSED and the like
  logged.stack = framesOf(error.stack);
  if (error.cause !== undefined && depth < CAUSE_DEPTH) logged.cause = safeError(error.cause, depth + 1);
  return logged;
}

interface LoggedRequest { method: string; url: string; hostname?: string; ip?: string }

/** A request as the log shows it: the path without its query string. */
export const safeRequest = (request: LoggedRequest) => ({
  method: request.method,
  url: request.url.split('?')[0],
  hostname: request.hostname,
  remoteAddress: request.ip,
});

/** Fastify's logger: safe serializers, and redaction for anything that still names a secret. */
export const loggerOptions = (level: string): FastifyServerOptions['logger'] => ({
  level,
  // Fastify types its serializers narrowly; ours take any error and any request shape.
  serializers: { err: safeError as never, req: safeRequest as never },
  redact: {
    paths: [
      'req.headers.authorization', 'req.headers.cookie', 'headers.authorization',
      '*.password', '*.new_password', '*.passwordHash', '*.password_hash', '*.otp', '*.code', '*.access', '*.refresh', '*.token', '*.login_token',
    ],
    censor: '[redacted]',
  },
});
