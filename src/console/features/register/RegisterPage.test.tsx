import { act, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { LinkableAgency } from '../../../contract/api';
import { PASSWORD_STRENGTH_PATTERN } from '../../../contract/schemas/fields';
import { browserWentOffline, browserWentOnline } from '../../http/connectivity';
import { fakeBackend, type FakeReply } from '../../test/fakeBackend';
import { renderWithProviders } from '../../test/renderWithProviders';
import { RegisterPage } from './RegisterPage';

const agencies: LinkableAgency[] = [
  { id: 11, agency_name: 'Ghana Country Agency', country: 'GH', is_country_agency: true },
  { id: 12, agency_name: 'Kenya Country Agency', country: 'KE', is_country_agency: true },
];

const NOTE_BEFORE =
  "A new account cannot log in until a Super Admin links it to a role campaign. Until then, logging in answers 'Admin does not have User Role Campaign assigned'.";
const CANNOT_LOG_IN_YET =
  "It cannot log in yet: a Super Admin must link it to a role campaign first. Until then, logging in answers 'Admin does not have User Role Campaign assigned'.";

/** A backend that lists the country agencies and answers a registration with `reply` (by default: created). */
function registerBackend(reply?: FakeReply) {
  return fakeBackend()
    .on('GET', 'admin/agencies', { body: { data: agencies, count: agencies.length } })
    .on('POST', 'admin/register', ({ body }) =>
      reply ?? {
        status: 201,
        body: { id: 40, msisdn: null, is_super: false, unblacklist: false, secure_page: false, editable: false, ...(body as object) },
      },
    );
}

async function renderRegister() {
  const rendered = renderWithProviders(
    <Routes>
      <Route path="/register" element={<RegisterPage />} />
      <Route path="/login" element={<h1>Login screen</h1>} />
    </Routes>,
    { route: '/register' },
  );
  await screen.findByRole('checkbox', { name: 'Ghana Country Agency' });
  return rendered;
}

const field = (label: string) => screen.getByLabelText(label);
const registerButton = () => screen.getByRole('button', { name: 'Register' });
/** The page itself, not the toasts beside it. */
const page = () => within(screen.getByRole('main'));

async function fillValidForm(user: UserEvent) {
  await user.type(field('Email'), 'esi@demo.test');
  await user.type(field('First name'), 'Esi');
  await user.type(field('Last name'), 'Owusu');
  await user.type(field('Password'), 'Strong#2026');
  await user.click(screen.getByRole('checkbox', { name: 'Kenya Country Agency' }));
}

describe('RegisterPage', () => {
  it('offers the country agencies as links, says the account cannot log in yet, and asks no mobile number or flags', async () => {
    const backend = registerBackend();
    await renderRegister();
    const checklist = screen.getByRole('group', { name: 'Linked agencies' });
    expect(within(checklist).getAllByRole('checkbox').map((box) => box.closest('label')?.textContent)).toEqual([
      'Ghana Country Agency',
      'Kenya Country Agency',
    ]);
    expect(Object.fromEntries(new URLSearchParams(backend.calls('GET', 'admin/agencies')[0]?.search))).toMatchObject({ page_size: '0' });
    expect(screen.getByText(NOTE_BEFORE)).toBeInTheDocument();
    expect(screen.queryByLabelText('Mobile Number')).not.toBeInTheDocument();
    for (const flag of ['Super Admin', 'Unblacklist', 'Secure Page Access']) {
      expect(screen.queryByRole('checkbox', { name: flag })).not.toBeInTheDocument();
    }
  });

  it('keeps Register disabled until the form is valid', async () => {
    registerBackend();
    const { user } = await renderRegister();
    expect(registerButton()).toBeDisabled();
    await user.type(field('Email'), 'esi@demo.test');
    await user.type(field('First name'), 'Esi');
    await user.type(field('Last name'), 'Owusu');
    expect(registerButton()).toBeDisabled();
    await user.type(field('Password'), 'weakpass');
    await user.click(screen.getByRole('checkbox', { name: 'Ghana Country Agency' }));
    expect(registerButton()).toBeDisabled();
    await user.clear(field('Password'));
    await user.type(field('Password'), 'Strong#2026');
    expect(registerButton()).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: 'Ghana Country Agency' }));
    expect(registerButton()).toBeDisabled();
  });

  it("shows each rule's message in the contract's words", async () => {
    registerBackend();
    const { user } = await renderRegister();

    await user.click(field('Email'));
    await user.tab();
    expect(screen.queryByText('Email address is required')).not.toBeInTheDocument();
    await user.type(field('Email'), 'e');
    await user.clear(field('Email'));
    expect(screen.getByText('Email address is required')).toBeInTheDocument();
    await user.type(field('Email'), 'esi@demo');
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();

    for (const label of ['First name', 'Last name', 'Password']) {
      await user.type(field(label), 'x');
      await user.clear(field(label));
    }
    expect(screen.getByText('Firstname is required')).toBeInTheDocument();
    expect(screen.getByText('Lastname is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    await user.type(field('Password'), 'weakpass');
    expect(
      screen.getByText('Password must be at least 8 characters, include numbers, special characters and letters, upper and lower case'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Ghana Country Agency' }));
    expect(screen.queryByText('At least one agency must be linked')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Ghana Country Agency' }));
    expect(screen.getByText('At least one agency must be linked')).toBeInTheDocument();
  });

  it('generates a 9-character password that meets the strength rule, and shows it with a note to keep it', async () => {
    registerBackend();
    const { user } = await renderRegister();
    expect(field('Password')).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Generate Password' }));
    const password = field('Password') as HTMLInputElement;
    expect(password.value).toHaveLength(9);
    expect(password.value).toMatch(PASSWORD_STRENGTH_PATTERN);
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByText('Generated password: keep it now, you need it to log in.')).toBeInTheDocument();
  });

  it('registers the account with only the form’s own fields, then says it cannot log in yet', async () => {
    const backend = registerBackend();
    const { user, location } = await renderRegister();
    await fillValidForm(user);
    await user.click(registerButton());

    expect(await screen.findByText(`Your account esi@demo.test has been created. ${CANNOT_LOG_IN_YET}`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Register' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    expect(backend.calls('POST', 'admin/register').map((call) => call.body)).toEqual([
      { email: 'esi@demo.test', firstname: 'Esi', lastname: 'Owusu', password: 'Strong#2026', linked_agencies: [12] },
    ]);

    await user.click(screen.getByRole('link', { name: 'Back to login' }));
    expect(location()).toBe('/login');
  });

  it("shows the server's refusal of a duplicate email and keeps the form as it was", async () => {
    const duplicate = 'An admin user with this email address already exists.';
    registerBackend({ status: 409, body: { error: duplicate, code: 'duplicate' } });
    const { user } = await renderRegister();
    await fillValidForm(user);
    await user.click(registerButton());

    expect(await page().findByText(duplicate)).toBeInTheDocument();
    expect(screen.queryByText(/has been created/)).not.toBeInTheDocument();
    expect(field('Email')).toHaveValue('esi@demo.test');
    expect(field('Last name')).toHaveValue('Owusu');
    expect(screen.getByRole('checkbox', { name: 'Kenya Country Agency' })).toBeChecked();
    expect(registerButton()).toBeEnabled();

    // The refusal was about the email that was sent: changing it sets the refusal aside.
    await user.type(field('Email'), 'x');
    expect(page().queryByText(duplicate)).not.toBeInTheDocument();
  });

  it("shows a field's refusal beside the field, and a line of another field above the button", async () => {
    registerBackend({
      status: 400,
      body: {
        error: 'validation failed',
        code: 'validation',
        errors: { email: ['Email address must be at most 254 characters.'], msisdn: ['Mobile Number must start with a zero'] },
      },
    });
    const { user } = await renderRegister();
    await fillValidForm(user);
    await user.click(registerButton());

    const emailGroup = (await page().findByText('Email address must be at most 254 characters.')).closest('.bp6-form-group') as HTMLElement;
    expect(within(emailGroup).getByLabelText('Email')).toBeInTheDocument();
    expect(page().getByRole('alert')).toHaveTextContent('Mobile Number must start with a zero');
  });

  it('says registering needs a connection while the browser is offline, and sends nothing', async () => {
    const backend = registerBackend();
    const { user, store } = await renderRegister();
    await fillValidForm(user);
    act(() => void store.dispatch(browserWentOffline()));

    expect(screen.getByText('You are offline. Registering needs a connection: try again once you are back online.')).toBeInTheDocument();
    expect(registerButton()).toBeDisabled();
    await user.type(field('Last name'), '{Enter}');
    expect(backend.calls('POST', 'admin/register')).toEqual([]);

    act(() => void store.dispatch(browserWentOnline()));
    expect(screen.queryByText(/You are offline/)).not.toBeInTheDocument();
    expect(registerButton()).toBeEnabled();
  });
});
