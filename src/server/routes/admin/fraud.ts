// Legacy admin backend: POST /admin/fraud, the Fraud Events grid (SPEC.md section 7, 'Grid calls'):
// a page of rows and their count, or with export 'csv' the whole result as a file.
import type { FastifyPluginAsync } from 'fastify';
import { GRID_EXPORT_CSV } from '../../../contract/constants';
import { gridQuery } from '../../../contract/schemas';
import { scopeOf } from '../../auth/scope';
import type { Database } from '../../db/client';
import { sessionOf } from '../../http/authentication';
import { parse } from '../../http/errors';
import { sendCsv } from '../../reports/csv';
import { FRAUD_SORT, fraudEventsCsv, listFraudEvents } from './fraudService';
import { listParamsOf } from './lists';

export const fraudRoutes = (db: Database): FastifyPluginAsync => async (app) => {
  app.post('/fraud', async (request, reply) => {
    const query = parse(gridQuery, request.body);
    const fraud = { scope: await scopeOf(db, sessionOf(request)), query, params: listParamsOf(query, FRAUD_SORT) };
    if (query.export === GRID_EXPORT_CSV) return sendCsv(reply, fraudEventsCsv(db, fraud));
    return listFraudEvents(db, fraud);
  });
};
