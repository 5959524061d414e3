// The outbox, driven as the screens drive it: a mutation endpoint that opts in with offlineWrite,
// dispatched through a real store over a fake network. Covers: writes queued offline in order,
// one Idempotency-Key per change reused on every try, retries with a growing delay, refusals
// (conflict, validation) kept with the server's message, discard, a conflict's Keep mine, the
// same-row rule, per-user outboxes, replay after the same user logs in again, and what is never queued.
import { describe, expect, it, vi } from 'vitest';
import type { ErrorCode } from '../../contract/errors';
import * as messages from '../../contract/messages';
import { api } from '../backends/api';
import { browserWentOffline, browserWentOnline } from '../http/connectivity';
import { makeStore } from '../app/store';
import { sessionEnded, sessionStarted } from '../session/sessionSlice';
import { fakeBackend, type RecordedCall } from '../test/fakeBackend';
import { sessionUser, signedIn } from '../test/sessions';
import { FIRST_RETRY_MS, MAX_RETRY_MS, retryDelay } from './backoff';
import { isQueuedWrite, offlineWrite, unlessQueued, type Saved } from './offlineWrite';
import { nextEntry, SERVER_ERRORS_BEFORE_OTHERS_GO_ON, verdictOf } from './outboxRunner';
import { entryDiscarded, entryKeptMine, retryRequested, selectOwnOutbox, type OutboxEntry } from './outboxSlice';

interface Thing { id: number; name: string; updated_at: string }
interface ThingRequest { id?: number; name: string; updated_at?: string; password?: string }
interface ThingList { data: Thing[]; count: number }

const thingTags = [{ type: 'EventType', id: 'LIST' }] as const;

/** A screen's endpoints, as a feature would inject them. */
const thingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    things: build.query<ThingList, void>({ query: () => ({ backend: 'admin', url: 'admin/things' }), providesTags: thingTags }),
    saveThing: build.mutation<Saved<Thing>, ThingRequest>({
      query: (body) => ({ backend: 'admin', url: 'admin/things', method: body.id ? 'PUT' : 'POST', body }),
      invalidatesTags: unlessQueued(thingTags),
      extraOptions: offlineWrite<ThingRequest>({
        entity: 'Thing',
        screen: '/things',
        describe: (body) => `${body.id ? 'Edit' : 'Add'} thing ${body.name}`,
        invalidates: thingTags,
        conflict: [{ field: 'name', label: 'Name' }],
      }),
    }),
    /** A write whose endpoint names its own Idempotency-Key, as the add agent dialog does for a retry. */
    saveThingWithKey: build.mutation<Saved<Thing>, { body: ThingRequest; key: string }>({
      query: ({ body, key }) => ({ backend: 'admin', url: 'admin/things', method: 'POST', body, headers: { 'Idempotency-Key': key } }),
      extraOptions: offlineWrite<ThingRequest>({ entity: 'Thing', screen: '/things', describe: (body) => `Add thing ${body.name}`, invalidates: thingTags }),
    }),
    /** A write that never waits (no offlineWrite), like the sign-in calls. */
    signSomething: build.mutation<unknown, { code: string }>({ query: (body) => ({ backend: 'admin', url: 'admin/sign', method: 'POST', body }) }),
  }),
});

const SUPER = 'super@demo.test';
const AGENCY = 'agency@demo.test';
/** Short retries, so the tests do not wait for the real backoff. */
const fast = { delay: (attempts: number) => 15 * attempts };

function setup(state = signedIn(), outbox: { delay?: (attempts: number) => number } = fast) {
  return makeStore(state, { outbox });
}
type Store = ReturnType<typeof setup>;

