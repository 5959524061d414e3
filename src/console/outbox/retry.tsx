// 'Edit and retry' of a refused outbox entry: the outbox panel opens the entry's screen with the
// entry's key in the location state; the screen opens its dialog with the queued values, and the
// dialog shows why it was refused (for a conflict, the conflict panel: the queued values beside the
// row as it is now). Saving it again replaces the refused entry.
import { Intent } from '@blueprintjs/core';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { showSuccess } from '../components/toaster';
import { useAppDispatch, useAppSelector } from '../ground/hooks';
import { isQueuedWrite } from './offlineWrite';
import { entryDiscarded, selectOwnOutbox, type OutboxEntry } from './outboxSlice';
import { TitledCallout } from '../components/TitledCallout';

/** The location state that asks a screen to edit an outbox entry again. */
export const RETRY_STATE = 'outboxRetry';

/** The refused entry of `endpoint` the user asked to edit again on this screen, and how to close it. */
export function useOutboxRetry(endpoint: string): { entry?: OutboxEntry; finish(): void } {
  const location = useLocation();
  const navigate = useNavigate();
  const key = (location.state as Record<string, unknown> | null)?.[RETRY_STATE];
  const entry = useAppSelector(selectOwnOutbox).find((candidate) => candidate.key === key && candidate.endpoint === endpoint);
  const finish = useCallback(
    () => navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null }),
    [navigate, location.pathname, location.search],
  );
  return { entry, finish };
}

/**
 * The values to edit again: the queued body, on the version the user now sees. For a conflict that
 * is the server's current row, so the next save is not refused for the same reason.
 */
export function retryValues<Body extends object>(entry: OutboxEntry): Body {
  const current = entry.refusal?.current as { updated_at?: unknown } | undefined;
  const body = { ...(entry.body as Body) };
  return typeof current?.updated_at === 'string' ? { ...body, updated_at: current.updated_at } : body;
}

/** Why the entry was not sent, at the top of the dialog (a conflict shows the conflict panel instead). */
export function RetryNotice({ entry }: { entry: OutboxEntry }) {
  if (!entry.refusal) return null;
  return (
    <TitledCallout intent={Intent.DANGER} title="Not sent" className="console-pending-new">
      <p>{entry.refusal.text}</p>
    </TitledCallout>
  );
}

/**
 * Saves from a dialog: once the server has the change, or the outbox keeps it, the success toast
 * (a queued save was announced by the outbox already), the refused entry it replaces discarded,
 * and the dialog closed. A refusal keeps the dialog open (the base query has said why).
 */
export function useSaveAndClose(retried: OutboxEntry | undefined, onClose: () => void) {
  const dispatch = useAppDispatch();
  const username = useAppSelector((state) => state.session.user?.username);
  return useCallback(
    async (saving: PromiseLike<{ data: unknown } | { error: unknown }>, success: string) => {
      const saved = await saving;
      if (!('data' in saved)) return;
      if (!isQueuedWrite(saved.data)) showSuccess(success);
      if (retried && username) dispatch(entryDiscarded({ username, key: retried.key }));
      onClose();
    },
    [dispatch, onClose, retried, username],
  );
}
