// POST /admin/fraud (SPEC.md section 7, 'Grid calls'): a page of fraud events as JSON, or, with
// export 'csv', every row as a file. A grid call is a POST, which no HTTP cache keeps: its pages
// are kept by the persisted query cache, its files by Saved for offline.
import type { GridQuery, ListPage } from '../../../contract/api';
import { GRID_EXPORT_CSV } from '../../../contract/constants';
import type { FraudEvent } from '../../../contract/entities';
import { adminApi } from '../../api/backends';
import { toListRows, type ListRows } from '../../api/listPages';

export const FRAUD_EVENTS_URL = 'admin/fraud';

export const fraudEventsApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    fraudEvents: build.query<ListRows<FraudEvent>, GridQuery>({
      query: (body) => ({ url: FRAUD_EVENTS_URL, method: 'POST', body }),
      transformResponse: (answer: ListPage<FraudEvent>) => toListRows(answer),
    }),
  }),
});

export const { useFraudEventsQuery } = fraudEventsApi;

/** The export of the same grid: the same body, every row (page_size 0), as CSV. */
export const fraudEventsExport = (body: GridQuery) => ({
  url: FRAUD_EVENTS_URL,
  method: 'POST',
  body: { ...body, page_size: 0, current_page: 1, export: GRID_EXPORT_CSV },
});
