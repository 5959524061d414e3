// New user backend, reference lists: GET api/v1/status-types and GET api/v1/translations/.
import { asc } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { StatusTypesResponse, TranslationsResponse } from '../../../contract/api';
import type { Database } from '../../db/client';
import { languages, statusTypes } from '../../db/schema';

/** Lists short enough to send whole, in the paged shape of the backend. */
const wholePage = <T>(results: T[]) => ({ count: results.length, next: null, previous: null, results });

export const referenceRoutes = (db: Database): FastifyPluginAsync => async (app) => {
  app.get('/status-types', async (): Promise<StatusTypesResponse> =>
    wholePage(await db.select({ id: statusTypes.id, name: statusTypes.name }).from(statusTypes).orderBy(asc(statusTypes.id))),
  );

  app.get('/translations/', async (): Promise<TranslationsResponse> => {
    const rows = await db.select().from(languages).orderBy(asc(languages.code));
    return wholePage(rows.map((l) => ({ iso: l.code, language: l.name, language_code: l.code, language_name: l.name })));
  });
};
