// The one base query every backend slice uses (SPEC.md sections 7 and 8): it adds the bearer
// token, turns every failure into the text rule (server error field, else data, else message;
// field lines joined), and on a 401 refreshes the session once, transparently, then retries.
// Requests failing together share one refresh; when the refresh fails the session ends, and the
// router takes the user to /login.
//
// Offline (DESIGN.md 'Offline'): every request reports whether the server answered (connectivity);
// every mutation carries an Idempotency-Key; a mutation whose endpoint allows it (offlineWrite)
// waits in the outbox when there is no network, when the network fails it, or when earlier writes
// still wait there (the order is kept), and resolves as a QueuedWrite.
import {
  fetchBaseQuery, type BaseQueryApi, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError, type FetchBaseQueryMeta,
  type QueryReturnValue,
} from '@reduxjs/toolkit/query/react';
import { apiErrorText, type RefreshResponse } from '../../contract/api';
import { messages } from '../../contract/messages';
import type { FieldErrors } from '../../contract/schemas';
import { backendUrls, type BackendUrls } from '../app/config';
import { showError } from '../components/toaster';
import {
  carriesPassword, newIdempotencyKey, rowKeyOf, type OfflineExtraOptions, type QueuedWrite,
} from '../outbox/offlineWrite';
import { entryQueued, isWaiting, type OutboxEntry, type OutboxState } from '../outbox/outboxSlice';
import { sessionEnded, tokensRefreshed, type SessionState } from '../session/sessionSlice';
import { serverAnswered, serverUnreachable, type ConnectivityState } from './connectivity';

export type Backend = keyof BackendUrls;

/** What a failed call rejects with: its status and the text to show a person. */
export interface ApiFailure {
  status: number | 'OFFLINE' | 'PARSING_ERROR' | 'TIMEOUT_ERROR' | 'CUSTOM_ERROR';
  text: string;
  errors?: FieldErrors;
  /** A 409 edit conflict: the row as the server has it now. */
  current?: unknown;
}

export const OFFLINE_TEXT = 'The server cannot be reached. Check the connection and try again.';
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

type State = { session: SessionState; outbox?: OutboxState; connectivity?: ConnectivityState };
type RawResult = QueryReturnValue<unknown, FetchBaseQueryError, FetchBaseQueryMeta>;
const stateOf = (api: Pick<BaseQueryApi, 'getState'>) => api.getState() as State;
const accessOf = (api: Pick<BaseQueryApi, 'getState'>) => stateOf(api).session.access;

export function toFailure(error: FetchBaseQueryError): ApiFailure {
  if (error.status === 'FETCH_ERROR') return { status: 'OFFLINE', text: OFFLINE_TEXT };
  if (error.status === 'PARSING_ERROR') return { status: 'PARSING_ERROR', text: apiErrorText(error.data, error.error) };
  if (error.status === 'TIMEOUT_ERROR' || error.status === 'CUSTOM_ERROR') return { status: error.status, text: apiErrorText(undefined, error.error) };
  const data = error.data as { errors?: FieldErrors; current?: unknown } | undefined;
  return {
    status: error.status,
    text: apiErrorText(error.data),
    ...(data?.errors ? { errors: data.errors } : {}),
    ...(data?.current !== undefined ? { current: data.current } : {}),
  };
}

