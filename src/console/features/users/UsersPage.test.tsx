import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LinkableAgency, ListPage } from '../../../contract/api';
import type { AdminCountry, AdminUser } from '../../../contract/entities';
import * as messages from '../../../contract/messages';
import { PASSWORD_STRENGTH_PATTERN } from '../../../contract/schemas/fields';
import { adminUserReadOnly, type AdminRoleType } from '../../../contract/roles';
import { devicesSignedOut } from '../../../contract/sessions';
import { browserWentOffline } from '../../http/connectivity';
import { makeStore } from '../../app/store';
import { QUEUED_TEXT } from '../../outbox/outboxRunner';
import { fakeBackend, type RecordedCall } from '../../test/fakeBackend';
import { renderWithProviders } from '../../test/renderWithProviders';
import { signedIn } from '../../test/sessions';
import { CREDENTIALS_LOCKED, PASSWORD_NEEDS_CONNECTION } from './AdminUserDialog';
import { UsersPage } from './UsersPage';

const agencies: LinkableAgency[] = [
  { id: 11, agency_name: 'Ghana Country Agency', country: 'GH', is_country_agency: true },
  { id: 12, agency_name: 'Kenya Country Agency', country: 'KE', is_country_agency: true },
];

const countries: AdminCountry[] = [
  { id: 1, country: 'Ghana', code: '233', iso_code: 'GH', sms_cid: '', sms_from: 'Referral', languages: 'en', updated_at: '2026-11-01T09:00:00.000Z' },
  { id: 2, country: 'Kenya', code: '254', iso_code: 'KE', sms_cid: '', sms_from: 'Referral', languages: 'en,sw', updated_at: '2026-11-01T09:00:00.000Z' },
];

const kofi: AdminUser = {
  id: 7,
  email: 'kofi@demo.test',
  msisdn: '233241234567',
  country_code: 'GH',
  firstname: 'Kofi',
  lastname: 'Boateng',
  is_super: false,
  unblacklist: true,
  secure_page: false,
  linked_agencies: [
    { id: 11, agency_name: 'Ghana Country Agency', linked: true },
    { id: 12, agency_name: 'Kenya Country Agency', linked: false },
  ],
  updated_at: '2026-11-01T09:30:00.000Z',
  editable: true,
};

function usersBackend(page: ListPage<AdminUser> = { data: [kofi], count: 1 }) {
  return fakeBackend()
    .on('GET', 'admin/admins', { body: page })
    .on('GET', 'admin/agencies', { body: { data: agencies, count: agencies.length } })
    .on('GET', 'admin/countries', { body: { data: countries, count: countries.length } })
    .on('POST', 'admin/register', ({ body }) => ({ status: 201, body: { id: 8, ...(body as object) } }))
    .on('PUT', 'admin/register', ({ body }) => ({ body }));
}

const renderUsers = (role: AdminRoleType = 'Super Admin') => renderWithProviders(<UsersPage />, { preloadedState: signedIn(role) });
const paramsOf = (call: RecordedCall | undefined) => Object.fromEntries(new URLSearchParams(call?.search));
const lastListParams = (backend: ReturnType<typeof usersBackend>) => paramsOf(backend.calls('GET', 'admin/admins').at(-1));

const field = (label: string) => screen.getByLabelText(label);
const save = () => screen.getByRole('button', { name: 'Save' });

async function openAddDialog(role: AdminRoleType = 'Super Admin') {
  const backend = usersBackend();
  const rendered = renderUsers(role);
  await rendered.user.click(await screen.findByRole('button', { name: 'Add user' }));
  await screen.findByRole('dialog', { name: 'Add user' });
  await screen.findByRole('checkbox', { name: 'Ghana Country Agency' });
  return { backend, ...rendered };
}

