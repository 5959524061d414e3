// DELETE api/v1/users/{id}/sessions/ (ours, issue 31): a Super Admin signs an admin out everywhere.
// Never queued: a sign-out happens now or not at all.
import type { SessionsEnded } from '../../../contract/sessions';
import { usersApi } from '../../backends/slices';

export const adminSessionsApi = usersApi.injectEndpoints({
  endpoints: (build) => ({
    signOutAdminEverywhere: build.mutation<SessionsEnded, number>({
      query: (id) => ({ url: `api/v1/users/${id}/sessions/`, method: 'DELETE' }),
    }),
  }),
});

export const { useSignOutAdminEverywhereMutation } = adminSessionsApi;
