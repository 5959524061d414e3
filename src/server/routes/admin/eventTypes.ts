// Legacy admin backend: GET, POST and PUT /admin/event_types.
import type { FastifyPluginAsync } from 'fastify';
import { eventTypeForm } from '../../../contract/schemas';
import type { Database } from '../../db/client';
import { parse } from '../../http/errors';
import { EVENT_TYPE_SORT, listEventTypes, saveEventType } from './eventTypeService';
import { parseListQuery } from './lists';
import { forCreate, requireId, superAdminCaller } from './requests';

export const eventTypeRoutes = (db: Database): FastifyPluginAsync => async (app) => {
  app.get('/event_types', async (request) => listEventTypes(db, parseListQuery(request.query, EVENT_TYPE_SORT)));

  app.post('/event_types', async (request, reply) => {
    const caller = await superAdminCaller(db, request);
    const saved = await saveEventType(db, caller, parse(eventTypeForm, forCreate(request.body)));
    return reply.code(201).send(saved);
  });

  app.put('/event_types', async (request) => {
    const caller = await superAdminCaller(db, request);
    return saveEventType(db, caller, requireId(parse(eventTypeForm, request.body)));
  });
};
