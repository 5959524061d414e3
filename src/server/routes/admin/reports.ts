// Legacy admin backend: queued reports (SPEC.md section 7). The report lists of the admin grid
// screens (`home`), queuing a report of that screen's grid with its filters, the jobs of a kind
// (`job`: report, paymentrun), and a finished report's file. Every one scoped to the caller
// (reports/reportJobs.ts).
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listPage } from '../../../contract/api';
import { toRequestDate } from '../../../contract/dates';
import { queueReport as queueReportRecord } from '../../../contract/entities';
import { GRIDS, gridFilename } from '../../../contract/grids';
import { jobStatusText } from '../../../contract/jobs';
import { listJobQueueQuery, listQueueReportsQuery, queueReportQuery, queuedReportDownload, REPORT_HOMES } from '../../../contract/reports';
import type { Databases } from '../../db/client';
import { legacyPageOf } from '../../domain/lists';
import { finishedReport, listJobs, listReports, queueReport, reportFileParts, type JobRow, type SendJob } from '../../domain/reports/reportJobs';

/** A job as the legacy lists carry it: its status and detail as one text (SPEC.md section 4). */
export const legacyReport = (row: JobRow) => ({
  id: row.id,
  created_at: row.created_at,
  description: row.description,
  created_by: row.created_by,
  status: jobStatusText(row),
  queue_position: row.queue_position,
  rows: row.rows,
  bytes: row.bytes,
});

/** The file as the legacy download answers it, `{data, mime, filename}`, streamed: the CSV is written into `data` a part at a time. */
async function* downloadJson(parts: AsyncGenerator<string>, filename: string): AsyncGenerator<string> {
  yield `{"mime":"text/csv","filename":${JSON.stringify(filename)},"data":"`;
  for await (const part of parts) yield JSON.stringify(part).slice(1, -1);
  yield '"}';
}

export const reportRoutes = ({ db, reads }: Databases, send: SendJob): FastifyPluginAsyncZod => async (app) => {
  app.get('/list_queue_reports', { schema: { summary: "List a grid screen's queued reports the caller may see, newest first", operationId: 'listQueuedReports', querystring: listQueueReportsQuery, response: { 200: listPage(queueReportRecord) } } }, async (request) => {
    const { rows, count } = await listReports(reads, request.caller.scope, request.query.home, legacyPageOf(request.query));
    return { data: rows.map(legacyReport), count };
  });

  app.get('/queue_report', { config: { writes: true }, schema: { summary: "Queue a report of a grid screen's rows with its filters", operationId: 'queueReport', querystring: queueReportQuery, response: { 200: queueReportRecord } } }, async (request) => {
    const { home, ...filter } = request.query;
    const declaration = GRIDS.find((grid) => grid.id === REPORT_HOMES[home]);
    if (!declaration) throw new Error(`no grid for ${home}`);
    const body = { ...filter, page_size: 0, current_page: 1 };
    const row = await queueReport(db, send, request.caller, {
      list: home,
      grid: declaration.id,
      body,
      description: `${declaration.title}, ${toRequestDate(filter.start_date)} to ${toRequestDate(filter.end_date)}`,
      fileName: gridFilename(declaration, filter.start_date, filter.end_date),
    });
    return legacyReport(row);
  });

  app.get('/list_job_queue', { schema: { summary: 'List the queued jobs of a kind (reports, payment runs) the caller may see, newest first', operationId: 'listJobQueue', querystring: listJobQueueQuery, response: { 200: listPage(queueReportRecord) } } }, async (request) => {
    const { rows, count } = await listJobs(reads, request.caller.scope, request.query.job, legacyPageOf(request.query));
    return { data: rows.map(legacyReport), count };
  });

  app.post(
    '/queued_report_download',
    {
      schema: {
        summary: "Download a finished queued report: its CSV in the answer's data",
        operationId: 'downloadQueuedReport',
        body: queuedReportDownload,
        response: { 200: { description: 'A finished report: its CSV in `data`', content: { 'application/json': { schema: z.object({ data: z.string(), mime: z.string(), filename: z.string() }) } } } },
      },
    },
    async (request, reply) => {
      const report = await finishedReport(reads, request.caller.scope, request.body.id);
      // The answer's JSON, as a stream of its text (the schema describes what it spells).
      const json = Readable.from(downloadJson(reportFileParts(reads, report.id), report.file_name));
      return reply.type('application/json; charset=utf-8').send(json as never);
    },
  );
};
