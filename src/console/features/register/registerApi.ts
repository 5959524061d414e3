// The logged-out /register page's calls (SPEC.md section 7, DESIGN.md '/register'): the agencies a
// new account may link (GET /admin/agencies, public: the 15 country agencies) and POST
// /admin/register. A registration carries a password, so it is sent now or not at all: never queued.
import type { z } from 'zod';
import type { AdminUserRequest, LinkableAgency } from '../../../contract/api';
import type { AdminUser } from '../../../contract/entities';
import type { adminUserForm } from '../../../contract/schemas/adminForms';
import { api } from '../../backends/api';
import { legacyAllRows, type ListRows } from '../../backends/listPages';

/** What a logged-out visitor sends: no mobile number and no flags, which only a Super Admin sets (section 6). */
export type RegistrationRequest = Pick<AdminUserRequest, 'email' | 'firstname' | 'lastname' | 'password' | 'linked_agencies'>;

export const registerApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Every agency a new account may link, in one page by name. Not the Users screen's
     * linkableAgencies: the cache outlives a sign-in, and this logged-out answer (the country
     * agencies) must never stand for a Super Admin's.
     */
    registrationAgencies: build.query<ListRows<LinkableAgency>, void>(
      legacyAllRows('admin/agencies', 'agency_name', [{ type: 'Agency', id: 'LIST' }] as const),
    ),
    registerAdminUser: build.mutation<AdminUser, RegistrationRequest>({
      query: (body) => ({ backend: 'admin', url: 'admin/register', method: 'POST', body }),
    }),
  }),
});

export const { useRegistrationAgenciesQuery, useRegisterAdminUserMutation } = registerApi;

/** The body of a registration: the parsed form without the defaults the schema adds for a Super Admin's fields. */
export const registrationRequest = ({ email, firstname, lastname, password, linked_agencies }: z.output<typeof adminUserForm>): RegistrationRequest => ({
  email,
  firstname,
  lastname,
  password,
  linked_agencies,
});
