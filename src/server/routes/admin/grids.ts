// Legacy admin backend: the grid calls (SPEC.md section 7, 'Grid calls'; domain/grids/gridCalls.ts),
// one POST each at its declaration's path: a page of rows and their count, or with export 'csv' the
// whole filtered, sorted result as a streamed file. Every grid is this one route over its own grid
// module: its readers refused before the body is read, a record's grid opening its record first.
//
// 'All rows' (page_size 0, up to GRID_ALL_ROWS_MAX rows) answers the same JSON written one row per
// line, its count first: any client parses it as usual, and the console reads the rows a line at a
// time as the grid draws them instead of parsing 30 MB at once (backends/rowsByLine.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { gridPage } from '../../../contract/api';
import { GRID_EXPORT_CSV } from '../../../contract/constants';
import { gridRowSchema } from '../../../contract/gridRows';
import { gridQuery, recordGridQuery, type GridBody } from '../../../contract/schemas/gridQuery';
import type { OpenDatabase } from '../../db/client';
import type { GridPage } from '../../../contract/api';
import type { OpenedRecord } from '../../domain/grids/source';
import { GRID_CALLS } from '../../domain/grids/gridCalls';
import { sendCsv } from '../../reports/csv';

export const gridRoutes = (database: OpenDatabase): FastifyPluginAsyncZod => async (app) => {
  for (const { grid, record, about } of GRID_CALLS) {
    const { declaration } = grid;
    const answer = {
      description: `${declaration.title}: a page of rows and their count; with export "csv", the whole filtered result as a file`,
      content: { 'application/json': { schema: gridPage(gridRowSchema(declaration)) }, 'text/csv': { schema: z.string() } },
    };
    const filters = `Filters beside the dates and search: ${declaration.filters.join(', ') || 'none'}.`;
    const schema = {
      summary: `${declaration.title} grid: a page of the caller's rows and their count, or all of them as CSV`,
      operationId: `list${declaration.id.charAt(0).toUpperCase()}${declaration.id.slice(1)}`,
      description: about ? `${about} ${filters}` : filters,
      ...(record ? { querystring: record.query, body: recordGridQuery } : { body: gridQuery }),
      response: { 200: answer },
    };
    app.post(declaration.path.replace(/^\/admin/, ''), { schema, config: { ...declaration.readers } }, async (request, reply) => {
      const { scope } = request.caller;
      const opened = record ? await record.open(database.reads, scope, (request.query as { id: number }).id) : undefined;
      const body = opened ? recordBody(request.body, opened) : (request.body as GridBody);
      const gridRequest = { scope, body, recordId: opened?.id };
      if (body.export === GRID_EXPORT_CSV) return sendCsv(reply, database, grid.csv(gridRequest, opened?.filename));
      const page = await grid.page(database.reads, gridRequest);
      if (body.page_size !== 0) return page;
      return reply.type('application/json; charset=utf-8').send(rowPerLine(page));
    });
  }
};

/** A record's grid body: its rows read between the record's own dates, whatever the body says (recordGridQuery's are optional). */
function recordBody(body: object, { start_date, end_date }: OpenedRecord): GridBody {
  const { start_date: _start, end_date: _end, ...rest } = body as GridBody;
  return { start_date, end_date, ...rest };
}

/** `{"count":N,"data":[` and each row on a line of its own (the same JSON as the serializer's, laid out). */
export function rowPerLine({ count, data }: GridPage<unknown>): string {
  const rows = data.map((row) => `${JSON.stringify(row)}\n`).join(',');
  return `{"count":${count},"data":[\n${rows}]}`;
}
