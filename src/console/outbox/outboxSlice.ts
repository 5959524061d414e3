// The outbox: writes made offline (or cut off by the network), kept per user across reloads and
// restarts (persisted) until the server has them. Each entry keeps the Idempotency-Key it was given
// when the change was made, so however often it is sent, the server applies it once.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { TagDescription } from '@reduxjs/toolkit/query';
import type { ErrorCode } from '../../contract/errors';
import type { Backend } from '../ground/config';
import type { ConflictField } from '../forms/editConflict';
import { newIdempotencyKey } from './offlineWrite';

export type OutboxStatus = 'pending' | 'sending' | 'failed';

/** Why the server refused an entry, in its words; `current` is the row as it is now (a 409 conflict). */
export interface OutboxRefusal {
  status: number | string;
  text: string;
  /** The server's code for it (contract/errors.ts), when it named one. */
  code?: ErrorCode;
  current?: unknown;
}

export interface OutboxEntry {
  /** The Idempotency-Key: created once, when the change was made, and sent with every try. */
  key: string;
  backend: Backend;
  method: string;
  url: string;
  body: unknown;
  endpoint: string;
  /** 'Edit event type sim_activation' */
  description: string;
  /** The row the write touches ('EventType:12'); absent for a new row. */
  row?: string;
  entity: string;
  /** The screen where the change can be edited again. */
  screen: string;
  /** What a successful replay invalidates. */
  invalidates: Array<TagDescription<string>>;
  /** The fields an edit conflict compares, as its endpoint declared them (absent: every field of the body). */
  conflict?: ConflictField[];
  createdAt: number;
  status: OutboxStatus;
  /** How many times it was sent without an answer that settles it. */
  attempts: number;
  /** Not before this time (epoch ms): the backoff after a try that did not settle it. */
  notBefore: number;
  /** True once a try may have reached the server: from then on its body never changes. */
  sent: boolean;
  /** The last transient problem (no network, server error, busy), shown while it waits for the next try. */
  lastProblem?: string;
  /** 'network': nothing could be sent; 'server': this entry met a server error (or was still running). */
  problemKind?: 'network' | 'server';
  /** Set when the server refused it: it waits for the user to edit it again or discard it. */
  refusal?: OutboxRefusal;
}

export interface OutboxState {
  /** Entries per username, oldest first: one user's outbox is never sent under another's session. */
  byUser: Record<string, OutboxEntry[]>;
}

const initialState: OutboxState = { byUser: {} };

type Keyed = { username: string; key: string };

function entryOf(state: OutboxState, { username, key }: Keyed): OutboxEntry | undefined {
  return state.byUser[username]?.find((entry) => entry.key === key);
}

function remove(state: OutboxState, { username, key }: Keyed): OutboxEntry | undefined {
  const entries = state.byUser[username];
  const index = entries?.findIndex((entry) => entry.key === key) ?? -1;
  if (!entries || index < 0) return undefined;
  const [removed] = entries.splice(index, 1);
  if (entries.length === 0) delete state.byUser[username];
  return removed;
}

