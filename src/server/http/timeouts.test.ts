// The time a request has (issue 31), on a listening server (inject goes around Node's timers): a
// connection on which nothing moves for twice that is closed, and an answer that moves streams on
// past both, however long. tests/api/connections.test.ts holds the requests that arrive too slowly
// (408), against the server.
import { setTimeout as sleep } from 'node:timers/promises';
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installErrorHandling } from './errors';
import { requestTimeoutOptions } from './timeouts';

const SECONDS = 1;

describe('a request’s time', () => {
  let app: FastifyInstance;
  let url = '';

  beforeAll(async () => {
    app = Fastify({ ...requestTimeoutOptions(SECONDS) });
    installErrorHandling(app, { servesConsole: false });
    app.get('/never', () => new Promise(() => undefined));
    // A line every 200 ms for three times the request's time: an export that is slow to read.
    app.get('/export', async (_request, reply) =>
      reply.type('text/csv').send(Readable.from((async function* lines() {
        for (let line = 0; line < 15; line++) {
          await sleep(200);
          yield `row ${line}\n`;
        }
      })())));
    url = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => app?.close());

  it('closes a connection on which nothing moved for twice that: a handler that never answers', async () => {
    const started = performance.now();
    await expect(fetch(`${url}/never`)).rejects.toThrow();
    expect(performance.now() - started).toBeGreaterThanOrEqual(2 * SECONDS * 1000 - 50);
    expect(performance.now() - started).toBeLessThan(2 * SECONDS * 1000 + 1000);
  });

  it('does not cut an answer that moves: the export streams whole for three times as long', async () => {
    const started = performance.now();
    const answer = await fetch(`${url}/export`);
    expect(answer.status).toBe(200);
    expect((await answer.text()).split('\n').filter(Boolean)).toHaveLength(15);
    expect(performance.now() - started).toBeGreaterThan(SECONDS * 1000 * 2.5);
  });
});
