// What survives a reload: the store is persisted, a new store (the reloaded page) reads it back.
import { describe, expect, it, vi } from 'vitest';
import type { StatusTypesResponse } from '../../contract/api';
import { usersReferenceApi } from '../backends/referenceApi';
import { entryQueued, restoredOutbox, type OutboxEntry } from '../outbox/outboxSlice';
import { sessionEnded } from '../session/sessionSlice';
import { fakeBackend } from '../test/fakeBackend';
import { signedIn } from '../test/sessions';
import { PERSIST_KEY } from './persistence';
import { makePersistor, makeStore, type AppStore } from './store';

const statusTypes: StatusTypesResponse = { count: 1, next: null, previous: null, results: [{ id: 1, name: 'Active' }] };

const queued: OutboxEntry = {
  key: '5b0f3a5e-7c1d-4e55-9a60-0d1f3f5e2a11',
  backend: 'admin',
  method: 'PUT',
  url: 'admin/event_types',
  body: { id: 3, event: 'sim_activation', pretty: 'SIM Activation', updated_at: '2026-11-01T09:30:00.000Z' },
  endpoint: 'saveEventType',
  description: 'Edit event type sim_activation',
  row: 'EventType:3',
  entity: 'EventType',
  screen: '/event-types',
  invalidates: [{ type: 'EventType', id: 'LIST' }],
  createdAt: 1_700_000_000_000,
  status: 'sending',
  attempts: 1,
  notBefore: 0,
  sent: true,
};

/** A store as main.tsx makes it, read back from storage. */
async function loadedStore(preloaded?: Parameters<typeof makeStore>[0]) {
  const store = makeStore(preloaded, { outbox: { delay: () => 60_000 } });
  const persistor = makePersistor(store);
  await vi.waitFor(() => expect(persistor.getState().bootstrapped).toBe(true));
  return { store, persistor };
}

async function readStatusTypes(store: AppStore) {
  const request = store.dispatch(usersReferenceApi.endpoints.statusTypes.initiate());
  const result = await request;
  request.unsubscribe();
  return result;
}

const item = (name: string) => JSON.parse(localStorage.getItem(name) ?? 'null') as Record<string, unknown> | null;

