// Legacy admin backend: POST /admin/fraud, the Fraud Events grid (SPEC.md section 7, 'Grid calls'):
// a page of rows and their count, or with export 'csv' the whole result as a file.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listPage } from '../../../contract/api';
import { GRID_EXPORT_CSV } from '../../../contract/constants';
import { fraudEvent } from '../../../contract/entities';
import { gridQuery } from '../../../contract/schemas';
import type { Database } from '../../db/client';
import { FRAUD_SORT, fraudEventsCsv, listFraudEvents } from '../../domain/fraud/fraudEvents';
import { listParamsOf } from '../../domain/lists';
import { sendCsv } from '../../reports/csv';

const fraudAnswer = {
  description: 'A page of rows and their count; with export "csv", the whole filtered result as a file',
  content: { 'application/json': { schema: listPage(fraudEvent) }, 'text/csv': { schema: z.string() } },
};

export const fraudRoutes = (db: Database): FastifyPluginAsyncZod => async (app) => {
  app.post('/fraud', { schema: { body: gridQuery, response: { 200: fraudAnswer } } }, async (request, reply) => {
    const query = request.body;
    const fraud = { scope: request.caller.scope, query, params: listParamsOf(query, FRAUD_SORT) };
    if (query.export === GRID_EXPORT_CSV) return sendCsv(reply, fraudEventsCsv(db, fraud));
    return listFraudEvents(db, fraud);
  });
};
