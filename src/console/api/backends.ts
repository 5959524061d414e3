// One RTK Query slice per backend (SPEC.md section 7); features add endpoints with
// injectEndpoints, so this file never grows.
//
// Offline reading (DESIGN.md 'Offline'): the data of every query is kept a week and persisted
// (queryCache.ts), and handed back to the slice on reload through extractRehydrationInfo; data
// read back after a reload is shown at once and asked for again once (refreshRestoredQueries); a
// screen mounted again refetches data older than 30 seconds, and everything on screen is refetched
// when the connection returns.
import type { Middleware, UnknownAction } from '@reduxjs/toolkit';
import { createApi, type TagDescription } from '@reduxjs/toolkit/query/react';
import { REHYDRATE } from 'redux-persist';
import type { Backend } from '../app/config';
import { DATA_SAVER_PAGE_SIZE, isDataSaverOn } from '../http/dataSaver';
import { backendBaseQuery } from './baseQuery';
import { restoredQueryCache } from './queryCache';

const offlineReading = {
  keepUnusedDataFor: 7 * 24 * 60 * 60,
  refetchOnMountOrArgChange: 30,
  refetchOnReconnect: true,
  extractRehydrationInfo(action: UnknownAction, { reducerPath }: { reducerPath: string }) {
    if (action.type !== REHYDRATE) return undefined;
    const stored = (action as { payload?: Record<string, unknown> }).payload?.[reducerPath];
    // Only queries, mutations and provided tags are read from it by the slice.
    return restoredQueryCache(stored) as never;
  },
};

/** The legacy admin backend (/admin/...). */
export const adminApi = createApi({
  reducerPath: 'adminApi',
  baseQuery: backendBaseQuery('admin'),
  tagTypes: ['Country', 'CountrySms', 'AdminUser', 'Agency', 'Campaign', 'Whitelist', 'EventType'],
  endpoints: () => ({}),
  ...offlineReading,
});

/** The new user backend (api/v1/...). */
export const usersApi = createApi({
  reducerPath: 'usersApi',
  baseQuery: backendBaseQuery('users'),
  tagTypes: ['StatusType', 'Language'],
  endpoints: () => ({}),
  ...offlineReading,
});

/** The service backend (/service/...). */
export const serviceApi = createApi({
  reducerPath: 'serviceApi',
  baseQuery: backendBaseQuery('service'),
  tagTypes: ['Agency', 'AgencyConfig', 'Campaign', 'CampaignVersion', 'CampaignLanguage', 'Compensation'],
  endpoints: () => ({}),
  ...offlineReading,
});

export const backendApis = [adminApi, usersApi, serviceApi] as const;

const apiOfBackend = { admin: adminApi, users: usersApi, service: serviceApi } as const;

/** Invalidates tags in the slice of a backend (after an outbox entry was sent). */
export const invalidateBackendTags = (backend: Backend, tags: ReadonlyArray<TagDescription<string>>): UnknownAction =>
  // The tags were written by the same slice's endpoints, so their types are the slice's own.
  (apiOfBackend[backend].util.invalidateTags as unknown as (tags: Array<TagDescription<string>>) => UnknownAction)([...tags]);

/**
 * Data read back after a reload is shown at once, then asked for again the first time a screen
 * uses it, however recent it is: the page may have been reloaded before a refetch (after a save,
 * after a session refresh) had come back, and a reload is how a person asks for fresh data.
 */
/** How many rows a list's or a grid's answer holds (0 for anything else). */
function rowsIn(data: unknown): number {
  const { rows, data: legacy, results } = (data ?? {}) as { rows?: unknown; data?: unknown; results?: unknown };
  const list = [rows, legacy, results].find(Array.isArray) as unknown[] | undefined;
  return list?.length ?? 0;
}

export const refreshRestoredQueries: Middleware = (store) => {
  const restored = new Set<string>();
  return (next) => (action) => {
    const result = next(action);
    const { type, payload, meta } = action as { type?: unknown; payload?: Record<string, unknown>; meta?: { condition?: boolean; arg?: Record<string, unknown> } };
    if (type === REHYDRATE) {
      for (const api of backendApis) {
        for (const key of Object.keys(restoredQueryCache(payload?.[api.reducerPath])?.queries ?? {})) restored.add(`${api.reducerPath} ${key}`);
      }
      return result;
    }
    // A query answered from the cache: RTK Query dispatches its thunk as rejected by condition (and its
    // own middleware swallows that action, so this middleware goes before the slices' middleware).
    if (restored.size === 0 || typeof type !== 'string' || !type.endsWith('/executeQuery/rejected') || !meta?.condition) return result;
    const api = backendApis.find((candidate) => type === `${candidate.reducerPath}/executeQuery/rejected`);
    const arg = meta.arg as { queryCacheKey?: string; endpointName?: string; originalArgs?: unknown } | undefined;
    if (!api || !arg?.queryCacheKey || !arg.endpointName || !restored.delete(`${api.reducerPath} ${arg.queryCacheKey}`)) return result;
    // The data saver reads a large list (more rows than one of its pages) again only when asked.
    if (isDataSaverOn() && rowsIn((store.getState() as Record<string, { queries?: Record<string, { data?: unknown }> }>)[api.reducerPath]?.queries?.[arg.queryCacheKey]?.data) > DATA_SAVER_PAGE_SIZE) return result;
    // The endpoint was injected by the screen that just used it; its name and argument come from RTK Query.
    const prefetch = api.util.prefetch as unknown as (name: string, arg: unknown, options: { force: boolean }) => UnknownAction;
    store.dispatch(prefetch(arg.endpointName, arg.originalArgs, { force: true }));
    return result;
  };
};
