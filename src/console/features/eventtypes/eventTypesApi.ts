// GET, POST and PUT /admin/event_types (SPEC.md section 7).
import type { EventTypeRequest, ListPage, ListQuery } from '../../../contract/api';
import type { EventType } from '../../../contract/entities';
import { adminApi } from '../../api/backends';

export const eventTypesApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    eventTypes: build.query<ListPage<EventType>, ListQuery>({
      query: (params) => ({ url: 'admin/event_types', params }),
      providesTags: [{ type: 'EventType', id: 'LIST' }],
    }),
    saveEventType: build.mutation<EventType, EventTypeRequest>({
      query: (body) => ({ url: 'admin/event_types', method: body.id ? 'PUT' : 'POST', body }),
      invalidatesTags: [{ type: 'EventType', id: 'LIST' }],
    }),
  }),
});

export const { useEventTypesQuery, useSaveEventTypeMutation } = eventTypesApi;
