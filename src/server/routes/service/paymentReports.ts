// Service backend: the generated reports (SPEC.md section 7). GET /service/payments-report-<name>/
// (and /service/payments-create-payment-run/, the payment runs' report) with start_date, end_date, agency_id and campaign_id queues a report and answers its record;
// GET /service/payments-reports/?report=<name> (ours: the specification shows no list) pages the
// caller's reports of that name; GET /service/payments-report-download/{name}/{id}/{file} is the CSV.
//
// Section 5's filter rules are checked here too, whatever the console checked: an agency and a
// campaign must be chosen when the caller may choose between more than one.
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { page } from '../../../contract/api';
import { BACKEND_PREFIXES } from '../../../contract/constants';
import { toRequestDate } from '../../../contract/dates';
import { reportRecord } from '../../../contract/entities';
import { GRIDS, gridFilename } from '../../../contract/grids';
import * as messages from '../../../contract/messages';
import { jobStatusText } from '../../../contract/jobs';
import { SERVICE_REPORT_NAMES, SERVICE_REPORT_TITLES, SERVICE_REPORTS, serviceReportPath, serviceReportQuery, type ServiceReportName } from '../../../contract/reports';
import { storableId } from '../../../contract/schemas/fields';
import { pageQuery } from '../../../contract/schemas/lists';
import { queryRows, type Database, type Databases } from '../../db/client';
import { campaigns } from '../../db/schema';
import { visibleAgencyIds, visibleCampaignIds } from '../../auth/scope';
import { Invalid, Refused } from '../../domain/errors';
import { servicePage } from '../../http/pages';
import { publicOrigin } from '../../http/publicUrl';
import { pageParamsOf } from '../../domain/lists';
import { gridById } from '../../domain/grids/reportGrids';
import { finishedReport, listReports, queueReport, reportFileParts, type ReportRow, type SendJob } from '../../domain/reports/reportJobs';
import { safeFilename } from '../../reports/csv';

/** The report list of a service report. */
const listOf = (name: ServiceReportName) => `service:${name}`;

/** A report as the service backend carries it, with a working link to its file once Finished. */
function serviceReport(request: FastifyRequest, name: ServiceReportName, row: ReportRow) {
  const base = `${publicOrigin(request)}${BACKEND_PREFIXES.service}`;
  return {
    createdAt: row.created_at,
    createdBy: row.created_by,
    description: row.description,
    status: jobStatusText(row),
    position: row.queue_position,
    downloadUrl: row.status === 'Finished' ? `${base}/payments-report-download/${name}/${row.id}/${encodeURIComponent(safeFilename(row.file_name))}` : null,
    rows: row.rows,
    bytes: row.bytes,
  };
}

/** Section 5: an agency and a campaign are required when more than one is available; both must be the caller's. */
async function checkChoices(db: Database, request: FastifyRequest, query: z.output<typeof serviceReportQuery>): Promise<void> {
  const scope = request.caller.scope;
  const agencyIds = visibleAgencyIds(scope);
  const [agencyCount] = agencyIds === null ? await queryRows<{ n: number }>(db, sql`select count(*)::int as n from agencies`) : [{ n: agencyIds.length }];
  if (query.agency_id === undefined && (agencyCount?.n ?? 0) > 1) throw new Invalid(messages.agencyRequired, { agency_id: [messages.agencyRequired] });
  if (query.agency_id !== undefined && agencyIds !== null && !agencyIds.includes(query.agency_id)) throw Refused.outOfScope('That agency is not one you may report on');

  const visible = await visibleCampaignIds(db, scope);
  const choosable = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(sql`${visible === null ? sql`true` : visible.length ? inArray(campaigns.id, visible) : sql`false`} and ${query.agency_id === undefined ? sql`true` : sql`${campaigns.agencyId} = ${query.agency_id}`}`);
  const ids = new Set(choosable.map((campaign) => campaign.id));
  if ((query.campaign_id ?? []).length === 0 && ids.size > 1) throw new Invalid(messages.campaignRequired, { campaign_id: [messages.campaignRequired] });
  if ((query.campaign_id ?? []).some((id) => !ids.has(id))) throw Refused.outOfScope('That campaign is not one you may report on');
}

export const paymentReportRoutes = ({ db, reads }: Databases, send: SendJob): FastifyPluginAsyncZod => async (app) => {
  for (const name of SERVICE_REPORT_NAMES) {
    const declaration = GRIDS.find((grid) => grid.id === SERVICE_REPORTS[name]);
    if (!declaration) throw new Error(`no grid for ${name}`);
    app.get(`/${serviceReportPath(name)}`, {
      config: { writes: true },
      schema: {
        summary: `Queue the ${declaration.title} report for a date range, agency and campaign`,
        operationId: `queue${name.split('-').map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('')}Report`,
        querystring: serviceReportQuery,
        response: { 200: reportRecord },
      },
    }, async (request) => {
      const query = request.query;
      const body = {
        start_date: query.start_date, end_date: query.end_date, agency: query.agency_id, campaign: query.campaign_id,
        search: '', blacklisted: false, bq: false, gifting: false, enabled: false, orderby: '', page_size: 0, current_page: 1,
      };
      // The grid's own refusal first (Payment Runs refuses an Agency Admin), not a choice it would refuse anyway.
      gridById(declaration.id).csv({ scope: request.caller.scope, body });
      await checkChoices(db, request, query);
      const row = await queueReport(db, send, request.caller, {
        list: listOf(name),
        grid: declaration.id,
        body,
        // Named as the screen that asked for it: 'Agent Event Report, ...', not its grid's title.
        description: `${SERVICE_REPORT_TITLES[name]}, ${toRequestDate(query.start_date)} to ${toRequestDate(query.end_date)}`,
        fileName: gridFilename(declaration, query.start_date, query.end_date),
      });
      return serviceReport(request, name, row);
    });
  }

  app.get(
    '/payments-reports/',
    { schema: { summary: "List the caller's generated reports of one kind, newest first", operationId: 'listPaymentReports', querystring: pageQuery.extend({ report: z.enum(SERVICE_REPORT_NAMES as [ServiceReportName, ...ServiceReportName[]], { error: `report must be one of ${SERVICE_REPORT_NAMES.join(', ')}` }) }), response: { 200: page(reportRecord) } } },
    async (request) => {
      const name = request.query.report;
      const paging = pageParamsOf(request.query, []);
      const { rows, count } = await listReports(reads, request.caller.scope, listOf(name), paging);
      return servicePage(request, rows.map((row) => serviceReport(request, name, row)), count, paging);
    },
  );

  app.get(
    '/payments-report-download/:report/:id/:file',
    {
      schema: {
        summary: "Download a finished generated report's CSV",
        operationId: 'downloadPaymentReport',
        params: z.object({ report: z.enum(SERVICE_REPORT_NAMES as [ServiceReportName, ...ServiceReportName[]]), id: storableId('id'), file: z.string().max(300) }),
        response: { 200: { description: 'The report as CSV', content: { 'text/csv': { schema: z.string() } } } },
      },
    },
    async (request, reply) => {
      const report = await finishedReport(reads, request.caller.scope, request.params.id);
      if (report.list !== listOf(request.params.report)) throw new Invalid('That report is not of this kind');
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${safeFilename(report.file_name)}"`)
        .send(Readable.from(reportFileParts(reads, report.id)) as never);
    },
  );
};
