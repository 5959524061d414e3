// The state of a report grid (SPEC.md section 7, 'Grid calls'): the list's paging, search and sort,
// plus a date range (the last 30 days at first), a campaign and 'Include Blacklisted'. Its body
// carries the dates as DD-MMM-YYYY; a new filter starts again at page 1.
import { useState } from 'react';
import type { GridQuery } from '../../contract/api';
import { DEFAULT_GRID_RANGE_DAYS } from '../../contract/constants';
import { addDays, toRequestDate } from '../../contract/dates';
import { reconcileDateRange } from '../../contract/reports';
import { legacyListQuery, type ListView } from '../api/listPages';
import { useListParams } from './useListParams';

export interface GridFilterValues {
  /** ISO dates. */
  start: string;
  end: string;
  campaign: number | undefined;
  blacklisted: boolean;
}

const today = () => new Date().toISOString().slice(0, 10);

export function initialGridFilters(now = today()): GridFilterValues {
  return { start: addDays(now, -DEFAULT_GRID_RANGE_DAYS), end: now, campaign: undefined, blacklisted: false };
}

/** The grid call's body for these filters and list state. */
export function gridBody(filters: GridFilterValues, view: ListView): GridQuery {
  return {
    ...legacyListQuery(view),
    start_date: toRequestDate(filters.start),
    end_date: toRequestDate(filters.end),
    ...(filters.campaign ? { campaign: filters.campaign } : {}),
    blacklisted: filters.blacklisted,
  };
}

export function useGridParams(initialOrder = '') {
  const list = useListParams(initialOrder);
  const [filters, setFilters] = useState(initialGridFilters);
  const change = (next: GridFilterValues) => {
    setFilters(next);
    list.setPage(1);
  };
  return {
    list,
    filters,
    body: gridBody(filters, list.view),
    /** Moving the start after the end pushes the end to it, and vice versa (SPEC.md section 4). */
    setDate: (which: 'start' | 'end', value: string) =>
      change({ ...filters, ...reconcileDateRange(which, { ...{ start: filters.start, end: filters.end }, [which]: value }) }),
    setCampaign: (campaign: number | undefined) => change({ ...filters, campaign }),
    setBlacklisted: (blacklisted: boolean) => change({ ...filters, blacklisted }),
  };
}

export type GridParams = ReturnType<typeof useGridParams>;
