// Days and money as the seed computes them: instants are epoch milliseconds in UTC, counted back
// from the anchor (the data's 'today'); money is integer minor units until it is written as a
// NUMERIC string, so no floating point ever reaches an amount.

export const DAY_MS = 86_400_000;

/** Midnight UTC of a 'YYYY-MM-DD' day, as epoch milliseconds. */
export function parseAnchorDate(anchorDate: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(anchorDate);
  const ms = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : Number.NaN;
  if (Number.isNaN(ms) || isoDay(ms) !== anchorDate) {
    throw new Error(`seed: anchorDate must be a real day written YYYY-MM-DD, got '${anchorDate}'`);
  }
  return ms;
}

/** 'YYYY-MM-DD' of an instant, in UTC. */
export const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** An instant as an ISO 8601 string with 'Z', which PostgreSQL reads as UTC whatever its TimeZone. */
export const isoInstant = (ms: number): string => new Date(ms).toISOString();

/** Integer minor units as a NUMERIC(14,2) string: 1250 -> '12.50'. */
export function decimal(minorUnits: number): string {
  if (!Number.isSafeInteger(minorUnits) || minorUnits < 0) throw new Error(`seed: bad amount ${minorUnits}`);
  return `${Math.floor(minorUnits / 100)}.${String(minorUnits % 100).padStart(2, '0')}`;
}
