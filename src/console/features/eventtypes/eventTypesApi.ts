// GET, POST and PUT /admin/event_types (SPEC.md section 7). A save may wait in the outbox offline.
import type { EventTypeRequest, ListPage, ListQuery } from '../../../contract/api';
import type { EventType } from '../../../contract/entities';
import { adminApi } from '../../api/backends';
import { TAB_PATHS } from '../../app/tabs';
import { offlineWrite, unlessQueued, type Saved } from '../../outbox/offlineWrite';

const savedEventTypes = [{ type: 'EventType', id: 'LIST' }] as const;

export const eventTypesApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    eventTypes: build.query<ListPage<EventType>, ListQuery>({
      query: (params) => ({ url: 'admin/event_types', params }),
      providesTags: [{ type: 'EventType', id: 'LIST' }],
    }),
    saveEventType: build.mutation<Saved<EventType>, EventTypeRequest>({
      query: (body) => ({ url: 'admin/event_types', method: body.id ? 'PUT' : 'POST', body }),
      invalidatesTags: unlessQueued(savedEventTypes),
      extraOptions: offlineWrite<EventTypeRequest>({
        entity: 'EventType',
        screen: TAB_PATHS.eventtypes,
        describe: (body) => `${body.id ? 'Edit' : 'Add'} event type ${body.event}`,
        invalidates: savedEventTypes,
      }),
    }),
  }),
});

export const { useEventTypesQuery, useSaveEventTypeMutation } = eventTypesApi;

/** An event type with a queued save applied (the list shows it until the server has it). */
export const withQueuedEventType = (row: EventType, body: EventTypeRequest): EventType => ({
  ...row,
  name: body.event,
  pretty_name: body.pretty,
});
