// The summaries a grouped grid reads instead of its rows (migrations 0028, 0029, 0031, 0032): each
// group's figures per UTC day, month and year, kept by the database with every write.
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { addDays } from '../../../contract/dates';

export type Grain = 'year' | 'month' | 'day';

/** The rows of one grain whose periods start from `from` up to (not including) `past`. */
export type PeriodRange = { grain: Grain; from: string; past: string };

/**
 * A summary's rows of whole UTC days from `start` to `end` (ISO dates, both included): the whole
 * years between them as year rows, the whole months before and after those as month rows, the days
 * left at the edges as day rows. A range of whole periods reads one range of the summary's
 * (period, start) index alone.
 */
export const periodsWithin = (summary: { period: AnyColumn; start: AnyColumn }) => (start: string, end: string): SQL => {
  const parts = coveringPeriods(start, end, ['year', 'month', 'day'])
    .map(({ grain, from, past }) => sql`(${summary.period} = ${grain} and ${summary.start} >= ${from}::date and ${summary.start} < ${past}::date)`);
  return parts.length === 0 ? sql`false` : sql`(${sql.join(parts, sql` or `)})`;
};

/** The periods that cover `start` to `end` (both included), the largest grain first, none twice. */
export function coveringPeriods(start: string, end: string, grains: Grain[]): PeriodRange[] {
  const cover = ([grain, ...smaller]: Grain[], from: string, past: string): PeriodRange[] => {
    if (from >= past || !grain) return [];
    if (grain === 'day') return [{ grain, from, past }];
    const wholeFrom = periodStart(grain, from) === from ? from : nextPeriod(grain, from);
    const wholePast = periodStart(grain, past);
    if (wholeFrom >= wholePast) return cover(smaller, from, past);
    return [{ grain, from: wholeFrom, past: wholePast }, ...cover(smaller, from, wholeFrom), ...cover(smaller, wholePast, past)];
  };
  return cover(grains, start, addDays(end, 1));
}

/** The first day of the year or month holding `date`. */
function periodStart(grain: 'year' | 'month', date: string): string {
  return grain === 'year' ? `${date.slice(0, 4)}-01-01` : `${date.slice(0, 7)}-01`;
}

/** The first day of the year or month after `date`'s. */
function nextPeriod(grain: 'year' | 'month', date: string): string {
  const next = new Date(`${periodStart(grain, date)}T00:00:00Z`);
  if (grain === 'year') next.setUTCFullYear(next.getUTCFullYear() + 1);
  else next.setUTCMonth(next.getUTCMonth() + 1);
  return next.toISOString().slice(0, 10);
}
