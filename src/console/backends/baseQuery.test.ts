// The base query of the console's api, driven as the screens drive it: through a store and
// an endpoint's initiate(), over a fake network.
import { describe, expect, it } from 'vitest';
import type { StatusTypesResponse } from '../../contract/api';
import { makeStore } from '../app/store';
import { tokensRefreshed } from '../session/sessionSlice';
import { deferred, fakeBackend, type Handler } from '../test/fakeBackend';
import { signedIn } from '../test/sessions';
import { usersReferenceApi } from './referenceApi';

const emptyPage: StatusTypesResponse = { count: 0, next: null, previous: null, results: [] };
const OFFLINE_TEXT = 'The server cannot be reached. Check the connection and try again.';

const { statusTypes, translations } = usersReferenceApi.endpoints;

/** Answers only the refreshed token; the first token has expired. */
const needsToken =
  (token: string, onExpired?: () => void): Handler =>
  (call) => {
    if (call.authorization === `Bearer ${token}`) return { body: emptyPage };
    onExpired?.();
    return { status: 401, body: { error: 'Your session has ended. Please log in again.', code: 'session_expired' } };
  };

async function fetchStatusTypes(store: ReturnType<typeof makeStore>) {
  const request = store.dispatch(statusTypes.initiate());
  const result = await request;
  request.unsubscribe();
  return result;
}

