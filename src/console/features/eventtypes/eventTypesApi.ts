// GET, POST and PUT /admin/event_types (SPEC.md section 7). A save may wait in the outbox offline.
import type { EventTypeRequest } from '../../../contract/api';
import type { EventType } from '../../../contract/entities';
import { api } from '../../backends/api';
import { legacyList, type ListRows, type ListView } from '../../backends/listPages';
import { TAB_PATHS } from '../../ground/paths';
import type { EditableList } from '../../components/EditableList';
import type { ConflictField } from '../../forms/editConflict';
import { offlineSave, type Saved } from '../../outbox/offlineWrite';

const eventTypeTags = [{ type: 'EventType', id: 'LIST' }] as const;

/** What an edit conflict compares of an event type: the request's names, the row's where they differ. */
export const eventTypeConflict: ConflictField[] = [
  { field: 'event', label: 'Key', now: 'name' },
  { field: 'pretty', label: 'Pretty name', now: 'pretty_name' },
];

export const eventTypesApi = api.injectEndpoints({
  endpoints: (build) => ({
    eventTypes: build.query<ListRows<EventType>, ListView>(legacyList('admin/event_types', eventTypeTags)),
    saveEventType: build.mutation<Saved<EventType>, EventTypeRequest>(
      offlineSave({
        backend: 'admin',
        url: 'admin/event_types',
        entity: 'EventType',
        screen: TAB_PATHS.eventtypes,
        describe: (body) => `${body.id ? 'Edit' : 'Add'} event type ${body.event}`,
        invalidates: eventTypeTags,
        conflict: eventTypeConflict,
      }),
    ),
  }),
});

export const { useEventTypesQuery, useSaveEventTypeMutation } = eventTypesApi;

/** An event type with a queued save applied (the list shows it until the server has it). */
export const withQueuedEventType = (row: EventType, body: EventTypeRequest): EventType => ({
  ...row,
  name: body.event,
  pretty_name: body.pretty,
});

/** The Event Types screen's list: its query, its first order, and how a queued save shows on a row. */
export const eventTypesList: EditableList<EventType> = {
  initialOrder: 'name',
  useList: useEventTypesQuery,
  pending: { entity: 'EventType', endpoint: 'saveEventType', apply: withQueuedEventType },
};