describe('persistence', () => {
  it('keeps the session, the outbox and the data read across a reload, each in its own item', async () => {
    const backend = fakeBackend().on('GET', 'api/v1/status-types', { body: statusTypes });
    const { store, persistor } = await loadedStore(signedIn());
    await readStatusTypes(store);
    store.dispatch(entryQueued({ username: 'super@demo.test', entry: queued }));
    await persistor.flush();

    // The session's item keeps redux-persist's own format, and nothing else of weight.
    const main = item(`persist:${PERSIST_KEY}`);
    expect(Object.keys(main ?? {}).sort()).toEqual(['_persist', 'session']);
    expect(JSON.parse(main?.session as string)).toMatchObject({ refresh: 'refresh-1' });
    expect(item(`persist:${PERSIST_KEY}:outbox`)).toMatchObject({ byUser: { 'super@demo.test': [{ key: queued.key }] } });
    expect(Object.keys((item(`persist:${PERSIST_KEY}:api`)?.queries ?? {}) as object)).toEqual(['statusTypes(undefined)']);
    expect(localStorage.getItem('signIn')).toBeNull();

    // The reloaded page, offline: the data is there without asking the server.
    const reloaded = (await loadedStore()).store;
    backend.on('GET', 'api/v1/status-types', 'offline');
    expect(reloaded.getState().session.refresh).toBe('refresh-1');
    expect(reloaded.getState().outbox.byUser['super@demo.test']).toMatchObject([{ key: queued.key, body: queued.body, description: queued.description }]);
    const again = await readStatusTypes(reloaded);
    expect(again.data).toEqual(statusTypes);
    // Read back data is asked for again once; offline that fails, and the data stays.
    await vi.waitFor(() => expect(backend.calls('GET', 'api/v1/status-types')).toHaveLength(2));
    await vi.waitFor(() => expect(reloaded.getState().api.queries['statusTypes(undefined)']).toMatchObject({ status: 'rejected', data: statusTypes }));
  });

  it('ignores and deletes the caches of the three backend slices kept before the one api', async () => {
    const backend = fakeBackend().on('GET', 'api/v1/status-types', { body: statusTypes });
    // The session and a cache of the users slice, as the console wrote them before issue 54.
    localStorage.setItem(`persist:${PERSIST_KEY}`, JSON.stringify({ session: JSON.stringify(signedIn().session), _persist: JSON.stringify({ version: -1, rehydrated: true }) }));
    const oldEntry = { status: 'fulfilled', endpointName: 'statusTypes', data: statusTypes, startedTimeStamp: 1, fulfilledTimeStamp: 2 };
    const oldCache = { version: 2, queries: { 'statusTypes(undefined)': oldEntry }, mutations: {}, provided: { tags: {}, keys: {} } };
    for (const slice of ['adminApi', 'usersApi', 'serviceApi']) localStorage.setItem(`persist:${PERSIST_KEY}:${slice}`, JSON.stringify(oldCache));

    const { store } = await loadedStore();

    expect(store.getState().session.refresh).toBe('refresh-1');
    expect(store.getState().api.queries).toEqual({});
    for (const slice of ['adminApi', 'usersApi', 'serviceApi']) expect(localStorage.getItem(`persist:${PERSIST_KEY}:${slice}`)).toBeNull();
    expect((await readStatusTypes(store)).data).toEqual(statusTypes);
    expect(backend.calls('GET', 'api/v1/status-types')).toHaveLength(1);
  });

  it("reads an entry caught 'sending' by the reload as pending again, due at once", () => {
    expect(restoredOutbox({ byUser: { 'super@demo.test': [{ ...queued, notBefore: 5 }], 'empty@demo.test': [] } })).toEqual({
      byUser: { 'super@demo.test': [{ ...queued, status: 'pending', notBefore: 0 }] },
    });
    expect(restoredOutbox(undefined)).toEqual({ byUser: {} });
  });

  it('forgets the data read when the session ends', async () => {
    fakeBackend().on('GET', 'api/v1/status-types', { body: statusTypes });
    const { store, persistor } = await loadedStore(signedIn());
    await readStatusTypes(store);
    await persistor.flush();
    expect(localStorage.getItem(`persist:${PERSIST_KEY}:api`)).toContain('Active');

    store.dispatch(sessionEnded());
    await persistor.flush();
    expect(localStorage.getItem(`persist:${PERSIST_KEY}:api`)).not.toContain('Active');
    expect(JSON.parse(item(`persist:${PERSIST_KEY}`)?.session as string)).toMatchObject({ access: null, refresh: null, user: null });
  });

  it('drops the data cache, never the session or the outbox, when the storage is full', async () => {
    fakeBackend().on('GET', 'api/v1/status-types', { body: statusTypes });
    const { store, persistor } = await loadedStore(signedIn());
    const setItem = Storage.prototype.setItem;
    const full = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, name: string, value: string) {
      if (name.endsWith(':api')) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      setItem.call(this, name, value);
    });
    await readStatusTypes(store);
    store.dispatch(entryQueued({ username: 'super@demo.test', entry: queued }));
    await persistor.flush();
    full.mockRestore();

    expect(localStorage.getItem(`persist:${PERSIST_KEY}:api`)).toBeNull();
    expect(item(`persist:${PERSIST_KEY}:outbox`)).toMatchObject({ byUser: { 'super@demo.test': [{ key: queued.key }] } });
    expect(JSON.parse(item(`persist:${PERSIST_KEY}`)?.session as string)).toMatchObject({ refresh: 'refresh-1' });
  });
});
