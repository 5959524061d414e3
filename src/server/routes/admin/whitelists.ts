// Legacy admin backend: GET /admin/whitelists, POST (add) and PUT (update) /admin/whitelist.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listPage } from '../../../contract/api';
import { whitelist } from '../../../contract/entities';
import { whitelistForm } from '../../../contract/schemas/adminForms';
import { listQuery } from '../../../contract/schemas/lists';
import type { Databases } from '../../db/client';
import { listParamsOf } from '../../domain/lists';
import { listWhitelists, saveWhitelist, WHITELIST_SORT } from '../../domain/whitelists/whitelists';
import { forCreate, forUpdate } from '../../http/bodies';

export const whitelistRoutes = ({ db, reads }: Databases): FastifyPluginAsyncZod => async (app) => {
  app.get('/whitelists', { schema: { summary: "List the whitelisted mobile numbers of the caller's campaigns", operationId: 'listWhitelists', querystring: listQuery, response: { 200: listPage(whitelist) } } }, async (request) =>
    listWhitelists(reads, { scope: request.caller.scope, params: listParamsOf(request.query, WHITELIST_SORT) }),
  );

  app.post('/whitelist', { schema: { summary: 'Whitelist a mobile number for a campaign', operationId: 'addWhitelist', body: forCreate(whitelistForm), response: { 201: whitelist } } }, async (request, reply) =>
    reply.code(201).send(await saveWhitelist(db, request.caller, request.body)),
  );

  app.put('/whitelist', { schema: { summary: 'Change a whitelist entry', operationId: 'updateWhitelist', body: forUpdate(whitelistForm), response: { 200: whitelist } } }, async (request) =>
    saveWhitelist(db, request.caller, request.body),
  );
};
