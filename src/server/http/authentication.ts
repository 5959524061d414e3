// A route is private unless its config says `public: true` (routeConfig.ts): a private route needs
// a valid bearer token. The decision reads the matched route, never the URL text.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as messages from '../../contract/messages';
import type { LiveSession, Tokens } from '../auth/tokens';
import { Unauthenticated } from '../domain/errors';
import './routeConfig';

declare module 'fastify' {
  interface FastifyRequest {
    session?: LiveSession;
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
    // No route matched: the not-found handler answers (a console screen, or 404), and nothing runs.
    if (!request.routeOptions.url) return;
    const token = bearerToken(request);
    if (request.routeOptions.config.public) {
      // Public routes still learn who is calling when a token comes along (code sending).
      if (!token) return;
      request.session = await tokens.verifyAccess(token).catch(() => {
        if (request.routeOptions.config.actsAsCaller) throw new Unauthenticated(messages.sessionExpired, 'session_expired');
        return undefined;
      });
      return;
    }
    if (!token) throw new Unauthenticated(messages.accessTokenMissing);
    request.session = await tokens.verifyAccess(token);
  });
}
