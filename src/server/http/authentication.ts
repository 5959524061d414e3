// Every backend route requires a valid bearer token unless its config says `public: true`
// (sign-in, code sending, password reset, the public country list, /register, health, the demo
// outbox). The console's own files are public.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '../../contract/messages';
import type { SessionClaims, Tokens } from '../auth/tokens';
import { unauthorized } from './errors';
import { isConsolePath } from './paths';

declare module 'fastify' {
  interface FastifyContextConfig {
    public?: boolean;
  }
  interface FastifyRequest {
    session?: SessionClaims;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

export function installAuthentication(app: FastifyInstance, tokens: Tokens): void {
  app.decorateRequest('session', undefined);
  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request);
    if (request.routeOptions.config.public || isConsolePath(request.url)) {
      // Public routes still learn who is calling when a token comes along (code sending).
      if (token) request.session = await tokens.verifyAccess(token).catch(() => undefined);
      return;
    }
    if (!request.routeOptions.url) return; // unknown path: the 404 handler answers
    if (!token) throw unauthorized(messages.accessTokenMissing);
    request.session = await tokens.verifyAccess(token);
  });
}

/** The session of an authenticated route (the hook guarantees it). */
export function sessionOf(request: FastifyRequest): SessionClaims {
  if (!request.session) throw unauthorized(messages.accessTokenMissing);
  return request.session;
}
