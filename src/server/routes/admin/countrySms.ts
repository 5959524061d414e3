// Legacy admin backend: GET and POST /admin/country_sms, the SMS link prefix per country language.
import type { FastifyPluginAsync } from 'fastify';
import { countrySmsRequest } from '../../../contract/schemas';
import type { Database } from '../../db/client';
import { parse } from '../../http/errors';
import { COUNTRY_SMS_SORT, listCountrySms, saveCountrySms } from './countrySmsService';
import { parseListQuery } from './lists';
import { superAdminCaller } from './requests';

export const countrySmsRoutes = (db: Database): FastifyPluginAsync => async (app) => {
  app.get('/country_sms', async (request) => listCountrySms(db, parseListQuery(request.query, COUNTRY_SMS_SORT)));

  app.post('/country_sms', async (request) => {
    const caller = await superAdminCaller(db, request);
    return saveCountrySms(db, caller, parse(countrySmsRequest, request.body));
  });
};
