// One caller per request: who is asking and what they may see (SPEC.md section 6), loaded once,
// before the body is read, and the role a route requires checked here and nowhere else. Handlers
// read `request.caller`; none looks the session or the scope up by hand.
import type { FastifyInstance } from 'fastify';
import { OUTBOX_QUEUED_AT_HEADER } from '../../contract/constants';
import { callerOf, hasSecureAccess, type Caller } from '../auth/scope';
import type { Database } from '../db/client';
import * as messages from '../../contract/messages';
import { Invalid, Refused } from '../domain/errors';
import { SECURE_PAGE_ACCESS } from './routeConfig';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller and their scope; a logged-out caller on a public route. */
    caller: Caller;
  }
}

export function installCaller(app: FastifyInstance, db: Database): void {
  app.decorateRequest('caller', null as unknown as Caller);
  // preValidation: after authentication, before the body is validated, so a refusal reads nothing.
  app.addHook('preValidation', async (request) => {
    const { url, config } = request.routeOptions;
    if (!url || config.consoleFile) return;
    request.caller = await callerOf(db, request.session);
    const queuedAt = queuedAtOf(request.headers[OUTBOX_QUEUED_AT_HEADER.toLowerCase()]);
    if (queuedAt) request.caller.queuedAt = queuedAt;
    if (config.requires === SECURE_PAGE_ACCESS) {
      if (!(await hasSecureAccess(db, request.caller))) throw new Refused(config.refusal ?? messages.secureAccessRequired);
    } else if (config.requires) {
      Refused.unlessMet(request.caller.scope, config.requires, config.refusal);
    }
  });
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?(?:Z|[+-]\d{2}:\d{2})$/;

/**
 * The time an outbox write was made: an ISO instant, else 400. A time after its arrival (a device
 * clock ahead) is recorded as the arrival: a change cannot be made after the server received it.
 */
export function queuedAtOf(header: string | string[] | undefined, now = new Date()): Date | undefined {
  if (header === undefined) return undefined;
  const text = Array.isArray(header) ? header[0] ?? '' : header;
  const at = ISO_INSTANT.test(text) ? new Date(text) : undefined;
  if (!at || Number.isNaN(at.getTime()) || at.getUTCFullYear() < 2000) {
    throw new Invalid(messages.outboxQueuedAtInvalid, { [OUTBOX_QUEUED_AT_HEADER]: [messages.outboxQueuedAtInvalid] });
  }
  return at > now ? now : at;
}
