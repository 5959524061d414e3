// The dates of SPEC.md section 9: report requests carry DD-MMM-YYYY ('01-Nov-2026'); report
// tables show YYYY-MM-DD HH:MM:SS. Screens hold ISO dates ('2026-11-01'); these convert.
import { REQUEST_DATE_MAX, REQUEST_DATE_MIN } from './constants';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** '2026-11-01' → '01-Nov-2026'. */
export function toRequestDate(isoDate: string): string {
  const [year, month, day] = isoDate.slice(0, 10).split('-');
  return `${day}-${MONTHS[Number(month) - 1] ?? ''}-${year}`;
}

/** '01-Nov-2026' (month in any case) → '2026-11-01'; null when it is not a real calendar date. */
export function fromRequestDate(requestDate: string): string | null {
  const match = /^(\d{2})-([A-Za-z]{3})-(\d{4})$/.exec(requestDate.trim());
  if (!match) return null;
  const [, day, monthName, year] = match as unknown as [string, string, string, string];
  const month = MONTHS.findIndex((name) => name.toLowerCase() === monthName.toLowerCase()) + 1;
  if (month === 0) return null;
  const iso = `${year}-${String(month).padStart(2, '0')}-${day}`;
  // 31-Feb-2026 parses to March: only a date that reads back the same is real.
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(iso) ? iso : null;
}

/** An ISO date-time as report tables show it: 'YYYY-MM-DD HH:MM:SS' (UTC). */
export const reportTableTime = (isoDateTime: string): string => isoDateTime.slice(0, 19).replace('T', ' ');

/** The ISO date `days` after `isoDate` (before it when negative). */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** How many days a range of ISO dates holds, both ends counted. */
export const daysIn = ({ start, end }: { start: string; end: string }): number => Math.round((Date.parse(end) - Date.parse(start)) / 86_400_000) + 1;

/** An ISO date an address holds, when it is a real calendar date the server accepts (REQUEST_DATE_MIN to _MAX); else undefined. */
export function isoDateOf(value: string | null | undefined): string | undefined {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value) || fromRequestDate(toRequestDate(value)) !== value) return undefined;
  return value >= REQUEST_DATE_MIN && value <= REQUEST_DATE_MAX ? value : undefined;
}
