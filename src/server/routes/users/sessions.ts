// New user backend, signed-in devices (ours; issue 31, item 6): the caller's own sessions, listed
// and signed out, and a Super Admin's view and sign-out of another admin's.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '../../../contract/schemas/fields';
import { pageQuery } from '../../../contract/schemas/lists';
import { adminSessionParams, othersSessionsSuperOnly, sessionParams, sessionsEnded, signedInDevicesPage } from '../../../contract/sessions';
import type { Database } from '../../db/client';
import {
  endAdminDevice, endAdminDevices, endMyDevice, endMyOtherDevices, listAdminDevices, listMyDevices,
} from '../../domain/sessions/signedInDevices';
import { servicePageOf } from '../../http/pages';

const SUPER_ADMIN = { requires: 'Super Admin', refusal: othersSessionsSuperOnly } as const;

export const sessionRoutes = (db: Database): FastifyPluginAsyncZod => async (app) => {
  app.get('/sessions/', {
    schema: {
      summary: "List the caller's signed-in devices, this one marked", operationId: 'listMySessions',
      description: 'Live sessions: signed in, not signed out, with a refresh token still usable. Most recently used first.',
      querystring: pageQuery, response: { 200: signedInDevicesPage },
    },
  }, async (request) => servicePageOf(request, [], (params) => listMyDevices(db, request.caller, params)));

  app.post('/sessions/end-others/', {
    schema: {
      summary: "Sign out every one of the caller's devices but this one", operationId: 'endMyOtherSessions',
      description: 'Each session ends at once: its next call answers 401 `session_expired` and its refresh token is refused.',
      response: { 200: sessionsEnded },
    },
  }, async (request) => endMyOtherDevices(db, request.caller, request.ip));

  app.delete('/sessions/:session/', {
    schema: {
      summary: "Sign out one of the caller's devices", operationId: 'endMySession',
      description: "`session` is a device's `id` from the list. Not one of the caller's live sessions: 404.",
      params: sessionParams, response: { 200: sessionsEnded },
    },
  }, async (request) => endMyDevice(db, request.caller, request.params.session, request.ip));

  app.get('/users/:id/sessions/', {
    config: SUPER_ADMIN,
    schema: {
      summary: "List another admin's signed-in devices (Super Admin)", operationId: 'listAdminSessions',
      querystring: pageQuery, params: idParams, response: { 200: signedInDevicesPage },
    },
  }, async (request) => servicePageOf(request, [], (params) => listAdminDevices(db, request.caller, request.params.id, params)));

  app.delete('/users/:id/sessions/', {
    config: SUPER_ADMIN,
    schema: {
      summary: 'Sign an admin out everywhere (Super Admin)', operationId: 'endAdminSessions',
      description: "Every session of the admin ends at once; a Super Admin signing themselves out this way keeps the session it was asked from.",
      params: idParams, response: { 200: sessionsEnded },
    },
  }, async (request) => endAdminDevices(db, request.caller, request.params.id, request.ip));

  app.delete('/users/:id/sessions/:session/', {
    config: SUPER_ADMIN,
    schema: {
      summary: "Sign out one of another admin's devices (Super Admin)", operationId: 'endAdminSession',
      params: adminSessionParams, response: { 200: sessionsEnded },
    },
  }, async (request) => endAdminDevice(db, request.caller, request.params.id, request.params.session, request.ip));
};