const save = (store: Store, body: ThingRequest) => store.dispatch(thingsApi.endpoints.saveThing.initiate(body));
const own = (store: Store): OutboxEntry[] => selectOwnOutbox(store.getState());
const bodyOf = (call: RecordedCall) => call.body as ThingRequest;
/** 'PUT a T0': method, name and updated_at of each write that reached the server. */
const writes = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method !== 'GET').map((call) => `${call.method} ${bodyOf(call).name} ${bodyOf(call).updated_at ?? '-'}`);

/** The fake network: down, every request fails as fetch does offline. */
const network = { up: true };

/** A backend that saves things, stamping each save with a new updated_at. */
function thingsBackend() {
  let version = 0;
  network.up = true;
  return fakeBackend()
    .on('GET', 'admin/things', () => (network.up ? { body: { data: [], count: 0 } } : 'offline'))
    .on('PUT', 'admin/things', ({ body }) => (network.up ? { body: { ...(body as object), updated_at: `T${++version}` } } : 'offline'))
    .on('POST', 'admin/things', ({ body }) =>
      network.up ? { status: 201, body: { id: 90 + version, ...(body as object), updated_at: `T${++version}` } } : 'offline',
    );
}

/** The browser and the network go offline together, as they do for a person. */
function goOffline(store: Store) {
  network.up = false;
  store.dispatch(browserWentOffline());
}
function goOnline(store: Store) {
  network.up = true;
  store.dispatch(browserWentOnline());
}

