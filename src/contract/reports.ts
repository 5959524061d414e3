// Report filter rules of SPEC.md sections 4 and 5 that are not single-field checks.
import * as messages from './messages';
import { reportWarning } from './messages';
import { z } from 'zod';
import { JOB_KINDS } from './jobs';
import { QUEUE_LIST_PAGE_SIZES, REPORT_RANGE_WARNING_MONTHS } from './constants';
import { endBeforeStart, endNotBeforeStartDate, filterIds, requestDate, storableId } from './schemas/fields';
import { reportFilterFields } from './schemas/gridQuery';
import { legacyPageSize, listQuery } from './schemas/lists';

/** The filters of a report as a form holds them: the report filter model's names, dates as ISO dates. */
export interface ReportFilterChoice {
  start_date: string;
  end_date: string;
  agency?: number;
  campaign?: number[];
}

/** Blocking errors: empty dates, and agency or campaign when more than one is available. */
export function reportFilterErrors(
  filters: ReportFilterChoice,
  available: { agencies: number; campaigns: number },
): string[] {
  const errors: string[] = [];
  if (!filters.start_date) errors.push(messages.startDateRequired);
  if (!filters.end_date) errors.push(messages.endDateRequired);
  if (filters.agency === undefined && available.agencies > 1) errors.push(messages.agencyRequired);
  if ((filters.campaign ?? []).length === 0 && available.campaigns > 1) errors.push(messages.campaignRequired);
  return errors;
}

/** Whether the range from start to end (ISO dates) is longer than the warning threshold. */
export function isRangeOverWarning(start: string, end: string): boolean {
  const limit = new Date(`${start.slice(0, 10)}T00:00:00Z`);
  limit.setUTCMonth(limit.getUTCMonth() + REPORT_RANGE_WARNING_MONTHS);
  return new Date(`${end.slice(0, 10)}T00:00:00Z`) > limit;
}

/** Warnings shown while the report still runs. */
export function reportFilterWarnings(filters: ReportFilterChoice): string[] {
  const warnings: string[] = [];
  if (filters.agency === undefined) warnings.push(reportWarning('no agency is selected'));
  if ((filters.campaign ?? []).length === 0) warnings.push(reportWarning('no campaign is selected'));
  if (filters.start_date && filters.end_date && isRangeOverWarning(filters.start_date, filters.end_date)) {
    warnings.push(reportWarning(`the date range is over ${REPORT_RANGE_WARNING_MONTHS} months`));
  }
  return warnings;
}

/** Moving the start after the end pushes the end to it, and vice versa (ISO dates compare as text). */
export function reconcileDateRange(
  changed: 'start' | 'end',
  range: { start: string; end: string },
): { start: string; end: string } {
  if (!range.start || !range.end || range.start <= range.end) return range;
  return changed === 'start' ? { start: range.start, end: range.start } : { start: range.end, end: range.end };
}

// ---- report jobs (issue 15) ---------------------------------------------------------------------

/** The report lists of the admin grid screens (`home` of /admin/list_queue_reports) and the grid each queues. */
export const REPORT_HOMES = {
  comm_reports: 'campaignConversion',
  fraud_report: 'fraudEvents',
  retention_detail: 'retentionEventDetails',
  retention_events: 'retentionEvents',
} as const;
export type ReportHome = keyof typeof REPORT_HOMES;
export const REPORT_HOME_NAMES = Object.keys(REPORT_HOMES) as ReportHome[];

/**
 * The service backend's reports (/service/payments-report-<name>/) and the grid each queues.
 * 'create-payment-run' reports the payment runs; it makes none (docs/decisions.md 'Payment Run Report').
 */
export const SERVICE_REPORTS = {
  'agents-events-detail': 'agentEventDetails',
  'agents-events-summary': 'agentEvents',
  'campaign-summary': 'campaignConversion',
  'create-payment-run': 'paymentRuns',
} as const;
export type ServiceReportName = keyof typeof SERVICE_REPORTS;
/** Each service report's name, as its screen is titled and its queued reports are described (not its grid's title). */
export const SERVICE_REPORT_TITLES: Record<ServiceReportName, string> = {
  'agents-events-summary': 'Agent Event Report',
  'agents-events-detail': 'Event Detail Report',
  'campaign-summary': 'Conversion Report',
  'create-payment-run': 'Payment Run Report',
};
export const SERVICE_REPORT_NAMES = Object.keys(SERVICE_REPORTS) as ServiceReportName[];

/** A service report's path under /service, as section 7 names it: the payment runs' has no 'report-'. */
export const serviceReportPath = (name: ServiceReportName): string =>
  name === 'create-payment-run' ? `payments-${name}/` : `payments-report-${name}/`;

// ---- report job requests ------------------------------------------------------------------------

/** A query string's flags as text ('true', '1', 'false', '0') read as booleans; anything else is left for the schema to refuse. */
const FLAG_WORDS: Record<string, boolean> = { true: true, 1: true, false: false, 0: false };
const withQueryFlags = (query: unknown) =>
  query && typeof query === 'object'
    ? Object.fromEntries(Object.entries(query).map(([key, value]) => [key, ['blacklisted', 'bq', 'gifting', 'enabled', 'paid'].includes(key) && typeof value === 'string' && value in FLAG_WORDS ? FLAG_WORDS[value] : value]))
    : query;

/** GET /admin/queue_report: the report list it goes to (`home`) and the grid filters it is made with, as a query string. */
export const queueReportQuery = z.preprocess(
  withQueryFlags,
  reportFilterFields
    .extend({
      home: z.enum(REPORT_HOME_NAMES as [ReportHome, ...ReportHome[]], { error: `home must be one of ${REPORT_HOME_NAMES.join(', ')}` }),
      orderby: listQuery.shape.orderby,
    })
    .refine(endNotBeforeStartDate, endBeforeStart),
);
export type QueueReportQuery = z.output<typeof queueReportQuery>;

/** GET /admin/list_queue_reports: the reports of one list, a page of them as a grid screen lists them. */
export const listQueueReportsQuery = z.object({
  home: z.enum(REPORT_HOME_NAMES as [ReportHome, ...ReportHome[]], { error: `home must be one of ${REPORT_HOME_NAMES.join(', ')}` }),
  page_size: legacyPageSize(QUEUE_LIST_PAGE_SIZES),
  current_page: listQuery.shape.current_page,
});

/** GET /admin/list_job_queue: the jobs of one kind (reports, payment runs). */
export const listJobQueueQuery = z.object({
  job: z.enum(JOB_KINDS, { error: `job must be one of ${JOB_KINDS.join(', ')}` }),
  page_size: listQuery.shape.page_size,
  current_page: listQuery.shape.current_page,
});

/** POST /admin/queued_report_download. */
export const queuedReportDownload = z.object({ id: storableId('id') });

/**
 * The service reports' query (GET /service/payments-report-*): dates, and an agency and campaigns
 * by id. Their section 5 rules that depend on what the caller may choose are the server's.
 */
export const serviceReportQuery = z
  .object({
    start_date: requestDate(messages.startDateRequired, 'Start Date'),
    end_date: requestDate(messages.endDateRequired, 'End Date'),
    agency_id: storableId('agency_id').optional(),
    campaign_id: filterIds('campaign_id').optional(),
  })
  .refine(endNotBeforeStartDate, endBeforeStart);
export type ServiceReportQuery = z.output<typeof serviceReportQuery>;
