// An admin user's roles on the new user backend (SPEC.md section 7, issue 34): GET
// api/v1/user-roles/?user_ids= lists them with their agency and campaigns, POST api/v1/user-roles/
// and POST api/v1/user-role-campaigns/ give one, PATCH api/v1/user-roles/{id}/ ends or suspends it.
// A role change needs a connection and is refused or saved at once (never queued): the screen says
// the server's refusal itself, and the Users list is read again (who may change whom can change).
import type { Page } from '../../../contract/api';
import { SERVICE_PAGE_SIZE_MAX } from '../../../contract/constants';
import type { AgentRoleCampaign, UserRoleListed, UserRoleWithUser } from '../../../contract/entities';
import { SHOWS_OWN_FAILURE } from '../../backends/baseQuery';
import { api } from '../../backends/api';
import { adminUsersApi } from './adminUsersApi';

/** The body of POST api/v1/user-roles/, its dates as DD-MMM-YYYY. */
export interface UserRoleBody {
  user: number;
  role_type: number;
  agency_id: number;
  role_start_date: string;
  role_end_date: string;
  status_type: number;
}

/** PATCH api/v1/user-roles/{id}/: a new status (suspend, reactivate) or end date (end), with the copy's updated_at. */
export interface UserRoleChange {
  id: number;
  userId: number;
  status_type?: number;
  role_end_date?: string;
  updated_at: string;
}

const rolesOf = (userId: number) => [{ type: 'UserRole' as const, id: userId }];

export const userRolesApi = api.enhanceEndpoints({ addTagTypes: ['UserRole'] }).injectEndpoints({
  endpoints: (build) => ({
    userRoles: build.query<UserRoleListed[], number>({
      query: (userId) => ({ backend: 'users', url: 'api/v1/user-roles/', params: { user_ids: userId, page_size: SERVICE_PAGE_SIZE_MAX } }),
      transformResponse: (answer: Page<UserRoleListed>) => answer.results,
      providesTags: (_result, _error, userId) => rolesOf(userId),
      extraOptions: SHOWS_OWN_FAILURE,
    }),
    addUserRole: build.mutation<UserRoleWithUser, UserRoleBody>({
      query: (body) => ({ backend: 'users', url: 'api/v1/user-roles/', method: 'POST', body }),
      invalidatesTags: (_result, _error, body) => rolesOf(body.user),
      extraOptions: SHOWS_OWN_FAILURE,
    }),
    addRoleCampaign: build.mutation<AgentRoleCampaign, { userId: number; user_role: number; campaign: number }>({
      query: ({ user_role, campaign }) => ({ backend: 'users', url: 'api/v1/user-role-campaigns/', method: 'POST', body: { user_role, campaign } }),
      invalidatesTags: (_result, _error, { userId }) => rolesOf(userId),
      extraOptions: SHOWS_OWN_FAILURE,
    }),
    changeUserRole: build.mutation<UserRoleWithUser, UserRoleChange>({
      query: ({ id, userId: _userId, ...body }) => ({ backend: 'users', url: `api/v1/user-roles/${id}/`, method: 'PATCH', body }),
      invalidatesTags: (_result, _error, { userId }) => rolesOf(userId),
      extraOptions: SHOWS_OWN_FAILURE,
    }),
  }),
});

export const { useUserRolesQuery, useAddUserRoleMutation, useAddRoleCampaignMutation, useChangeUserRoleMutation } = userRolesApi;

/** The Users list, read again after a role change: whether the caller may change the user may have changed. */
export const adminUsersChanged = () => adminUsersApi.util.invalidateTags([{ type: 'AdminUser', id: 'LIST' }]);
