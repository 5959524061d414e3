// New user backend, reference lists: GET api/v1/status-types and GET api/v1/translations/, paged
// the way the backend pages (http/pages.ts).
import { count } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { statusTypesResponse, translationsResponse } from '../../../contract/api';
import { pageQuery } from '../../../contract/schemas';
import type { Database } from '../../db/client';
import { languages, statusTypes } from '../../db/schema';
import { orderOf, pageParamsOf, paged } from '../../domain/lists';
import { servicePage } from '../../http/pages';

const STATUS_TYPE_SORT = ['id', 'name'] as const;
const LANGUAGE_SORT = ['language_code', 'language_name'] as const;

export const referenceRoutes = (db: Database): FastifyPluginAsyncZod => async (app) => {
  app.get('/status-types', { schema: { querystring: pageQuery, response: { 200: statusTypesResponse } } }, async (request) => {
    const params = pageParamsOf(request.query, STATUS_TYPE_SORT);
    const columns = { id: statusTypes.id, name: statusTypes.name };
    const rows = await paged(db.select(columns).from(statusTypes).orderBy(...orderOf(params, columns, statusTypes.id)).$dynamic(), params);
    const [total] = await db.select({ n: count() }).from(statusTypes);
    return servicePage(request, rows, total?.n ?? 0, params);
  });

  app.get('/translations/', { schema: { querystring: pageQuery, response: { 200: translationsResponse } } }, async (request) => {
    const params = pageParamsOf(request.query, LANGUAGE_SORT);
    const columns = { language_code: languages.code, language_name: languages.name };
    const rows = await paged(db.select().from(languages).orderBy(...orderOf(params, columns, languages.code)).$dynamic(), params);
    const [total] = await db.select({ n: count() }).from(languages);
    const results = rows.map((l) => ({ iso: l.code, language: l.name, language_code: l.code, language_name: l.name }));
    return servicePage(request, results, total?.n ?? 0, params);
  });
};
