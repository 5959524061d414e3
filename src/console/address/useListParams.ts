// The state of a list screen: page size (20, 50, 100 or all), page, search and sort, whatever the
// backend (backends/listPages.ts turns it into each backend's query), kept in the address as the report
// grids keep theirs (listAddress.ts): ?search=ama&order=-name&page=2&size=50, with any filters of the
// list beside them. A new search, sort, size or filter starts again at page 1.
import { useCallback } from 'react';
import type { ListView } from '../backends/listPages';
import { DEFAULT_GRID_PAGE_SIZE } from '../../contract/constants';
import { useSavingPageSize } from '../http/dataSaver';
import { pageParam, pageSizeParam, useListAddress, useRememberedAddress, useTypedSearch, type ListAddress } from './listAddress';

/** An id from the address or a choice: a positive whole number, else undefined. */
export { idParam } from '../../contract/gridFilters';

export interface ListOptions {
  /** The sort the list starts with ('email', '-created_at'; '' for the server's own). */
  initialOrder?: string;
  /** The list's columns: an order by a field none of them sorts by is not one the server takes. */
  columns?: ReadonlyArray<{ sort?: string }>;
  /** Names this list's parameters ('queue' → queue.page) when a screen holds two lists. */
  prefix?: string;
}

/** The list's view an address names; what it does not know falls back to the default. */
function listViewOf(params: URLSearchParams, { initialOrder = '', columns = [], prefix }: ListOptions = {}): ListView {
  const name = paramName(prefix);
  const order = params.get(name('order')) ?? initialOrder;
  const sortable = order === initialOrder || columns.some((column) => column.sort && column.sort === order.replace(/^-/, ''));
  return {
    search: (params.get(name('search')) ?? '').trim(),
    order: sortable ? order : initialOrder,
    page: pageParam(params.get(name('page'))),
    pageSize: pageSizeParam(params.get(name('size'))),
  };
}

const paramName = (prefix?: string) => (name: string) => (prefix ? `${prefix}.${name}` : name);

/** The address with a list's view set: only what differs from the default, other parameters (filters, another list's) kept. */
function withListView(params: URLSearchParams, view: ListView, options: ListOptions = {}): URLSearchParams {
  return withParams(
    params,
    {
      search: view.search || undefined,
      order: view.order === (options.initialOrder ?? '') ? undefined : view.order,
      page: view.page === 1 ? undefined : String(view.page),
      size: view.pageSize === DEFAULT_GRID_PAGE_SIZE ? undefined : String(view.pageSize),
    },
    options.prefix,
  );
}

/** Sets some of a list's parameters in the address (undefined removes one). */
function withParams(params: URLSearchParams, values: Record<string, string | undefined>, prefix?: string): URLSearchParams {
  const name = paramName(prefix);
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) next.delete(name(key));
    else next.set(name(key), value);
  }
  return next;
}

/** A list's filters in the address (with the query a screen opened without one is taking), and how to change them. */
function filtersOf({ params, write }: ListAddress, prefix?: string) {
  return {
    /** The value of one of the list's filters. */
    filter: (key: string) => params.get(paramName(prefix)(key)),
    /** Sets some filters (undefined removes one), back at page 1: a new history entry, so Back undoes it, unless `replace`. */
    setFilters: (filters: Record<string, string | undefined>, replace = false) => write(withParams(params, { ...filters, page: undefined }, prefix), replace),
  };
}

/** The filters of a list, for a part of its screen that does not hold the list itself (a filter bar, its query). */
export const useListFilters = (prefix?: string) => filtersOf(useListAddress(), prefix);

export function useListParams(options: ListOptions = {}) {
  const address = useRememberedAddress();
  const { params, write } = address;
  const { prefix } = options;
  const asked = listViewOf(params, options);
  const view = { ...asked, pageSize: useSavingPageSize(asked.pageSize) };
  const change = (next: Partial<ListView>) => write(withListView(params, { ...view, ...next }, options));
  const writeSearch = useCallback(
    (search: string) => write(withParams(params, { search: search || undefined, page: undefined }, prefix), true),
    [params, write, prefix],
  );
  const { typedSearch, setSearch } = useTypedSearch(view.search, writeSearch);

  return {
    view,
    typedSearch,
    setSearch,
    setPageSize: (pageSize: number) => change({ pageSize, page: 1 }),
    setPage: (page: number) => change({ page }),
    /** Clicking a column sorts by it; clicking it again reverses the order. */
    sortBy: (field: string) => change({ order: view.order === field ? `-${field}` : field, page: 1 }),
    ...filtersOf(address, prefix),
  };
}

export type ListParams = ReturnType<typeof useListParams>;
