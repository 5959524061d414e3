// The per-address rate limit guards the backends, not the console's own files; which is which is
// the matched route's to say, however the URL is spelled (issue 10).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, startServer, type TestServer } from '../support/server';

describe('rate limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(backend, { RATE_LIMIT_PER_MINUTE: '5' });
  });
  afterAll(async () => server?.stop());

  it("does not count the console's files, and refuses the backends past the limit, however the path is spelled", async () => {
    for (let i = 0; i < 12; i++) expect((await server.get('/config.js')).status).toBe(200);
    const health = [];
    for (const target of ['/health', '/%68ealth', `${server.url}/health`, '/health', '/%68ealth', '/%68ealth', `${server.url}/health`]) {
      health.push((await server.raw('GET', target)).status);
    }
    expect(health.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(health.slice(5)).toEqual([429, 429]);
    const refused = await server.get('/health');
    expect(refused.body).toEqual({ error: 'Too many requests. Please wait a moment and try again.', code: 'too_many_requests' });
  });
});
