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
import { AUDIT_ENTITIES, type AuditEntity } from '../../contract/auditEntities';
import { DEFAULT_GRID_PAGE_SIZE, DEFAULT_GRID_RANGE_DAYS } from '../../contract/constants';
import { addDays, isoDateOf, toRequestDate } from '../../contract/dates';
import { sortableKeys, type GridDeclaration, type GridFilter } from '../../contract/grids';
import { reconcileDateRange } from '../../contract/reports';
import { HOLDS_FILTER_VALUES, type HoldsFilter } from '../../contract/schemas/gridQuery';
import { useCallerIsSuper } from '../ground/useCallerIsSuper';
import { useSavingPageSize } from '../http/dataSaver';
import { pageParam, pageSizeParam, useRememberedAddress, useTypedSearch } from './listAddress';
import { idParam } from './useListParams';

/** What the user chose: dates as ISO dates, the filters, search, sort and paging. */
export interface GridState {
  start: string;
  end: string;
  agency?: number;
  campaign?: number;
  /** Two capital letters. */
  country?: string;
  blacklisted: boolean;
  bq: boolean;
  gifting: boolean;
  enabled: boolean;
  /** Paid rows, due rows, or both (undefined). */
  paid?: boolean;
  /** The audit trail's: who made the change (a user id), and what it changed (an entity's key). */
  admin?: number;
  entity?: AuditEntity;
  /** Pending Payments' rows with something a payment run pays, or holds back; both (undefined). */
  holds?: HoldsFilter;
  /** The money grids' rows in one currency (three capital letters). */
  currency?: string;
  search: string;
  /** 'field' or '-field': a sortable column of the grid. */
  order: string;
  page: number;
  /** Rows per page: one of GRID_PAGE_SIZES, 0 for all. */
  size: number;
}

/** The filters a user changes (each starts the grid again at page 1). */
export type GridFilterChange = Partial<Omit<GridState, 'order' | 'page' | 'size'>>;

/** Today as an ISO date (UTC, as the server reads the range). */
export const todayIso = (): string => new Date().toISOString().slice(0, 10);

export function defaultGridState(grid: GridDeclaration, today: string): GridState {
  return {
    start: addDays(today, -DEFAULT_GRID_RANGE_DAYS),
    end: today,
    blacklisted: false,
    bq: false,
    gifting: false,
    enabled: false,
    search: '',
    order: grid.defaultOrder,
    page: 1,
    size: DEFAULT_GRID_PAGE_SIZE,
  };
}

const offers = (grid: GridDeclaration, filter: GridFilter): boolean => grid.filters.includes(filter);

/** The grid's state an address names; what it does not know, or the grid does not offer, is left at its default. */
export function gridStateOf(grid: GridDeclaration, params: URLSearchParams, today: string): GridState {
  const state = defaultGridState(grid, today);
  const flag = (name: GridFilter) => offers(grid, name) && params.get(name) === '1';
  const range = reconcileDateRange('start', { start: isoDateOf(params.get('start')) ?? state.start, end: isoDateOf(params.get('end')) ?? state.end });
  const order = params.get('order') ?? '';
  const country = params.get('country')?.toUpperCase();
  const paid = params.get('paid');
  const entity = params.get('entity') ?? '';
  const holds = HOLDS_FILTER_VALUES.find((value) => value === params.get('holds'));
  const currency = params.get('currency')?.toUpperCase();
  return {
    ...state,
    ...range,
    agency: offers(grid, 'agency') ? idParam(params.get('agency')) : undefined,
    campaign: offers(grid, 'campaign') ? idParam(params.get('campaign')) : undefined,
    country: offers(grid, 'country') && country && /^[A-Z]{2}$/.test(country) ? country : undefined,
    blacklisted: flag('blacklisted'),
    bq: flag('bq'),
    gifting: flag('gifting'),
    enabled: flag('enabled'),
    paid: offers(grid, 'paid') && (paid === '1' || paid === '0') ? paid === '1' : undefined,
    admin: offers(grid, 'admin') ? idParam(params.get('admin')) : undefined,
    entity: offers(grid, 'entity') && Object.hasOwn(AUDIT_ENTITIES, entity) ? (entity as AuditEntity) : undefined,
    holds: offers(grid, 'holds') ? holds : undefined,
    currency: offers(grid, 'currency') && currency && /^[A-Z]{3}$/.test(currency) ? currency : undefined,
    search: (params.get('search') ?? '').trim(),
    order: sortableKeys(grid).includes(order.replace(/^-/, '')) ? order : state.order,
    page: pageParam(params.get('page')),
    size: pageSizeParam(params.get('size')),
  };
}

/** Each parameter of a grid's state, undefined where the state is the default. */
function gridParamEntries(grid: GridDeclaration, state: GridState, today: string): Array<[string, string | undefined]> {
  const defaults = defaultGridState(grid, today);
  const flag = (on: boolean) => (on ? '1' : undefined);
  const entries: Array<[string, string | number | undefined]> = [
    ['start', state.start === defaults.start ? undefined : state.start],
    ['end', state.end === defaults.end ? undefined : state.end],
    ['agency', state.agency],
    ['campaign', state.campaign],
    ['country', state.country],
    ['blacklisted', flag(state.blacklisted)],
    ['bq', flag(state.bq)],
    ['gifting', flag(state.gifting)],
    ['enabled', flag(state.enabled)],
    ['paid', state.paid === undefined ? undefined : state.paid ? '1' : '0'],
    ['admin', state.admin],
    ['entity', state.entity],
    ['holds', state.holds],
    ['currency', state.currency],
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
 * offers. 'Include Blacklisted' and BQ are a Super Admin's only (SPEC.md section 6): nobody else sends them.
 */
export function gridBody(grid: GridDeclaration, state: GridState, callerIsSuper: boolean): GridQuery {
  const body: GridQuery = {
    start_date: toRequestDate(state.start),
    end_date: toRequestDate(state.end),
    search: state.search,
    page_size: state.size,
    current_page: state.page,
    orderby: state.order,
  };
  if (offers(grid, 'agency') && state.agency) body.agency = state.agency;
  if (offers(grid, 'campaign') && state.campaign) body.campaign = state.campaign;
  if (offers(grid, 'country') && state.country) body.country = state.country;
  if (offers(grid, 'blacklisted') && callerIsSuper) body.blacklisted = state.blacklisted;
  if (offers(grid, 'bq') && callerIsSuper) body.bq = state.bq;
  if (offers(grid, 'gifting')) body.gifting = state.gifting;
  if (offers(grid, 'enabled')) body.enabled = state.enabled;
  if (offers(grid, 'paid') && state.paid !== undefined) body.paid = state.paid;
  if (offers(grid, 'admin') && state.admin) body.admin = state.admin;
  if (offers(grid, 'entity') && state.entity) body.entity = state.entity;
  if (offers(grid, 'holds') && state.holds) body.holds = state.holds;
  if (offers(grid, 'currency') && state.currency) body.currency = state.currency;
  return body;
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
