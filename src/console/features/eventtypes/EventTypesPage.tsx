// Event Types (SPEC.md section 2): list, add, edit. An empty list reads 'No event types available'.
// Changes waiting in the outbox show on their rows ('pending') and new ones above the list.
import { Button, H2, Intent } from '@blueprintjs/core';
import { Plus } from '@blueprintjs/icons';
import { useState } from 'react';
import type { EventType } from '../../../contract/entities';
import { messages } from '../../../contract/messages';
import { ListTable, type Column } from '../../components/ListTable';
import { useListParams } from '../../forms/useListParams';
import { PendingNewRows, usePendingRows } from '../../outbox/pendingRows';
import { useOutboxRetry } from '../../outbox/retry';
import { EventTypeDialog } from './EventTypeDialog';
import { useEventTypesQuery, withQueuedEventType } from './eventTypesApi';

const columns: Array<Column<EventType>> = [
  { label: 'Key', sort: 'name', cell: (row) => <code>{row.name}</code> },
  { label: 'Pretty name', sort: 'pretty_name', cell: (row) => row.pretty_name },
];

const overlay = { endpoint: 'saveEventType', apply: withQueuedEventType };

export function EventTypesPage() {
  const list = useListParams('name');
  const { data, isFetching, isError } = useEventTypesQuery(list.query);
  const [editing, setEditing] = useState<EventType | 'new' | null>(null);
  const pending = usePendingRows<EventType>('EventType', overlay);
  const retry = useOutboxRetry('saveEventType');
  return (
    <section>
      <header className="console-page-header">
        <H2>Event Types</H2>
        <Button intent={Intent.PRIMARY} icon={<Plus />} onClick={() => setEditing('new')}>
          Add event type
        </Button>
      </header>
      <PendingNewRows entries={pending.added} />
      <ListTable<EventType>
        label="Event types"
        columns={columns}
        rows={pending.rows(data?.data)}
        count={data?.count ?? 0}
        list={list}
        loading={isFetching}
        error={isError && !data ? 'The event types could not be loaded.' : undefined}
        emptyText={messages.noEventTypes}
        rowKey={(row) => row.id}
        onOpen={(row) => setEditing(row)}
        rowNote={pending.note}
      />
      {retry.entry ? (
        <EventTypeDialog key={retry.entry.key} retry={retry.entry} onClose={retry.finish} />
      ) : (
        editing && <EventTypeDialog eventType={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      )}
    </section>
  );
}
