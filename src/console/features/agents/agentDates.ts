// Dates on the agent screens (SPEC.md section 9): dd-MMM-yyyy ('05-Nov-2026'), which is the
// DD-MMM-YYYY of requests; an invite's time as dd-MMM-yyyy HH:mm, in UTC like the report tables.
import { toRequestDate } from '../../../contract/dates';

/** '2026-11-05' → '05-Nov-2026'; a role without the date shows a dash. */
export const agentDate = (isoDate: string | null): string => (isoDate ? toRequestDate(isoDate) : '—');

/** '2026-11-05T09:07:00.000Z' → '05-Nov-2026 09:07'. */
export const inviteTime = (isoDateTime: string): string => `${toRequestDate(isoDateTime)} ${isoDateTime.slice(11, 16)}`;
