// The Roles section of the Users edit dialog (issue 34): the user's roles listed whole, a role given
// with the choices the caller may give, ended and suspended, the server's refusal shown as it says it.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addDays, toRequestDate } from '../../../contract/dates';
import type { AdminUser, UserRoleListed } from '../../../contract/entities';
import * as messages from '../../../contract/messages';
import type { AdminRoleType } from '../../../contract/roles';
import { ghanaAgency, ghanaCampaign } from '../../test/agencies';
import { congoAgency, congoCampaign } from '../../test/agents';
import { fakeBackend, pageOf, type RecordedCall } from '../../test/fakeBackend';
import { renderWithProviders } from '../../test/renderWithProviders';
import { signedIn } from '../../test/sessions';
import { NO_ROLES, OWN_ROLES } from './UserRolesSection';
import { UsersPage } from './UsersPage';

const kofi: AdminUser = {
  id: 7, email: 'kofi@demo.test', msisdn: null, country_code: null, firstname: 'Kofi', lastname: 'Boateng',
  is_super: false, unblacklist: false, secure_page: false, linked_agencies: [{ id: 3, agency_name: 'Ghana Country Agency', linked: true }],
  updated_at: '2026-11-01T09:30:00.000Z', editable: true,
};

const campaignAdminRole: UserRoleListed = {
  id: 51, agency_id: ghanaAgency.id, agency_name: ghanaAgency.agency_name, role_type: 'Campaign Admin',
  status_type: { id: 1, name: 'Active' }, role_start_date: '2026-11-01', role_end_date: '2099-12-31',
  user: { id: 7, msisdn: null, username: 'kofi@demo.test', first_name: 'Kofi', last_name: 'Boateng', country_code: null, language_code: null, is_gifting: false, added_by: 1, updated_at: kofi.updated_at },
  updated_at: '2026-11-02T10:00:00.000Z',
  campaigns: [{ id: 90, campaign: ghanaCampaign.id, campaign_name: ghanaCampaign.name }],
};

function rolesBackend(roles: UserRoleListed[] = [campaignAdminRole]) {
  return fakeBackend()
    .on('GET', 'admin/admins', { body: { data: [kofi, { ...kofi, id: 1, email: 'agency@demo.test' }], count: 2 } })
    .on('GET', 'admin/agencies', { body: { data: [], count: 0 } })
    .on('GET', 'admin/countries', { body: { data: [], count: 0 } })
    .on('PUT', 'admin/register', ({ body }) => ({ body }))
    .on('GET', 'api/v1/user-roles/', { body: pageOf(roles) })
    .on('GET', 'service/agencies/', { body: pageOf([ghanaAgency, congoAgency]) })
    .on('GET', 'service/campaigns/', ({ search }) => {
      const agency = new URLSearchParams(search).get('agency_id');
      return { body: pageOf([ghanaCampaign, congoCampaign].filter((campaign) => String(campaign.extra_data.agency.id) === agency)) };
    })
    .on('POST', 'api/v1/user-roles/', ({ body }) => ({ status: 201, body: { ...campaignAdminRole, id: 52, ...(body as object) } }))
    .on('POST', 'api/v1/user-role-campaigns/', { status: 201, body: {} })
    .on('PATCH', 'api/v1/user-roles/51/', { body: campaignAdminRole });
}

