// What of the console's query cache is kept across reloads, so that every screen already visited opens
// offline from its last data: the queries that hold data (never a request in flight, never an
// error without data), the most recent first, at most QUERY_CACHE_LIMITS of them, with the tags
// they provide (so that a save still refreshes them). Never a query whose arguments carry a password,
// nor a secure report's (SECURE_ENDPOINT).
// On reload, createApi's extractRehydrationInfo hands this back to the api (api.ts).
import type { TagDescription } from '@reduxjs/toolkit/query';

export const QUERY_CACHE_LIMITS = {
  /** The most recent queries kept, of every backend. */
  maxQueries: 150,
  /**
   * The size cap, in characters of JSON (localStorage holds about 5 million). The whole cache is
   * written again on every change: at this size that stays a short task, and a grid's 'all rows'
   * (GRID_ALL_ROWS_MAX) is still left out unmeasured (holdsLongList).
   */
  maxChars: 1_500_000,
};

/**
 * Bumped when the shape changes: an older cache is dropped, not misread. 2: lists are kept as
 * ListRows ({rows, count}, backends/listPages.ts), asked for by a ListView.
 */
const CACHE_VERSION = 2;

interface QueryEntry {
  status: string;
  endpointName?: string;
  requestId?: string;
  originalArgs?: unknown;
  data?: unknown;
  startedTimeStamp?: number;
  fulfilledTimeStamp?: number;
  error?: unknown;
}
type ProvidedTags = Record<string, Record<string, string[]>>;
interface Provided { tags: ProvidedTags; keys: Record<string, readonly TagDescription<string>[]> }

/** The parts of the api's state read here. */
export interface ApiSliceState {
  queries: Record<string, QueryEntry | undefined>;
  provided: Provided | { tags?: ProvidedTags; keys?: Provided['keys'] };
}

export interface PersistedQueryCache {
  version: number;
  queries: Record<string, QueryEntry>;
  mutations: Record<string, never>;
  provided: Provided;
}

const PASSWORD_FIELDS = new Set(['password', 'new_password']);

/** Secure reports, their agencies and ledgers are never kept on the device (issue 16): their endpoints are named secure…. */
const SECURE_ENDPOINT = /^secure/;

/** True when a value holds a password field anywhere (query arguments are small objects). */
export function holdsPassword(value: unknown, depth = 0): boolean {
  if (!value || typeof value !== 'object' || depth > 5) return false;
  return Object.entries(value as Record<string, unknown>).some(([key, inner]) => PASSWORD_FIELDS.has(key) || holdsPassword(inner, depth + 1));
}

/**
 * Whether a value holds a list longer than `items` (a grid's 'all rows'), looked for two levels
 * down: such an entry cannot fit the cap, and writing 100,000 rows out as JSON to learn so would
 * cost the screen a third of a second.
 */
function holdsLongList(value: unknown, items: number, depth = 0): boolean {
  // An array, or a list read by index (a grid's rows read by line).
  if (Array.isArray(value) || isIndexed(value)) return (value as { length: number }).length > items;
  if (!value || typeof value !== 'object' || depth > 1) return false;
  return Object.values(value as Record<string, unknown>).some((inner) => holdsLongList(inner, items, depth + 1));
}
const isIndexed = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && typeof (value as { at?: unknown }).at === 'function' && typeof (value as { length?: unknown }).length === 'number';
/** Every row of a list takes more characters than this in JSON. */
const MIN_ROW_CHARS = 20;

const sizes = new WeakMap<object, number>();
function sizeOf(entry: QueryEntry): number {
  let size = sizes.get(entry);
  if (size === undefined) {
    size = holdsLongList(entry.data, QUERY_CACHE_LIMITS.maxChars / MIN_ROW_CHARS) ? Number.POSITIVE_INFINITY : (JSON.stringify(entry)?.length ?? 0);
    sizes.set(entry, size);
  }
  return size;
}

/** The same input gives the same output object, so an unchanged cache is not written again. */
const outputs = new WeakMap<object, { provided: unknown; limits: unknown; output: PersistedQueryCache }>();

export function persistableQueryCache(state: ApiSliceState, limits = QUERY_CACHE_LIMITS): PersistedQueryCache {
  const known = outputs.get(state.queries);
  if (known && known.provided === state.provided && known.limits === limits) return known.output;
  const candidates = Object.entries(state.queries)
    .filter((pair): pair is [string, QueryEntry] => {
      const entry = pair[1];
      return Boolean(entry && entry.data !== undefined && entry.fulfilledTimeStamp && !holdsPassword(entry.originalArgs) && !SECURE_ENDPOINT.test(entry.endpointName ?? ''));
    })
    .sort(([, a], [, b]) => (b.fulfilledTimeStamp ?? 0) - (a.fulfilledTimeStamp ?? 0))
    .slice(0, limits.maxQueries);

  const queries: Record<string, QueryEntry> = {};
  let chars = 0;
  for (const [key, entry] of candidates) {
    // A refetch that failed or is running still holds the last data: kept as that data.
    const kept: QueryEntry =
      entry.status === 'fulfilled' && entry.error === undefined
        ? entry
        : {
            status: 'fulfilled',
            endpointName: entry.endpointName,
            requestId: entry.requestId,
            originalArgs: entry.originalArgs,
            data: entry.data,
            startedTimeStamp: entry.startedTimeStamp,
            fulfilledTimeStamp: entry.fulfilledTimeStamp,
          };
    const size = sizeOf(kept) + key.length;
    if (chars + size > limits.maxChars) continue;
    chars += size;
    queries[key] = kept;
  }

  const provided: Provided = { tags: {}, keys: {} };
  for (const [type, ids] of Object.entries(state.provided.tags ?? {})) {
    for (const [id, keys] of Object.entries(ids)) {
      const keptKeys = keys.filter((key) => key in queries);
      if (keptKeys.length > 0) (provided.tags[type] ??= {})[id] = keptKeys;
    }
  }
  for (const key of Object.keys(queries)) {
    const tags = state.provided.keys?.[key];
    if (tags) provided.keys[key] = tags;
  }

  const output: PersistedQueryCache = { version: CACHE_VERSION, queries, mutations: {}, provided };
  outputs.set(state.queries, { provided: state.provided, limits, output });
  return output;
}

/** The stored cache in the shape extractRehydrationInfo returns, or undefined when it is not one. */
export function restoredQueryCache(stored: unknown): PersistedQueryCache | undefined {
  const cache = stored as Partial<PersistedQueryCache> | undefined;
  if (!cache || cache.version !== CACHE_VERSION || !cache.queries || typeof cache.queries !== 'object') return undefined;
  const queries = Object.fromEntries(
    Object.entries(cache.queries).filter(([, entry]) => entry?.status === 'fulfilled' && entry.data !== undefined && !holdsPassword(entry.originalArgs)),
  );
  const provided = cache.provided && typeof cache.provided === 'object' ? cache.provided : { tags: {}, keys: {} };
  return { version: CACHE_VERSION, queries, mutations: {}, provided: { tags: provided.tags ?? {}, keys: provided.keys ?? {} } };
}
