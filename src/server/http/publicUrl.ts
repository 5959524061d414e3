// Where the links in answers start (issue 31): a page's `next` and `previous`, a report's
// `downloadUrl`. PUBLIC_URL when it is set, the address people reach the server at; else the
// request's own origin: its Host header, or behind a proxy (TRUST_PROXY) the X-Forwarded-Host and
// X-Forwarded-Proto the proxy sets, which Fastify reads only then.
import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** PUBLIC_URL, without a trailing slash. */
    publicUrl: string | undefined;
  }
}

export function installPublicUrl(app: FastifyInstance, publicUrl: string | undefined): void {
  app.decorate('publicUrl', publicUrl);
}

/** The start of an absolute link to this server: a path follows it. */
export const publicOrigin = (request: FastifyRequest): string => request.server.publicUrl ?? `${request.protocol}://${request.host}`;
