// The store: the three backend slices, the session (persisted) and the login in progress
// (memory only). makeStore(preloadedState) lets tests start from any state.
import { combineReducers, configureStore, isRejectedWithValue, type Middleware } from '@reduxjs/toolkit';
import { FLUSH, PAUSE, PERSIST, persistReducer, persistStore, PURGE, REGISTER, REHYDRATE } from 'redux-persist';
import { backendApis } from '../api/backends';
import type { ApiFailure } from '../api/baseQuery';
import { showError } from '../components/toaster';
import { sessionEnded, sessionSlice, signInSlice } from '../session/sessionSlice';

const rootReducer = combineReducers({
  session: sessionSlice.reducer,
  signIn: signInSlice.reducer,
  ...Object.fromEntries(backendApis.map((api) => [api.reducerPath, api.reducer])),
} as {
  session: typeof sessionSlice.reducer;
  signIn: typeof signInSlice.reducer;
  adminApi: (typeof backendApis)[0]['reducer'];
  usersApi: (typeof backendApis)[1]['reducer'];
  serviceApi: (typeof backendApis)[2]['reducer'];
});

export type RootState = ReturnType<typeof rootReducer>;

/** localStorage for redux-persist (its own adapter is CommonJS and trips ESM interop). */
const storage = {
  getItem: async (key: string) => localStorage.getItem(key),
  setItem: async (key: string, value: string) => localStorage.setItem(key, value),
  removeItem: async (key: string) => localStorage.removeItem(key),
};

/** Only the session is kept across reloads; never the password of a login in progress. */
const persistedReducer = persistReducer({ key: 'console', storage, whitelist: ['session'] }, rootReducer);

/** Calls whose screens show their own failure (a popup) or that fail harmlessly. */
const QUIET_ENDPOINTS = new Set(['logout', 'resetPassword']);

/** Every other failed call shows its text in the error toast (SPEC.md section 8). */
const errorToasts: Middleware = () => (next) => (action) => {
  if (isRejectedWithValue(action)) {
    const failure = action.payload as ApiFailure | undefined;
    const endpoint = (action.meta as { arg?: { endpointName?: string } }).arg?.endpointName ?? '';
    if (failure?.text && !QUIET_ENDPOINTS.has(endpoint)) showError(failure.text);
  }
  return next(action);
};

/** A session that ends takes its cached data with it: the next user sees none of it. */
const forgetDataOfEndedSession: Middleware = (store) => (next) => (action) => {
  const result = next(action);
  if (sessionEnded.match(action)) for (const api of backendApis) store.dispatch(api.util.resetApiState());
  return result;
};

export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: persistedReducer as unknown as typeof rootReducer,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefault) =>
      getDefault({ serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] } })
        .concat(backendApis.map((api) => api.middleware))
        .concat(errorToasts, forgetDataOfEndedSession),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
export const makePersistor = (store: AppStore) => persistStore(store);
