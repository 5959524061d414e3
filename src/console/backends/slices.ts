// One RTK Query slice per backend (SPEC.md section 7); features add endpoints with
// injectEndpoints, so this file never grows. The tags of an entity that several slices show are
// invalidated in all of them (SHARED_TAG_TYPES).
//
// Offline reading (DESIGN.md 'Offline'): the data of every query is kept a week and persisted
// (queryCache.ts), and handed back to the slice on reload through extractRehydrationInfo; data
// read back after a reload is shown at once and asked for again once (refreshRestoredQueries); a
// screen mounted again refetches data older than 30 seconds, and everything on screen is refetched
// when the connection returns.
import { isRejectedWithValue, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import {
  buildCreateApi, coreModule, reactHooksModule, type BaseQueryFn, type EndpointDefinitions, type Module, type TagDescription,
} from '@reduxjs/toolkit/query/react';
import { REHYDRATE } from 'redux-persist';
import type { Backend } from '../ground/config';
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

/**
 * The entities one backend edits and another shows: a campaign is renamed through /service/campaigns/
 * and offered as a grid filter's choice by /admin/campaigns; an event type is edited through
 * /admin/event_types and offered as a compensation's by /service/campaigns-event-types/. Every
 * slice declares these tag types, and a slice that invalidates tags of them invalidates the same
 * tags in the other slices (invalidateSharedTags): each slice caches on its own, and RTK Query
 * invalidates tags within one slice only.
 */
const SHARED_TAG_TYPES = ['Campaign', 'EventType'] as const;

/** Each slice's endpoint definitions, by its reducerPath: what a settled save invalidated (invalidateSharedTags). */
const definitionsOf: Record<string, EndpointDefinitions> = {};

declare module '@reduxjs/toolkit/query' {
  // A module adds nothing to the slice's type: it only hands over the definitions RTK Query keeps.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the declaration merged must repeat them
  interface ApiModules<in out BaseQuery extends BaseQueryFn, in out Definitions extends EndpointDefinitions, in out ReducerPath extends string, in out TagTypes extends string> {
    endpointDefinitions: Record<never, never>;
  }
}

const endpointDefinitionsModule: Module<'endpointDefinitions'> = {
  name: 'endpointDefinitions',
  init(_api, { reducerPath }, { endpointDefinitions }) {
    definitionsOf[reducerPath] = endpointDefinitions;
    return { injectEndpoint() {} };
  },
};

const createApi = buildCreateApi(coreModule(), reactHooksModule(), endpointDefinitionsModule);

/** The legacy admin backend (/admin/...). */
export const adminApi = createApi({
  reducerPath: 'adminApi',
  baseQuery: backendBaseQuery('admin'),
  tagTypes: ['Country', 'CountrySms', 'AdminUser', 'Agency', 'Whitelist', ...SHARED_TAG_TYPES],
  endpoints: () => ({}),
  ...offlineReading,
});

/** The new user backend (api/v1/...). */
export const usersApi = createApi({
  reducerPath: 'usersApi',
  baseQuery: backendBaseQuery('users'),
  tagTypes: ['StatusType', 'Language', ...SHARED_TAG_TYPES],
  endpoints: () => ({}),
  ...offlineReading,
});

/** The service backend (/service/...). */
export const serviceApi = createApi({
  reducerPath: 'serviceApi',
  baseQuery: backendBaseQuery('service'),
  tagTypes: ['Agency', 'AgencyConfig', 'CampaignVersion', 'CampaignLanguage', 'Compensation', ...SHARED_TAG_TYPES],
  endpoints: () => ({}),
  ...offlineReading,
});

export const backendApis = [adminApi, usersApi, serviceApi] as const;

const apiOfBackend = { admin: adminApi, users: usersApi, service: serviceApi } as const;

type Tags = ReadonlyArray<TagDescription<string> | null | undefined>;

// The tags were written by endpoints of the slice, or are of SHARED_TAG_TYPES: their types are the slice's own.
const invalidateIn = (api: (typeof backendApis)[number], tags: Tags): UnknownAction =>
  (api.util.invalidateTags as unknown as (tags: Tags) => UnknownAction)([...tags]);

/** Invalidates tags in the slice of a backend (after an outbox entry was sent). */
export const invalidateBackendTags = (backend: Backend, tags: ReadonlyArray<TagDescription<string>>): UnknownAction =>
  invalidateIn(apiOfBackend[backend], tags);

type SettledSave = UnknownAction & { payload?: unknown; meta: { arg: { endpointName: string; originalArgs: unknown }; baseQueryMeta?: unknown } };

/** The tags a settled save invalidated in its slice, worked out as RTK Query does from its invalidatesTags. */
function invalidatedBy(reducerPath: string, action: SettledSave): Tags {
  const { endpointName, originalArgs } = action.meta.arg;
  const declared = (definitionsOf[reducerPath]?.[endpointName] as { invalidatesTags?: Tags | ((...args: unknown[]) => Tags) } | undefined)?.invalidatesTags;
  if (typeof declared !== 'function') return declared ?? [];
  const failed = isRejectedWithValue(action);
  return declared(failed ? undefined : action.payload, failed ? action.payload : undefined, originalArgs, action.meta.baseQueryMeta);
}

const isShared = (tag: TagDescription<string> | null | undefined): tag is TagDescription<string> =>
  Boolean(tag) && (SHARED_TAG_TYPES as readonly string[]).includes(typeof tag === 'string' ? tag : (tag as { type: string }).type);

/**
 * The tags of SHARED_TAG_TYPES that a slice invalidates, by a save that settled (its invalidatesTags)
 * or by hand (util.invalidateTags: a save sent from the outbox), are invalidated in the other slices too.
 */
export const invalidateSharedTags: Middleware = (store) => {
  let passingOn = false;
  return (next) => (action) => {
    const result = next(action);
    const { type } = action as UnknownAction;
    const from = backendApis.find((api) => typeof type === 'string' && type.startsWith(`${api.reducerPath}/`));
    if (passingOn || !from) return result;
    const settledSave = type === `${from.reducerPath}/executeMutation/fulfilled` || (type === `${from.reducerPath}/executeMutation/rejected` && isRejectedWithValue(action));
    const tags = settledSave
      ? invalidatedBy(from.reducerPath, action as SettledSave)
      : from.util.invalidateTags.match(action) ? (action.payload as Tags) : [];
    const shared = tags.filter(isShared);
    if (shared.length === 0) return result;
    // The slices' own invalidateTags pass through here too: passed on once, not back again.
    passingOn = true;
    try {
      for (const api of backendApis) if (api !== from) store.dispatch(invalidateIn(api, shared));
    } finally {
      passingOn = false;
    }
    return result;
  };
};

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
