// How a write reaches the server (DESIGN.md 'Offline'): every mutation carries an Idempotency-Key;
// a mutation whose endpoint allows it (offlineWrite) waits in the outbox when there is no network,
// when the network fails it, or when earlier writes still wait there (the order is kept), and
// resolves as a QueuedWrite. The outbox runner sends a waiting entry again with its own key.
import type { BaseQueryApi, FetchArgs, FetchBaseQueryMeta, QueryReturnValue } from '@reduxjs/toolkit/query';
import { IDEMPOTENCY_KEY_HEADER, OUTBOX_QUEUED_AT_HEADER } from '../../contract/constants';
import type { Backend } from '../ground/config';
import { OFFLINE_TEXT, settle, type ApiFailure } from '../http/failure';
import { callOutsideRtk, sendWithSession, type StoreAccess } from '../http/sessionRefresh';
import type { SessionState } from '../session/sessionSlice';
import { carriesPassword, newIdempotencyKey, rowKeyOf, type OfflineExtraOptions, type QueuedWrite } from './offlineWrite';
import { entryQueued, isWaiting, type OutboxEntry, type OutboxState } from './outboxSlice';


type State = { session: SessionState; outbox?: OutboxState; connectivity?: { browserOnline: boolean } };
const stateOf = (api: Pick<BaseQueryApi, 'getState'>) => api.getState() as State;

/** Only JSON bodies can wait in the outbox (a file upload cannot). */
const isJsonBody = (body: unknown) =>
  body === undefined || body === null || typeof body === 'string' || Array.isArray(body) || Object.getPrototypeOf(body) === Object.prototype;

/**
 * What an outbox entry is described by: a write's body, or, for a GET that writes (queuing a
 * report, which the specification does by GET), its query string's fields and its `path`.
 */
function subjectOf(args: FetchArgs): unknown {
  if (args.body !== undefined || (args.method ?? 'GET').toUpperCase() !== 'GET') return args.body;
  const [path = '', query = ''] = args.url.split('?');
  return { ...Object.fromEntries(new URLSearchParams(query)), path };
}

/**
 * The request with `key` as its Idempotency-Key, unless its endpoint gave one: a dialog that sends
 * the same body again after a network failure names the key of its first try (AddAgentDialog).
 */
function withKey(args: FetchArgs, key: string): FetchArgs {
  const headers = new Headers(args.headers as HeadersInit | undefined);
  if (!headers.has(IDEMPOTENCY_KEY_HEADER)) headers.set(IDEMPOTENCY_KEY_HEADER, key);
  return { ...args, headers };
}

/** A mutation: sent with a fresh Idempotency-Key (or its endpoint's), or queued in the outbox when it may wait there. */
export async function sendOrQueue(
  backend: Backend,
  input: string | FetchArgs,
  api: BaseQueryApi,
  extraOptions: OfflineExtraOptions,
): Promise<QueryReturnValue<unknown, ApiFailure, FetchBaseQueryMeta>> {
  const args: FetchArgs = typeof input === 'string' ? { url: input } : input;
  // The endpoint's own key, if it gave one, is also the key the write waits under in the outbox.
  const key = new Headers(args.headers as HeadersInit | undefined).get(IDEMPOTENCY_KEY_HEADER) ?? newIdempotencyKey();
  const offline = extraOptions.offline;
  const username = stateOf(api).session.user?.username;
  const body: unknown = args.body;
  const subject = subjectOf(args);
  const queueable =
    offline !== undefined && username !== undefined && isJsonBody(body) && !carriesPassword(body) && (offline.queueable?.(subject as never) ?? true);

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
      description: offline.describe(subject as never),
      row: rowKeyOf(offline.entity, (subject as { id?: unknown } | null)?.id),
      entity: offline.entity,
      screen: typeof offline.screen === 'function' ? offline.screen(subject as never) : offline.screen,
      invalidates: [...offline.invalidates],
      ...(offline.conflict ? { conflict: offline.conflict.map((field) => ({ ...field })) } : {}),
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

export type WriteOutcome = { data: unknown } | { error: ApiFailure };

/**
 * Sends an outbox entry again, with its own Idempotency-Key, the session's token, and the time the
 * admin made it (X-Outbox-Queued-At), which the audit trail keeps beside the time it arrived.
 */
export async function sendQueuedWrite(
  entry: Pick<OutboxEntry, 'backend' | 'method' | 'url' | 'body' | 'key' | 'endpoint'> & Partial<Pick<OutboxEntry, 'createdAt'>>,
  store: StoreAccess,
): Promise<WriteOutcome> {
  const api = callOutsideRtk(store, entry.endpoint, 'mutation');
  const headers = entry.createdAt ? { [OUTBOX_QUEUED_AT_HEADER]: new Date(entry.createdAt).toISOString() } : undefined;
  const args = withKey({ url: entry.url, method: entry.method, ...(entry.body === undefined ? {} : { body: entry.body }), ...(headers ? { headers } : {}) }, entry.key);
  const result = settle(await sendWithSession(entry.backend, args, api, {}));
  return result.error ? { error: result.error } : { data: result.data };
}
