// Legacy admin backend: GET /admin/countries (public: the logged-out /countries page; a session
// also gets the SMS settings and languages) and POST /admin/country (Super Admin).
import type { FastifyPluginAsync } from 'fastify';
import { countryRequest } from '../../../contract/schemas';
import type { Database } from '../../db/client';
import { parse } from '../../http/errors';
import { COUNTRY_SORT, listCountries, saveCountry } from './countryService';
import { parseListQuery } from './lists';
import { superAdminCaller } from './requests';

export const countryRoutes = (db: Database): FastifyPluginAsync => async (app) => {
  app.get('/countries', { config: { public: true } }, async (request) =>
    listCountries(db, { params: parseListQuery(request.query, COUNTRY_SORT), detailed: request.session !== undefined }),
  );

  app.post('/country', async (request, reply) => {
    const caller = await superAdminCaller(db, request);
    const form = parse(countryRequest, request.body);
    const saved = await saveCountry(db, caller, form);
    return reply.code(form.id === undefined ? 201 : 200).send(saved);
  });
};
