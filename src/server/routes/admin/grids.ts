// Legacy admin backend: the report grids (SPEC.md section 7, 'Grid calls'), one POST each at its
// declaration's path: a page of rows and their count, or with export 'csv' the whole filtered,
// sorted result as a streamed file. Every grid is the same route over its own grid module.
//
// 'All rows' (page_size 0, up to GRID_ALL_ROWS_MAX rows) answers the same JSON written one row per
// line, its count first: any client parses it as usual, and the console reads the rows a line at a
// time as the grid draws them instead of parsing 30 MB at once (backends/rowsByLine.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { gridPage } from '../../../contract/api';
import { GRID_EXPORT_CSV } from '../../../contract/constants';
import { gridRowSchema } from '../../../contract/gridRows';
import { gridQuery } from '../../../contract/schemas/gridQuery';
import type { OpenDatabase } from '../../db/client';
import type { GridPage } from '../../../contract/api';
import { REPORT_GRIDS } from '../../domain/grids/reportGrids';
import { sendCsv } from '../../reports/csv';

export const gridRoutes = (database: OpenDatabase): FastifyPluginAsyncZod => async (app) => {
  for (const grid of REPORT_GRIDS) {
    const { declaration } = grid;
    const answer = {
      description: `${declaration.title}: a page of rows and their count; with export "csv", the whole filtered result as a file`,
      content: { 'application/json': { schema: gridPage(gridRowSchema(declaration)) }, 'text/csv': { schema: z.string() } },
    };
    const schema = {
      summary: `${declaration.title} grid: a page of the caller's rows and their count, or all of them as CSV`,
      operationId: `list${declaration.id.charAt(0).toUpperCase()}${declaration.id.slice(1)}`,
      description: `Filters beside the dates and search: ${declaration.filters.join(', ') || 'none'}.`,
      body: gridQuery,
      response: { 200: answer },
    };
    app.post(declaration.path.replace(/^\/admin/, ''), { schema }, async (request, reply) => {
      const gridRequest = { scope: request.caller.scope, body: request.body };
      if (request.body.export === GRID_EXPORT_CSV) return sendCsv(reply, database, grid.csv(gridRequest));
      const page = await grid.page(database.reads, gridRequest);
      if (request.body.page_size !== 0) return page;
      return reply.type('application/json; charset=utf-8').send(rowPerLine(page));
    });
  }
};

/** `{"count":N,"data":[` and each row on a line of its own (the same JSON as the serializer's, laid out). */
export function rowPerLine({ count, data }: GridPage<unknown>): string {
  const rows = data.map((row) => `${JSON.stringify(row)}\n`).join(',');
  return `{"count":${count},"data":[\n${rows}]}`;
}
