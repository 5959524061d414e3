// Legacy admin backend: GET /admin/whitelists, POST (add) and PUT (update) /admin/whitelist.
import type { FastifyPluginAsync } from 'fastify';
import { whitelistForm } from '../../../contract/schemas';
import { callerOf, scopeOf } from '../../auth/scope';
import type { Database } from '../../db/client';
import { sessionOf } from '../../http/authentication';
import { parse } from '../../http/errors';
import { parseListQuery } from './lists';
import { forCreate, requireId } from './requests';
import { listWhitelists, saveWhitelist, WHITELIST_SORT } from './whitelistService';

export const whitelistRoutes = (db: Database): FastifyPluginAsync => async (app) => {
  app.get('/whitelists', async (request) => {
    const params = parseListQuery(request.query, WHITELIST_SORT);
    return listWhitelists(db, { scope: await scopeOf(db, sessionOf(request)), params });
  });

  app.post('/whitelist', async (request, reply) => {
    const form = parse(whitelistForm, forCreate(request.body));
    const saved = await saveWhitelist(db, await callerOf(db, sessionOf(request)), form);
    return reply.code(201).send(saved);
  });

  app.put('/whitelist', async (request) => {
    const form = requireId(parse(whitelistForm, request.body));
    return saveWhitelist(db, await callerOf(db, sessionOf(request)), form);
  });
};
