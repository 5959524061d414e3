// GET /health: the server answers and its database does too.
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { OpenDatabase } from '../db/client';

export const healthRoutes = (database: OpenDatabase): FastifyPluginAsync => async (app) => {
  app.get('/health', { config: { public: true } }, async (request, reply) => {
    try {
      await database.db.execute(sql`select 1`);
      return { status: 'ok', database: database.kind };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      return reply.code(503).send({ status: 'unavailable', database: database.kind, error: 'The database does not answer.' });
    }
  });
};
