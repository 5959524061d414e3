import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { OTP_BLOCKED_KEYS } from '../../../contract/constants';
import type { LoginResponse } from '../../../contract/api';
import type { RootState } from '../../app/store';
import { fakeBackend } from '../../test/fakeBackend';
import { renderWithProviders } from '../../test/renderWithProviders';
import { loginInProgress, sessionUser, signedIn } from '../../test/sessions';
import { OtpPage } from './OtpPage';

function renderOtp(route: string, preloadedState: Partial<RootState>) {
  return renderWithProviders(
    <Routes>
      <Route path="/otp/:type?" element={<OtpPage />} />
      <Route path="/login" element={<h1>Login screen</h1>} />
      <Route path="/" element={<h1>Home screen</h1>} />
      <Route path="/reports/agent-events" element={<h1>Agent event report</h1>} />
    </Routes>,
    { route, preloadedState },
  );
}
const renderLoginCode = () => renderOtp('/otp/login', { signIn: loginInProgress });

const codeField = () => screen.getByLabelText('One-time code');
const verify = () => screen.getByRole('button', { name: 'Verify' });

const loginAnswer: LoginResponse = {
  access: 'access-new',
  refresh: 'refresh-new',
  user_id: 1,
  user_role_campaign: [],
  user: sessionUser('Super Admin'),
};

describe('OtpPage, finishing a login', () => {
  it('prompts for the LOGIN code sent by email', () => {
    fakeBackend();
    renderLoginCode();
    expect(screen.getByText('Please check your EMAIL inbox for the LOGIN OTP')).toBeInTheDocument();
  });

  it.each(OTP_BLOCKED_KEYS)('blocks %s as it is typed', async (key) => {
    fakeBackend();
    const { user } = renderLoginCode();
    await user.type(codeField(), '1');
    await user.type(codeField(), key);
    expect(codeField()).toHaveValue('1');
  });

  it('keeps only the digits of a pasted code', async () => {
    fakeBackend();
    const { user } = renderLoginCode();
    await user.click(codeField());
    await user.paste('1e2');
    expect(codeField()).toHaveValue('12');
  });

  it('keeps what was typed when a pasted code carries blocked characters', async () => {
    fakeBackend();
    const { user } = renderLoginCode();
    await user.type(codeField(), '1');
    await user.paste('2e3');
    expect(codeField()).toHaveValue('123');
  });

  it('asks for 4 digits and enables Verify only then', async () => {
    fakeBackend();
    const { user } = renderLoginCode();
    await user.type(codeField(), '123');
    expect(screen.getByText('4 digit OTP is required')).toBeInTheDocument();
    expect(verify()).toBeDisabled();
    await user.type(codeField(), '4');
    expect(screen.queryByText('4 digit OTP is required')).not.toBeInTheDocument();
    expect(verify()).toBeEnabled();
  });

  it('resends the code and says so', async () => {
    const backend = fakeBackend().on('POST', 'api/v1/otp/send/', {
      body: { message: 'OTP sent', medium: 'EMAIL', otp_type: 'LOGIN' },
    });
    const { user } = renderLoginCode();
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('OTP sent')).toBeInTheDocument();
    expect(backend.calls('POST', 'api/v1/otp/send/').map((c) => c.body)).toEqual([
      { username: 'super@demo.test', password: 'Referral#2026', otp_type: 'LOGIN', medium: 'EMAIL', resend: true },
    ]);
  });

  it('opens the session and forgets the password when the code is right, the sign-in toasts gone', async () => {
    const backend = fakeBackend()
      .on('POST', 'api/v1/auth/login/jwt/', { body: loginAnswer })
      .on('POST', 'api/v1/otp/send/', { body: { message: 'OTP sent', medium: 'EMAIL', otp_type: 'LOGIN', login_token: 'proof-of-the-new-code' } });
    const { user, store, location } = renderLoginCode();
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('OTP sent')).toBeInTheDocument();
    await user.type(codeField(), '1234');
    await user.click(verify());

    expect(await screen.findByRole('heading', { name: 'Home screen' })).toBeInTheDocument();
    // 'OTP sent' was news of the sign-in: it does not linger over the shell.
    await waitFor(() => expect(screen.queryByText('OTP sent')).not.toBeInTheDocument());
    expect(location()).toBe('/');
    expect(backend.calls('POST', 'api/v1/auth/login/jwt/').map((c) => c.body)).toEqual([
      // The resent code's proof of the password check goes with it, so the server need not hash the password again.
      { username: 'super@demo.test', password: 'Referral#2026', otp_type: 'LOGIN', otp: '1234', login_token: 'proof-of-the-new-code' },
    ]);
    const { session, signIn } = store.getState();
    expect(session).toMatchObject({ access: 'access-new', refresh: 'refresh-new', user: loginAnswer.user });
    expect(signIn).toBeNull();
  });

  // The code decides, not the words: a reworded refusal with the same code stays too.
  it.each([
    ['Unable to login user. The OTP is not correct. Check the code and try again.'],
    ['That code does not match.'],
  ])('stays on the code step when the code is wrong: %s', async (wrong) => {
    fakeBackend().on('POST', 'api/v1/auth/login/jwt/', { status: 401, body: { error: wrong, code: 'otp_wrong' } });
    const { user, store, location } = renderLoginCode();
    await user.type(codeField(), '9999');
    await user.click(verify());

    expect(await screen.findByText(wrong)).toBeInTheDocument();
    expect(location()).toBe('/otp/login');
    expect(screen.getByText('Please check your EMAIL inbox for the LOGIN OTP')).toBeInTheDocument();
    expect(store.getState().signIn).toEqual(loginInProgress);
    expect(store.getState().session.user).toBeNull();
  });

  it('returns to login when the login is refused', async () => {
    const refused = 'Unable to login user: Agent and Gifter accounts cannot use the console.';
    fakeBackend().on('POST', 'api/v1/auth/login/jwt/', { status: 403, body: { error: refused, code: 'forbidden' } });
    const { user, store, location } = renderLoginCode();
    await user.type(codeField(), '1234');
    await user.click(verify());

    expect(await screen.findByRole('heading', { name: 'Login screen' })).toBeInTheDocument();
    expect(location()).toBe('/login');
    expect(await screen.findByText(refused)).toBeInTheDocument();
    expect(store.getState().signIn).toBeNull();
    expect(store.getState().session.user).toBeNull();
  });

  it('goes to login when no login is in progress', async () => {
    fakeBackend();
    const { location } = renderOtp('/otp/login', {});
    expect(await screen.findByRole('heading', { name: 'Login screen' })).toBeInTheDocument();
    expect(location()).toBe('/login');
  });
});

