// GET /dev/outbox: the codes sent in demo mode, newest first. Registered in demo mode only.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { outboxMessage, type OutboxMessage } from '../../../contract/api';

export const outboxRoutes = (outbox: () => OutboxMessage[]): FastifyPluginAsyncZod => async (app) => {
  app.get('/outbox', { config: { public: true }, schema: { summary: 'List the one-time codes sent in demo mode, newest first', operationId: 'listOutbox', response: { 200: z.array(outboxMessage) } } }, async () => outbox());
};
