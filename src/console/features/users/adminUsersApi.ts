// GET /admin/admins, POST and PUT /admin/register, GET /admin/agencies (SPEC.md section 7).
import type { AdminUserRequest, LinkableAgency, ListPage, ListQuery } from '../../../contract/api';
import type { AdminUser } from '../../../contract/entities';
import type { adminUserForm } from '../../../contract/schemas';
import type { z } from 'zod';
import { adminApi } from '../../api/backends';

export const adminUsersApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    adminUsers: build.query<ListPage<AdminUser>, ListQuery>({
      query: (params) => ({ url: 'admin/admins', params }),
      providesTags: [{ type: 'AdminUser', id: 'LIST' }],
    }),
    /** Every agency the caller may link (one page of all rows): all for a Super Admin, the country agencies for others. */
    linkableAgencies: build.query<ListPage<LinkableAgency>, void>({
      query: () => ({ url: 'admin/agencies', params: { page_size: 0, orderby: 'agency_name' } satisfies ListQuery }),
      providesTags: [{ type: 'Agency', id: 'LIST' }],
    }),
    saveAdminUser: build.mutation<AdminUser, AdminUserRequest>({
      query: (body) => ({ url: 'admin/register', method: body.id ? 'PUT' : 'POST', body }),
      invalidatesTags: [{ type: 'AdminUser', id: 'LIST' }],
    }),
  }),
});

export const { useAdminUsersQuery, useLinkableAgenciesQuery, useSaveAdminUserMutation } = adminUsersApi;

/**
 * The body of a save. Only a Super Admin sends the mobile number and the three flags (section 6);
 * an empty password on an edit means 'keep the current one', so it is left out.
 */
export function adminUserRequest(form: z.output<typeof adminUserForm>, callerIsSuper: boolean): AdminUserRequest {
  const { msisdn, is_super, unblacklist, secure_page, password, ...common } = form;
  return {
    ...common,
    ...(password ? { password } : {}),
    ...(callerIsSuper ? { msisdn, is_super, unblacklist, secure_page } : {}),
  };
}
