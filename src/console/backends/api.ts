// The one RTK Query api of the console: every endpoint names its backend (SPEC.md section 7) in its
// request (backendBaseQuery), so that a save invalidates the tags it names on every backend by RTK
// Query's own invalidation: a campaign renamed through /service/campaigns/ refreshes the admin
// backend's campaign choices. Features add endpoints with injectEndpoints, so this file never grows.
//
// Offline reading (DESIGN.md 'Offline'): the data of every query is kept a week and persisted
// (queryCache.ts), and handed back to the api on reload through extractRehydrationInfo; data read
// back after a reload is shown at once and asked for again once (refreshRestoredQueries); a screen
// mounted again refetches data older than 30 seconds, and everything on screen is refetched when
// the connection returns.
import type { Middleware, UnknownAction } from '@reduxjs/toolkit';
import { createApi } from '@reduxjs/toolkit/query/react';
import { REHYDRATE } from 'redux-persist';
import { DATA_SAVER_PAGE_SIZE, isDataSaverOn } from '../http/dataSaver';
import { backendBaseQuery } from './baseQuery';
import { restoredQueryCache } from './queryCache';

export const api = createApi({
  // Also the name of its persisted cache (app/persistence.ts) and read by http/connectivity.ts.
  reducerPath: 'api',
  baseQuery: backendBaseQuery,
  tagTypes: [
    'Campaign', 'EventType', 'Agency', 'Country', 'CountrySms', 'AdminUser', 'Whitelist', 'StatusType', 'Language',
    'AgencyConfig', 'CampaignVersion', 'CampaignLanguage', 'Compensation',
  ],
  endpoints: () => ({}),
  keepUnusedDataFor: 7 * 24 * 60 * 60,
  refetchOnMountOrArgChange: 30,
  refetchOnReconnect: true,
  extractRehydrationInfo(action, { reducerPath }) {
    if (action.type !== REHYDRATE) return undefined;
    const stored = (action as { payload?: Record<string, unknown> }).payload?.[reducerPath];
    // Only queries, mutations and provided tags are read from it by the api.
    return restoredQueryCache(stored) as never;
  },
});

/** How many rows a list's or a grid's answer holds (0 for anything else). */
function rowsIn(data: unknown): number {
  const { rows, data: legacy, results } = (data ?? {}) as { rows?: unknown; data?: unknown; results?: unknown };
  const list = [rows, legacy, results].find(Array.isArray) as unknown[] | undefined;
  return list?.length ?? 0;
}

/**
 * Data read back after a reload is shown at once, then asked for again the first time a screen
 * uses it, however recent it is: the page may have been reloaded before a refetch (after a save,
 * after a session refresh) had come back, and a reload is how a person asks for fresh data.
 */
export const refreshRestoredQueries: Middleware = (store) => {
  const restored = new Set<string>();
  return (next) => (action) => {
    const result = next(action);
    const { type, payload, meta } = action as { type?: unknown; payload?: Record<string, unknown>; meta?: { condition?: boolean; arg?: Record<string, unknown> } };
    if (type === REHYDRATE) {
      for (const key of Object.keys(restoredQueryCache(payload?.[api.reducerPath])?.queries ?? {})) restored.add(key);
      return result;
    }
    // A query answered from the cache: RTK Query dispatches its thunk as rejected by condition (and its
    // own middleware swallows that action, so this middleware goes before the api's middleware).
    if (restored.size === 0 || type !== `${api.reducerPath}/executeQuery/rejected` || !meta?.condition) return result;
    const arg = meta.arg as { queryCacheKey?: string; endpointName?: string; originalArgs?: unknown } | undefined;
    if (!arg?.queryCacheKey || !arg.endpointName || !restored.delete(arg.queryCacheKey)) return result;
    // The data saver reads a large list (more rows than one of its pages) again only when asked.
    if (isDataSaverOn() && rowsIn((store.getState() as Record<string, { queries?: Record<string, { data?: unknown }> }>)[api.reducerPath]?.queries?.[arg.queryCacheKey]?.data) > DATA_SAVER_PAGE_SIZE) return result;
    // The endpoint was injected by the screen that just used it; its name and argument come from RTK Query.
    const prefetch = api.util.prefetch as unknown as (name: string, arg: unknown, options: { force: boolean }) => UnknownAction;
    store.dispatch(prefetch(arg.endpointName, arg.originalArgs, { force: true }));
    return result;
  };
};
