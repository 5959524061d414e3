// The Stats tab's period, kept in the address as the grids keep theirs (?start=2026-11-01&end=
// 2026-11-30, ISO dates; address/useGridQuery.ts), so the tab reloads, goes Back and is shared with
// its period; without them, the last STATS_DEFAULT_DAYS days ending today, as the server reads it.
import { useState } from 'react';
import { STATS_DEFAULT_DAYS } from '../../../contract/constants';
import { addDays, isoDateOf, toRequestDate } from '../../../contract/dates';
import { reconcileDateRange } from '../../../contract/reports';
import { useRememberedAddress } from '../../address/listAddress';

export interface Period {
  start: string;
  end: string;
}

/** Today as an ISO date (UTC, as the server reads the period). */
export const todayUtc = (): string => new Date().toISOString().slice(0, 10);

/** The default period: the last STATS_DEFAULT_DAYS days, today included. */
export const lastDays = (days: number, today: string): Period => ({ start: addDays(today, 1 - days), end: today });

/** The period an address names, the default where it names none. */
export function periodOf(params: URLSearchParams, today: string): Period {
  const fallback = lastDays(STATS_DEFAULT_DAYS, today);
  return reconcileDateRange('start', { start: isoDateOf(params.get('start')) ?? fallback.start, end: isoDateOf(params.get('end')) ?? fallback.end });
}

/** The period from the address, the calls' query for it, and how to change it (a new history entry). */
export function useStatsPeriod() {
  const { params, write } = useRememberedAddress();
  const [today] = useState(todayUtc);
  const period = periodOf(params, today);
  const setPeriod = (which: 'start' | 'end' | 'both', next: Period) => {
    const range = which === 'both' ? next : reconcileDateRange(which, next);
    write(new URLSearchParams({ start: range.start, end: range.end }));
  };
  return { period, today, query: { start_date: toRequestDate(period.start), end_date: toRequestDate(period.end) }, setPeriod };
}
