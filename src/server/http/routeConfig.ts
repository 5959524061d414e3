// What a route declares about itself. Every decision about a request (must it carry a token, does
// the rate limit count it, may its answer be replayed) is read here, from the route the router
// matched, never from the URL text: the router decodes %XX and accepts absolute-form URLs, so
// '/%61dmin/...' and 'http://host/admin/...' reach the same route as '/admin/...'.
import type { RoleRequirement } from '../../contract/roles';

/** Secure Page access (SPEC.md section 2): a right of the admin, not a role. */
export const SECURE_PAGE_ACCESS = 'Secure Page access';
export type RouteRequirement = RoleRequirement | typeof SECURE_PAGE_ACCESS;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Anyone may call it. Without it a route is private: it needs a valid bearer token. */
    public?: boolean;
    /**
     * A public route that acts as the admin whose token comes along (POST /admin/register): a
     * stale token answers 401, so the console refreshes instead of acting logged out with fewer rights.
     */
    actsAsCaller?: true;
    /**
     * Its answers are never stored for an Idempotency-Key replay: they carry tokens (sign-in,
     * refresh), act on one-time codes, or take a file (UPLOAD_CALL).
     */
    replayable?: false;
    /**
     * A GET that changes the server (the specification queues reports by GET): it takes an
     * Idempotency-Key as a write does, so a request replayed from the outbox queues once.
     */
    writes?: true;
    /** One of the console's own files: public, and not counted by the rate limit. */
    consoleFile?: boolean;
    /**
     * What the caller must hold: a role, or Secure Page access (a Super Admin, or the admin's flag).
     * caller.ts refuses anyone else before the body is read.
     */
    requires?: RouteRequirement;
    /** The words of that refusal, where the route has its own (the default: messages.superOnlyChange). */
    refusal?: string;
  }
}

/** The sign-in calls: public, and never replayed. */
export const SIGN_IN_CALL = { config: { public: true, replayable: false } } as const;

/**
 * A multipart upload: never replayed. The Idempotency-Key layer fingerprints a request by its JSON
 * body, and an upload's body is a stream it never reads; a retried upload is harmless by the data
 * instead (the same file for the same agency and campaign is the same report).
 */
export const UPLOAD_CALL = { config: { replayable: false } } as const;

/** A call that needs Secure Page access (the secure reports' list, agencies and uploads). */
export const SECURE_PAGE_CALL = { config: { requires: SECURE_PAGE_ACCESS } } as const;