async function openRoles(role: AdminRoleType = 'Super Admin', email = 'kofi@demo.test') {
  const rendered = renderWithProviders(<UsersPage />, { preloadedState: signedIn(role) });
  await rendered.user.click(await screen.findByRole('cell', { name: email }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit user' });
  const section = within(dialog).getByRole('region', { name: 'Roles' });
  return { ...rendered, section: within(section) };
}

const typeChoices = (section: ReturnType<typeof within>) =>
  within(section.getByLabelText('Role type')).getAllByRole('option').map((option) => option.textContent);
const bodyOf = (call: RecordedCall | undefined) => call?.body;

describe('UserRolesSection', () => {
  it("lists the user's roles: type, agency, campaigns, start, end and status", async () => {
    rolesBackend();
    const { section } = await openRoles();
    const list = await section.findByRole('list', { name: 'Roles of kofi@demo.test' });
    const item = within(list).getByRole('listitem');
    expect(item).toHaveTextContent('Campaign Admin');
    expect(item).toHaveTextContent('Ghana Country Agency');
    expect(item).toHaveTextContent(ghanaCampaign.name);
    expect(item).toHaveTextContent('01-Nov-2026');
    expect(item).toHaveTextContent('31-Dec-2099');
    expect(item).toHaveTextContent('Active');
  });

  it('says a user without roles cannot sign in yet', async () => {
    rolesBackend([]);
    const { section } = await openRoles();
    expect(await section.findByText(NO_ROLES)).toBeInTheDocument();
  });

  it('offers a Super Admin every admin role, an Agency Admin two and a Campaign Admin only Campaign Admin', async () => {
    rolesBackend();
    let { section } = await openRoles('Super Admin');
    expect(typeChoices(section)).toEqual(['Choose a role type', 'Super Admin', 'Agency Admin', 'Campaign Admin']);
    document.body.innerHTML = '';
    ({ section } = await openRoles('Agency Admin'));
    expect(typeChoices(section)).toEqual(['Choose a role type', 'Agency Admin', 'Campaign Admin']);
    document.body.innerHTML = '';
    ({ section } = await openRoles('Campaign Admin'));
    expect(typeChoices(section)).toEqual(['Choose a role type', 'Campaign Admin']);
  });

  it('adds a Campaign Admin role: the role, then its campaign, dates as DD-MMM-YYYY', async () => {
    const backend = rolesBackend();
    const { user, section } = await openRoles();
    await user.selectOptions(section.getByLabelText('Role type'), 'Campaign Admin');
    await within(section.getByLabelText('Agency')).findByRole('option', { name: 'Ghana Country Agency' });
    await user.selectOptions(section.getByLabelText('Agency'), 'Ghana Country Agency');
    await user.click(await section.findByRole('checkbox', { name: ghanaCampaign.name }));
    fireEvent.change(section.getByLabelText('Start date'), { target: { value: '2026-11-01' } });
    fireEvent.change(section.getByLabelText('End date'), { target: { value: '2027-10-31' } });
    await user.click(section.getByRole('button', { name: 'Add role' }));
    await screen.findByText('Campaign Admin role added');
    expect(bodyOf(backend.calls('POST', 'api/v1/user-roles/')[0])).toEqual({
      user: 7, role_type: 4, agency_id: ghanaAgency.id, role_start_date: '01-Nov-2026', role_end_date: '31-Oct-2027', status_type: 1,
    });
    expect(bodyOf(backend.calls('POST', 'api/v1/user-role-campaigns/')[0])).toEqual({ user_role: 52, campaign: ghanaCampaign.id });
    // The roles are read again, and the user form was not saved.
    await waitFor(() => expect(backend.calls('GET', 'api/v1/user-roles/').length).toBeGreaterThan(1));
    expect(backend.calls('PUT', 'admin/register')).toEqual([]);
  });

  it('says what is missing before sending anything', async () => {
    const backend = rolesBackend();
    const { user, section } = await openRoles();
    await user.click(section.getByRole('button', { name: 'Add role' }));
    expect(section.getByText('Choose a role type', { selector: '.bp6-form-helper-text' })).toBeInTheDocument();
    expect(section.getByText('Choose an agency', { selector: '.bp6-form-helper-text' })).toBeInTheDocument();
    expect(section.getByText(messages.endDateNotSelected)).toBeInTheDocument();
    expect(backend.calls('POST', 'api/v1/user-roles/')).toEqual([]);
  });

  it("shows the server's refusal as it says it, and Enter in a field adds the role instead of saving the user", async () => {
    const backend = rolesBackend().on('POST', 'api/v1/user-roles/', { status: 403, body: { error: messages.grantAgencyOutOfReach, code: 'out_of_scope' } });
    const { user, section } = await openRoles('Agency Admin');
    await user.selectOptions(section.getByLabelText('Role type'), 'Agency Admin');
    await within(section.getByLabelText('Agency')).findByRole('option', { name: 'Congo Field Agency' });
    await user.selectOptions(section.getByLabelText('Agency'), 'Congo Field Agency');
    await user.click(await section.findByRole('checkbox', { name: congoCampaign.name }));
    fireEvent.change(section.getByLabelText('End date'), { target: { value: '2027-10-31' } });
    await user.type(section.getByLabelText('End date'), '{Enter}');
    expect(await section.findByRole('alert')).toHaveTextContent(messages.grantAgencyOutOfReach);
    expect(backend.calls('POST', 'api/v1/user-role-campaigns/')).toEqual([]);
    expect(backend.calls('PUT', 'admin/register')).toEqual([]);
    expect(screen.getByRole('dialog', { name: 'Edit user' })).toBeInTheDocument();
  });

  it('suspends a role with its updated_at, and ends one after asking', async () => {
    const backend = rolesBackend();
    const { user, section } = await openRoles();
    await user.click(await section.findByRole('button', { name: 'Suspend Campaign Admin role, Ghana Country Agency' }));
    await screen.findByText('Campaign Admin role, Ghana Country Agency suspended');
    expect(bodyOf(backend.calls('PATCH', 'api/v1/user-roles/51/')[0])).toEqual({ status_type: 4, updated_at: campaignAdminRole.updated_at });

    await user.click(section.getByRole('button', { name: 'End Campaign Admin role, Ghana Country Agency' }));
    const question = await screen.findByRole('alertdialog');
    await user.click(within(question).getByRole('button', { name: 'End role' }));
    await waitFor(() => expect(backend.calls('PATCH', 'api/v1/user-roles/51/')).toHaveLength(2));
    // Its last day becomes yesterday: the role no longer lets the admin in.
    const yesterday = toRequestDate(addDays(new Date().toISOString().slice(0, 10), -1));
    expect(bodyOf(backend.calls('PATCH', 'api/v1/user-roles/51/')[1])).toEqual({ role_end_date: yesterday, updated_at: campaignAdminRole.updated_at });
  });

  it("a non-super admin's own roles are shown, not changed", async () => {
    rolesBackend([{ ...campaignAdminRole, user: { ...campaignAdminRole.user, id: 1 } }]);
    const { section } = await openRoles('Agency Admin', 'agency@demo.test');
    expect(await section.findByText(OWN_ROLES)).toBeInTheDocument();
    await section.findByRole('listitem');
    expect(section.queryByRole('button', { name: /Suspend|End/ })).toBeNull();
    expect(section.queryByRole('button', { name: 'Add role' })).toBeNull();
  });
});
