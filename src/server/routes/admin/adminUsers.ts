// Legacy admin backend: GET /admin/admins, POST (add) and PUT (update) /admin/register.
// POST /admin/register is also the logged-out /register page, so it is public: without a session
// the caller is a non-super admin who sees nothing, and the account gets no role campaigns.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listPage } from '../../../contract/api';
import { adminUser } from '../../../contract/entities';
import { adminUserForm } from '../../../contract/schemas/adminForms';
import { listQuery } from '../../../contract/schemas/lists';
import type { Databases } from '../../db/client';
import { ADMIN_SORT, listAdminUsers, saveAdminUser } from '../../domain/admins/adminUsers';
import type { CountryAgencies } from '../../domain/agencies/countryAgencies';
import { listParamsOf } from '../../domain/lists';
import { forCreate, forUpdate } from '../../http/bodies';

export const adminUserRoutes = ({ db, reads }: Databases, countryAgencies: CountryAgencies): FastifyPluginAsyncZod => async (app) => {
  app.get('/admins', { schema: { summary: 'List the admin users the caller may see', operationId: 'listAdmins', querystring: listQuery, response: { 200: listPage(adminUser) } } }, async (request) =>
    listAdminUsers(reads, countryAgencies, { caller: request.caller, params: listParamsOf(request.query, ADMIN_SORT) }),
  );

  app.post(
    '/register',
    { config: { public: true, actsAsCaller: true }, schema: { summary: 'Add an admin user; logged out, sign up on the /register page', operationId: 'addAdmin', body: forCreate(adminUserForm), response: { 201: adminUser } } },
    async (request, reply) => reply.code(201).send(await saveAdminUser(db, countryAgencies, request.caller, request.body)),
  );

  app.put('/register', { schema: { summary: 'Change an admin user the caller may manage', operationId: 'updateAdmin', body: forUpdate(adminUserForm), response: { 200: adminUser } } }, async (request) =>
    saveAdminUser(db, countryAgencies, request.caller, request.body),
  );
};
