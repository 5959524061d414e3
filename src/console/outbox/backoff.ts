// When to try an unsent write again: 2 s after the first failed try, doubling up to 2 minutes,
// spread by ±20 % so that many consoles coming back after an outage do not all ask at once.
export const FIRST_RETRY_MS = 2_000;
export const MAX_RETRY_MS = 120_000;

export function retryDelay(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
  return Math.round(base * (0.8 + 0.4 * random()));
}
