import { act, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { REMEMBERED_EMAIL_KEY } from '../../../contract/constants';
import { browserWentOffline, browserWentOnline } from '../../http/connectivity';
import { fakeBackend } from '../../test/fakeBackend';
import { renderWithProviders } from '../../test/renderWithProviders';
import { LoginPage } from './LoginPage';

function renderLogin() {
  return renderWithProviders(
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/otp/:type" element={<h1>Code step</h1>} />
      <Route path="/reset" element={<h1>reset page</h1>} />
    </Routes>,
    { route: '/login' },
  );
}

const emailField = () => screen.getByLabelText('Email');
const passwordField = () => screen.getByLabelText('Password');
const logIn = () => screen.getByRole('button', { name: 'Log In' });

describe('LoginPage', () => {
  it('asks for the email once it was typed and emptied, not when the field is only left', async () => {
    fakeBackend();
    const { user } = renderLogin();
    expect(screen.queryByText('Email address is required')).not.toBeInTheDocument();
    // Leaving the untouched field says nothing: the links below it stay where the pointer is.
    await user.click(emailField());
    await user.tab();
    expect(screen.queryByText('Email address is required')).not.toBeInTheDocument();
    await user.type(emailField(), 'a');
    await user.clear(emailField());
    // The form's schema loads with the first key: its message follows.
    expect(await screen.findByText('Email address is required')).toBeInTheDocument();
  });

  it('follows a link on the first click after the email field had the focus', async () => {
    fakeBackend();
    const { user } = renderLogin();
    await user.click(emailField());
    await user.click(screen.getByRole('link', { name: 'Forgot your password? Reset it' }));
    expect(await screen.findByText('reset page')).toBeInTheDocument();
  });

  it('refuses a top-level part of one letter and accepts two', async () => {
    fakeBackend();
    const { user } = renderLogin();
    await user.type(emailField(), 'a@b.c');
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    await user.type(emailField(), 'o');
    expect(emailField()).toHaveValue('a@b.co');
    expect(screen.queryByText('Please enter a valid email address')).not.toBeInTheDocument();
  });

  it('asks for the password while it is shorter than 4 characters', async () => {
    fakeBackend();
    const { user } = renderLogin();
    await user.type(passwordField(), 'abc');
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    await user.type(passwordField(), 'd');
    expect(screen.queryByText('Password is required')).not.toBeInTheDocument();
  });

  it('enables Log In only when the email and the password are both valid', async () => {
    fakeBackend();
    const { user } = renderLogin();
    expect(logIn()).toBeDisabled();
    await user.type(emailField(), 'super@demo.test');
    expect(logIn()).toBeDisabled();
    await user.type(passwordField(), 'abc');
    expect(logIn()).toBeDisabled();
    await user.type(passwordField(), 'd');
    expect(logIn()).toBeEnabled();
    await user.clear(emailField());
    await user.type(emailField(), 'super@demo');
    expect(logIn()).toBeDisabled();
  });

  it('restores the remembered email', () => {
    fakeBackend();
    localStorage.setItem(REMEMBERED_EMAIL_KEY, 'agency@demo.test');
    renderLogin();
    expect(emailField()).toHaveValue('agency@demo.test');
    expect(passwordField()).toHaveValue('');
  });

  it('sends the LOGIN code, remembers the email and goes on to /otp/login', async () => {
    const backend = fakeBackend().on('POST', 'api/v1/otp/send/', {
      body: { message: 'OTP sent', medium: 'EMAIL', otp_type: 'LOGIN', login_token: 'proof' },
    });
    const { user, store, location } = renderLogin();
    await user.type(emailField(), 'super@demo.test');
    await user.type(passwordField(), 'Referral#2026');
    await user.click(logIn());

    expect(await screen.findByRole('heading', { name: 'Code step' })).toBeInTheDocument();
    expect(location()).toBe('/otp/login');
    expect(backend.calls('POST', 'api/v1/otp/send/').map((c) => c.body)).toEqual([
      { username: 'super@demo.test', password: 'Referral#2026', otp_type: 'LOGIN', medium: 'EMAIL' },
    ]);
    expect(localStorage.getItem(REMEMBERED_EMAIL_KEY)).toBe('super@demo.test');
    // The code request's proof of the password check is kept (in memory) for the login.
    expect(store.getState().signIn).toEqual({ username: 'super@demo.test', password: 'Referral#2026', medium: 'EMAIL', login_token: 'proof' });
  });

  it('stays on the login page and says why when the code is refused', async () => {
    fakeBackend().on('POST', 'api/v1/otp/send/', {
      status: 403,
      body: { error: 'Admin does not have User Role Campaign assigned', code: 'forbidden' },
    });
    const { user, store, location } = renderLogin();
    await user.type(emailField(), 'norole@demo.test');
    await user.type(passwordField(), 'Referral#2026');
    await user.click(logIn());

    expect(await screen.findByText('Admin does not have User Role Campaign assigned')).toBeInTheDocument();
    expect(location()).toBe('/login');
    expect(screen.getByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(emailField()).toHaveValue('norole@demo.test');
    expect(store.getState().signIn).toBeNull();
  });

  it('says signing in needs a connection while the browser is offline, and waits for it', async () => {
    const backend = fakeBackend();
    const { user, store } = renderLogin();
    act(() => void store.dispatch(browserWentOffline()));
    await user.type(emailField(), 'super@demo.test');
    await user.type(passwordField(), 'Referral#2026');
    expect(screen.getByText('You are offline. Signing in needs a connection: try again once you are back online.')).toBeInTheDocument();
    expect(logIn()).toBeDisabled();
    await user.type(passwordField(), '{Enter}');
    expect(backend.calls()).toEqual([]);

    act(() => void store.dispatch(browserWentOnline()));
    expect(screen.queryByText(/You are offline/)).not.toBeInTheDocument();
    expect(logIn()).toBeEnabled();
  });
});
