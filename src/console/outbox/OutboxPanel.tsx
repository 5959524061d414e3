// The outbox panel: every change of the user that the server does not have yet, oldest first.
// Pending ones are sent by themselves when the connection returns ('Send now' tries at once);
// a refused one shows the server's message and offers 'Edit and retry' (the screen's dialog with
// the queued values) or 'Discard'. One refused because someone else changed the row meanwhile
// shows the queued values beside the current ones, field by field: Use theirs drops it, Keep mine
// sends it again on the current version, Cancel leaves it for later.
import { Button, Classes, Drawer, DrawerSize, IconSize, Intent, Tag } from '@blueprintjs/core';
import { CloudUpload, Edit, Refresh, SmallCross, Trash } from '@blueprintjs/icons';
import { useNavigate } from 'react-router-dom';
import { selectBrowserOffline } from '../http/connectivity';
import { useAppDispatch, useAppSelector } from '../ground/hooks';
import { ConflictPanel } from '../components/ConflictPanel';
import { conflictRows, fieldsOfValues, type CurrentRow } from '../forms/editConflict';
import { entryDiscarded, entryKeptMine, retryRequested, selectOwnOutbox, type OutboxEntry } from './outboxSlice';
import { RETRY_STATE } from './retry';
import { EmptyState } from '../components/EmptyState';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function StatusTag({ entry }: { entry: OutboxEntry }) {
  if (entry.status === 'failed') return <Tag intent={Intent.DANGER} minimal>refused</Tag>;
  if (entry.status === 'sending') return <Tag intent={Intent.PRIMARY} minimal>sending</Tag>;
  return <Tag intent={Intent.WARNING} minimal>pending</Tag>;
}

interface EntryActions {
  onEdit(): void;
  onDiscard(): void;
  onKeepMine(): void;
  /** Leaves a conflict for later: the panel closes. */
  onLater(): void;
}

/** The row as it is now, for an entry refused as an edit conflict. */
const currentOf = (entry: OutboxEntry): CurrentRow | undefined => {
  const current = entry.refusal?.current;
  return current && typeof current === 'object' ? (current as CurrentRow) : undefined;
};

function EntryItem({ entry, onEdit, onDiscard, onKeepMine, onLater }: { entry: OutboxEntry } & EntryActions) {
  const current = currentOf(entry);
  const body = (entry.body && typeof entry.body === 'object' ? entry.body : {}) as Record<string, unknown>;
  return (
    <li className="console-outbox-entry" aria-label={entry.description}>
      <div className="console-outbox-entry-head">
        <strong>{entry.description}</strong>
        <StatusTag entry={entry} />
      </div>
      <div className="bp6-text-muted">Made {timeFormat.format(entry.createdAt)}</div>
      {entry.status !== 'failed' && entry.lastProblem && (
        <div className="bp6-text-muted">
          Last try: {entry.lastProblem}
          {entry.notBefore > 0 ? ` Next try at ${timeFormat.format(entry.notBefore)}, or now with Send now.` : ''}
        </div>
      )}
      {entry.refusal && current && (
        <ConflictPanel
          text={entry.refusal.text}
          rows={conflictRows(entry.conflict ?? fieldsOfValues(body), body, current)}
          onUseTheirs={onDiscard}
          onKeepMine={onKeepMine}
          onCancel={onLater}
          queued
        />
      )}
      {entry.refusal && !current && (
        <p role="alert" className="bp6-text-danger">
          {entry.refusal.text}
        </p>
      )}
      <div className="console-outbox-entry-actions">
        {entry.status === 'failed' && (
          <Button small intent={current ? Intent.NONE : Intent.PRIMARY} icon={<Edit />} onClick={onEdit}>
            Edit and retry
          </Button>
        )}
        {/* A conflict's Use theirs drops it already. */}
        {entry.status !== 'sending' && !current && (
          <Button small icon={<Trash />} onClick={onDiscard}>
            Discard
          </Button>
        )}
      </div>
    </li>
  );
}

export function OutboxPanel({ isOpen, onClose }: { isOpen: boolean; onClose(): void }) {
  const entries = useAppSelector(selectOwnOutbox);
  const username = useAppSelector((state) => state.session.user?.username);
  const browserOffline = useAppSelector(selectBrowserOffline);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const waiting = entries.some((entry) => entry.status === 'pending');
  return (
    <Drawer isOpen={isOpen} onClose={onClose} size={DrawerSize.SMALL}>
      {/* Blueprint's own drawer header titles it with an h4; under a screen's h1 the levels would skip (axe heading-order). */}
      <div className={Classes.DRAWER_HEADER}>
        <CloudUpload size={IconSize.LARGE} />
        <h2 className={Classes.HEADING}>Outbox</h2>
        <Button aria-label="Close" className={Classes.DIALOG_CLOSE_BUTTON} icon={<SmallCross size={IconSize.LARGE} />} onClick={onClose} variant="minimal" />
      </div>
      <section className="bp6-drawer-body console-outbox-panel" aria-label="Outbox">
        {entries.length === 0 ? (
          <EmptyState icon={<CloudUpload />} title="Nothing waiting to be sent" description="Every change you made has reached the server." />
        ) : (
          <>
            <p>
              {entries.length} {entries.length === 1 ? 'change has' : 'changes have'} not reached the server yet. They are sent in the
              order they were made when the connection returns.
            </p>
            {waiting && username && (
              <Button icon={<Refresh />} disabled={browserOffline} onClick={() => dispatch(retryRequested({ username }))}>
                Send now
              </Button>
            )}
            <ul className="console-outbox-list">
              {entries.map((entry) => (
                <EntryItem
                  key={entry.key}
                  entry={entry}
                  onEdit={() => {
                    onClose();
                    navigate(entry.screen, { state: { [RETRY_STATE]: entry.key } });
                  }}
                  onDiscard={() => username && dispatch(entryDiscarded({ username, key: entry.key }))}
                  onKeepMine={() => username && dispatch(entryKeptMine({ username, key: entry.key }))}
                  onLater={onClose}
                />
              ))}
            </ul>
          </>
        )}
      </section>
    </Drawer>
  );
}
