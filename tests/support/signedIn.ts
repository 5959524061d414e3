// The setup most API suites share: one server for the suite, its admin roles signed in once, each
// role's access token kept for every test, the server stopped at the end.
import { afterAll, beforeAll } from 'vitest';
import { accessToken, SIGNED_IN_SUITE, startServer, type Backend, type TestServer } from './server';

/** The demo account each admin role signs in as (src/server/db/seed/people.ts, the README). */
export const ROLE_ACCOUNTS = { super: 'super@demo.test', agency: 'agency@demo.test', campaign: 'campaign@demo.test' } as const;
export type Role = keyof typeof ROLE_ACCOUNTS;

/**
 * Registers the suite's beforeAll (start the server with SIGNED_IN_SUITE and `env`, sign `roles`
 * in) and afterAll (stop it). Call it first in the suite: hooks declared after it run once it has
 * signed in, and their afterAll before the server stops.
 */
export function useSignedInServer<R extends Role>(backend: Backend, roles: readonly R[], env: Record<string, string> = {}): { server: TestServer; tokens: Record<R, string> } {
  let started: TestServer | undefined;
  const tokens = {} as Record<R, string>;
  beforeAll(async () => {
    started = await startServer(backend, { ...SIGNED_IN_SUITE, ...env });
    for (const role of roles) tokens[role] = await accessToken(started, ROLE_ACCOUNTS[role]);
  });
  afterAll(async () => started?.stop());
  // The server exists only once beforeAll has run, after the suite is declared: the suite holds a
  // stand-in that reaches it, so its tests read `server.get(...)` as with a server of their own.
  const server = new Proxy({} as TestServer, {
    get(_, field: keyof TestServer) {
      if (!started) throw new Error(`server.${String(field)} before the server started: use it in a hook or a test`);
      return started[field];
    },
  });
  return { server, tokens };
}
