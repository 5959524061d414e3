// One caller per request: who is asking and what they may see (SPEC.md section 6), loaded once,
// before the body is read, and the role a route requires checked here and nowhere else. Handlers
// read `request.caller`; none looks the session or the scope up by hand.
import type { FastifyInstance } from 'fastify';
import { meetsRequirement } from '../../contract/roles';
import { callerOf, hasSecureAccess, type Caller } from '../auth/scope';
import type { Database } from '../db/client';
import * as messages from '../../contract/messages';
import { forbidden, superAdminOnly } from './errors';
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
    if (config.requires === SECURE_PAGE_ACCESS) {
      if (!(await hasSecureAccess(db, request.caller))) throw forbidden(config.refusal ?? messages.secureAccessRequired);
    } else if (config.requires && !meetsRequirement(request.caller.scope, config.requires)) {
      throw superAdminOnly(config.refusal);
    }
  });
}
