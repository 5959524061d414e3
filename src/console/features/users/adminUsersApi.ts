// GET /admin/admins, POST and PUT /admin/register, GET /admin/agencies (SPEC.md section 7).
// An edit without a new password may wait in the outbox offline; a password is never kept on the
// device, so adding a user or setting a password needs a connection.
import type { AdminUserRequest, LinkableAgency } from '../../../contract/api';
import type { AdminUser } from '../../../contract/entities';
import { ADMIN_FLAG_LABELS, ADMIN_FLAGS, SUPER_ADMIN_ONLY_FIELDS } from '../../../contract/roles';
import type { adminUserForm } from '../../../contract/schemas/adminForms';
import type { z } from 'zod';
import { api } from '../../backends/api';
import { legacyAllRows, legacyList, type ListRows, type ListView } from '../../backends/listPages';
import { TAB_PATHS } from '../../ground/paths';
import type { EditableList } from '../../components/EditableList';
import type { ConflictField } from '../../forms/editConflict';
import { offlineSave, type Saved } from '../../outbox/offlineWrite';

const adminUserTags = [{ type: 'AdminUser', id: 'LIST' }] as const;

/**
 * What an edit conflict compares of an admin user, by the form's labels: linked agencies as their
 * ids, named by the row; a typed password only as there being one. A Super Admin's fields are
 * compared only when they are sent (a non-super form shows none of them).
 */
export const adminUserConflict: ConflictField[] = [
  { field: 'email', label: 'Email' },
  { field: 'firstname', label: 'First name' },
  { field: 'lastname', label: 'Last name' },
  { field: 'password', label: 'Password' },
  { field: 'msisdn', label: 'Mobile Number' },
  { field: 'country_code', label: 'Country of the mobile number' },
  ...ADMIN_FLAGS.map((flag) => ({ field: flag, label: ADMIN_FLAG_LABELS[flag] })),
  { field: 'linked_agencies', label: 'Linked agencies', named: 'linked_agencies' },
];

/** The fields a caller's form compares: only a Super Admin's holds the mobile number and the flags. */
export const adminUserConflictFor = (callerIsSuper: boolean): ConflictField[] => {
  const superOnly: readonly string[] = SUPER_ADMIN_ONLY_FIELDS;
  return callerIsSuper ? adminUserConflict : adminUserConflict.filter(({ field }) => !superOnly.includes(field));
};

/** Whether a save can wait in the outbox: not with a password. */
export const canWaitOffline = (body: AdminUserRequest): boolean => !body.password;

export const adminUsersApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminUsers: build.query<ListRows<AdminUser>, ListView>(legacyList('admin/admins', adminUserTags)),
    /** Every agency the caller may link (one page of all rows): all for a Super Admin, the country agencies for others. */
    linkableAgencies: build.query<ListRows<LinkableAgency>, void>(legacyAllRows('admin/agencies', 'agency_name', [{ type: 'Agency', id: 'LIST' }] as const)),
    saveAdminUser: build.mutation<Saved<AdminUser>, AdminUserRequest>(
      offlineSave({
        backend: 'admin',
        url: 'admin/register',
        entity: 'AdminUser',
        screen: TAB_PATHS.admins,
        describe: (body) => `${body.id ? 'Edit' : 'Add'} user ${body.email}`,
        invalidates: adminUserTags,
        queueable: canWaitOffline,
        conflict: adminUserConflict,
      }),
    ),
  }),
});

export const { useAdminUsersQuery, useLinkableAgenciesQuery, useSaveAdminUserMutation } = adminUsersApi;

/**
 * The body of a save. Only a Super Admin sends the mobile number and the three flags (section 6);
 * an empty password on an edit means 'keep the current one', so it is left out.
 */
export function adminUserRequest(form: z.output<typeof adminUserForm>, callerIsSuper: boolean): AdminUserRequest {
  const { password, ...fields } = form;
  const superOnly: readonly string[] = SUPER_ADMIN_ONLY_FIELDS;
  const sent = callerIsSuper ? fields : (Object.fromEntries(Object.entries(fields).filter(([key]) => !superOnly.includes(key))) as typeof fields);
  return { ...sent, ...(password ? { password } : {}) };
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
    ...(body.country_code !== undefined ? { country_code: body.country_code || null } : {}),
    ...(body.is_super !== undefined ? { is_super: body.is_super } : {}),
    linked_agencies: row.linked_agencies.map((link) => ({ ...link, linked: links.includes(link.id) })),
  };
}

/** The Users screen's list: its query, its first order, and how a queued save shows on a row. */
export const adminUsersList: EditableList<AdminUser> = {
  initialOrder: 'email',
  useList: useAdminUsersQuery,
  pending: { entity: 'AdminUser', endpoint: 'saveAdminUser', apply: withQueuedAdminUser },
};
