// What a list screen shows of its changes in the outbox: the rows it changed show the queued
// values with a 'pending' tag ('not sent' once refused), and new rows waiting to be sent are
// listed above the table.
import { Intent, Tag } from '@blueprintjs/core';
import { useMemo, type ReactNode } from 'react';
import { useAppSelector } from '../ground/hooks';
import { rowKeyOf } from './offlineWrite';
import { selectOwnOutbox, type OutboxEntry } from './outboxSlice';
import { TitledCallout } from '../components/TitledCallout';

export interface PendingOverlay<Row> {
  /** The endpoint whose queued bodies are shown on the rows ('saveEventType'). */
  endpoint: string;
  /** The row as it will be once the queued body is applied. */
  apply(row: Row, body: never): Row;
}

export interface PendingRows<Row> {
  /** The rows with the queued changes applied (refused ones are not). */
  rows(rows: Row[] | undefined): Row[] | undefined;
  /** The tag of a row with changes in the outbox. */
  note(row: Row): ReactNode;
  /** New rows of this entity waiting in the outbox. */
  added: OutboxEntry[];
}

export function usePendingRows<Row extends { id: number | string }>(entity: string, overlay?: PendingOverlay<Row>): PendingRows<Row> {
  const own = useAppSelector(selectOwnOutbox);
  return useMemo(() => {
    const byRow = new Map<string, OutboxEntry[]>();
    const added: OutboxEntry[] = [];
    for (const entry of own) {
      if (entry.entity !== entity) continue;
      if (!entry.row) {
        if (!overlay || entry.endpoint === overlay.endpoint) added.push(entry);
        continue;
      }
      byRow.set(entry.row, [...(byRow.get(entry.row) ?? []), entry]);
    }
    const entriesOf = (row: Row) => byRow.get(rowKeyOf(entity, row.id) ?? '') ?? [];
    return {
      rows: (rows) =>
        !overlay || byRow.size === 0
          ? rows
          : rows?.map((row) =>
              entriesOf(row)
                .filter((entry) => entry.endpoint === overlay.endpoint && entry.status !== 'failed')
                .reduce((shown, entry) => overlay.apply(shown, entry.body as never), row),
            ),
      note: (row) => {
        const entries = entriesOf(row);
        if (entries.length === 0) return null;
        const refused = entries.some((entry) => entry.status === 'failed');
        return (
          <Tag minimal intent={refused ? Intent.DANGER : Intent.WARNING} className="console-row-note" title={entries.map((entry) => entry.description).join('\n')}>
            {refused ? 'not sent' : 'pending'}
          </Tag>
        );
      },
      added,
    };
  }, [own, entity, overlay]);
}

/** New rows waiting in the outbox, above a list. */
export function PendingNewRows({ entries }: { entries: OutboxEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <TitledCallout intent={Intent.WARNING} className="console-pending-new" title="New, not sent yet">
      <ul aria-label="New, not sent yet">
        {entries.map((entry) => (
          <li key={entry.key}>
            {entry.description}{' '}
            <Tag minimal intent={entry.status === 'failed' ? Intent.DANGER : Intent.WARNING}>
              {entry.status === 'failed' ? 'not sent' : 'pending'}
            </Tag>
          </li>
        ))}
      </ul>
    </TitledCallout>
  );
}
