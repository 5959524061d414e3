// GET /dev/outbox: the codes sent in demo mode, newest first. Registered in demo mode only.
import type { FastifyPluginAsync } from 'fastify';
import type { OutboxMessage } from '../../../contract/api';

export const outboxRoutes = (outbox: () => OutboxMessage[]): FastifyPluginAsync => async (app) => {
  app.get('/outbox', { config: { public: true } }, async () => outbox());
};
