// Legacy admin backend: GET /admin/countries (public: the logged-out /countries page; a session
// also gets the SMS settings and languages) and POST /admin/country (Super Admin).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listPage, publicCountry } from '../../../contract/api';
import { adminCountry } from '../../../contract/entities';
import { countryRequest } from '../../../contract/schemas/adminForms';
import { listQuery } from '../../../contract/schemas/lists';
import type { Databases } from '../../db/client';
import { COUNTRY_SORT, listCountries, saveCountry } from '../../domain/countries/countries';
import { listParamsOf } from '../../domain/lists';

export const countryRoutes = ({ db, reads }: Databases): FastifyPluginAsyncZod => async (app) => {
  app.get(
    '/countries',
    {
      config: { public: true },
      schema: {
        summary: 'List the countries; with a session, their SMS settings and languages too',
        operationId: 'listCountries',
        querystring: listQuery,
        response: { 200: z.union([listPage(adminCountry), listPage(publicCountry)]).describe('With a session, the admin fields too') },
      },
    },
    async (request) => listCountries(reads, { params: listParamsOf(request.query, COUNTRY_SORT), detailed: request.caller.userId !== null }),
  );

  app.post(
    '/country',
    { config: { requires: 'Super Admin' }, schema: { summary: 'Add a country, or change one sent with its id (Super Admin)', operationId: 'saveCountry', body: countryRequest, response: { 200: adminCountry, 201: adminCountry } } },
    async (request, reply) => {
      const saved = await saveCountry(db, request.caller, request.body);
      return reply.code(request.body.id === undefined ? 201 : 200).send(saved);
    },
  );
};