export const outboxSlice = createSlice({
  name: 'outbox',
  initialState,
  reducers: {
    entryQueued: (state, action: PayloadAction<{ username: string; entry: OutboxEntry }>) => {
      const { username, entry } = action.payload;
      const entries = (state.byUser[username] ??= []);
      if (!entries.some((queued) => queued.key === entry.key)) entries.push(entry);
    },
    entrySending: (state, action: PayloadAction<Keyed>) => {
      const entry = entryOf(state, action.payload);
      if (entry) {
        entry.status = 'sending';
        entry.sent = true;
      }
    },
    /**
     * The server has it. Later writes to the same row that were made on the version this one
     * replaced (and never left the device) now build on the version it made, so the user's own
     * change does not read as someone else's.
     */
    entrySent: (state, action: PayloadAction<Keyed & { updatedAt?: string }>) => {
      const sent = remove(state, action.payload);
      const { updatedAt } = action.payload;
      const readAt = (sent?.body as { updated_at?: unknown } | undefined)?.updated_at;
      if (!sent?.row || !updatedAt || typeof readAt !== 'string') return;
      for (const later of state.byUser[action.payload.username] ?? []) {
        const body = later.body as { updated_at?: unknown } | null;
        if (later.row === sent.row && !later.sent && body && typeof body === 'object' && body.updated_at === readAt) body.updated_at = updatedAt;
      }
    },
    /** Not settled (no network, a server error, still running): try again after `notBefore`. */
    entryDeferred: (
      state,
      action: PayloadAction<Keyed & { notBefore: number; problem?: string; problemKind?: 'network' | 'server'; countsAsAttempt: boolean }>,
    ) => {
      const entry = entryOf(state, action.payload);
      if (!entry) return;
      entry.status = 'pending';
      entry.notBefore = action.payload.notBefore;
      if (action.payload.countsAsAttempt) entry.attempts += 1;
      if (action.payload.problem) {
        entry.lastProblem = action.payload.problem;
        entry.problemKind = action.payload.problemKind ?? 'server';
      } else {
        delete entry.lastProblem;
        delete entry.problemKind;
      }
    },
    entryRefused: (state, action: PayloadAction<Keyed & { refusal: OutboxRefusal }>) => {
      const entry = entryOf(state, action.payload);
      if (!entry) return;
      entry.status = 'failed';
      entry.refusal = action.payload.refusal;
      delete entry.lastProblem;
    },
    entryDiscarded: (state, action: PayloadAction<Keyed>) => {
      remove(state, action.payload);
    },
    /**
     * 'Keep mine' of a change refused as an edit conflict: sent again, in its place, on the version
     * the server has now. It is a new request (another updated_at), so it gets a new key: the old
     * one's answer, the 409, is kept by the server for that key. Later changes of the same row that
     * were made on the version it was made on go with it.
     */
    entryKeptMine: {
      reducer: (state, action: PayloadAction<Keyed & { newKey: string }>) => {
        const entry = entryOf(state, action.payload);
        const current = entry?.refusal?.current as { updated_at?: unknown } | undefined;
        const body = entry?.body as { updated_at?: unknown } | null | undefined;
        if (!entry || typeof current?.updated_at !== 'string' || !body || typeof body !== 'object') return;
        const readAt = body.updated_at;
        for (const later of state.byUser[action.payload.username] ?? []) {
          const laterBody = later.body as { updated_at?: unknown } | null;
          if (later.key !== entry.key && entry.row !== undefined && later.row === entry.row && !later.sent && laterBody && typeof laterBody === 'object' && laterBody.updated_at === readAt) {
            laterBody.updated_at = current.updated_at;
          }
        }
        body.updated_at = current.updated_at;
        entry.key = action.payload.newKey;
        entry.status = 'pending';
        entry.attempts = 0;
        entry.notBefore = 0;
        entry.sent = false;
        delete entry.refusal;
        delete entry.lastProblem;
        delete entry.problemKind;
      },
      prepare: (payload: Keyed) => ({ payload: { ...payload, newKey: newIdempotencyKey() } }),
    },
    /** 'Send now': every waiting entry of the user is due at once. */
    retryRequested: (state, action: PayloadAction<{ username: string }>) => {
      for (const entry of state.byUser[action.payload.username] ?? []) if (entry.status === 'pending') entry.notBefore = 0;
    },
    /** At logout: the user chose to discard what was not sent. */
    outboxCleared: (state, action: PayloadAction<{ username: string }>) => {
      delete state.byUser[action.payload.username];
    },
  },
});

export const {
  entryQueued, entrySending, entrySent, entryDeferred, entryRefused, entryDiscarded, entryKeptMine, retryRequested, outboxCleared,
} = outboxSlice.actions;

/** After a reload, an entry caught 'sending' is pending again: its key makes the resend safe. */
export function restoredOutbox(stored: unknown): OutboxState {
  const byUser = (stored as Partial<OutboxState> | undefined)?.byUser;
  if (!byUser || typeof byUser !== 'object') return initialState;
  return {
    byUser: Object.fromEntries(
      Object.entries(byUser)
        .filter(([, entries]) => Array.isArray(entries) && entries.length > 0)
        .map(([username, entries]) => [
          username,
          entries.map((entry) => (entry.status === 'sending' ? { ...entry, status: 'pending' as const, notBefore: 0 } : entry)),
        ]),
    ),
  };
}

type WithOutbox = { outbox: OutboxState; session: { user: { username: string } | null } };
const NONE: OutboxEntry[] = [];

/** The signed-in user's entries, oldest first. */
export const selectOwnOutbox = (state: WithOutbox): OutboxEntry[] =>
  (state.session.user && state.outbox.byUser[state.session.user.username]) || NONE;

/** Entries not settled yet (pending or being sent): a new write queues behind them, to keep the order. */
export const isWaiting = (entry: OutboxEntry) => entry.status !== 'failed';