describe('backendBaseQuery', () => {
  it('sends the bearer token of the session', async () => {
    const backend = fakeBackend().on('GET', 'api/v1/status-types', { body: emptyPage });
    const store = makeStore(signedIn());
    const result = await fetchStatusTypes(store);
    expect(result.data).toEqual(emptyPage);
    expect(backend.calls().map((c) => c.authorization)).toEqual(['Bearer access-1']);
  });

  it('refreshes once for two requests failing together and retries both with the new token', async () => {
    const bothFailed = deferred();
    let expired = 0;
    const countExpired = () => {
      expired += 1;
      if (expired === 2) bothFailed.resolve();
    };
    const backend = fakeBackend()
      .on('GET', 'api/v1/status-types', needsToken('access-2', countExpired))
      .on('GET', 'api/v1/translations/', needsToken('access-2', countExpired))
      .on('POST', 'api/v1/auth/token/refresh/', async () => {
        // Hold the new token back until both requests have been refused.
        await bothFailed.promise;
        await new Promise((resolve) => setTimeout(resolve, 20));
        return { body: { access: 'access-2', refresh: 'refresh-2' } };
      });
    const store = makeStore(signedIn());

    const first = store.dispatch(statusTypes.initiate());
    const second = store.dispatch(translations.initiate());
    const [a, b] = await Promise.all([first, second]);
    first.unsubscribe();
    second.unsubscribe();

    expect(a.data).toEqual(emptyPage);
    expect(b.data).toEqual(emptyPage);
    const allCalls = JSON.stringify(backend.calls()); // says what happened, should this ever fail
    expect(backend.calls('POST', 'api/v1/auth/token/refresh/').map((c) => c.body), allCalls).toEqual([{ refresh: 'refresh-1' }]);
    expect(backend.calls('GET', 'api/v1/status-types').map((c) => c.authorization)).toEqual(['Bearer access-1', 'Bearer access-2']);
    expect(backend.calls('GET', 'api/v1/translations/').map((c) => c.authorization)).toEqual(['Bearer access-1', 'Bearer access-2']);
    expect(store.getState().session).toMatchObject({ access: 'access-2', refresh: 'refresh-2' });
    expect(store.getState().session.user).not.toBeNull();
  });

  it('ends the session when the refresh fails', async () => {
    const backend = fakeBackend()
      .on('GET', 'api/v1/status-types', needsToken('access-2'))
      .on('POST', 'api/v1/auth/token/refresh/', {
        status: 401,
        body: { error: 'This session is no longer valid. Please log in again.', code: 'session_expired' },
      });
    const store = makeStore(signedIn());

    await fetchStatusTypes(store);

    expect(backend.calls('POST', 'api/v1/auth/token/refresh/')).toHaveLength(1);
    expect(backend.calls('GET', 'api/v1/status-types')).toHaveLength(1);
    expect(store.getState().session.user).toBeNull();
    expect(store.getState().session.access).toBeNull();
  });

  it('keeps the session when the refresh cannot reach the server: the request fails as offline', async () => {
    const backend = fakeBackend()
      .on('GET', 'api/v1/status-types', needsToken('access-2'))
      .on('POST', 'api/v1/auth/token/refresh/', 'offline');
    const store = makeStore(signedIn());

    const result = await fetchStatusTypes(store);

    expect(result.error).toEqual({ status: 'OFFLINE', text: OFFLINE_TEXT });
    expect(backend.calls('POST', 'api/v1/auth/token/refresh/')).toHaveLength(1);
    expect(store.getState().session).toMatchObject({ access: 'access-1', refresh: 'refresh-1' });
    expect(store.getState().connectivity.serverReachable).toBe(false);
  });

  it('retries without refreshing when the token changed while the request was out', async () => {
    const store = makeStore(signedIn());
    const backend = fakeBackend()
      .on('GET', 'api/v1/status-types', needsToken('access-2', () => {
        // Another request refreshed the session meanwhile.
        store.dispatch(tokensRefreshed({ access: 'access-2', refresh: 'refresh-2' }));
      }))
      .on('POST', 'api/v1/auth/token/refresh/', { body: { access: 'access-3', refresh: 'refresh-3' } });

    const result = await fetchStatusTypes(store);

    expect(result.data).toEqual(emptyPage);
    expect(backend.calls('POST', 'api/v1/auth/token/refresh/')).toHaveLength(0);
    expect(backend.calls('GET', 'api/v1/status-types').map((c) => c.authorization)).toEqual(['Bearer access-1', 'Bearer access-2']);
    expect(store.getState().session.access).toBe('access-2');
  });

  it('does not try a refresh for a 401 sent without a session', async () => {
    const backend = fakeBackend()
      .on('GET', 'api/v1/status-types', { status: 401, body: { error: 'User is not logged in or access token is missing.', code: 'unauthenticated' } })
      .on('POST', 'api/v1/auth/token/refresh/', { body: { access: 'access-2', refresh: 'refresh-2' } });
    const store = makeStore();

    const result = await fetchStatusTypes(store);

    expect(result.error).toEqual({ status: 401, text: 'User is not logged in or access token is missing.', code: 'unauthenticated' });
    expect(backend.calls().map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/v1/status-types']);
  });
});

describe('the text of a failure', () => {
  it('joins the lines of field errors', async () => {
    const errors = { field: ['a', 'b'] };
    fakeBackend().on('GET', 'api/v1/status-types', { status: 400, body: { error: 'validation failed', code: 'validation', errors } });
    const result = await fetchStatusTypes(makeStore(signedIn()));
    expect(result.error).toEqual({ status: 400, text: 'a\nb', code: 'validation', errors });
  });

  it("is the server's error field", async () => {
    fakeBackend().on('GET', 'api/v1/status-types', { status: 403, body: { error: 'x', code: 'forbidden' } });
    const result = await fetchStatusTypes(makeStore(signedIn()));
    expect(result.error).toEqual({ status: 403, text: 'x', code: 'forbidden' });
  });

  it("carries the server's code only when the contract lists it", async () => {
    fakeBackend().on('GET', 'api/v1/status-types', { status: 409, body: { error: 'y', code: 'no_such_code' } });
    const result = await fetchStatusTypes(makeStore(signedIn()));
    expect(result.error).toEqual({ status: 409, text: 'y' });
  });

  it('says the server cannot be reached when the network fails', async () => {
    fakeBackend().on('GET', 'api/v1/status-types', 'offline');
    const result = await fetchStatusTypes(makeStore(signedIn()));
    expect(result.error).toEqual({ status: 'OFFLINE', text: OFFLINE_TEXT });
  });
});
