// Legacy admin backend: GET /admin/agencies, the agencies the user form offers as links. Public,
// because the logged-out /register page links its new account too: a logged-out caller is a
// non-super admin who sees nothing (auth/scope.ts NOBODY), so it is offered the country agencies.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { linkableAgency, listPage } from '../../../contract/api';
import { listQuery } from '../../../contract/schemas/lists';
import type { Database } from '../../db/client';
import type { CountryAgencies } from '../../domain/agencies/countryAgencies';
import { AGENCY_SORT, listLinkableAgencies } from '../../domain/agencies/linkableAgencies';
import { listParamsOf } from '../../domain/lists';

export const agencyRoutes = (reads: Database, countryAgencies: CountryAgencies): FastifyPluginAsyncZod => async (app) => {
  app.get('/agencies', { config: { public: true, actsAsCaller: true }, schema: { summary: 'List the agencies an admin user may be linked to (logged out: the country agencies)', operationId: 'listLinkableAgencies', querystring: listQuery, response: { 200: listPage(linkableAgency) } } }, async (request) =>
    listLinkableAgencies(reads, {
      scope: request.caller.scope, countryAgencyIds: await countryAgencies.ids(reads), params: listParamsOf(request.query, AGENCY_SORT),
    }),
  );
};
