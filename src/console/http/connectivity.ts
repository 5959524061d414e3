// Whether the console can reach its backends: the browser's online/offline events, and the outcome
// of every request (an answer of any status means the server was reached; a network failure means
// it was not). The shell's offline banner and the outbox read it; nothing here is persisted.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query/react';

export interface ConnectivityState {
  /** navigator.onLine, kept up to date by the online/offline events. */
  browserOnline: boolean;
  /** False after a request failed at the network level, until a request gets an answer again. */
  serverReachable: boolean;
  /** When the last successful (2xx) answer arrived, epoch ms. */
  lastSuccessAt: number | null;
}

const browserSaysOnline = () => (typeof navigator === 'undefined' ? true : navigator.onLine !== false);

export const connectivitySlice = createSlice({
  name: 'connectivity',
  initialState: (): ConnectivityState => ({ browserOnline: browserSaysOnline(), serverReachable: true, lastSuccessAt: null }),
  reducers: {
    browserWentOnline: (state) => {
      state.browserOnline = true;
    },
    browserWentOffline: (state) => {
      state.browserOnline = false;
    },
    /** A request got an HTTP answer (`ok`: a 2xx, stamped as the time of the data). */
    serverAnswered: (state, action: PayloadAction<{ ok: boolean; at: number }>) => {
      state.serverReachable = true;
      if (action.payload.ok) state.lastSuccessAt = action.payload.at;
    },
    serverUnreachable: (state) => {
      state.serverReachable = false;
    },
  },
});

export const { browserWentOnline, browserWentOffline, serverAnswered, serverUnreachable } = connectivitySlice.actions;

type WithConnectivity = { connectivity: ConnectivityState };
/** The browser says it has no network: writes that cannot wait in the outbox are disabled. */
export const selectBrowserOffline = (state: WithConnectivity) => !state.connectivity.browserOnline;
/** Offline in the banner's sense: no network, or the server cannot be reached. */
export const selectOffline = (state: WithConnectivity) => !state.connectivity.browserOnline || !state.connectivity.serverReachable;

/** How long to wait before the next check that the server is back: 5 s, doubling, at most a minute. */
export const probeDelay = (attempt: number): number => Math.min(5_000 * 2 ** Math.max(0, attempt - 1), 60_000);

interface ConnectivityStore {
  dispatch(action: unknown): unknown;
  getState(): WithConnectivity;
  subscribe(listener: () => void): () => void;
}

/**
 * Listens to the browser's online/offline events (and hands them to RTK Query, so subscribed
 * queries refetch on reconnect), and while the server cannot be reached asks again now and then by
 * refetching the queries on screen. Returns the function that stops it all.
 */
export function watchConnectivity(store: ConnectivityStore): () => void {
  let reconnect: (() => unknown) | null = null;
  const stopListening = setupListeners(store.dispatch as never, (dispatch, actions) => {
    reconnect = actions.onOnline;
    const online = () => {
      dispatch(browserWentOnline());
      dispatch(actions.onOnline());
    };
    const offline = () => {
      dispatch(browserWentOffline());
      dispatch(actions.onOffline());
    };
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  });
  // The events may have fired before this ran.
  if (browserSaysOnline() !== store.getState().connectivity.browserOnline) {
    store.dispatch(browserSaysOnline() ? browserWentOnline() : browserWentOffline());
  }

  let probe: ReturnType<typeof setTimeout> | null = null;
  let attempt = 0;
  const schedule = () => {
    const { browserOnline, serverReachable } = store.getState().connectivity;
    // Without a network the 'online' event says when to try; with the server reached, nothing to do.
    if (!browserOnline || serverReachable) {
      attempt = 0;
      if (probe) clearTimeout(probe);
      probe = null;
      return;
    }
    if (probe) return;
    attempt += 1;
    probe = setTimeout(() => {
      probe = null;
      if (reconnect) store.dispatch(reconnect());
      schedule();
    }, probeDelay(attempt));
  };
  const unsubscribe = store.subscribe(schedule);
  return () => {
    unsubscribe();
    if (probe) clearTimeout(probe);
    stopListening();
  };
}

/** The console's query cache (state.api, backends/api.ts), as far as read here. */
interface QueryCache {
  queries: Record<string, { data?: unknown; fulfilledTimeStamp?: number } | undefined>;
  subscriptions: Record<string, Record<string, unknown> | undefined>;
}

/**
 * The time of the data on screen: the oldest answer among the queries something is subscribed to
 * (the screen and the shell), or else the last successful answer; null when there is neither.
 */
export function selectDataAsOf(state: WithConnectivity & { api: QueryCache }): number | null {
  let oldest: number | null = null;
  const { queries, subscriptions } = state.api;
  for (const [key, subscribers] of Object.entries(subscriptions)) {
    if (!subscribers || Object.keys(subscribers).length === 0) continue;
    const entry = queries[key];
    const at = entry?.data !== undefined ? entry.fulfilledTimeStamp : undefined;
    if (at && (oldest === null || at < oldest)) oldest = at;
  }
  return oldest ?? state.connectivity.lastSuccessAt;
}
