// The summaries a grouped grid reads instead of its rows (migrations 0028, 0029): each group's
// figures per UTC day and per UTC month, kept by the database with every write.
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { addDays } from '../../../contract/dates';

/**
 * A summary's rows of whole UTC days from `start` to `end` (ISO dates, both included): the whole
 * months between them as month rows, the days before the first and after the last as day rows (all
 * days, where the range holds no whole month). A range of whole months reads one range of the
 * summary's (period, start) index alone.
 */
export const periodsWithin = (summary: { period: AnyColumn; start: AnyColumn }) => (start: string, end: string): SQL => {
  const { period, start: first } = summary;
  const days = (from: string, to: string) => sql`(${period} = 'day' and ${first} between ${from}::date and ${to}::date)`;
  const firstMonth = start.endsWith('-01') ? start : nextMonth(start);
  // The first month the range does not hold in full.
  const pastMonths = `${addDays(end, 1).slice(0, 7)}-01`;
  if (firstMonth >= pastMonths) return days(start, end);
  const parts = [sql`(${period} = 'month' and ${first} >= ${firstMonth}::date and ${first} < ${pastMonths}::date)`];
  if (start < firstMonth) parts.push(days(start, addDays(firstMonth, -1)));
  if (pastMonths <= end) parts.push(days(pastMonths, end));
  return sql`(${sql.join(parts, sql` or `)})`;
};

/** The first day of the month after `date`'s. */
function nextMonth(date: string): string {
  const next = new Date(`${date.slice(0, 7)}-01T00:00:00Z`);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next.toISOString().slice(0, 10);
}
