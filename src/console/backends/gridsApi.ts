// The report grids' calls (SPEC.md section 7, 'Grid calls'): POST <declaration.path> with the grid
// body answers a page of rows, their count and the neighbouring pages' cursors; with export 'csv'
// the whole result as a file. One endpoint serves every grid. A grid call is a POST, which no HTTP
// cache keeps: its pages are kept by the persisted query cache (backends/queryCache.ts), its files by
// Saved for offline.
import type { GridQuery } from '../../contract/api';
import { GRID_EXPORT_CSV } from '../../contract/constants';
import { api } from './api';
import type { GridRows } from '../components/grid/gridCells';
import { readGridAnswer, type GridAnswer } from './rowsByLine';

/** Which grid (its declaration's path, '/admin/fraud') and its body. */
export interface GridPageRequest {
  /** The path, with the query of a grid of one row's (`/admin/payment_run_detail?id=7`). */
  path: string;
  body: GridQuery;
}

/** The path relative to the admin backend's base. */
const urlOf = (path: string) => path.replace(/^\/+/, '');

/** A grid's tag: its path without the query (`/admin/payment_run_detail`), so a write that changes its rows invalidates every page of it. */
export const gridTag = (path: string) => ({ type: 'Grid' as const, id: `/${urlOf(path).split('?')[0] ?? ''}` });

/** A body without its cursor: the same page, however it is read. */
const withoutCursor = ({ cursor: _cursor, ...body }: GridQuery): GridQuery => body;

export const gridsApi = api.enhanceEndpoints({ addTagTypes: ['Grid'] }).injectEndpoints({
  endpoints: (build) => ({
    gridPage: build.query<GridRows, GridPageRequest>({
      // 'All rows' is read a row at a time as the grid draws it (rowsByLine.ts).
      query: ({ path, body }) => ({ backend: 'admin', url: urlOf(path), method: 'POST', body, ...(body.page_size === 0 ? { responseHandler: readGridAnswer } : {}) }),
      // A cursor is how the page is read, not which page it is: the page read by its number (after
      // a reload, from a shared link) is the same cache entry, also offline.
      serializeQueryArgs: ({ queryArgs }) => ({ path: queryArgs.path, body: withoutCursor(queryArgs.body) }),
      // A payment run made, approved or reversed changes the rows of several grids (features/paymentruns).
      providesTags: (_result, _error, { path }) => [gridTag(path)],
      // A page of 'all' holds up to GRID_ALL_ROWS_MAX rows. The store's Immer walks every object new
      // to it to freeze it, and RTK Query walks a refetched answer to share its unchanged rows: on
      // 100,000 rows, 330 ms of the grid's mount in Chromium. Nothing changes a page once read, so
      // the answer arrives frozen (Immer stops at a frozen object) and is never compared.
      structuralSharing: false,
      transformResponse: ({ data, count, next, previous, latest }: GridAnswer): GridRows =>
        Object.freeze({
          rows: data,
          count,
          ...(next ? { next } : {}),
          ...(previous ? { previous } : {}),
          ...(latest ? { latest } : {}),
        }),
    }),
  }),
});

export const { useGridPageQuery } = gridsApi;

/** The export of the same grid: the same filters and order, every row (page_size 0), as CSV. */
export const gridExport = ({ path, body }: GridPageRequest) => ({
  url: urlOf(path),
  method: 'POST',
  body: { ...withoutCursor(body), page_size: 0, current_page: 1, export: GRID_EXPORT_CSV },
});