describe('OtpPage, signed in', () => {
  it('upper-cases the type: /otp/reports asks for and sends a REPORTS code', async () => {
    const backend = fakeBackend().on('POST', 'api/v1/otp/send/', {
      body: { message: 'OTP sent', medium: 'EMAIL', otp_type: 'REPORTS' },
    });
    renderOtp('/otp/reports', signedIn('Campaign Admin'));

    expect(screen.getByText('Please check your EMAIL inbox for the REPORTS OTP')).toBeInTheDocument();
    expect(await screen.findByText('OTP sent')).toBeInTheDocument();
    expect(backend.calls('POST', 'api/v1/otp/send/').map((c) => c.body)).toEqual([
      { username: 'campaign@demo.test', otp_type: 'REPORTS', medium: 'EMAIL', resend: false },
    ]);
  });

  it('sends a REPORTS code once: a visit while it still works asks for it and sends none (section 2)', async () => {
    const expiresAt = new Date(Date.now() + 4 * 60_000).toISOString();
    const backend = fakeBackend().on('POST', 'api/v1/otp/send/', { body: { message: 'OTP sent', medium: 'EMAIL', otp_type: 'REPORTS', expires_at: expiresAt } });
    const first = renderOtp('/otp/reports', signedIn('Campaign Admin'));
    await waitFor(() => expect(first.store.getState().session.reportsCodeExpiresAt).toBe(expiresAt));
    const session = first.store.getState().session;
    first.unmount();

    renderOtp('/otp/reports', { session });
    expect(screen.getByText(/^The code sent before works until \d\d:\d\d: no new code was sent/)).toBeInTheDocument();
    expect(backend.calls('POST', 'api/v1/otp/send/')).toHaveLength(1);
  });

  it('sends a new REPORTS code once the one sent before has expired', async () => {
    const backend = fakeBackend().on('POST', 'api/v1/otp/send/', { body: { message: 'OTP sent', medium: 'EMAIL', otp_type: 'REPORTS' } });
    const session = { ...signedIn('Campaign Admin').session!, reportsCodeExpiresAt: new Date(Date.now() - 1000).toISOString() };
    renderOtp('/otp/reports', { session });
    await waitFor(() => expect(backend.calls('POST', 'api/v1/otp/send/')).toHaveLength(1));
    expect(screen.queryByText(/no new code was sent/)).not.toBeInTheDocument();
  });

  it('marks the reports code verified and goes on to where the user was headed', async () => {
    const backend = fakeBackend()
      .on('POST', 'api/v1/otp/send/', { body: { message: 'OTP sent', medium: 'EMAIL', otp_type: 'REPORTS' } })
      .on('POST', 'api/v1/otp/verify/', { body: { verified: true, otp_type: 'REPORTS' } });
    const { user, store, location } = renderOtp('/otp/reports?next=%2Freports%2Fagent-events', signedIn('Super Admin'));
    await user.type(codeField(), '4321');
    await user.click(verify());

    expect(await screen.findByRole('heading', { name: 'Agent event report' })).toBeInTheDocument();
    expect(location()).toBe('/reports/agent-events');
    expect(store.getState().session.reportsVerified).toBe(true);
    expect(backend.calls('POST', 'api/v1/otp/verify/').map((c) => c.body)).toEqual([
      { username: 'super@demo.test', otp_type: 'REPORTS', otp: '4321' },
    ]);
    // The signed-in calls carry the session's bearer token.
    await waitFor(() => expect(backend.calls('POST', 'api/v1/otp/verify/')[0]?.authorization).toBe('Bearer access-1'));
  });
});
