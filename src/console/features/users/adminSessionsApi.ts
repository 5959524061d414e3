// DELETE api/v1/users/{id}/sessions/ (ours, issue 31): a Super Admin signs an admin out everywhere.
// Never queued: a sign-out happens now or not at all.
import type { SessionsEnded } from '../../../contract/sessions';
import { api } from '../../backends/api';

export const adminSessionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    signOutAdminEverywhere: build.mutation<SessionsEnded, number>({
      query: (id) => ({ backend: 'users', url: `api/v1/users/${id}/sessions/`, method: 'DELETE' }),
    }),
  }),
});

export const { useSignOutAdminEverywhereMutation } = adminSessionsApi;
