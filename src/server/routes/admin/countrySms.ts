// Legacy admin backend: GET and POST /admin/country_sms, the SMS link prefix per country language.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listPage } from '../../../contract/api';
import { countrySms } from '../../../contract/entities';
import { countrySmsRequest } from '../../../contract/schemas/adminForms';
import { listQuery } from '../../../contract/schemas/lists';
import type { Databases } from '../../db/client';
import { COUNTRY_SMS_SORT, listCountrySms, saveCountrySms } from '../../domain/countries/countrySms';
import { listParamsOf } from '../../domain/lists';

export const countrySmsRoutes = ({ db, reads }: Databases): FastifyPluginAsyncZod => async (app) => {
  app.get('/country_sms', { schema: { summary: 'List the SMS link prefix of each country language', operationId: 'listCountrySms', querystring: listQuery, response: { 200: listPage(countrySms) } } }, async (request) =>
    listCountrySms(reads, listParamsOf(request.query, COUNTRY_SMS_SORT)),
  );

  app.post(
    '/country_sms',
    { config: { requires: 'Super Admin' }, schema: { summary: "Set a country's SMS link prefix per language (Super Admin)", operationId: 'saveCountrySms', body: countrySmsRequest, response: { 200: countrySms } } },
    async (request) => saveCountrySms(db, request.caller, request.body),
  );
};
