// GET /health: the server answers and its database does too. With a read replica it says where reads
// run now: a replica behind or down is no outage (reads run on the primary meanwhile, readReplica.ts),
// so the answer stays 200 and a monitor reads `replica`.
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponse } from '../../contract/api';
import type { OpenDatabase } from '../db/client';

export const healthRoutes = (database: OpenDatabase): FastifyPluginAsyncZod => async (app) => {
  app.get('/health', { config: { public: true }, schema: { summary: 'Check that the server and its database answer, for a load balancer or a monitor', operationId: 'getHealth', response: { 200: healthResponse, 503: healthResponse } } }, async (request, reply) => {
    try {
      await database.db.execute(sql`select 1`);
      const replica = await database.replicaState?.();
      return { status: 'ok' as const, database: database.kind, ...(replica ? { replica } : {}) };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      return reply.code(503).send({ status: 'unavailable', database: database.kind, error: 'The database does not answer.' });
    }
  });
};
