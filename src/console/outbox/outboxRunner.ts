// Sends the outbox when the connection is back: entries in the order they were made, one at a
// time, each with its own Idempotency-Key.
// - A success removes the entry and refreshes the lists it touched (its tags).
// - No answer (no network), a server error, 429 or 'still being processed' (409 on the same key)
//   leaves it pending with a growing delay; a network failure stops the round (all of the others
//   would fail too) until the next try: the online event, the server answering again, 'Send now',
//   a new entry, a login, or the retry timer.
// - A refusal (400, 403, 404, 409, 422 ...) marks it failed with the server's message (and the row
//   as it is now, for a conflict); it waits for 'Edit and retry' or 'Discard'. Later entries wait
//   behind it only if they touch the same row.
// - A 401 goes through the session refresh (http/sessionRefresh.ts); if the session ends, the
//   outbox stays (it is kept per username) and is sent after the same user logs in again.
import { type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import { REHYDRATE } from 'redux-persist';
import type { ErrorCode } from '../../contract/errors';
import { showError, showNotice, showSuccess } from '../components/toaster';
import { browserWentOnline } from '../http/connectivity';
import type { ApiFailure } from '../http/failure';
import { sessionStarted, type SessionState } from '../session/sessionSlice';
import { retryDelay } from './backoff';
import {
  entryDeferred, entryDiscarded, entryKeptMine, entryQueued, entryRefused, entrySending, entrySent, isWaiting, retryRequested,
  type OutboxEntry, type OutboxState,
} from './outboxSlice';
import { sendQueuedWrite, type WriteOutcome } from './queueWrite';

export const QUEUED_TEXT = 'Saved offline — it will be sent when the connection returns';

type State = { session: SessionState; outbox: OutboxState; connectivity: { serverReachable: boolean; browserOnline: boolean } };

/** What to do with an entry after a try. */
export type Verdict =
  | { kind: 'sent' }
  | { kind: 'unreachable' }
  | { kind: 'retry'; problem: string }
  | { kind: 'session-ended' }
  | { kind: 'refused'; status: number | string; text: string; code?: ErrorCode; current?: unknown };

export function verdictOf(outcome: WriteOutcome, signedIn: boolean): Verdict {
  if ('data' in outcome) return { kind: 'sent' };
  const failure: ApiFailure = outcome.error;
  if (failure.status === 'OFFLINE' || failure.status === 'TIMEOUT_ERROR') return { kind: 'unreachable' };
  if (failure.status === 401) return signedIn ? { kind: 'retry', problem: failure.text } : { kind: 'session-ended' };
  if (typeof failure.status !== 'number') return { kind: 'retry', problem: failure.text };
  if (failure.status >= 500 || failure.status === 429 || failure.status === 408) return { kind: 'retry', problem: failure.text };
  // The first try with this key is still running on the server: ask again, do not run it twice.
  if (failure.code === 'idempotency_in_progress') {
    return { kind: 'retry', problem: failure.text };
  }
  const { status, text, code, current } = failure;
  return { kind: 'refused', status, text, ...(code ? { code } : {}), ...(current !== undefined ? { current } : {}) };
}

/** After this many server errors in a row, an entry stops holding up the entries of other rows. */
export const SERVER_ERRORS_BEFORE_OTHERS_GO_ON = 3;

/**
 * The next entry to send, and when to look again. Entries go in the order they were made: one
 * waiting for its next try holds up every entry after it (their turn comes after it), except that
 * a refused entry, or one that kept meeting server errors, holds up only the entries of its row.
 */
export function nextEntry(entries: readonly OutboxEntry[], now: number): { entry?: OutboxEntry; wakeAt?: number } {
  const heldRows = new Set<string>();
  let wakeAt: number | undefined;
  for (const entry of entries) {
    if (entry.row && heldRows.has(entry.row)) continue;
    if (entry.status === 'failed') {
      if (entry.row) heldRows.add(entry.row);
      continue;
    }
    if (entry.notBefore > now) {
      wakeAt = Math.min(wakeAt ?? Infinity, entry.notBefore);
      const stuck = entry.problemKind === 'server' && entry.attempts >= SERVER_ERRORS_BEFORE_OTHERS_GO_ON;
      if (!stuck || !entry.row) return { wakeAt };
      heldRows.add(entry.row);
      continue;
    }
    return { entry, wakeAt };
  }
  return { wakeAt };
}

export interface RunnerOptions {
  /** The delay before try n+1 (tests make it short). */
  delay?: (attempts: number) => number;
  now?: () => number;
  /** How the tags of a replayed write are invalidated (the store's api). */
  invalidate(tags: OutboxEntry['invalidates']): UnknownAction;
}

/** Every runner alive, so tests can stop their timers between tests. */
const runners = new Set<() => void>();
export function stopOutboxRunners(): void {
  for (const stop of runners) stop();
  runners.clear();
}

/** A new entry, 'Send now', a discarded entry (the ones behind it may go on), and a refused one to send again (Keep mine). */
const TRIGGERS = [entryQueued, retryRequested, entryDiscarded, entryKeptMine];

export function createOutboxRunner(options: RunnerOptions): Middleware {
  const delay = options.delay ?? ((attempts: number) => retryDelay(attempts));
  const now = options.now ?? Date.now;
  return (store) => {
    let draining = false;
    let again = false;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let roundFailures = 0;
    runners.add(() => {
      stopped = true;
      if (timer) clearTimeout(timer);
    });

    const state = () => store.getState() as State;
    const ownEntries = (username: string) => state().outbox.byUser[username] ?? [];

    function wakeAt(at: number) {
      if (stopped) return;
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        kick(true);
      }, Math.max(0, at - now()));
    }

    /** `byTimer`: the retry timer's turn, which tries even when the browser says it is offline. */
    function kick(byTimer = false) {
      if (stopped) return;
      if (draining) {
        again = true;
        return;
      }
      draining = true;
      void drain(byTimer).finally(() => {
        draining = false;
        if (again) {
          again = false;
          kick();
        }
      });
    }

    async function drain(byTimer: boolean) {
      for (;;) {
        again = false;
        const user = state().session.user;
        if (!user || !state().session.refresh || stopped) return;
        const username = user.username;
        const { entry, wakeAt: later } = nextEntry(ownEntries(username), now());
        if (!entry) {
          if (later !== undefined) wakeAt(later);
          return;
        }
        // Without a network, try only now and then (the online event brings the next round sooner).
        if (state().connectivity.browserOnline === false && !byTimer) {
          if (!timer) wakeAt(now() + delay(roundFailures + 1));
          return;
        }
        store.dispatch(entrySending({ username, key: entry.key }));
        const outcome = await sendQueuedWrite(entry, store);
        const verdict = verdictOf(outcome, state().session.user?.username === username);
        const key = { username, key: entry.key };
        switch (verdict.kind) {
          case 'sent': {
            roundFailures = 0;
            const updatedAt = 'data' in outcome ? (outcome.data as { updated_at?: unknown } | null)?.updated_at : undefined;
            store.dispatch(entrySent({ ...key, ...(typeof updatedAt === 'string' ? { updatedAt } : {}) }));
            store.dispatch(options.invalidate(entry.invalidates));
            showSuccess(`Sent: ${entry.description}`);
            break;
          }
          case 'refused': {
            const { kind: _refused, ...refusal } = verdict;
            store.dispatch(entryRefused({ ...key, refusal }));
            showError(`Not sent: ${entry.description}. ${verdict.text}`);
            break;
          }
          case 'session-ended':
            // Not the entry's fault: it is sent after the same user logs in again.
            store.dispatch(entryDeferred({ ...key, notBefore: 0, countsAsAttempt: false }));
            return;
          case 'retry':
            store.dispatch(
              entryDeferred({ ...key, notBefore: now() + delay(entry.attempts + 1), problem: verdict.problem, problemKind: 'server', countsAsAttempt: true }),
            );
            break;
          case 'unreachable': {
            // The others would fail the same way, and wait behind this one: the next round tries again.
            roundFailures += 1;
            const retryAt = now() + delay(Math.max(entry.attempts + 1, roundFailures));
            store.dispatch(
              entryDeferred({ ...key, notBefore: retryAt, problem: 'The server cannot be reached.', problemKind: 'network', countsAsAttempt: true }),
            );
            wakeAt(retryAt);
            return;
          }
        }
      }
    }

    return (next) => (action) => {
      const reachableBefore = (store.getState() as Partial<State>).connectivity?.serverReachable;
      const result = next(action);
      const reachableAfter = (store.getState() as Partial<State>).connectivity?.serverReachable;
      if (entryQueued.match(action)) void showNotice(QUEUED_TEXT);
      const rehydrated = (action as { type?: unknown }).type === REHYDRATE;
      // Back online, logged in again, or the server answers again: a fresh chance for everything
      // that waits, without sitting out the backoff.
      const freshChance =
        browserWentOnline.match(action) || sessionStarted.match(action) || (reachableBefore === false && reachableAfter === true);
      const username = (store.getState() as State).session.user?.username;
      if (freshChance && username && ownEntries(username).some((entry) => isWaiting(entry) && entry.notBefore > now())) {
        store.dispatch(retryRequested({ username }));
      } else if (rehydrated || freshChance || TRIGGERS.some((trigger) => trigger.match(action))) {
        kick();
      }
      return result;
    };
  };
}
