// Report jobs (SPEC.md sections 4 and 7): the service backend's generated reports (GET
// /service/payments-report-<name>/ queues one, /service/payments-reports/ lists them) and the
// legacy admin backend's queued reports of the grid screens (GET /admin/queue_report,
// /admin/list_queue_reports). Queuing is a GET on both backends but changes the server, so it is a
// mutation here: never cached, never kept for offline reading, and it refreshes its list.
import type { GridQuery, ListPage, Page } from '../../../contract/api';
import type { QueueReport, ReportRecord } from '../../../contract/entities';
import type { ReportHome, ServiceReportName } from '../../../contract/reports';
import { adminApi, serviceApi } from '../../api/backends';
import { toListRows, type ListRows } from '../../api/listPages';

/** Reports listed per page on a report screen, newest first. */
export const REPORT_LIST_PAGE_SIZE = 20;
/** Reports listed per page under a grid, whose rows come first. */
export const QUEUE_LIST_PAGE_SIZE = 5;

/** A service report's filters as the request carries them: dates as DD-MMM-YYYY, campaigns as '3,7'. */
export interface ServiceReportRequest {
  report: ServiceReportName;
  start_date: string;
  end_date: string;
  agency_id?: number;
  campaign_id?: string;
}

/** The grid body's fields that /admin/queue_report reads (the report holds every row: no paging, no cursor). */
const QUEUED_FILTERS = ['start_date', 'end_date', 'agency', 'campaign', 'country', 'search', 'blacklisted', 'bq', 'gifting', 'enabled', 'orderby'] as const;

/** The grid's current filters as /admin/queue_report's query string; an empty search is no filter. */
export function queueReportParams(home: ReportHome, body: GridQuery): Record<string, string | number | boolean> {
  const params: Record<string, string | number | boolean> = { home };
  for (const field of QUEUED_FILTERS) {
    const value = body[field];
    if (value === undefined || value === null || value === '') continue;
    params[field] = typeof value === 'number' || typeof value === 'boolean' ? value : Array.isArray(value) ? value.join(',') : String(value);
  }
  return params;
}

export const serviceReportsApi = serviceApi.enhanceEndpoints({ addTagTypes: ['ServiceReport'] }).injectEndpoints({
  endpoints: (build) => ({
    serviceReports: build.query<ListRows<ReportRecord>, { report: ServiceReportName; page: number }>({
      query: ({ report, page }) => ({ url: 'service/payments-reports/', params: { report, page, page_size: REPORT_LIST_PAGE_SIZE } }),
      transformResponse: (answer: Page<ReportRecord>) => toListRows(answer),
      providesTags: (_result, _error, { report }) => [{ type: 'ServiceReport', id: report }],
    }),
    generateServiceReport: build.mutation<ReportRecord, ServiceReportRequest>({
      query: ({ report, ...params }) => ({ url: `service/payments-report-${report}/`, method: 'GET', params }),
      invalidatesTags: (_result, error, { report }) => (error ? [] : [{ type: 'ServiceReport', id: report }]),
    }),
  }),
});

export const queuedReportsApi = adminApi.enhanceEndpoints({ addTagTypes: ['QueuedReport'] }).injectEndpoints({
  endpoints: (build) => ({
    queuedReports: build.query<ListRows<QueueReport>, { home: ReportHome; page: number; pageSize: number }>({
      query: ({ home, page, pageSize }) => ({ url: 'admin/list_queue_reports', params: { home, page_size: pageSize, current_page: page } }),
      transformResponse: (answer: ListPage<QueueReport>) => toListRows(answer),
      providesTags: (_result, _error, { home }) => [{ type: 'QueuedReport', id: home }],
    }),
    queueReport: build.mutation<QueueReport, { home: ReportHome; body: GridQuery }>({
      query: ({ home, body }) => ({ url: 'admin/queue_report', method: 'GET', params: queueReportParams(home, body) }),
      invalidatesTags: (_result, error, { home }) => (error ? [] : [{ type: 'QueuedReport', id: home }]),
    }),
  }),
});

export const { useServiceReportsQuery, useGenerateServiceReportMutation } = serviceReportsApi;
export const { useQueuedReportsQuery, useQueueReportMutation } = queuedReportsApi;

/** The file of a finished queued report (POST /admin/queued_report_download), for the downloads machinery. */
export const queuedReportFile = (id: number) => ({ url: 'admin/queued_report_download', method: 'POST', body: { id } });
