// How a grid's values travel: each column format's JSON and CSV text, its sort, and the checks a
// page's rows and a cursor's keys pass (text PostgreSQL takes, numbers, timestamps).
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { ColumnFormat } from '../../../contract/grids';
import { sortableText } from '../../db/foldedText';

/** Text PostgreSQL takes: anything without a NUL. */
export const plainText = z.string().refine((text) => !text.includes('\u0000'));
export const numericText = z.string().regex(/^-?\d{1,40}(\.\d{1,40})?$/);
const INT8_MAX = 2n ** 63n - 1n;
// One refine: zod runs a refine after a failed regex too, and BigInt('abc') throws.
export const bigintText = z.string().refine((text) => /^\d{1,19}$/.test(text) && BigInt(text) <= INT8_MAX);
const TIMESTAMP = /^\d{4}-\d{2}-\d{2} (?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d{1,6})?[+-](?:0\d|1[0-5])(?::[0-5]\d){0,2}$/;
/** A timestamptz as PostgreSQL writes it ('2026-11-01 09:30:00.123+00', on a day of the calendar), or ±infinity (a sort of NULLs first). */
export const timestampText = z.union([
  z.enum(['infinity', '-infinity']),
  z.string().regex(TIMESTAMP).refine((text) => !text.startsWith('0000') && z.iso.date().safeParse(text.slice(0, 10)).success),
]);

/**
 * Each sort's SQL type, and the text of it a cursor may carry (what PostgreSQL writes for `::text`):
 * an edited cursor's anchor is checked against it before it is cast, so it is a 400, never the
 * database's 22007 or 22P02 (issue 31).
 */
export const SORT_TYPES: Record<ColumnFormat, { sql: string; text: z.ZodType<string> }> = {
  text: { sql: 'text', text: plainText },
  time: { sql: 'timestamptz', text: timestampText },
  money: { sql: 'numeric', text: numericText },
  percent: { sql: 'numeric', text: numericText },
  count: { sql: 'numeric', text: numericText },
  flag: { sql: 'boolean', text: z.enum(['true', 'false']) },
};
/** The same for a row's key. */
export const KEY_TEXTS = { bigint: bigintText, text: plainText } as const;

/** A value as the JSON answer carries it (the contract's VALUE_SCHEMAS). */
export function jsonValue(format: ColumnFormat, value: SQL): SQL {
  switch (format) {
    case 'time': return sql`to_char((${value}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    case 'money': return sql`(${value})::numeric(14, 2)::text`;
    case 'percent': return sql`round((${value})::numeric, 1)::text`;
    case 'count': return sql`(${value})::int`;
    case 'flag': return sql`(${value})::boolean`;
    case 'text': return sql`(${value})::text`;
  }
}

/**
 * A value as the CSV file carries it: times as report tables show them, flags as Yes or No, and
 * text that a spreadsheet would run as a formula (=, +, -, @, tab, carriage return) behind a quote.
 */
export function csvValue(format: ColumnFormat, value: SQL): SQL {
  switch (format) {
    case 'time': return sql`to_char((${value}) at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS')`;
    case 'flag': return sql`case when ${value} then 'Yes' else 'No' end`;
    case 'text': return sql`case when left(${value}, 1) in ('=', '+', '-', '@', chr(9), chr(13)) then '''' || (${value}) else (${value})::text end`;
    default: return jsonValue(format, value);
  }
}

/** A column's sort: text ignoring case and accents (NULL as empty), the rest as they are. */
export const sortValue = (format: ColumnFormat, value: SQL): SQL => (format === 'text' ? sortableText(value) : value);
