// The store: the api of the three backends, the session (persisted), the login in progress (memory
// only), the outbox (persisted, per user) and the connectivity. makeStore(preloadedState) lets
// tests start from any state. What is persisted, and how, is in persistence.ts.
import { combineReducers, configureStore, isPlain, isRejectedWithValue, type Middleware } from '@reduxjs/toolkit';
import type { TagDescription } from '@reduxjs/toolkit/query';
import { FLUSH, PAUSE, PERSIST, persistStore, PURGE, REGISTER, REHYDRATE } from 'redux-persist';
import { api, refreshRestoredQueries } from '../backends/api';
import type { ApiFailure } from '../http/failure';
import { connectivitySlice } from '../http/connectivity';
import { showError } from '../components/toaster';
import { createOutboxRunner, type RunnerOptions } from '../outbox/outboxRunner';
import { outboxSlice } from '../outbox/outboxSlice';
import { sessionEnded, sessionSlice, signInSlice } from '../session/sessionSlice';
import { persisted } from './persistence';

const rootReducer = combineReducers({
  session: sessionSlice.reducer,
  signIn: signInSlice.reducer,
  outbox: outboxSlice.reducer,
  connectivity: connectivitySlice.reducer,
  [api.reducerPath]: api.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

const persistedReducer = persisted(rootReducer);

/**
 * A failed call shows its text in the error toast (SPEC.md section 8), unless its endpoint declares
 * that its screen says it (SHOWS_OWN_FAILURE in backends/baseQuery.ts). A read that fails
 * for want of a connection does not: the offline banner says so once, and the screen keeps its data.
 * Nor does an edit conflict that says how the row is now: the screen's conflict panel says it.
 */
const errorToasts: Middleware = () => (next) => (action) => {
  if (isRejectedWithValue(action)) {
    const failure = action.payload as ApiFailure | undefined;
    const arg = (action.meta as { arg?: { endpointName?: string; type?: string } }).arg;
    const offlineRead = arg?.type === 'query' && failure?.status === 'OFFLINE';
    const shownByPanel = failure?.code === 'edit_conflict' && failure.current !== undefined;
    if (failure?.text && !failure.shownByScreen && !offlineRead && !shownByPanel) showError(failure.text);
  }
  return next(action);
};

/**
 * A session that ends takes its cached data with it (in memory and, through persistence, on the
 * device): the next user sees none of it. The outbox is kept per user: an expired session's
 * changes are sent after the same user logs in again; logging out discards them (LogoutPage).
 */
const forgetDataOfEndedSession: Middleware = (store) => (next) => (action) => {
  const result = next(action);
  if (sessionEnded.match(action)) store.dispatch(api.util.resetApiState());
  return result;
};

/** A change sent from the outbox invalidates the tags its endpoint names, as the save would have. */
const invalidateSentTags = (tags: ReadonlyArray<TagDescription<string>>) =>
  // Its endpoint's tags, whose types are the api's (a feature's addTagTypes among them).
  api.util.invalidateTags(tags as Parameters<typeof api.util.invalidateTags>[0]);

/** A value that writes itself as JSON (a grid's rows read by line, backends/rowsByLine.ts) is kept as such, unwalked. */
const writesItself = (value: unknown): boolean => !(value instanceof Date) && typeof (value as { toJSON?: unknown } | null)?.toJSON === 'function';
/** A file a mutation uploads (a payout's results) stays in its arguments for the request's life; mutations are never persisted. */
const isFile = (value: unknown): boolean => typeof Blob !== 'undefined' && value instanceof Blob;
const isSerializable = (value: unknown): boolean => isPlain(value) || writesItself(value) || isFile(value);
const getEntries = (value: object): [string, unknown][] => (writesItself(value) || isFile(value) ? [] : Object.entries(value));

/** `outbox`: the runner's timing (tests make the backoff short). */
export function makeStore(preloadedState?: Partial<RootState>, options: { outbox?: Omit<RunnerOptions, 'invalidate'> } = {}) {
  return configureStore({
    reducer: persistedReducer as unknown as typeof rootReducer,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefault) =>
      getDefault({ serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER], isSerializable, getEntries } })
        .concat(refreshRestoredQueries, api.middleware)
        .concat(errorToasts, forgetDataOfEndedSession, createOutboxRunner({ invalidate: invalidateSentTags, ...options.outbox })),
    // RTK Query's answers reach the screens in a timer task of their own rather than in the next
    // animation frame (RTK's default), where React's drawing and the browser's layout made one long
    // task on a tablet; notifications are still batched, a frame's time apart at most.
    enhancers: (getDefault) => getDefault({ autoBatch: { type: 'timer', timeout: 16 } }),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
export const makePersistor = (store: AppStore) => persistStore(store);
