// Event Types (SPEC.md section 2): list, add, edit. An empty list reads 'No event types available'.
// Changes waiting in the outbox show on their rows ('pending') and new ones above the list.
import type { EventType } from '../../../contract/entities';
import * as messages from '../../../contract/messages';
import { EditableListPage } from '../../components/EditableList';
import type { Column } from '../../components/ListTable';
import { eventTypesList } from './eventTypesApi';
import { dialog } from '../../components/OnFirstOpen';

const EventTypeDialog = dialog(() => import('./EventTypeDialog'), 'EventTypeDialog');

const columns: Array<Column<EventType>> = [
  { label: 'Key', sort: 'name', cell: (row) => <code>{row.name}</code> },
  { label: 'Pretty name', sort: 'pretty_name', cell: (row) => row.pretty_name },
];

export function EventTypesPage() {
  return (
    <EditableListPage<EventType>
      title="Event Types"
      addLabel="Add event type"
      rowsAre="event types"
      columns={columns}
      list={eventTypesList}
      emptyText={messages.noEventTypes}
      rowLabel={(row) => row.name}
      dialog={(open) => <EventTypeDialog {...open} />}
    />
  );
}
