// The state of a report grid (SPEC.md section 7, 'Grid calls'), kept whole in the address so a
// grid is a link that can be shared, bookmarked and reloaded: ?start=2026-11-01&end=2026-11-30
// &campaign=6&blacklisted=1&currency=GHS&search=ama&order=-created_at&page=2&size=50, as every list keeps its
// own (listAddress.ts: the history entries, the search, the screen's address remembered). Only what
// differs from the default is written: no dates means the last DEFAULT_GRID_RANGE_DAYS days ending
// today, no order the declaration's own. The grid's body sends the dates as DD-MMM-YYYY and only the filters its
// declaration offers (the server refuses the others); a new filter, sort or page size starts again
// at page 1.
//
// The keyset cursor of a neighbouring page (the answer's `next` or `previous`) is never in the
// address: it is held in memory for the page it leads to, and sent only while the address still
// asks for that page with the same filters; any other page is read by its number.
import { useCallback, useState } from 'react';
import type { GridQuery } from '../../contract/api';
import { DEFAULT_GRID_PAGE_SIZE, DEFAULT_GRID_RANGE_DAYS } from '../../contract/constants';
import { addDays, isoDateOf, toRequestDate } from '../../contract/dates';
import { GRID_FILTERS, gridFilterOf, type GridFilterValues } from '../../contract/gridFilters';
import { sortableKeys, type GridDeclaration } from '../../contract/grids';
import { reconcileDateRange } from '../../contract/reports';
import { useCallerIsSuper } from '../ground/useCallerIsSuper';
import { useSavingPageSize } from '../http/dataSaver';
import { pageParam, pageSizeParam, useRememberedAddress, useTypedSearch } from './listAddress';

/** What the user chose: dates as ISO dates, the filters (contract/gridFilters.ts), search, sort and paging. */
export type GridState = GridFilterValues & {
  start: string;
  end: string;
  search: string;
  /** 'field' or '-field': a sortable column of the grid. */
  order: string;
  page: number;
  /** Rows per page: one of GRID_PAGE_SIZES, 0 for all. */
  size: number;
};

/** The filters a user changes (each starts the grid again at page 1). */
export type GridFilterChange = Partial<Omit<GridState, 'order' | 'page' | 'size'>>;

/** Today as an ISO date (UTC, as the server reads the range). */
export const todayIso = (): string => new Date().toISOString().slice(0, 10);

/** Every filter at its initial value: none filters anything. */
const initialFilters = (): GridFilterValues => Object.fromEntries(GRID_FILTERS.map((key) => [key, gridFilterOf(key).initial])) as GridFilterValues;

export function defaultGridState(grid: GridDeclaration, today: string): GridState {
  return {
    ...initialFilters(),
    start: addDays(today, -DEFAULT_GRID_RANGE_DAYS),
    end: today,
    search: '',
    order: grid.defaultOrder,
    page: 1,
    size: DEFAULT_GRID_PAGE_SIZE,
  };
}

/** The grid's state an address names; what it does not know, or the grid does not offer, is left at its default. */
export function gridStateOf(grid: GridDeclaration, params: URLSearchParams, today: string): GridState {
  const state = defaultGridState(grid, today);
  const range = reconcileDateRange('start', { start: isoDateOf(params.get('start')) ?? state.start, end: isoDateOf(params.get('end')) ?? state.end });
  const order = params.get('order') ?? '';
  const filters = Object.fromEntries(grid.filters.map((key) => [key, gridFilterOf(key).read(params.get(key))]));
  return {
    ...state,
    ...range,
    ...filters,
    search: (params.get('search') ?? '').trim(),
    order: sortableKeys(grid).includes(order.replace(/^-/, '')) ? order : state.order,
    page: pageParam(params.get('page')),
    size: pageSizeParam(params.get('size')),
  };
}

/** Each parameter of a grid's state, undefined where the state is the default. */
function gridParamEntries(grid: GridDeclaration, state: GridState, today: string): Array<[string, string | undefined]> {
  const defaults = defaultGridState(grid, today);
  const entries: Array<[string, string | number | undefined]> = [
    ['start', state.start === defaults.start ? undefined : state.start],
    ['end', state.end === defaults.end ? undefined : state.end],
    ...GRID_FILTERS.map((key): [string, string | undefined] => [key, gridFilterOf(key).write(state[key])]),
    ['search', state.search || undefined],
    ['order', state.order === defaults.order ? undefined : state.order],
    ['page', state.page === 1 ? undefined : state.page],
    ['size', state.size === defaults.size ? undefined : state.size],
  ];
  return entries.map(([key, value]) => [key, value === undefined ? undefined : String(value)]);
}

