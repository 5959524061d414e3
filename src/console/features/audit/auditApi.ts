// The audit trail's calls on the legacy admin backend (issue 35), beside the grid's own page call
// (gridsApi): the admins for the Audit grid's filter, one entry's before and after, and the latest
// changes in the caller's scope (the Stats tab's 'What changed'). The Audit screen hands the admins
// to the grid screen as its admin filter's choices.
import type { AuditAdmin, AuditChange, AuditEntry } from '../../../contract/audit';
import { auditGrid } from '../../../contract/grids';
import { gridTag } from '../../backends/gridsApi';
import { api } from '../../backends/api';

/** Every write adds an entry: the trail's answers are read again when a screen mounts (api.ts), and tagged with its grid. */
const TRAIL = [gridTag(auditGrid.path)];

export const auditApi = api.enhanceEndpoints({ addTagTypes: ['Grid'] }).injectEndpoints({
  endpoints: (build) => ({
    auditAdmins: build.query<AuditAdmin[], void>({
      query: () => ({ backend: 'admin', url: 'admin/audit/admins' }),
      transformResponse: ({ data }: { data: AuditAdmin[] }) => data,
      providesTags: TRAIL,
    }),
    auditEntry: build.query<AuditEntry, string>({
      query: (id) => ({ backend: 'admin', url: 'admin/audit/entry', params: { id } }),
      providesTags: TRAIL,
    }),
    latestChanges: build.query<AuditChange[], number | void>({
      query: (limit) => ({ backend: 'admin', url: 'admin/audit/latest', ...(limit ? { params: { limit } } : {}) }),
      transformResponse: ({ data }: { data: AuditChange[] }) => data,
      providesTags: TRAIL,
    }),
  }),
});

export const { useAuditAdminsQuery, useAuditEntryQuery, useLatestChangesQuery } = auditApi;
