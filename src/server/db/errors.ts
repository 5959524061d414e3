// Recognising database refusals the API answers as conflicts. Both drivers report PostgreSQL's
// error fields; drizzle wraps them in `cause`.

import { MAX_ID } from '../../contract/constants';

/** The PostgreSQL error under a driver or drizzle wrapper, if any. */
export function postgresError(error: unknown): { code?: string; constraint?: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string') return { code: candidate.code, constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined };
    current = candidate.cause;
  }
  return undefined;
}

/** The name of the unique index or constraint a unique violation (23505) hit, else undefined. */
export function uniqueViolation(error: unknown): string | undefined {
  const found = postgresError(error);
  return found?.code === '23505' ? (found.constraint ?? '') : undefined;
}

/** An id a row can have (the contract's id type checks every request's; this guards ids from elsewhere). */
export const isStorableId = (id: number): boolean => Number.isSafeInteger(id) && id > 0 && id <= MAX_ID;