describe('the outbox, writing offline', () => {
  it('queues writes made offline, each with its own key, and sends them in order when the connection returns', async () => {
    const backend = thingsBackend();
    const store = setup(signedIn(), { delay: () => 60_000 });
    goOffline(store);

    const first = await save(store, { id: 1, name: 'a', updated_at: 'T0' });
    await save(store, { name: 'new' });
    await save(store, { id: 2, name: 'b', updated_at: 'T0' });

    expect(isQueuedWrite(first.data)).toBe(true);
    // Offline, nothing is tried before the retry timer's turn.
    expect(backend.calls()).toEqual([]);
    const queued = own(store);
    expect(queued.map((entry) => entry.description)).toEqual(['Edit thing a', 'Add thing new', 'Edit thing b']);
    expect(queued.map((entry) => [entry.method, entry.url, entry.endpoint, entry.row, entry.status])).toEqual([
      ['PUT', 'admin/things', 'saveThing', 'Thing:1', 'pending'],
      ['POST', 'admin/things', 'saveThing', undefined, 'pending'],
      ['PUT', 'admin/things', 'saveThing', 'Thing:2', 'pending'],
    ]);
    expect(new Set(queued.map((entry) => entry.key)).size).toBe(3);
    expect(queued[0]?.key).toBe(isQueuedWrite(first.data) ? first.data.key : '');
    expect(queued.every((entry) => entry.createdAt > 0)).toBe(true);
    await vi.waitFor(() => expect(document.body.textContent).toContain('Saved offline — it will be sent when the connection returns'));

    goOnline(store);
    await vi.waitFor(() => expect(own(store)).toEqual([]));
    expect(writes(backend.calls())).toEqual(['PUT a T0', 'POST new -', 'PUT b T0']);
    expect(backend.calls().map((call) => call.idempotencyKey)).toEqual(queued.map((entry) => entry.key));
    expect(backend.calls().every((call) => call.authorization === 'Bearer access-1')).toBe(true);
    // Each says when it was made, for the audit trail (issue 35).
    expect(backend.calls().map((call) => call.queuedAt)).toEqual(queued.map((entry) => new Date(entry.createdAt).toISOString()));
  });

  it('sends every online write with a fresh Idempotency-Key, and keeps a write cut off by the network with that key', async () => {
    const backend = thingsBackend();
    const store = setup(signedIn(), { delay: () => 60_000 });
    network.up = false; // the browser does not know yet

    const saved = await save(store, { id: 1, name: 'a', updated_at: 'T0' });
    expect(isQueuedWrite(saved.data)).toBe(true);
    const [entry] = own(store);
    expect(entry).toMatchObject({ description: 'Edit thing a', sent: true });
    // The outbox tried once more at once; then it waits.
    await vi.waitFor(() => expect(backend.calls('PUT', 'admin/things')).toHaveLength(2));
    expect(backend.calls().map((call) => call.idempotencyKey)).toEqual([entry?.key, entry?.key]);
    await vi.waitFor(() => expect(own(store)[0]).toMatchObject({ status: 'pending', attempts: 2, problemKind: 'network' }));

    network.up = true;
    const later = await save(store, { id: 5, name: 'e', updated_at: 'T0' });
    // An earlier write waits: this one queues behind it, to keep the order.
    expect(isQueuedWrite(later.data)).toBe(true);
    store.dispatch(retryRequested({ username: SUPER }));
    await vi.waitFor(() => expect(own(store)).toEqual([]));
    expect(writes(backend.calls())).toEqual(['PUT a T0', 'PUT a T0', 'PUT a T0', 'PUT e T0']);
    const keys = backend.calls().map((call) => call.idempotencyKey);
    expect(keys.slice(0, 3)).toEqual([entry?.key, entry?.key, entry?.key]);
    expect(keys[3]).not.toBe(entry?.key);

    // With the outbox empty, an online write goes straight out, with a key of its own.
    const direct = await save(store, { id: 6, name: 'f', updated_at: 'T0' });
    expect(direct.data).toMatchObject({ id: 6, name: 'f' });
    expect(new Set(backend.calls().map((call) => call.idempotencyKey)).size).toBe(3);
  });

  it('sends the Idempotency-Key its endpoint names on every try, and queues a write cut off by the network under it', async () => {
    const backend = thingsBackend();
    const store = setup(signedIn(), { delay: () => 60_000 });
    const send = (key: string) => store.dispatch(thingsApi.endpoints.saveThingWithKey.initiate({ body: { name: 'keyed' }, key }));
    await send('add-keyed-1');
    await send('add-keyed-1');
    expect(backend.calls('POST', 'admin/things').map((call) => call.idempotencyKey)).toEqual(['add-keyed-1', 'add-keyed-1']);

    network.up = false;
    const cut = await send('add-keyed-2');
    expect(isQueuedWrite(cut.data) && cut.data.key).toBe('add-keyed-2');
    expect(own(store).map((entry) => entry.key)).toEqual(['add-keyed-2']);
    expect(backend.calls('POST', 'admin/things').at(-1)?.idempotencyKey).toBe('add-keyed-2');
  });

  it('retries with a growing delay, with the key made when the change was made', async () => {
    let tries = 0;
    const backend = thingsBackend().on('PUT', 'admin/things', ({ body }) => (++tries <= 4 ? 'offline' : { body }));
    const delays: number[] = [];
    const store = setup(signedIn(), {
      delay: (attempts) => {
        delays.push(attempts);
        return 10;
      },
    });
    goOffline(store);
    await save(store, { id: 1, name: 'a', updated_at: 'T0' });
    const key = own(store)[0]?.key;
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    // No online event: the timer alone brings it through once the network answers.
    await vi.waitFor(() => expect(own(store)).toEqual([]), { timeout: 3_000 });
    expect(backend.calls('PUT', 'admin/things').map((call) => call.idempotencyKey)).toEqual([key, key, key, key, key]);
    // The first wait is the offline one before any try; then each failed try waits longer.
    expect(delays).toEqual([1, 1, 2, 3, 4]);
  });

  it('has delays that double from 2 seconds up to 2 minutes, spread by a fifth either way', () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 4, 7, 8, 30].map((attempts) => retryDelay(attempts, middle))).toEqual([2_000, 4_000, 8_000, 16_000, 120_000, 120_000, 120_000]);
    expect(retryDelay(1, () => 0)).toBe(FIRST_RETRY_MS * 0.8);
    expect(retryDelay(9, () => 1)).toBe(MAX_RETRY_MS * 1.2);
  });

  it('never queues a write that carries a password, nor one whose endpoint does not allow it', async () => {
    const backend = thingsBackend().on('POST', 'admin/sign', 'offline');
    const store = setup();
    goOffline(store);

    const withPassword = await save(store, { id: 1, name: 'a', password: 'Secret#2026' });
    expect(withPassword.error).toMatchObject({ status: 'OFFLINE' });
    const signing = await store.dispatch(thingsApi.endpoints.signSomething.initiate({ code: '1234' }));
    expect(signing.error).toMatchObject({ status: 'OFFLINE' });
    expect(store.getState().outbox.byUser).toEqual({});
    expect(JSON.stringify(store.getState())).not.toContain('Secret#2026');
    // Both were tried (and failed): nothing waits to be sent later.
    expect(backend.calls().map((call) => call.path)).toEqual(['/admin/things', '/admin/sign']);
  });
});

