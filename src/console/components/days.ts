// A day as a person reads and types it (SPEC.md section 9's DD-MMM-YYYY), and as the calendar holds
// it (a local midnight): the date field's and its calendar's one reading of a day.
import { REQUEST_DATE_MAX, REQUEST_DATE_MIN } from '../../contract/constants';
import { fromRequestDate, toRequestDate } from '../../contract/dates';

/** A day picked in the calendar (local midnight) as an ISO date. */
export const isoOfLocal = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** An ISO date as the calendar's local midnight. */
export function localOfIso(iso: string): Date {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day);
}

/** The day shown as the requests carry it: 01-Nov-2026 ('' for none). */
export const shownDay = (iso: string) => (iso ? toRequestDate(iso) : '');

/**
 * A typed day, DD-MMM-YYYY (any case) or an ISO date, as an ISO date; null when it is not a real
 * day of the requests' range.
 */
export function typedDay(text: string): string | null {
  const trimmed = text.trim();
  const iso = fromRequestDate(trimmed) ?? (/^\d{4}-\d{2}-\d{2}$/.test(trimmed) && fromRequestDate(toRequestDate(trimmed)) === trimmed ? trimmed : null);
  return iso && iso >= REQUEST_DATE_MIN && iso <= REQUEST_DATE_MAX ? iso : null;
}

export const FIRST_DAY = localOfIso(REQUEST_DATE_MIN);
export const LAST_DAY = localOfIso(REQUEST_DATE_MAX);
