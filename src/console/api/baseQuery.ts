// The one base query every backend slice uses (SPEC.md sections 7 and 8): it adds the bearer
// token, turns every failure into the text rule (server error field, else data, else message;
// field lines joined), and on a 401 refreshes the session once, transparently, then retries.
// Requests failing together share one refresh; when the refresh fails the session ends, and the
// router takes the user to /login.
import {
  fetchBaseQuery, type BaseQueryApi, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { apiErrorText, type RefreshResponse } from '../../contract/api';
import { messages } from '../../contract/messages';
import type { FieldErrors } from '../../contract/schemas';
import { backendUrls, type BackendUrls } from '../app/config';
import { showError } from '../components/toaster';
import { sessionEnded, tokensRefreshed, type SessionState } from '../session/sessionSlice';

/** What a failed call rejects with: its status and the text to show a person. */
export interface ApiFailure {
  status: number | 'OFFLINE' | 'PARSING_ERROR' | 'TIMEOUT_ERROR' | 'CUSTOM_ERROR';
  text: string;
  errors?: FieldErrors;
}

type State = { session: SessionState };
const accessOf = (api: Pick<BaseQueryApi, 'getState'>) => (api.getState() as State).session.access;

export function toFailure(error: FetchBaseQueryError): ApiFailure {
  if (error.status === 'FETCH_ERROR') return { status: 'OFFLINE', text: 'The server cannot be reached. Check the connection and try again.' };
  if (error.status === 'PARSING_ERROR') return { status: 'PARSING_ERROR', text: apiErrorText(error.data, error.error) };
  if (error.status === 'TIMEOUT_ERROR' || error.status === 'CUSTOM_ERROR') return { status: error.status, text: apiErrorText(undefined, error.error) };
  const data = error.data as { errors?: FieldErrors } | undefined;
  return { status: error.status, text: apiErrorText(error.data), ...(data?.errors ? { errors: data.errors } : {}) };
}

const rawQueries = new Map<keyof BackendUrls, ReturnType<typeof fetchBaseQuery>>();
function rawQuery(backend: keyof BackendUrls) {
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

/** The refresh in flight, shared by every request that fails while it runs. */
let refreshing: Promise<boolean> | null = null;

function refreshSession(api: BaseQueryApi): Promise<boolean> {
  refreshing ??= (async () => {
    const refresh = (api.getState() as State).session.refresh;
    if (!refresh) return false;
    const result = await rawQuery('users')(
      { url: 'api/v1/auth/token/refresh/', method: 'POST', body: { refresh }, headers: { authorization: '' } },
      api,
      {},
    );
    if (result.data) {
      api.dispatch(tokensRefreshed(result.data as RefreshResponse));
      return true;
    }
    return false;
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

export function backendBaseQuery(backend: keyof BackendUrls): BaseQueryFn<string | FetchArgs, unknown, ApiFailure> {
  return async (args, api, extraOptions) => {
    const tokenSent = accessOf(api);
    let result = await rawQuery(backend)(args, api, extraOptions);
    if (result.error?.status === 401 && tokenSent) {
      // Another request may have refreshed already: then only retry with the new token.
      const renewed = accessOf(api) !== tokenSent || (await refreshSession(api));
      if (renewed) {
        result = await rawQuery(backend)(args, api, extraOptions);
      } else if ((api.getState() as State).session.user) {
        // Said once, by the request that ends the session: the calls in flight are dropped with it.
        showError(messages.sessionExpired);
        api.dispatch(sessionEnded());
      }
    }
    if (result.error) return { error: toFailure(result.error), meta: result.meta };
    return { data: result.data, meta: result.meta };
  };
}

/** Test hook: forget the cached fetchers (their base URLs) and any refresh in flight. */
export function resetBaseQueries(): void {
  rawQueries.clear();
  refreshing = null;
}
