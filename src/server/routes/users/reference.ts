// New user backend, reference lists: GET api/v1/status-types and GET api/v1/translations/, paged
// the way the backend pages (http/pages.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { statusTypesResponse, translationsResponse } from '../../../contract/api';
import { pageQuery } from '../../../contract/schemas/lists';
import type { Database } from '../../db/client';
import { languages, statusTypes } from '../../db/schema';
import { foldedText, listPageOf, orderOf } from '../../domain/lists';
import { servicePageOf } from '../../http/pages';

const STATUS_TYPE_SORT = ['id', 'name'] as const;
const LANGUAGE_SORT = ['language_code', 'language_name'] as const;

export const referenceRoutes = (reads: Database): FastifyPluginAsyncZod => async (app) => {
  app.get('/status-types', { schema: { summary: 'List the status types an agent or role may have (Active, Suspended, …)', operationId: 'listStatusTypes', querystring: pageQuery, response: { 200: statusTypesResponse } } }, async (request) => {
    const columns = { id: statusTypes.id, name: statusTypes.name };
    return servicePageOf(request, STATUS_TYPE_SORT, (params) =>
      listPageOf(reads, () => reads.select(columns).from(statusTypes).$dynamic(), params, orderOf(params, { ...columns, name: foldedText(statusTypes.name) }, statusTypes.id)),
    );
  });

  app.get('/translations/', { schema: { summary: 'List the known languages, each with its code', operationId: 'listTranslations', querystring: pageQuery, response: { 200: translationsResponse } } }, async (request) => {
    const columns = { language_code: languages.code, language_name: languages.name };
    const page = await servicePageOf(request, LANGUAGE_SORT, (params) =>
      listPageOf(reads, () => reads.select(columns).from(languages).$dynamic(), params, orderOf(params, { ...columns, language_name: foldedText(languages.name) }, languages.code)),
    );
    return { ...page, results: page.results.map((l) => ({ iso: l.language_code, language: l.language_name, ...l })) };
  });
};
