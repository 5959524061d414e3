// Every request a backend is sent goes through here (SPEC.md sections 7 and 8): with the bearer
// token of the session, telling connectivity whether the server answered, and on a 401 the session
// is refreshed once, transparently, then the request retried. Requests failing together share one
// refresh; when the refresh is refused the session ends, and the router takes the user to /login.
// A refresh that cannot reach the server ends nothing: the request fails as offline.
import {
  fetchBaseQuery, type BaseQueryApi, type FetchArgs,
} from '@reduxjs/toolkit/query';
import type { RefreshResponse } from '../../contract/api';
import * as messages from '../../contract/messages';
import { backendUrls, type Backend } from '../ground/config';
import { showError } from '../components/toaster';
import { sessionEnded, tokensRefreshed, type SessionState } from '../session/sessionSlice';
import { serverAnswered, serverUnreachable, type ConnectivityState } from './connectivity';
import type { RawResult } from './failure';

type State = { session: SessionState; connectivity?: ConnectivityState };
type Api = Pick<BaseQueryApi, 'getState'>;
const stateOf = (api: Api) => api.getState() as State;
const accessOf = (api: Api) => stateOf(api).session.access;

/**
 * fetch, for fetchBaseQuery, whose successful answers are read once. fetchBaseQuery reads every
 * answer twice: parsed, and as text through `response.clone()`, kept for a parsing error. On a
 * grid's 'All rows' (30 MB for 100,000 rows) the second read doubled the decoding and the garbage
 * of the answer: measured in Chromium, a third of the grid's mount. A successful answer's clone is
 * its status and headers only (all that the console reads of it); a refusal's is whole, as its text
 * may be the error to show.
 */
async function fetchReadOnce(input: RequestInfo, init?: RequestInit): Promise<Response> {
  const response = await fetch(input, init);
  if (!response.ok) return response;
  const statusAndHeaders = () => new Response(null, { status: response.status, statusText: response.statusText, headers: response.headers });
  return Object.defineProperty(response, 'clone', { value: statusAndHeaders });
}

const rawQueries = new Map<Backend, ReturnType<typeof fetchBaseQuery>>();
function rawQuery(backend: Backend) {
  let query = rawQueries.get(backend);
  if (!query) {
    query = fetchBaseQuery({
      baseUrl: `${backendUrls()[backend]}/`,
      fetchFn: fetchReadOnce,
      prepareHeaders: (headers, api) => {
        const access = accessOf(api);
        if (access && !headers.has('authorization')) headers.set('authorization', `Bearer ${access}`);
        return headers;
      },
    });
    rawQueries.set(backend, query);
  }
  return query;
}

/** Sends one request and tells connectivity whether the server answered. */
async function send(backend: Backend, args: string | FetchArgs, api: BaseQueryApi, extraOptions: object): Promise<RawResult> {
  const result = (await rawQuery(backend)(args, api, extraOptions)) as RawResult;
  if (result.error?.status === 'FETCH_ERROR') api.dispatch(serverUnreachable());
  else if (typeof result.meta?.response?.status === 'number') api.dispatch(serverAnswered({ ok: !result.error, at: Date.now() }));
  return result;
}

export type Renewal = 'renewed' | 'refused' | 'unreachable';

/** The refresh in flight, shared by every request that fails while it runs. */
let refreshing: Promise<Renewal> | null = null;

function refreshSession(api: BaseQueryApi): Promise<Renewal> {
  refreshing ??= (async (): Promise<Renewal> => {
    const refresh = stateOf(api).session.refresh;
    if (!refresh) return 'refused';
    const result = await send('users', { url: 'api/v1/auth/token/refresh/', method: 'POST', body: { refresh }, headers: { authorization: '' } }, api, {});
    if (result.data) {
      api.dispatch(tokensRefreshed(result.data as RefreshResponse));
      return 'renewed';
    }
    // Without an answer nothing is known about the session: it is not ended for a lost network.
    return result.error?.status === 'FETCH_ERROR' ? 'unreachable' : 'refused';
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/**
 * After a 401 to a request sent with `tokenSent`: the session renewed (send it again with the new
 * token), or not. A refused refresh ends the session. Also for requests sent without fetch (an upload).
 */
export async function renewAfter401(api: BaseQueryApi, tokenSent: string): Promise<Renewal> {
  // Another request may have refreshed already: then only retry with the new token.
  const renewal = accessOf(api) !== tokenSent ? 'renewed' : await refreshSession(api);
  if (renewal === 'refused' && stateOf(api).session.user) {
    // Said once, by the request that ends the session: the calls in flight are dropped with it.
    showError(messages.sessionExpired);
    api.dispatch(sessionEnded());
  }
  return renewal;
}

/** A request with the session's token; a 401 refreshes the session once and retries. */
export async function sendWithSession(backend: Backend, args: string | FetchArgs, api: BaseQueryApi, extraOptions: object): Promise<RawResult> {
  const tokenSent = accessOf(api);
  let result = await send(backend, args, api, extraOptions);
  if (result.error?.status === 401 && tokenSent) {
    const renewal = await renewAfter401(api, tokenSent);
    if (renewal === 'renewed') {
      result = await send(backend, args, api, extraOptions);
    } else if (renewal === 'unreachable') {
      result = { error: { status: 'FETCH_ERROR', error: 'The session could not be renewed: the server cannot be reached.' }, meta: result.meta };
    }
  }
  return result;
}

/** The store, for a call made without RTK Query (an outbox replay, a file). */
export type StoreAccess = { dispatch: BaseQueryApi['dispatch']; getState(): unknown };

/** What sendWithSession needs of RTK Query, for a call made without it. */
export function callOutsideRtk(store: StoreAccess, endpoint: string, type: BaseQueryApi['type']): BaseQueryApi {
  const controller = new AbortController();
  return {
    signal: controller.signal,
    abort: (reason) => controller.abort(reason),
    dispatch: store.dispatch,
    getState: store.getState,
    extra: undefined,
    endpoint,
    type,
  };
}

/** Test hook: forget the cached fetchers (their base URLs) and any refresh in flight. */
export function resetSessionRequests(): void {
  rawQueries.clear();
  refreshing = null;
}
