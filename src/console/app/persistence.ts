// What the console keeps across reloads and restarts (redux-persist, localStorage):
// - the session (tokens, user, role), never the password of a login in progress;
// - the outbox, per user (outbox/outboxSlice.ts);
// - the query cache of the console's api (all three backends), bounded (backends/queryCache.ts),
//   handed back to RTK Query by extractRehydrationInfo rather than merged here.
// Each of them is written to its own localStorage item: a query cache that outgrows the quota is
// dropped, and can never cost the session its rotated refresh token or the outbox a change.
import type { Reducer } from '@reduxjs/toolkit';
import { createTransform, persistReducer, type PersistConfig } from 'redux-persist';
import { api } from '../backends/api';
import { persistableQueryCache, type ApiSliceState } from '../backends/queryCache';
import { restoredOutbox, type OutboxEntry, type OutboxState } from '../outbox/outboxSlice';

export const PERSIST_KEY = 'console';
const CACHES = [api.reducerPath] as const;
/** Kept apart from the session's item, in this order of importance. */
const SEPARATE = ['outbox', ...CACHES] as const;
/**
 * The caches of the three slices the console had before its one api (issue 54): never read, and
 * deleted when the state is read so that they give their room back.
 */
const RETIRED = ['adminApi', 'usersApi', 'serviceApi'] as const;

type Stored = Record<string, unknown>;

const isQuotaError = (error: unknown) =>
  error instanceof DOMException && (error.name === 'QuotaExceededError' || error.name === 'NS_ERROR_DOM_QUOTA_REACHED');

/**
 * A redux-persist storage (used with serialize: false) that spreads the state over one
 * localStorage item per separate slice ('persist:console:outbox', ...). The main item keeps
 * redux-persist's own format (each value a JSON string), so 'persist:console' reads as before.
 */
export function spreadLocalStorage(separate: readonly string[] = SEPARATE, disposable: readonly string[] = CACHES, retired: readonly string[] = RETIRED) {
  const itemOf = (key: string, slice: string) => `${key}:${slice}`;
  const removeRetired = (key: string) => {
    for (const slice of retired) localStorage.removeItem(itemOf(key, slice));
  };
  const lastWritten = new Map<string, unknown>();

  function freeDisposable(key: string) {
    for (const slice of disposable) {
      localStorage.removeItem(itemOf(key, slice));
      lastWritten.delete(itemOf(key, slice));
    }
  }

  /** Writes an item; when the quota is reached, the caches go first and the write is tried again. */
  function write(key: string, item: string, text: string, isDisposable: boolean) {
    try {
      localStorage.setItem(item, text);
    } catch (error) {
      if (!isQuotaError(error)) throw error;
      if (isDisposable) {
        localStorage.removeItem(item);
        return;
      }
      freeDisposable(key);
      localStorage.setItem(item, text);
    }
  }

  return {
    async getItem(key: string): Promise<Stored | null> {
      removeRetired(key);
      const main = localStorage.getItem(key);
      if (!main) return null;
      const state: Stored = {};
      for (const [slice, value] of Object.entries(JSON.parse(main) as Stored)) {
        state[slice] = typeof value === 'string' ? JSON.parse(value) : value;
      }
      for (const slice of separate) {
        const text = localStorage.getItem(itemOf(key, slice));
        if (!text) continue;
        try {
          state[slice] = JSON.parse(text);
        } catch {
          // a damaged item is as good as none
        }
      }
      return state;
    },
    async setItem(key: string, state: Stored): Promise<void> {
      const main = Object.fromEntries(
        Object.entries(state)
          .filter(([slice, value]) => !separate.includes(slice) && value !== undefined)
          .map(([slice, value]) => [slice, JSON.stringify(value)]),
      );
      write(key, key, JSON.stringify(main), false);
      for (const slice of separate) {
        const item = itemOf(key, slice);
        const value = state[slice];
        // The same object as last time: nothing changed (the transforms keep unchanged output identical).
        if (value === lastWritten.get(item)) continue;
        lastWritten.set(item, value);
        if (value === undefined) localStorage.removeItem(item);
        else write(key, item, JSON.stringify(value), disposable.includes(slice));
      }
    },
    async removeItem(key: string): Promise<void> {
      localStorage.removeItem(key);
      for (const slice of separate) localStorage.removeItem(itemOf(key, slice));
      lastWritten.clear();
    },
  };
}

const queryCacheTransform = createTransform<ApiSliceState, unknown>(
  (state) => persistableQueryCache(state),
  // Read back by the api's extractRehydrationInfo, which checks it.
  (stored) => stored as ApiSliceState,
  { whitelist: [...CACHES] },
);

const outboxTransform = createTransform(
  (state: OutboxState) => state,
  (stored: unknown) => restoredOutbox(stored),
  { whitelist: ['outbox'] },
);

/** Entries made before the stored outbox was read are kept after it. */
function mergedOutbox(stored: OutboxState, current: OutboxState): OutboxState {
  const byUser: Record<string, OutboxEntry[]> = { ...stored.byUser };
  for (const [username, entries] of Object.entries(current.byUser)) {
    const known = new Set((byUser[username] ?? []).map((entry) => entry.key));
    byUser[username] = [...(byUser[username] ?? []), ...entries.filter((entry) => !known.has(entry.key))];
  }
  return { byUser };
}

interface PersistedRoot {
  session: unknown;
  outbox: OutboxState;
}

export function persisted<S extends PersistedRoot>(rootReducer: Reducer<S>) {
  const config: PersistConfig<S> = {
    key: PERSIST_KEY,
    storage: spreadLocalStorage(),
    serialize: false,
    // @ts-expect-error -- redux-persist 6 reads `deserialize: false` (getStoredState) but its types omit it.
    deserialize: false,
    whitelist: ['session', 'outbox', ...CACHES],
    transforms: [queryCacheTransform, outboxTransform],
    // The session and the outbox are taken as stored; the api took its queries from the same
    // REHYDRATE action (extractRehydrationInfo), so its reduced state stands.
    stateReconciler: (inbound: Partial<S>, _original: S, reduced: S) => ({
      ...reduced,
      ...(inbound.session !== undefined ? { session: inbound.session } : {}),
      ...(inbound.outbox !== undefined ? { outbox: mergedOutbox(inbound.outbox, reduced.outbox) } : {}),
    }),
  };
  return persistReducer(config, rootReducer);
}
