// Legacy admin backend: the report grids (SPEC.md section 7, 'Grid calls'), one POST each at its
// declaration's path: a page of rows and their count, or with export 'csv' the whole filtered,
// sorted result as a streamed file. Every grid is the same route over its own grid module.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { gridPage } from '../../../contract/api';
import { GRID_EXPORT_CSV } from '../../../contract/constants';
import { gridRowSchema } from '../../../contract/grids';
import { gridQuery } from '../../../contract/schemas';
import type { OpenDatabase } from '../../db/client';
import { REPORT_GRIDS } from '../../domain/grids/reportGrids';
import { sendCsv } from '../../reports/csv';

export const gridRoutes = (database: OpenDatabase): FastifyPluginAsyncZod => async (app) => {
  for (const grid of REPORT_GRIDS) {
    const { declaration } = grid;
    const answer = {
      description: `${declaration.title}: a page of rows and their count; with export "csv", the whole filtered result as a file`,
      content: { 'application/json': { schema: gridPage(gridRowSchema(declaration)) }, 'text/csv': { schema: z.string() } },
    };
    app.post(declaration.path.replace(/^\/admin/, ''), { schema: { body: gridQuery, response: { 200: answer } } }, async (request, reply) => {
      const gridRequest = { scope: request.caller.scope, body: request.body };
      if (request.body.export === GRID_EXPORT_CSV) return sendCsv(reply, database, grid.csv(gridRequest));
      return grid.page(database.db, gridRequest);
    });
  }
};
