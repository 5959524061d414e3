// Legacy admin backend: GET, POST and PUT /admin/event_types.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listPage } from '../../../contract/api';
import { eventType } from '../../../contract/entities';
import { eventTypeForm } from '../../../contract/schemas/adminForms';
import { listQuery } from '../../../contract/schemas/lists';
import type { Databases } from '../../db/client';
import { EVENT_TYPE_SORT, listEventTypes, saveEventType } from '../../domain/eventTypes/eventTypes';
import { listParamsOf } from '../../domain/lists';
import { forCreate, forUpdate } from '../../http/bodies';

const SUPER_ADMIN = { requires: 'Super Admin' } as const;

export const eventTypeRoutes = ({ db, reads }: Databases): FastifyPluginAsyncZod => async (app) => {
  app.get('/event_types', { schema: { summary: 'List the event types', operationId: 'listEventTypes', querystring: listQuery, response: { 200: listPage(eventType) } } }, async (request) =>
    listEventTypes(reads, listParamsOf(request.query, EVENT_TYPE_SORT)),
  );

  app.post(
    '/event_types',
    { config: SUPER_ADMIN, schema: { summary: 'Add an event type (Super Admin)', operationId: 'addEventType', body: forCreate(eventTypeForm), response: { 201: eventType } } },
    async (request, reply) => reply.code(201).send(await saveEventType(db, request.caller, request.body)),
  );

  app.put('/event_types', { config: SUPER_ADMIN, schema: { summary: "Change an event type's name or pretty name (Super Admin)", operationId: 'updateEventType', body: forUpdate(eventTypeForm), response: { 200: eventType } } }, async (request) =>
    saveEventType(db, request.caller, request.body),
  );
};