const rawQueries = new Map<Backend, ReturnType<typeof fetchBaseQuery>>();
function rawQuery(backend: Backend) {
  let query = rawQueries.get(backend);
  if (!query) {
    query = fetchBaseQuery({
      baseUrl: `${backendUrls()[backend]}/`,
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

type Renewal = 'renewed' | 'refused' | 'unreachable';

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

/** A request with the session's token; a 401 refreshes the session once and retries. */
async function sendWithSession(backend: Backend, args: string | FetchArgs, api: BaseQueryApi, extraOptions: object): Promise<RawResult> {
  const tokenSent = accessOf(api);
  let result = await send(backend, args, api, extraOptions);
  if (result.error?.status === 401 && tokenSent) {
    // Another request may have refreshed already: then only retry with the new token.
    const renewal = accessOf(api) !== tokenSent ? 'renewed' : await refreshSession(api);
    if (renewal === 'renewed') {
      result = await send(backend, args, api, extraOptions);
    } else if (renewal === 'unreachable') {
      result = { error: { status: 'FETCH_ERROR', error: 'The session could not be renewed: the server cannot be reached.' }, meta: result.meta };
    } else if (stateOf(api).session.user) {
      // Said once, by the request that ends the session: the calls in flight are dropped with it.
      showError(messages.sessionExpired);
      api.dispatch(sessionEnded());
    }
  }
  return result;
}

const settle = (result: RawResult): QueryReturnValue<unknown, ApiFailure, FetchBaseQueryMeta> =>
  result.error ? { error: toFailure(result.error), meta: result.meta } : { data: result.data, meta: result.meta };

/** Only JSON bodies can wait in the outbox (a file upload cannot). */
const isJsonBody = (body: unknown) =>
  body === undefined || body === null || typeof body === 'string' || Array.isArray(body) || Object.getPrototypeOf(body) === Object.prototype;

function withKey(args: FetchArgs, key: string): FetchArgs {
  const headers = new Headers(args.headers as HeadersInit | undefined);
  headers.set(IDEMPOTENCY_KEY_HEADER, key);
  return { ...args, headers };
}

/** A mutation: sent with a fresh Idempotency-Key, or queued in the outbox when it may wait there. */
async function write(backend: Backend, input: string | FetchArgs, api: BaseQueryApi, extraOptions: OfflineExtraOptions) {
  const args: FetchArgs = typeof input === 'string' ? { url: input } : input;
  const key = newIdempotencyKey();
  const offline = extraOptions.offline;
  const username = stateOf(api).session.user?.username;
  const body: unknown = args.body;
  const queueable =
    offline !== undefined && username !== undefined && isJsonBody(body) && !carriesPassword(body) && (offline.queueable?.(body as never) ?? true);

  const queue = (sent: boolean): { data: QueuedWrite } => {
    if (!offline || !username) throw new Error('not queueable');
    const now = Date.now();
    const entry: OutboxEntry = {
      key,
      backend,
      method: (args.method ?? 'GET').toUpperCase(),
      url: args.url,
      body: body === undefined ? undefined : structuredClone(body),
      endpoint: api.endpoint,
      description: offline.describe(body as never),
      row: rowKeyOf(offline.entity, (body as { id?: unknown } | null)?.id),
      entity: offline.entity,
      screen: offline.screen,
      invalidates: [...offline.invalidates],
      createdAt: now,
      status: 'pending',
      // The outbox tries again at once, then backs off (outboxRunner.ts).
      attempts: sent ? 1 : 0,
      notBefore: 0,
      sent,
      ...(sent ? { lastProblem: OFFLINE_TEXT } : {}),
    };
    api.dispatch(entryQueued({ username, entry }));
    return { data: { queued: true, key, description: entry.description } };
  };

  if (queueable) {
    const state = stateOf(api);
    const waiting = (state.outbox?.byUser[username] ?? []).some(isWaiting);
    if (waiting || state.connectivity?.browserOnline === false) return queue(false);
  }
  const result = await sendWithSession(backend, withKey(args, key), api, extraOptions);
  // Cut off by the network: the server may or may not have it; the same key makes the resend safe.
  if (queueable && result.error?.status === 'FETCH_ERROR' && stateOf(api).session.user?.username === username) return queue(true);
  return settle(result);
}

export function backendBaseQuery(backend: Backend): BaseQueryFn<string | FetchArgs, unknown, ApiFailure, OfflineExtraOptions, FetchBaseQueryMeta> {
  return async (args, api, extraOptions = {}) => {
    if (api.type === 'mutation') return write(backend, args, api, extraOptions);
    // Without a network an answer could only come from a cache (the service worker's), and would
    // pass for fresh data: the screen keeps the data it has, whose time is known, instead.
    if (stateOf(api).connectivity?.browserOnline === false) return { error: { status: 'OFFLINE', text: OFFLINE_TEXT } };
    return settle(await sendWithSession(backend, args, api, extraOptions));
  };
}

export type WriteOutcome = { data: unknown } | { error: ApiFailure };

type Store = { dispatch: BaseQueryApi['dispatch']; getState(): unknown };

/** What the base query needs of RTK Query, for a call made without it (an outbox replay, a file). */
function callOutsideRtk(store: Store, endpoint: string, type: BaseQueryApi['type']): BaseQueryApi {
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

/** Sends an outbox entry again, with its own Idempotency-Key and the session's token. */
export async function sendQueuedWrite(
  entry: Pick<OutboxEntry, 'backend' | 'method' | 'url' | 'body' | 'key' | 'endpoint'>,
  store: Store,
): Promise<WriteOutcome> {
  const api = callOutsideRtk(store, entry.endpoint, 'mutation');
  const args = withKey({ url: entry.url, method: entry.method, ...(entry.body === undefined ? {} : { body: entry.body }) }, entry.key);
  const result = settle(await sendWithSession(entry.backend, args, api, {}));
  return result.error ? { error: result.error } : { data: result.data };
}

/** A file a backend answered: its bytes, type and the name the server gave it. */
export interface FetchedFile { blob: Blob; filename: string; mime: string }

/** The file name of a Content-Disposition header ('attachment; filename="x.csv"'), else `fallback`. */
export function filenameOf(disposition: string | null, fallback: string): string {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition ?? '');
  if (!match?.[1]) return fallback;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}

/**
 * Fetches a file (a report download) with the session's token, refreshing it once on a 401 like
 * every call; a refusal carries the server's error text. Files never wait in the outbox: a
 * download needs the network now.
 */
export async function fetchFile(
  backend: Backend,
  args: FetchArgs,
  store: Store,
  fallbackName: string,
): Promise<{ data: FetchedFile } | { error: ApiFailure }> {
  const api = callOutsideRtk(store, 'download', 'query');
  // A refusal is JSON (the error shape); an answer is the file's bytes.
  const responseHandler = async (response: Response) => (response.ok ? response.blob() : response.json().catch(() => response.statusText));
  const result = await sendWithSession(backend, { ...args, responseHandler }, api, {});
  if (result.error) return { error: toFailure(result.error) };
  const headers = result.meta?.response?.headers;
  const blob = result.data as Blob;
  return {
    data: { blob, filename: filenameOf(headers?.get('content-disposition') ?? null, fallbackName), mime: blob.type || 'application/octet-stream' },
  };
}

/** Test hook: forget the cached fetchers (their base URLs) and any refresh in flight. */
export function resetBaseQueries(): void {
  rawQueries.clear();
  refreshing = null;
}