describe('the outbox, when the server refuses', () => {
  const current: Thing = { id: 1, name: 'changed by someone else', updated_at: 'T9' };

  /** Row 1 was changed on the server since T0: an edit made on T0 is a conflict. */
  function conflictBackend() {
    return thingsBackend().on('PUT', 'admin/things', ({ body }) => {
      if (!network.up) return 'offline';
      const thing = body as ThingRequest;
      if (thing.id === 1 && thing.updated_at !== current.updated_at) return { status: 409, body: { error: messages.recordChanged, code: 'edit_conflict', current } };
      return { body: { ...thing, updated_at: 'T10' } };
    });
  }

  it("keeps a conflict as refused with the server's message and the current row; others go on, the same row waits", async () => {
    const backend = conflictBackend();
    const store = setup(signedIn(), { delay: () => 60_000 });
    goOffline(store);
    await save(store, { id: 1, name: 'mine', updated_at: 'T0' });
    await save(store, { id: 2, name: 'other', updated_at: 'T0' });
    await save(store, { id: 1, name: 'mine again', updated_at: 'T0' });
    await save(store, { name: 'new one' });

    goOnline(store);
    await vi.waitFor(() => expect(own(store).map((entry) => entry.description)).toEqual(['Edit thing mine', 'Edit thing mine again']));
    const [refused, waiting] = own(store);
    expect(refused).toMatchObject({ status: 'failed', refusal: { status: 409, text: messages.recordChanged, current } });
    expect(waiting).toMatchObject({ status: 'pending', sent: false });
    expect(writes(backend.calls())).toEqual(['PUT mine T0', 'PUT other T0', 'POST new one -']);
    await vi.waitFor(() => expect(document.body.textContent).toContain(`Not sent: Edit thing mine. ${messages.recordChanged}`));

    // Discarded: the write behind it on the same row goes, and meets the same conflict.
    store.dispatch(entryDiscarded({ username: SUPER, key: refused?.key ?? '' }));
    await vi.waitFor(() => expect(own(store).map((entry) => [entry.description, entry.status])).toEqual([['Edit thing mine again', 'failed']]));
    expect(writes(backend.calls())).toEqual(['PUT mine T0', 'PUT other T0', 'POST new one -', 'PUT mine again T0']);
  });

  it("Keep mine sends a conflict again in its place, on the current version under a new key; the row's later edit follows on the version it makes", async () => {
    // The server's row 1, changed by someone else since T0; each save it takes makes a new version.
    const row = { version: 9 };
    const backend = thingsBackend().on('PUT', 'admin/things', ({ body }) => {
      const thing = body as ThingRequest;
      const now = `T${row.version}`;
      if (thing.updated_at !== now) return { status: 409, body: { error: messages.recordChanged, code: 'edit_conflict', current: { ...current, updated_at: now } } };
      return { body: { ...thing, updated_at: `T${++row.version}` } };
    });
    const store = setup(signedIn(), { delay: () => 60_000 });
    goOffline(store);
    await save(store, { id: 1, name: 'mine', updated_at: 'T0' });
    await save(store, { id: 1, name: 'mine again', updated_at: 'T0' });
    goOnline(store);
    await vi.waitFor(() => expect(own(store).map((entry) => entry.status)).toEqual(['failed', 'pending']));
    const [refused] = own(store);
    // The fields its review compares travel with it, as its endpoint declared them.
    expect(refused?.conflict).toEqual([{ field: 'name', label: 'Name' }]);

    store.dispatch(entryKeptMine({ username: SUPER, key: refused?.key ?? '' }));
    await vi.waitFor(() => expect(own(store)).toEqual([]));
    expect(writes(backend.calls())).toEqual(['PUT mine T0', 'PUT mine T9', 'PUT mine again T10']);
    const keys = backend.calls('PUT', 'admin/things').map((call) => call.idempotencyKey);
    // A new request (another updated_at) under a new key: the server keeps the 409 for the first one.
    expect(keys[1]).not.toBe(keys[0]);
    expect(new Set(keys).size).toBe(3);
  });

  it('keeps a validation refusal with its field lines, and asks again when the first try is still running', async () => {
    let busy = true;
    const backend = thingsBackend()
      .on('POST', 'admin/things', { status: 400, body: { error: 'validation failed', code: 'validation', errors: { name: ['Name is taken', 'Pick another'] } } })
      .on('PUT', 'admin/things', ({ body }) => {
        if (busy) {
          busy = false;
          return { status: 409, body: { error: messages.idempotencyInProgress, code: 'idempotency_in_progress' } };
        }
        return { body };
      });
    const store = setup();
    goOffline(store);
    await save(store, { name: 'dup' });
    await save(store, { id: 3, name: 'c', updated_at: 'T0' });
    goOnline(store);

    await vi.waitFor(() => expect(own(store).map((entry) => entry.description)).toEqual(['Add thing dup']));
    expect(own(store)[0]).toMatchObject({ status: 'failed', refusal: { status: 400, text: 'Name is taken\nPick another' } });
    const puts = backend.calls('PUT', 'admin/things');
    expect(puts).toHaveLength(2);
    expect(puts[0]?.idempotencyKey).toBe(puts[1]?.idempotencyKey);
  });

  it("sends later edits of a row on the version the user's own earlier edit made", async () => {
    const backend = thingsBackend();
    const store = setup(signedIn(), { delay: () => 60_000 });
    goOffline(store);
    await save(store, { id: 4, name: 'first', updated_at: 'T0' });
    await save(store, { id: 4, name: 'second', updated_at: 'T0' });
    goOnline(store);
    await vi.waitFor(() => expect(own(store)).toEqual([]));
    expect(writes(backend.calls())).toEqual(['PUT first T0', 'PUT second T1']);
  });

  it('refreshes the lists a sent write touched', async () => {
    const backend = thingsBackend();
    const store = setup(signedIn(), { delay: () => 60_000 });
    const list = store.dispatch(thingsApi.endpoints.things.initiate());
    await list;
    goOffline(store);
    await save(store, { id: 1, name: 'a', updated_at: 'T0' });
    // Queued, the save invalidated nothing: the list kept its data and was not asked again.
    expect(backend.calls('GET', 'admin/things')).toHaveLength(1);
    expect(store.getState().api.queries['things(undefined)']?.status).toBe('fulfilled');
    goOnline(store);
    await vi.waitFor(() => expect(own(store)).toEqual([]));
    await vi.waitFor(() => expect(backend.calls('GET', 'admin/things').length).toBeGreaterThanOrEqual(2));
    list.unsubscribe();
  });

  it('lets the entries of other rows go on after an entry kept meeting server errors', async () => {
    const backend = thingsBackend().on('PUT', 'admin/things', ({ body }) => ((body as ThingRequest).id === 1 ? { status: 503, body: { error: 'Down for maintenance', code: 'internal' } } : { body }));
    const store = setup(signedIn(), { delay: (attempts) => (attempts >= SERVER_ERRORS_BEFORE_OTHERS_GO_ON ? 60_000 : 10) });
    goOffline(store);
    await save(store, { id: 1, name: 'stuck', updated_at: 'T0' });
    await save(store, { id: 2, name: 'free', updated_at: 'T0' });
    goOnline(store);
    await vi.waitFor(() => expect(own(store).map((entry) => entry.description)).toEqual(['Edit thing stuck']));
    expect(own(store)[0]).toMatchObject({ status: 'pending', attempts: SERVER_ERRORS_BEFORE_OTHERS_GO_ON, lastProblem: 'Down for maintenance' });
    expect(writes(backend.calls())).toEqual([...Array<string>(SERVER_ERRORS_BEFORE_OTHERS_GO_ON).fill('PUT stuck T0'), 'PUT free T0']);
  });
});

