// Legacy admin backend: GET /admin/agencies, the agencies the user form offers as links.
import type { FastifyPluginAsync } from 'fastify';
import type { CountryAgencies } from '../../auth/countryAgencies';
import { scopeOf } from '../../auth/scope';
import type { Database } from '../../db/client';
import { sessionOf } from '../../http/authentication';
import { AGENCY_SORT, listLinkableAgencies } from './agencyRepository';
import { parseListQuery } from './lists';

export const agencyRoutes = (db: Database, countryAgencies: CountryAgencies): FastifyPluginAsync => async (app) => {
  app.get('/agencies', async (request) => {
    const params = parseListQuery(request.query, AGENCY_SORT);
    const scope = await scopeOf(db, sessionOf(request));
    return listLinkableAgencies(db, { scope, countryAgencyIds: await countryAgencies.ids(db), params });
  });
};
