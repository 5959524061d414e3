// The base query of the console's api (api.ts): each request goes to the backend its endpoint
// names beside it. It composes the console's request jobs, each in its own module. A read goes out
// with the session (http/sessionRefresh.ts: bearer token, one shared refresh on a 401, then a
// retry) and fails with the text for people and the server's code (http/failure.ts). A write may
// wait in the outbox instead (outbox/queueWrite.ts). Files are fetched outside RTK Query
// (downloads/fetchFile.ts).
import type { BaseQueryFn, FetchArgs, FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import type { Backend } from '../ground/config';
import type { ConnectivityState } from '../http/connectivity';
import { offlineFailure, settle, type ApiFailure } from '../http/failure';
import { sendWithSession } from '../http/sessionRefresh';
import type { OfflineExtraOptions } from '../outbox/offlineWrite';
import { sendOrQueue } from '../outbox/queueWrite';

/**
 * What an endpoint's query gives: the request and the backend it goes to (SPEC.md section 7). Every
 * endpoint declares its backend: a query without one does not compile.
 */
export type BackendRequest = FetchArgs & { backend: Backend };

/** What an endpoint declares beside its query: how its writes may wait, whether its screen says its failures. */
export interface BackendExtraOptions extends OfflineExtraOptions {
  showsOwnFailure?: true;
}

/**
 * An endpoint's extraOptions when its screen shows its own failure (a popup, or SPEC.md section 8's
 * message in place of the part it would have filled) or the failure is harmless: no error toast
 * (app/store.ts errorToasts).
 */
export const SHOWS_OWN_FAILURE = { showsOwnFailure: true } as const satisfies BackendExtraOptions;

type Send = BaseQueryFn<BackendRequest, unknown, ApiFailure, BackendExtraOptions, FetchBaseQueryMeta>;

const send: Send = async ({ backend, ...request }, api, extraOptions) => {
  if (api.type === 'mutation') return sendOrQueue(backend, request, api, extraOptions);
  // Without a network an answer could only come from a cache (the service worker's), and would
  // pass for fresh data: the screen keeps the data it has, whose time is known, instead.
  if ((api.getState() as { connectivity?: ConnectivityState }).connectivity?.browserOnline === false) return { error: offlineFailure() };
  return settle(await sendWithSession(backend, request, api, extraOptions));
};

export const backendBaseQuery: Send = async (request, api, extraOptions = {}) => {
  const result = await send(request, api, extraOptions);
  return result.error && extraOptions.showsOwnFailure ? { ...result, error: { ...result.error, shownByScreen: true } } : result;
};