describe('the outbox and the session', () => {
  it("keeps each user's outbox to that user: another user's login sends none of it, the same user's login sends it", async () => {
    const backend = thingsBackend();
    const store = setup(signedIn('Super Admin'), { delay: () => 60_000 });
    goOffline(store);
    await save(store, { id: 1, name: 'by super', updated_at: 'T0' });
    store.dispatch(sessionEnded());
    goOnline(store);

    store.dispatch(sessionStarted({ access: 'agency-access', refresh: 'agency-refresh', user: sessionUser('Agency Admin') }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(backend.calls()).toEqual([]);
    expect(own(store)).toEqual([]);
    expect(store.getState().outbox.byUser[SUPER]?.map((entry) => entry.description)).toEqual(['Edit thing by super']);
    expect(store.getState().outbox.byUser[AGENCY]).toBeUndefined();

    store.dispatch(sessionEnded());
    store.dispatch(sessionStarted({ access: 'super-access-2', refresh: 'super-refresh-2', user: sessionUser('Super Admin') }));
    await vi.waitFor(() => expect(store.getState().outbox.byUser).toEqual({}));
    expect(backend.calls().map((call) => `${call.method} ${call.path} ${call.authorization}`)).toEqual(['PUT /admin/things Bearer super-access-2']);
  });

  it('refreshes the session on a 401 while sending, and sends again with the same key', async () => {
    const backend = thingsBackend()
      .on('PUT', 'admin/things', ({ body, authorization }) =>
        authorization === 'Bearer access-2' ? { body } : { status: 401, body: { error: 'Your session has ended. Please log in again.', code: 'session_expired' } },
      )
      .on('POST', 'api/v1/auth/token/refresh/', { body: { access: 'access-2', refresh: 'refresh-2' } });
    const store = setup(signedIn(), { delay: () => 60_000 });
    goOffline(store);
    await save(store, { id: 1, name: 'a', updated_at: 'T0' });
    goOnline(store);
    await vi.waitFor(() => expect(own(store)).toEqual([]));
    const puts = backend.calls('PUT', 'admin/things');
    expect(puts.map((call) => call.authorization)).toEqual(['Bearer access-1', 'Bearer access-2']);
    expect(puts[0]?.idempotencyKey).toBe(puts[1]?.idempotencyKey);
  });

  it('keeps the outbox when the session ends while sending, and sends it after the same user logs in again', async () => {
    let sessionAlive = false;
    const backend = thingsBackend()
      .on('PUT', 'admin/things', ({ body }) => (sessionAlive ? { body } : { status: 401, body: { error: 'Your session has ended. Please log in again.', code: 'session_expired' } }))
      .on('POST', 'api/v1/auth/token/refresh/', { status: 401, body: { error: 'This session is no longer valid. Please log in again.', code: 'session_expired' } });
    const store = setup(signedIn(), { delay: () => 60_000 });
    goOffline(store);
    await save(store, { id: 1, name: 'a', updated_at: 'T0' });
    const key = own(store)[0]?.key;
    goOnline(store);

    await vi.waitFor(() => expect(store.getState().session.user).toBeNull());
    expect(store.getState().outbox.byUser[SUPER]).toMatchObject([{ key, status: 'pending', attempts: 0 }]);

    sessionAlive = true;
    store.dispatch(sessionStarted({ access: 'access-9', refresh: 'refresh-9', user: sessionUser('Super Admin') }));
    await vi.waitFor(() => expect(store.getState().outbox.byUser).toEqual({}));
    expect(backend.calls('PUT', 'admin/things').map((call) => [call.authorization, call.idempotencyKey])).toEqual([
      ['Bearer access-1', key],
      ['Bearer access-9', key],
    ]);
  });
});

describe('the rules of the runner', () => {
  const entry = (over: Partial<OutboxEntry>): OutboxEntry => ({
    key: over.key ?? 'k',
    backend: 'admin',
    method: 'PUT',
    url: 'admin/things',
    body: {},
    endpoint: 'saveThing',
    description: '',
    entity: 'Thing',
    screen: '/things',
    invalidates: [],
    createdAt: 1,
    status: 'pending',
    attempts: 0,
    notBefore: 0,
    sent: false,
    ...over,
  });

  it('keeps the order: a waiting entry holds up those after it; a refused one only those of its row', () => {
    const entries = [
      entry({ key: 'a', row: 'Thing:1', status: 'failed' }),
      entry({ key: 'b', row: 'Thing:1' }),
      entry({ key: 'c', row: 'Thing:2', notBefore: 500 }),
      entry({ key: 'd', row: 'Thing:3' }),
    ];
    expect(nextEntry(entries, 100)).toEqual({ wakeAt: 500 });
    expect(nextEntry(entries, 600).entry?.key).toBe('c');
    expect(nextEntry(entries.slice(0, 2), 100)).toEqual({ wakeAt: undefined });
    const stuck = entry({ key: 's', row: 'Thing:2', notBefore: 500, attempts: SERVER_ERRORS_BEFORE_OTHERS_GO_ON, problemKind: 'server' });
    expect(nextEntry([stuck, entry({ key: 'same', row: 'Thing:2' }), entry({ key: 'd', row: 'Thing:3' })], 100)).toMatchObject({ entry: { key: 'd' }, wakeAt: 500 });
  });

  it('tells a refusal from a failure worth another try', () => {
    const failed = (status: number | 'OFFLINE', text = 'x', current?: unknown, code?: ErrorCode) => ({
      error: { status, text, ...(current ? { current } : {}), ...(code ? { code } : {}) },
    });
    expect(verdictOf({ data: {} }, true)).toEqual({ kind: 'sent' });
    expect(verdictOf(failed('OFFLINE'), true)).toEqual({ kind: 'unreachable' });
    expect(verdictOf(failed(503), true).kind).toBe('retry');
    expect(verdictOf(failed(429), true).kind).toBe('retry');
    expect(verdictOf(failed(409, messages.idempotencyInProgress, undefined, 'idempotency_in_progress'), true).kind).toBe('retry');
    // The code decides, not the text: the same words without the code are a refusal.
    expect(verdictOf(failed(409, messages.idempotencyInProgress), true).kind).toBe('refused');
    expect(verdictOf(failed(409, 'Still working on it', undefined, 'idempotency_in_progress'), true).kind).toBe('retry');
    expect(verdictOf(failed(401), false).kind).toBe('session-ended');
    for (const status of [400, 403, 404, 422]) expect(verdictOf(failed(status), true).kind).toBe('refused');
    expect(verdictOf(failed(409, messages.recordChanged, { id: 1 }), true)).toEqual({ kind: 'refused', status: 409, text: messages.recordChanged, current: { id: 1 } });
    expect(verdictOf(failed(409, messages.duplicateEmail), true).kind).toBe('refused');
  });
});
