// The schema rules of every route (schemas.ts), on a small app with the real installers.
import Fastify from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { eventType } from '../../contract/entities';
import { installErrorHandling } from './errors';
import { installSchemas } from './schemas';

async function appWith(routes: FastifyPluginAsyncZod) {
  const app = Fastify();
  installErrorHandling(app, { servesConsole: false });
  await installSchemas(app, { browsable: false });
  await app.register(routes);
  return app;
}

describe('route schemas', () => {
  it('a route without an answer schema stops the server from starting', async () => {
    await expect(appWith(async (app) => { app.get('/admin/forgotten', async () => ({ ok: true })); })).rejects.toThrow(
      'GET /admin/forgotten has no answer schema',
    );
  });

  it('an answer never carries a field its schema does not name (a stray column is dropped)', async () => {
    const app = await appWith(async (routes) => {
      routes.get('/admin/event', { schema: { response: { 200: eventType } } }, async () =>
        ({ id: 1, name: 'sim_activation', pretty_name: 'SIM activation', updated_at: '2026-11-23T10:00:00.000Z', password_hash: 'scrypt$secret' }),
      );
    });
    const answer = await app.inject({ method: 'GET', url: '/admin/event' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ id: 1, name: 'sim_activation', pretty_name: 'SIM activation', updated_at: '2026-11-23T10:00:00.000Z' });
    expect(answer.body).not.toContain('scrypt');
  });

  it('a request that fails its schema answers 400 with its field lines and the validation code', async () => {
    const app = await appWith(async (routes) => {
      routes.post('/admin/thing', { schema: { body: z.object({ name: z.string({ error: 'Name is required' }) }), response: { 200: z.object({}) } } }, async () => ({}));
    });
    const answer = await app.inject({ method: 'POST', url: '/admin/thing', payload: {} });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ error: 'Name is required', code: 'validation', errors: { name: ['Name is required'] } });
  });

  it('an answer that breaks its own schema is a logged 500, never the wrong data', async () => {
    const app = await appWith(async (routes) => {
      routes.get('/admin/broken', { schema: { response: { 200: eventType } } }, async () => ({ id: 'one' }) as never);
    });
    const answer = await app.inject({ method: 'GET', url: '/admin/broken' });
    expect(answer.statusCode).toBe(500);
    expect(answer.json()).toEqual({ error: expect.any(String), code: 'internal' });
  });
});
