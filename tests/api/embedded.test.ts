// The embedded default (PGlite), proven once while the other API suites run on PostgreSQL where CI
// runs: a server migrates and seeds a new data directory, and answers every call of its own API
// document without a server error, a Super Admin's reads with their rows. The routes come from the
// document, so a new route is walked here without being named.
import { beforeAll, describe, expect, it } from 'vitest';
import { GRIDS, paymentRunDetailGrid } from '../../src/contract/grids';
import { accessToken, SIGNED_IN_SUITE, startServer, TEMPLATE_ENV, type TestServer } from '../support/server';
import { ROLE_ACCOUNTS } from '../support/signedIn';

interface OpenApiDocument { paths: Record<string, Record<string, unknown>> }

/** Calls that end the caller's session or change the demo password: walked last, after every read. */
const LAST = ['post /api/v1/auth/logout/', 'post /api/v1/sessions/end-others/', 'post /api/v1/auth/reset-password/'];

describe('the embedded database (PGlite)', { timeout: 180_000 }, () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    // A data directory of its own, migrated and seeded as `npm start` does on a first start.
    const template = process.env[TEMPLATE_ENV.pglite];
    delete process.env[TEMPLATE_ENV.pglite];
    try {
      server = await startServer('pglite', SIGNED_IN_SUITE);
    } finally {
      if (template) process.env[TEMPLATE_ENV.pglite] = template;
    }
    token = await accessToken(server, ROLE_ACCOUNTS.super);
    return () => server.stop();
  });

  it('migrates and seeds a new data directory: the demo accounts sign in and the lists hold the demo data', async () => {
    const agencies = await server.get<{ data: unknown[] }>('/admin/agencies?page_size=0', token);
    expect(agencies.status).toBe(200);
    expect(agencies.body.data.length).toBeGreaterThan(0);
  });

  it('answers every report grid over the demo year with rows, as on PostgreSQL', async () => {
    const empty: string[] = [];
    for (const grid of GRIDS) {
      const answer = await server.post<{ data?: unknown[] }>(grid.path, { start_date: '01-Jan-2020', end_date: '31-Dec-2099', page_size: 20 }, token);
      expect(answer.status, `${grid.title}: ${JSON.stringify(answer.body).slice(0, 200)}`).toBe(200);
      if (!answer.body.data?.length) empty.push(grid.title);
    }
    // A payment run's lines need a run: every other grid has demo rows.
    expect(empty.filter((title) => title !== paymentRunDetailGrid.title)).toEqual([]);
  });

  it('answers every call of its API document without a server error, each read of a Super Admin with 200', async () => {
    const document = (await server.get<OpenApiDocument>('/docs/json')).body;
    const calls = Object.entries(document.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method} ${path}`));
    const ordered = [...calls.filter((call) => !LAST.includes(call)), ...LAST.filter((call) => calls.includes(call))];
    expect(ordered.length).toBeGreaterThan(100);
    const answers: string[] = [];
    for (const call of ordered) {
      const [method, template] = call.split(' ') as [string, string];
      // An id no row has: a write or a delete by id finds nothing, a read by id answers 404.
      const path = template.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'id' ? '2000000000' : 'missing'));
      const answer = await server.request(method.toUpperCase(), path, { token, body: method === 'get' || method === 'delete' ? undefined : {} });
      answers.push(`${call} ${answer.status}`);
      expect(answer.status, `${call}: ${JSON.stringify(answer.body).slice(0, 200)}`).toBeLessThan(500);
    }
    // Every list and report a Super Admin reads without an id or a parameter answers its rows.
    const plainReads = answers.filter((line) => line.startsWith('get ') && !line.includes('{') && !/\/(dev|docs)\//.test(line));
    const refused = plainReads.filter((line) => !line.endsWith(' 200'));
    expect(refused.filter((line) => !/ 400$/.test(line)), 'reads that answered neither 200 nor a 400 for a missing parameter').toEqual([]);
    expect(plainReads.length - refused.length).toBeGreaterThan(20);
  });
});
