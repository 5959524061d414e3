// Legacy admin backend: GET /admin/countries, public for the logged-out /countries page.
import { asc } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { PublicCountriesResponse } from '../../../contract/api';
import type { Database } from '../../db/client';
import { countries } from '../../db/schema';

export const countryRoutes = (db: Database): FastifyPluginAsync => async (app) => {
  app.get('/countries', { config: { public: true } }, async (): Promise<PublicCountriesResponse> => {
    const rows = await db
      .select({ id: countries.id, country: countries.name, code: countries.dialingCode })
      .from(countries)
      .orderBy(asc(countries.name));
    return { data: rows, count: rows.length };
  });
};
