// The body of the grid calls (SPEC.md section 7, 'Grid calls'): the report filter, paging and sort.
import { z } from 'zod';
import { GRID_EXPORT_CSV, TEXT_MAX } from '../constants';
import { GRID_FILTER_FIELDS } from '../gridFilters';
import * as messages from '../messages';
import { tooLong } from '../messages';
import { atMost, endBeforeStart, endNotBeforeStartDate, requestDate } from './fields';
import { listQuery } from './lists';

/**
 * The one report filter model (SPEC.md sections 5 and 7): what every report grid and every queued
 * report is filtered by. A date range (DD-MMM-YYYY, read as ISO dates), a search, and the filters
 * of gridFilters.ts; a grid offers those its declaration names (grids.ts).
 */
export const reportFilterFields = z.object({
  start_date: requestDate(messages.startDateRequired, 'Start Date'),
  end_date: requestDate(messages.endDateRequired, 'End Date'),
  search: z.string({ error: tooLong('search', TEXT_MAX.search) }).trim().max(...atMost('search', 'search')).default(''),
  ...GRID_FILTER_FIELDS,
});
export const reportFilter = reportFilterFields.refine(endNotBeforeStartDate, endBeforeStart);
export type ReportFilter = z.output<typeof reportFilter>;

/** A grid's keyset cursor: the page it leads to and where that page starts (opaque to the console). */
const gridCursor = z.string().max(2000, { error: 'cursor is not one this grid gave' }).regex(/^[A-Za-z0-9_-]*$/, { error: 'cursor is not one this grid gave' });

/**
 * The body of the legacy grid calls (SPEC.md section 7, 'Grid calls'): the report filter, paging
 * and sort as the lists take them, and export 'csv' for the whole result as a file. `cursor` (ours)
 * is the answer's `next` or `previous`: with it, the neighbouring page is read from where the last
 * one ended instead of skipping every row before it.
 */
export const gridQuery = reportFilterFields
  .extend({
    page_size: listQuery.shape.page_size,
    current_page: listQuery.shape.current_page,
    orderby: listQuery.shape.orderby,
    export: z.literal(GRID_EXPORT_CSV, { error: `export must be "${GRID_EXPORT_CSV}"` }).optional(),
    cursor: gridCursor.optional(),
  })
  .refine(endNotBeforeStartDate, endBeforeStart);
export type GridBody = z.output<typeof gridQuery>;

/**
 * The body of a grid of one record's rows (a payment run's lines, POST /admin/payment_run_detail?id=):
 * the grid body with its dates optional and ignored, since the rows are the record's whatever their dates.
 */
export const recordGridQuery = z.object({
  ...gridQuery.shape,
  start_date: reportFilterFields.shape.start_date.optional(),
  end_date: reportFilterFields.shape.end_date.optional(),
});