/** The address of a grid's state: only what differs from the default. */
export function gridParamsOf(grid: GridDeclaration, state: GridState, today: string): Record<string, string> {
  return Object.fromEntries(gridParamEntries(grid, state, today).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/** The address of the grid's state, followed by what else it holds (the report queue's page). */
function withGridState(params: URLSearchParams, grid: GridDeclaration, state: GridState, today: string): URLSearchParams {
  const entries = gridParamEntries(grid, state, today);
  const own = new Set(entries.map(([name]) => name));
  const next = new URLSearchParams(entries.filter((entry): entry is [string, string] => entry[1] !== undefined));
  for (const [name, value] of params) if (!own.has(name)) next.append(name, value);
  return next;
}

/**
 * The grid call's body: dates as DD-MMM-YYYY, paging, search and sort, and the filters the grid
 * offers that filter something (or that it reads even unset). A Super Admin's own filters
 * ('Include Blacklisted', BQ: SPEC.md section 6) nobody else sends.
 */
export function gridBody(grid: GridDeclaration, state: GridState, callerIsSuper: boolean): GridQuery {
  const body: Record<string, unknown> = {
    start_date: toRequestDate(state.start),
    end_date: toRequestDate(state.end),
    search: state.search,
    page_size: state.size,
    current_page: state.page,
    orderby: state.order,
  };
  for (const key of grid.filters) {
    const filter = gridFilterOf(key);
    if (filter.superAdminOnly && !callerIsSuper) continue;
    if (state[key] !== filter.initial || filter.sentWhenInitial) body[key] = state[key];
  }
  return body as GridQuery;
}

/** What a cursor is valid for besides its page: the same filters, order and page size. */
export function gridCursorKey(path: string, body: GridQuery): string {
  const { current_page: _page, cursor: _cursor, export: _export, ...rest } = body;
  return JSON.stringify([path, rest]);
}

interface HeldCursor {
  key: string;
  page: number;
  cursor: string;
}

/** The grid's state from the address, its call's body, and how to change it. */
export function useGridQuery(grid: GridDeclaration) {
  const { params, write: writeParams } = useRememberedAddress();
  // The default range ends on the day the screen opened.
  const [today] = useState(todayIso);
  const callerIsSuper = useCallerIsSuper();
  const asked = gridStateOf(grid, params, today);
  const state = { ...asked, size: useSavingPageSize(asked.size) };
  const [held, setHeld] = useState<HeldCursor>();

  const plain = gridBody(grid, state, callerIsSuper);
  const key = gridCursorKey(grid.path, plain);
  const body: GridQuery = held && held.key === key && held.page === state.page ? { ...plain, cursor: held.cursor } : plain;

  /** Writes the grid's new state into the address: a new history entry, so Back undoes it. */
  const write = (change: (current: GridState) => GridState) => writeParams(withGridState(params, grid, change(state), today));
  const change = (filters: GridFilterChange) => write((current) => ({ ...current, ...filters, page: 1 }));
  const writeSearch = useCallback(
    (search: string) => writeParams(withGridState(params, grid, { ...gridStateOf(grid, params, today), search, page: 1 }, today), true),
    [writeParams, grid, params, today],
  );
  const { typedSearch, setSearch } = useTypedSearch(state.search, writeSearch);

  return {
    state,
    body,
    callerIsSuper,
    typedSearch,
    setSearch,
    change,
    /** Moving the start after the end pushes the end to it, and vice versa (SPEC.md section 4). */
    setDate: (which: 'start' | 'end', value: string) =>
      write((current) => ({ ...current, ...reconcileDateRange(which, { start: current.start, end: current.end, [which]: value }), page: 1 })),
    /** Another page; with the cursor of the answer on screen when it is that answer's neighbour. */
    setPage: (page: number, cursor?: string) => {
      setHeld(cursor ? { key, page, cursor } : undefined);
      write((current) => ({ ...current, page }));
    },
    setPageSize: (size: number) => write((current) => ({ ...current, size, page: 1 })),
    /** Clicking a column sorts by it (ascending first); clicking it again reverses the order. */
    sortBy: (field: string) => write((current) => ({ ...current, order: current.order === field ? `-${field}` : field, page: 1 })),
  };
}

export type GridQueryState = ReturnType<typeof useGridQuery>;
