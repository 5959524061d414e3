// Legacy admin backend: GET /admin/agencies, the agencies the user form offers as links.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { linkableAgency, listPage } from '../../../contract/api';
import { listQuery } from '../../../contract/schemas';
import type { Database } from '../../db/client';
import type { CountryAgencies } from '../../domain/agencies/countryAgencies';
import { AGENCY_SORT, listLinkableAgencies } from '../../domain/agencies/linkableAgencies';
import { listParamsOf } from '../../domain/lists';

export const agencyRoutes = (db: Database, countryAgencies: CountryAgencies): FastifyPluginAsyncZod => async (app) => {
  app.get('/agencies', { schema: { querystring: listQuery, response: { 200: listPage(linkableAgency) } } }, async (request) =>
    listLinkableAgencies(db, {
      scope: request.caller.scope, countryAgencyIds: await countryAgencies.ids(db), params: listParamsOf(request.query, AGENCY_SORT),
    }),
  );
};
