// GET /admin/admins, POST and PUT /admin/register, GET /admin/agencies (SPEC.md section 7).
// An edit without a new password may wait in the outbox offline; a password is never kept on the
// device, so adding a user or setting a password needs a connection.
import type { AdminUserRequest, LinkableAgency, ListPage, ListQuery } from '../../../contract/api';
import type { AdminUser } from '../../../contract/entities';
import type { adminUserForm } from '../../../contract/schemas';
import type { z } from 'zod';
import { adminApi } from '../../api/backends';
import { TAB_PATHS } from '../../app/tabs';
import { offlineWrite, unlessQueued, type Saved } from '../../outbox/offlineWrite';

const savedAdminUsers = [{ type: 'AdminUser', id: 'LIST' }] as const;

/** Whether a save can wait in the outbox: not with a password. */
export const canWaitOffline = (body: AdminUserRequest): boolean => !body.password;

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
    saveAdminUser: build.mutation<Saved<AdminUser>, AdminUserRequest>({
      query: (body) => ({ url: 'admin/register', method: body.id ? 'PUT' : 'POST', body }),
      invalidatesTags: unlessQueued(savedAdminUsers),
      extraOptions: offlineWrite<AdminUserRequest>({
        entity: 'AdminUser',
        screen: TAB_PATHS.admins,
        describe: (body) => `${body.id ? 'Edit' : 'Add'} user ${body.email}`,
        invalidates: savedAdminUsers,
        queueable: canWaitOffline,
      }),
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

/** An admin user with a queued save applied (the list shows it until the server has it). */
export function withQueuedAdminUser(row: AdminUser, body: AdminUserRequest): AdminUser {
  const links = body.linked_agencies;
  return {
    ...row,
    email: body.email,
    firstname: body.firstname,
    lastname: body.lastname,
    ...(body.msisdn !== undefined ? { msisdn: body.msisdn || null } : {}),
    ...(body.is_super !== undefined ? { is_super: body.is_super } : {}),
    linked_agencies: row.linked_agencies.map((link) => ({ ...link, linked: links.includes(link.id) })),
  };
}
