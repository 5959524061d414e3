// Legacy admin backend: GET /admin/admins, POST (add) and PUT (update) /admin/register.
// POST /admin/register is also the logged-out /register page, so it is public: without a session
// the caller is a non-super admin who sees nothing, and the account gets no role campaigns.
import type { FastifyPluginAsync } from 'fastify';
import { messages } from '../../../contract/messages';
import { adminUserForm } from '../../../contract/schemas';
import type { CountryAgencies } from '../../auth/countryAgencies';
import { callerOf } from '../../auth/scope';
import type { Database } from '../../db/client';
import { bearerToken, sessionOf } from '../../http/authentication';
import { parse, unauthorized } from '../../http/errors';
import { ADMIN_SORT, listAdminUsers, saveAdminUser } from './adminUserService';
import { parseListQuery } from './lists';
import { forCreate, requireId } from './requests';

export const adminUserRoutes = (db: Database, countryAgencies: CountryAgencies): FastifyPluginAsync => async (app) => {
  app.get('/admins', async (request) => {
    const params = parseListQuery(request.query, ADMIN_SORT);
    return listAdminUsers(db, countryAgencies, { caller: await callerOf(db, sessionOf(request)), params });
  });

  app.post('/register', { config: { public: true } }, async (request, reply) => {
    // A console that sends a token acts as that admin: a stale token must lead to a refresh, not
    // to a logged-out registration with fewer rights.
    if (bearerToken(request) && !request.session) throw unauthorized(messages.sessionExpired);
    const form = parse(adminUserForm, forCreate(request.body));
    const saved = await saveAdminUser(db, countryAgencies, await callerOf(db, request.session), form);
    return reply.code(201).send(saved);
  });

  app.put('/register', async (request) => {
    const form = requireId(parse(adminUserForm, request.body));
    return saveAdminUser(db, countryAgencies, await callerOf(db, sessionOf(request)), form);
  });
};
