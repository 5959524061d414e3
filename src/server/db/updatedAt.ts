// updated_at on the wire and on every update. JavaScript dates have no microseconds, so the wire
// carries milliseconds (ISO, UTC) and every update stores a millisecond instant that is strictly
// later than the one before: two edits in one millisecond still differ, so a client holding the
// older value always sees a conflict (routes/admin/requests.ts, requireUnchanged).
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** The column as an ISO 8601 instant with milliseconds ('2026-11-21T10:00:00.123Z'), cut, not rounded. */
export const isoMillis = (column: AnyColumn | SQL): SQL<string> =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The value to set on update: now() in milliseconds, and at least a millisecond after the stored one. */
export const nextUpdatedAt = (column: AnyColumn): SQL<Date> =>
  sql<Date>`greatest(date_trunc('milliseconds', now()), date_trunc('milliseconds', ${column}) + interval '1 millisecond')`;
