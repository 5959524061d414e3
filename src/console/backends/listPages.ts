// Lists on the wire, in both of their shapes (DESIGN.md 'Pages'). The legacy admin backend takes
// page_size (0: every row), a 1-based current_page, search and orderby, and answers {data, count};
// the service and new user backends take a 1-based page, page_size (at most SERVICE_PAGE_SIZE_MAX),
// search and ordering, and answer {count, next, previous, results}. A screen keeps one ListView
// whatever the backend; its endpoint sends the backend's query and hands the screen ListRows.
import type { TagDescription } from '@reduxjs/toolkit/query';
import type { z } from 'zod';
import type { DataList, ListPage, ListQuery, Page } from '../../contract/api';
import { SERVICE_PAGE_SIZE_MAX } from '../../contract/constants';
import type { pageQuery } from '../../contract/schemas/lists';
import type { Backend } from '../ground/config';

/** What a list screen shows: the page (1-based), rows per page (0: all), search and sort ('field' or '-field'). */
export interface ListView {
  page: number;
  pageSize: number;
  search: string;
  order: string;
}

/** The rows of one page and the count of all matching rows: what the list component reads. */
export interface ListRows<T> {
  rows: T[];
  count: number;
  /** The server stopped counting at `count`: there are at least that many (the agents list). */
  countCapped?: boolean;
}

/** The query of a list of the service and new user backends. */
export type PageQuery = z.input<typeof pageQuery>;

export const legacyListQuery = (view: ListView): ListQuery => ({
  page_size: view.pageSize,
  current_page: view.page,
  search: view.search,
  orderby: view.order,
});

/** 'All rows' is as many as the service backends give in one page. */
export const servicePageQuery = (view: ListView): PageQuery => ({
  page: view.page,
  page_size: view.pageSize === 0 ? SERVICE_PAGE_SIZE_MAX : view.pageSize,
  search: view.search,
  ordering: view.order,
});

/** Either answer as ListRows (a legacy list without a count holds every row). */
export function toListRows<T>(answer: ListPage<T> | DataList<T> | (Page<T> & { count_capped?: boolean })): ListRows<T> {
  if ('results' in answer) return { rows: answer.results, count: answer.count, ...(answer.count_capped ? { countCapped: true } : {}) };
  return { rows: answer.data, count: answer.count ?? answer.data.length };
}

/** A list endpoint of the legacy admin backend at `url`, providing `tags`: `build.query(legacyList(url, tags))`. */
export const legacyList = <T, Tags extends ReadonlyArray<TagDescription<string>>>(url: string, tags: Tags) => ({
  query: (view: ListView) => ({ backend: 'admin' as const, url, params: legacyListQuery(view) }),
  transformResponse: (answer: ListPage<T>): ListRows<T> => toListRows(answer),
  providesTags: tags,
});

/** Every row of a legacy list at `url`, in one page sorted by `order` (reference data for a form's choices). */
export const legacyAllRows = <T, Tags extends ReadonlyArray<TagDescription<string>>>(url: string, order: string, tags: Tags) => ({
  query: () => ({ backend: 'admin' as const, url, params: legacyListQuery({ page: 1, pageSize: 0, search: '', order }) }),
  transformResponse: (answer: ListPage<T> | DataList<T>): ListRows<T> => toListRows(answer),
  providesTags: tags,
});

/** A list view narrowed by its backend's filters (`{ active_flag: false }`, `{ ids: '3,7' }`). */
export type FilteredView = ListView & { filters?: Record<string, string | number | boolean | undefined> };

/** The backends whose lists are paged as the service backend's. */
export type PagedBackend = Exclude<Backend, 'admin'>;

/** A list endpoint of the service or new user `backend` at `url`, providing `tags`. */
export const serviceList = <T, Tags extends ReadonlyArray<TagDescription<string>>>(backend: PagedBackend, url: string, tags: Tags) => ({
  query: ({ filters, ...view }: FilteredView) => ({ backend, url, params: { ...servicePageQuery(view), ...filters } }),
  transformResponse: (answer: Page<T>): ListRows<T> => toListRows(answer),
  providesTags: tags,
});

/** Every row of a service list at `url` (one page of the most it gives) with its `filters`: a form's choices. */
export const serviceAllRows = <T, Arg, Tags extends ReadonlyArray<TagDescription<string>>>(
  backend: PagedBackend,
  url: string,
  filters: (arg: Arg) => FilteredView['filters'],
  tags: Tags,
) => ({
  query: (arg: Arg) => ({ backend, url, params: { ...servicePageQuery({ page: 1, pageSize: 0, search: '', order: '' }), ...filters(arg) } }),
  transformResponse: (answer: Page<T>): ListRows<T> => toListRows(answer),
  providesTags: tags,
});