describe('UsersPage, the list', () => {
  it('sends the page size, page, search and sort the admin picks', async () => {
    const backend = usersBackend({ data: [kofi], count: 45 });
    const { user } = renderUsers();
    await screen.findByRole('cell', { name: 'kofi@demo.test' });
    expect(lastListParams(backend)).toEqual({ page_size: '20', current_page: '1', search: '', orderby: 'email' });

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastListParams(backend)).toMatchObject({ current_page: '2' }));

    await user.click(screen.getByRole('button', { name: 'First name' }));
    await waitFor(() => expect(lastListParams(backend)).toMatchObject({ orderby: 'firstname', current_page: '1' }));
    await user.click(screen.getByRole('button', { name: 'First name' }));
    await waitFor(() => expect(lastListParams(backend)).toMatchObject({ orderby: '-firstname' }));
    await user.click(screen.getByRole('button', { name: 'Last name' }));
    await waitFor(() => expect(lastListParams(backend)).toMatchObject({ orderby: 'lastname' }));

    await user.type(screen.getByLabelText('Search Users'), 'kofi');
    await waitFor(() => expect(lastListParams(backend)).toMatchObject({ search: 'kofi', current_page: '1' }));

    await user.selectOptions(screen.getByLabelText('Rows per page'), 'All rows');
    await waitFor(() =>
      expect(lastListParams(backend)).toEqual({ page_size: '0', current_page: '1', search: 'kofi', orderby: 'lastname' }),
    );
  });

  it('shows the mobile number and Super Admin columns to a Super Admin', async () => {
    usersBackend();
    renderUsers('Super Admin');
    const table = await screen.findByRole('table', { name: 'Users' });
    const headers = within(table).getAllByRole('columnheader').map((th) => th.textContent?.trim());
    expect(headers).toEqual(['Email', 'First name', 'Last name', 'Mobile Number', 'Super Admin', 'Linked agencies', 'Edit']);
    expect(within(table).getByRole('cell', { name: '233241234567' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'Ghana Country Agency' })).toBeInTheDocument();
  });

  it('lists two linked agencies, then how many more', async () => {
    const links = ['Accra Connect Agency', 'Gold Coast Field Partners', 'Kano Link Agents', 'Mombasa Coast Mobile Agents'];
    usersBackend({ data: [{ ...kofi, linked_agencies: links.map((agency_name, id) => ({ id: id + 1, agency_name, linked: true })) }], count: 1 });
    renderUsers('Super Admin');
    const table = await screen.findByRole('table', { name: 'Users' });
    const cell = within(table).getByText('Accra Connect Agency, Gold Coast Field Partners, 2 more');
    expect(cell).toHaveAttribute('title', links.join(', '));
  });

  it('hides the mobile number and Super Admin columns from an Agency Admin', async () => {
    usersBackend({ data: [{ ...kofi, msisdn: null, country_code: null }], count: 1 });
    renderUsers('Agency Admin');
    const table = await screen.findByRole('table', { name: 'Users' });
    const headers = within(table).getAllByRole('columnheader').map((th) => th.textContent?.trim());
    expect(headers).toEqual(['Email', 'First name', 'Last name', 'Linked agencies', 'Edit']);
  });

  it('says so when there are no users', async () => {
    usersBackend({ data: [], count: 0 });
    renderUsers();
    expect(await screen.findByText('No users found')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('UsersPage, the add/edit popup', () => {
  it('shows every message of the admin user form', async () => {
    const { user } = await openAddDialog();

    await user.click(field('Email'));
    await user.tab();
    expect(screen.queryByText(messages.emailRequired)).not.toBeInTheDocument();
    await user.type(field('Email'), 'n');
    await user.clear(field('Email'));
    expect(screen.getByText(messages.emailRequired)).toBeInTheDocument();
    await user.type(field('Email'), 'new@demo');
    expect(screen.getByText(messages.emailInvalid)).toBeInTheDocument();

    for (const label of ['First name', 'Last name', 'Password']) {
      await user.type(field(label), 'x');
      await user.clear(field(label));
    }
    expect(screen.getByText(messages.firstnameRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.lastnameRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.passwordRequired)).toBeInTheDocument();
    await user.type(field('Password'), 'weakpass');
    expect(screen.getByText(messages.passwordStrength)).toBeInTheDocument();

    await user.type(field('Mobile Number'), '0241');
    expect(screen.getByText(messages.msisdnMustStartWithZero)).toBeInTheDocument();
    await user.type(field('Mobile Number'), '2345');
    expect(screen.queryByText(messages.msisdnMustStartWithZero)).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Ghana Country Agency' }));
    await user.click(screen.getByRole('checkbox', { name: 'Ghana Country Agency' }));
    expect(screen.getByText(messages.agencyLinkRequired)).toBeInTheDocument();
  });

  it('keeps Save disabled until the form is valid', async () => {
    const { user } = await openAddDialog();
    expect(save()).toBeDisabled();
    await user.type(field('Email'), 'new@demo.test');
    await user.type(field('First name'), 'Esi');
    await user.type(field('Last name'), 'Owusu');
    expect(save()).toBeDisabled();
    await user.type(field('Password'), 'Strong#2026');
    expect(save()).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Kenya Country Agency' }));
    expect(save()).toBeEnabled();
    await user.type(field('Mobile Number'), '12');
    expect(save()).toBeDisabled();
    await user.clear(field('Mobile Number'));
    expect(save()).toBeEnabled();
    // A national number is saved with its country's dialling code: the one chosen, else the first
    // linked agency's (the server's, as for a client that sends section 7's fields alone).
    await user.type(field('Mobile Number'), '0241234567');
    expect(save()).toBeEnabled();
    expect(screen.getByText(/with none chosen, the first linked agency's/)).toBeInTheDocument();
    await user.selectOptions(field('Country of the mobile number'), 'Ghana (GH)');
    expect(screen.getByText('Will be saved as 233241234567')).toBeInTheDocument();
    expect(save()).toBeEnabled();
    // An international one does not.
    await user.selectOptions(field('Country of the mobile number'), 'No country');
    await user.clear(field('Mobile Number'));
    await user.type(field('Mobile Number'), '254712345678');
    expect(save()).toBeEnabled();
  });

  it('generates a 9-character password that meets the strength rule, and shows it', async () => {
    const { user } = await openAddDialog();
    await user.click(screen.getByRole('button', { name: 'Generate Password' }));
    const password = field('Password') as HTMLInputElement;
    expect(password.value).toHaveLength(9);
    expect(password.value).toMatch(PASSWORD_STRENGTH_PATTERN);
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByText(/pass it on to the user/)).toBeInTheDocument();
    expect(screen.queryByText(messages.passwordStrength)).not.toBeInTheDocument();

    const first = password.value;
    await user.click(screen.getByRole('button', { name: 'Generate Password' }));
    expect((field('Password') as HTMLInputElement).value).not.toBe(first);
  });

  it('shows a Super Admin the mobile number and the three flags', async () => {
    await openAddDialog('Super Admin');
    expect(field('Mobile Number')).toBeInTheDocument();
    for (const flag of ['Super Admin', 'Unblacklist', 'Secure Page Access']) {
      expect(screen.getByRole('checkbox', { name: flag })).toBeInTheDocument();
    }
  });

  it('shows an Agency Admin neither the mobile number nor the flags', async () => {
    const { backend } = await openAddDialog('Agency Admin');
    expect(paramsOf(backend.calls('GET', 'admin/agencies')[0])).toMatchObject({ page_size: '0' });
    expect(screen.queryByLabelText('Mobile Number')).not.toBeInTheDocument();
    for (const flag of ['Super Admin', 'Unblacklist', 'Secure Page Access']) {
      expect(screen.queryByRole('checkbox', { name: flag })).not.toBeInTheDocument();
    }
    expect(screen.getByRole('checkbox', { name: 'Ghana Country Agency' })).toBeInTheDocument();
  });

  it("sends a Super Admin's new user with the mobile number and flags, then says so", async () => {
    const { user, backend } = await openAddDialog('Super Admin');
    await user.type(field('Email'), ' new@demo.test ');
    await user.type(field('First name'), 'Esi');
    await user.type(field('Last name'), 'Owusu');
    await user.type(field('Password'), 'Strong#2026');
    await user.type(field('Mobile Number'), '0541234567');
    await user.selectOptions(field('Country of the mobile number'), 'Ghana (GH)');
    await user.click(screen.getByRole('checkbox', { name: 'Super Admin' }));
    await user.click(screen.getByRole('checkbox', { name: 'Secure Page Access' }));
    await user.click(screen.getByRole('checkbox', { name: 'Kenya Country Agency' }));
    await user.click(save());

    expect(await screen.findByText('User new@demo.test added')).toBeInTheDocument();
    expect(backend.calls('POST', 'admin/register').map((c) => c.body)).toEqual([
      {
        email: 'new@demo.test',
        firstname: 'Esi',
        lastname: 'Owusu',
        password: 'Strong#2026',
        linked_agencies: [12],
        // As typed: the server stores it international (233541234567).
        msisdn: '0541234567',
        country_code: 'GH',
        is_super: true,
        unblacklist: false,
        secure_page: true,
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(backend.calls('GET', 'admin/admins')).toHaveLength(2));
  });

  it("sends an Agency Admin's new user without a mobile number or flags", async () => {
    const { user, backend } = await openAddDialog('Agency Admin');
    await user.type(field('Email'), 'new@demo.test');
    await user.type(field('First name'), 'Esi');
    await user.type(field('Last name'), 'Owusu');
    await user.click(screen.getByRole('button', { name: 'Generate Password' }));
    const password = (field('Password') as HTMLInputElement).value;
    await user.click(screen.getByRole('checkbox', { name: 'Ghana Country Agency' }));
    await user.click(save());

    await screen.findByText('User new@demo.test added');
    const [sent] = backend.calls('POST', 'admin/register');
    expect(sent?.body).toEqual({ email: 'new@demo.test', firstname: 'Esi', lastname: 'Owusu', password, linked_agencies: [11] });
    for (const key of ['msisdn', 'country_code', 'is_super', 'unblacklist', 'secure_page']) expect(sent?.body).not.toHaveProperty(key);
  });

  it('edits a user with PUT, the password optional and left out when empty', async () => {
    const backend = usersBackend();
    const { user } = renderUsers('Super Admin');
    await user.click(await screen.findByRole('cell', { name: 'kofi@demo.test' }));
    await screen.findByRole('dialog', { name: 'Edit user' });
    expect(field('Email')).toHaveValue('kofi@demo.test');
    expect(field('Mobile Number')).toHaveValue('233241234567');
    // The countries come with their own call.
    await waitFor(() => expect(field('Country of the mobile number')).toHaveValue('GH'));
    expect(screen.getByRole('checkbox', { name: 'Unblacklist' })).toBeChecked();
    expect(await screen.findByRole('checkbox', { name: 'Ghana Country Agency' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Kenya Country Agency' })).not.toBeChecked();
    expect(save()).toBeEnabled();

    await user.type(field('Password'), 'weak');
    expect(screen.getByText(messages.passwordStrength)).toBeInTheDocument();
    expect(save()).toBeDisabled();
    await user.clear(field('Password'));
    expect(save()).toBeEnabled();

    await user.clear(field('Last name'));
    await user.type(field('Last name'), 'Mensah');
    await user.click(save());
    await screen.findByText('User kofi@demo.test updated');
    expect(backend.calls('PUT', 'admin/register').map((c) => c.body)).toEqual([
      {
        id: 7,
        // The version the list showed: a change made since is refused (409), not overwritten.
        updated_at: kofi.updated_at,
        email: 'kofi@demo.test',
        firstname: 'Kofi',
        lastname: 'Mensah',
        linked_agencies: [11],
        msisdn: '233241234567',
        country_code: 'GH',
        is_super: false,
        unblacklist: true,
        secure_page: false,
      },
    ]);
  });

  it('keeps links an Agency Admin cannot choose, shown locked', async () => {
    const linkedElsewhere: AdminUser = {
      ...kofi,
      msisdn: null,
      country_code: null,
      linked_agencies: [...kofi.linked_agencies, { id: 30, agency_name: 'Head Office Pilot Agency', linked: true }],
    };
    const backend = usersBackend({ data: [linkedElsewhere], count: 1 });
    const { user } = renderUsers('Agency Admin');
    await user.click(await screen.findByRole('cell', { name: 'kofi@demo.test' }));
    const locked = await screen.findByRole('checkbox', { name: /Head Office Pilot Agency/ });
    expect(locked).toBeChecked();
    expect(locked).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Kenya Country Agency' }));
    await user.click(save());
    await screen.findByText('User kofi@demo.test updated');
    expect(backend.calls('PUT', 'admin/register')[0]?.body).toEqual({
      id: 7,
      updated_at: kofi.updated_at,
      email: 'kofi@demo.test',
      firstname: 'Kofi',
      lastname: 'Boateng',
      linked_agencies: [11, 30, 12],
      });
  });

  it('lets an Agency Admin edit a user but not its email or password', async () => {
    usersBackend({ data: [{ ...kofi, msisdn: null, country_code: null }], count: 1 });
    const { user } = renderUsers('Agency Admin');
    await user.click(await screen.findByRole('cell', { name: 'kofi@demo.test' }));
    await screen.findByRole('dialog', { name: 'Edit user' });
    expect(field('Email')).toHaveAttribute('readonly');
    expect(screen.getByText(CREDENTIALS_LOCKED)).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Generate Password' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign out everywhere' })).not.toBeInTheDocument();
  });

  it("lets a Super Admin sign the user out everywhere from the user's dialog, and says how many devices", async () => {
    const backend = usersBackend().on('DELETE', `api/v1/users/${kofi.id}/sessions/`, { body: { ended: 2, message: devicesSignedOut(2) } });
    const { user } = renderUsers('Super Admin');
    await user.click(await screen.findByRole('cell', { name: 'kofi@demo.test' }));
    await screen.findByRole('dialog', { name: 'Edit user' });
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByText(`kofi@demo.test: ${devicesSignedOut(2)}`)).toBeInTheDocument();
    expect(backend.calls('DELETE')).toHaveLength(1);
    // Nothing else was sent: the form is untouched.
    expect(backend.calls('PUT')).toHaveLength(0);
  });

  it("opens a user beyond the caller's reach read-only: no field, no password, no Save, and why", async () => {
    const backend = usersBackend({ data: [{ ...kofi, msisdn: null, country_code: null, editable: false }], count: 1 });
    const { user } = renderUsers('Campaign Admin');
    const row = (await screen.findByRole('cell', { name: /kofi@demo.test/ })).closest('tr') as HTMLElement;
    expect(within(row).getByTitle(messages.adminOutOfReach)).toHaveTextContent('view only');
    await user.click(row);

    const dialog = await screen.findByRole('dialog', { name: 'View user' });
    // The server's own refusal of such a save, from the contract.
    expect(adminUserReadOnly({ editable: false })).toBe(messages.adminOutOfReach);
    expect(within(dialog).getByRole('status')).toHaveTextContent(messages.adminOutOfReach);
    const facts = dialog.querySelector('dl') as HTMLElement;
    expect(Array.from(facts.querySelectorAll('div'), (pair) => pair.textContent)).toEqual([
      'Emailkofi@demo.test', 'First nameKofi', 'Last nameBoateng', 'Linked agenciesGhana Country Agency',
    ]);
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Password')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Generate Password' })).not.toBeInTheDocument();

    // The footer's Close (the header's ✕ closes it too).
    await user.click(within(dialog).getByText('Close'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.calls('PUT', 'admin/register')).toEqual([]);
  });

  it('opens a user the caller may change as its form, without the view only mark', async () => {
    usersBackend({ data: [{ ...kofi, msisdn: null, country_code: null }], count: 1 });
    const { user } = renderUsers('Campaign Admin');
    const row = (await screen.findByRole('cell', { name: /kofi@demo.test/ })).closest('tr') as HTMLElement;
    expect(within(row).queryByText('view only')).not.toBeInTheDocument();
    await user.click(row);
    await screen.findByRole('dialog', { name: 'Edit user' });
    expect(save()).toBeInTheDocument();
  });

  it("shows the server's refusal and keeps the popup open", async () => {
    const { user, backend } = await openAddDialog('Agency Admin');
    backend.on('POST', 'admin/register', { status: 409, body: { error: messages.duplicateEmail, code: 'duplicate' } });
    await user.type(field('Email'), 'kofi@demo.test');
    await user.type(field('First name'), 'Kofi');
    await user.type(field('Last name'), 'Boateng');
    await user.type(field('Password'), 'Strong#2026');
    await user.click(screen.getByRole('checkbox', { name: 'Ghana Country Agency' }));
    await user.click(save());
    expect(await screen.findByText(messages.duplicateEmail)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add user' })).toBeInTheDocument();
  });
});

describe('UsersPage, offline', () => {
  it('keeps an edit without a password to send later, and says a password needs a connection', async () => {
    const backend = usersBackend();
    const store = makeStore(signedIn('Super Admin'), { outbox: { delay: () => 60_000 } });
    const { user } = renderWithProviders(<UsersPage />, { store });
    await user.click(await screen.findByRole('cell', { name: 'kofi@demo.test' }));
    await screen.findByRole('checkbox', { name: 'Ghana Country Agency' });
    act(() => void store.dispatch(browserWentOffline()));

    await user.type(field('Password'), 'Strong#2026');
    expect(screen.getByText(PASSWORD_NEEDS_CONNECTION)).toBeInTheDocument();
    expect(save()).toBeDisabled();
    await user.clear(field('Password'));
    expect(screen.queryByText(PASSWORD_NEEDS_CONNECTION)).not.toBeInTheDocument();
    await user.clear(field('Last name'));
    await user.type(field('Last name'), 'Mensah');
    await user.click(save());

    expect(await screen.findByText(QUEUED_TEXT)).toBeInTheDocument();
    expect(screen.queryByText('User kofi@demo.test updated')).not.toBeInTheDocument();
    expect(backend.calls('PUT', 'admin/register')).toEqual([]);
    const row = (await screen.findByRole('cell', { name: 'Mensah' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('pending')).toBeInTheDocument();

    // A new user always has a password: not while offline.
    await user.click(screen.getByRole('button', { name: 'Add user' }));
    await screen.findByRole('dialog', { name: 'Add user' });
    expect(screen.getByText(PASSWORD_NEEDS_CONNECTION)).toBeInTheDocument();
    expect(save()).toBeDisabled();
  });
});
