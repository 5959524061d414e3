// Service backend: GET /service/invites/?agent_id= (SPEC.md section 7), an agent's invites newest
// first, paged the backend's way and scoped to the caller (section 6).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { page } from '../../../contract/api';
import { invite } from '../../../contract/entities';
import { inviteQuery } from '../../../contract/schemas/agents';
import type { Database } from '../../db/client';
import { listInvites } from '../../domain/agents/invites';
import { servicePageOf } from '../../http/pages';

export const serviceInviteRoutes = (reads: Database): FastifyPluginAsyncZod => async (app) => {
  app.get('/invites/', { schema: { summary: "List an agent's invites in the caller's campaigns, newest first", operationId: 'listInvites', querystring: inviteQuery, response: { 200: page(invite) } } }, async (request) =>
    servicePageOf(request, [], (params) => listInvites(reads, request.caller.scope, request.query.agent_id, params)));
};
