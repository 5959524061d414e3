// Event Types (SPEC.md section 2): list, add, edit. An empty list reads 'No event types available'.
import { Button, H2, Intent } from '@blueprintjs/core';
import { Plus } from '@blueprintjs/icons';
import { useState } from 'react';
import type { EventType } from '../../../contract/entities';
import { messages } from '../../../contract/messages';
import { ListTable, type Column } from '../../components/ListTable';
import { useListParams } from '../../forms/useListParams';
import { EventTypeDialog } from './EventTypeDialog';
import { useEventTypesQuery } from './eventTypesApi';

const columns: Array<Column<EventType>> = [
  { label: 'Key', sort: 'name', cell: (row) => <code>{row.name}</code> },
  { label: 'Pretty name', sort: 'pretty_name', cell: (row) => row.pretty_name },
];

export function EventTypesPage() {
  const list = useListParams('name');
  const { data, isFetching, isError } = useEventTypesQuery(list.query);
  const [editing, setEditing] = useState<EventType | 'new' | null>(null);
  return (
    <section>
      <header className="console-page-header">
        <H2>Event Types</H2>
        <Button intent={Intent.PRIMARY} icon={<Plus />} onClick={() => setEditing('new')}>
          Add event type
        </Button>
      </header>
      <ListTable<EventType>
        label="Event types"
        columns={columns}
        rows={data?.data}
        count={data?.count ?? 0}
        list={list}
        loading={isFetching}
        error={isError && !data ? 'The event types could not be loaded.' : undefined}
        emptyText={messages.noEventTypes}
        rowKey={(row) => row.id}
        onOpen={(row) => setEditing(row)}
      />
      {editing && <EventTypeDialog eventType={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
    </section>
  );
}
