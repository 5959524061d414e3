// Report jobs (SPEC.md sections 4 and 7): the service backend's generated reports (GET
// /service/payments-report-<name>/ queues one, /service/payments-reports/ lists them) and the
// legacy admin backend's queued reports of the grid screens (GET /admin/queue_report,
// /admin/list_queue_reports). Queuing is a GET on both backends but changes the server, so it is a
// mutation here: never cached, never kept for offline reading, and it refreshes its list. Offline
// it waits in the outbox, and is sent with its Idempotency-Key (which the server's queuing GETs
// take), so a report asked for on a train is queued once when the connection returns.
import type { GridQuery, ListPage, Page } from '../../../contract/api';
import type { GRID_PAGE_SIZES, QUEUE_LIST_PAGE_SIZES } from '../../../contract/constants';
import type { JobKind } from '../../../contract/jobs';
import type { QueueReport, ReportRecord } from '../../../contract/entities';
import { GRIDS } from '../../../contract/grids';
import { REPORT_HOMES, SERVICE_REPORT_NAMES, SERVICE_REPORT_TITLES, serviceReportPath, type ReportHome, type ServiceReportName } from '../../../contract/reports';
import { api } from '../../backends/api';
import { toListRows, type ListRows } from '../../backends/listPages';
import { QUEUE_SCREENS, SERVICE_REPORT_SCREENS } from '../../ground/paths';
import { offlineWrite, unlessQueued, type Saved } from '../../outbox/offlineWrite';

/** Reports listed per page on a report screen, newest first. */
export const REPORT_LIST_PAGE_SIZE = 20;

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

/** The outbox entity of report requests: a screen lists those of its own path above its reports. */
export const REPORT_ENTITY = 'Report';

/**
 * `path` with `params` as its query string. The outbox keeps a request's address and body, not
 * RTK Query's `params`: a queuing GET carries its filters in the address it waits with.
 */
const withQuery = (path: string, params: Record<string, string | number | boolean | undefined>) => {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) query.set(name, String(value));
  return `${path}?${query.toString()}`;
};

/** A queuing GET as the outbox describes it: its query string's fields and its path. */
type QueuingRequest = Record<string, string> & { path: string };

/** A report request's dates as people read them in the outbox. */
const periodOf = (start: string | undefined, end: string | undefined) => `${start ?? ''} to ${end ?? ''}`;

const serviceReportUrl = (report: ServiceReportName) => `service/${serviceReportPath(report)}`;
const serviceReportOfPath = (path: string) =>
  SERVICE_REPORT_NAMES.find((report) => serviceReportUrl(report) === path) ?? 'agents-events-summary';
/** The title of the grid a report holds the rows of ('Fraud Events'). */
const gridTitle = (gridId: string) => GRIDS.find((grid) => grid.id === gridId)?.title ?? 'report';

export const serviceReportsApi = api.enhanceEndpoints({ addTagTypes: ['ServiceReport'] }).injectEndpoints({
  endpoints: (build) => ({
    serviceReports: build.query<ListRows<ReportRecord>, { report: ServiceReportName; page: number }>({
      query: ({ report, page }) => ({ backend: 'service', url: 'service/payments-reports/', params: { report, page, page_size: REPORT_LIST_PAGE_SIZE } }),
      transformResponse: (answer: Page<ReportRecord>) => toListRows(answer),
      providesTags: (_result, _error, { report }) => [{ type: 'ServiceReport', id: report }],
    }),
    generateServiceReport: build.mutation<Saved<ReportRecord>, ServiceReportRequest>({
      query: ({ report, ...params }) => ({ backend: 'service', url: withQuery(serviceReportUrl(report), params), method: 'GET' }),
      invalidatesTags: (result, error, { report }) => (error ? [] : unlessQueued([{ type: 'ServiceReport' as const, id: report }])(result)),
      extraOptions: offlineWrite<QueuingRequest>({
        entity: REPORT_ENTITY,
        screen: ({ path }) => SERVICE_REPORT_SCREENS[serviceReportOfPath(path)],
        describe: ({ path, start_date, end_date }) => `Generate the ${SERVICE_REPORT_TITLES[serviceReportOfPath(path)]}, ${periodOf(start_date, end_date)}`,
        invalidates: [{ type: 'ServiceReport' }],
      }),
    }),
  }),
});

export const queuedReportsApi = api.enhanceEndpoints({ addTagTypes: ['QueuedReport'] }).injectEndpoints({
  endpoints: (build) => ({
    // Its page size is one the server's query schema takes (listQueueReportsQuery): a size outside it does not compile.
    queuedReports: build.query<ListRows<QueueReport>, { home: ReportHome; page: number; pageSize: (typeof QUEUE_LIST_PAGE_SIZES)[number] }>({
      query: ({ home, page, pageSize }) => ({ backend: 'admin', url: 'admin/list_queue_reports', params: { home, page_size: pageSize, current_page: page } }),
      transformResponse: (answer: ListPage<QueueReport>) => toListRows(answer),
      providesTags: (_result, _error, { home }) => [{ type: 'QueuedReport', id: home }],
    }),
    queueReport: build.mutation<Saved<QueueReport>, { home: ReportHome; body: GridQuery }>({
      query: ({ home, body }) => ({ backend: 'admin', url: withQuery('admin/queue_report', queueReportParams(home, body)), method: 'GET' }),
      invalidatesTags: (result, error, { home }) => (error ? [] : unlessQueued([{ type: 'QueuedReport' as const, id: home }])(result)),
      extraOptions: offlineWrite<QueuingRequest>({
        entity: REPORT_ENTITY,
        screen: ({ home }) => QUEUE_SCREENS[home as ReportHome],
        describe: ({ home, start_date, end_date }) => `Queue a report of ${gridTitle(REPORT_HOMES[home as ReportHome])}, ${periodOf(start_date, end_date)}`,
        invalidates: [{ type: 'QueuedReport' }],
      }),
    }),
  }),
});

/**
 * The jobs of one kind (GET /admin/list_job_queue?job=): the payment runs a worker has yet to make,
 * or made, newest first. Tagged PaymentRunJob: a run made (features/paymentruns) reads it again.
 */
export const jobQueueApi = api.enhanceEndpoints({ addTagTypes: ['PaymentRunJob', 'Grid'] }).injectEndpoints({
  endpoints: (build) => ({
    // Its page sizes are the grids' (listJobQueueQuery), not the report lists' 5.
    jobQueue: build.query<ListRows<QueueReport>, { job: JobKind; page: number; pageSize: (typeof GRID_PAGE_SIZES)[number] }>({
      query: ({ job, page, pageSize }) => ({ backend: 'admin', url: 'admin/list_job_queue', params: { job, page_size: pageSize, current_page: page } }),
      transformResponse: (answer: ListPage<QueueReport>) => toListRows(answer),
      providesTags: (_result, _error, { job }) => (job === 'paymentrun' ? [{ type: 'PaymentRunJob' as const, id: 'LIST' }] : []),
    }),
  }),
});

export const { useServiceReportsQuery, useGenerateServiceReportMutation } = serviceReportsApi;
export const { useJobQueueQuery } = jobQueueApi;
export const { useQueuedReportsQuery, useQueueReportMutation } = queuedReportsApi;

/** The file of a finished queued report (POST /admin/queued_report_download), for the downloads machinery. */
export const queuedReportFile = (id: number) => ({ url: 'admin/queued_report_download', method: 'POST', body: { id } });
