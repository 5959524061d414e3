import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { REMEMBERED_EMAIL_KEY } from '../../../contract/constants';
import { fakeBackend } from '../../test/fakeBackend';
import { renderWithProviders } from '../../test/renderWithProviders';
import { ResetPasswordPage } from './ResetPasswordPage';

const STRENGTH = 'Password must be at least 8 characters, include numbers, special characters and letters, upper and lower case';

function renderReset() {
  return renderWithProviders(
    <Routes>
      <Route path="/reset" element={<ResetPasswordPage />} />
      <Route path="/login" element={<h1>Login screen</h1>} />
    </Routes>,
    { route: '/reset' },
  );
}

/** A backend that sends the reset code. */
function backendWithCode() {
  return fakeBackend().on('POST', 'api/v1/otp/send/', {
    body: { message: 'OTP sent', medium: 'EMAIL', otp_type: 'PASSWORD_RESET', user_id: 1 },
  });
}

/** Renders the page and completes the email step. */
async function atPasswordStep() {
  const rendered = renderReset();
  await rendered.user.type(screen.getByLabelText('Email'), 'super@demo.test');
  await rendered.user.click(screen.getByRole('button', { name: 'Send reset code' }));
  await screen.findByText('Please check your email inbox for the Password Reset OTP');
  return rendered;
}

const newPassword = () => screen.getByLabelText('New password');
const resetButton = () => screen.getByRole('button', { name: 'Reset password' });

describe('ResetPasswordPage', () => {
  it('sends a PASSWORD_RESET code to the email and asks for it', async () => {
    const backend = backendWithCode();
    const { user } = renderReset();
    expect(screen.queryByText('Please check your email inbox for the Password Reset OTP')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'super@demo.test');
    await user.click(screen.getByRole('button', { name: 'Send reset code' }));
    expect(await screen.findByText('Password reset OTP sent')).toBeInTheDocument();
    expect(screen.getByText('Please check your email inbox for the Password Reset OTP')).toBeInTheDocument();
    expect(screen.getByLabelText('One-time code')).toBeInTheDocument();
    expect(backend.calls('POST', 'api/v1/otp/send/').map((c) => c.body)).toEqual([
      { username: 'super@demo.test', otp_type: 'PASSWORD_RESET', medium: 'EMAIL' },
    ]);
  });

  it('explains the strength rule for a weak password', async () => {
    backendWithCode();
    const { user } = await atPasswordStep();
    await user.type(newPassword(), 'password1');
    expect(screen.getByText(STRENGTH)).toBeInTheDocument();
    await user.clear(newPassword());
    await user.type(newPassword(), 'Passw0rd!');
    expect(screen.queryByText(STRENGTH)).not.toBeInTheDocument();
  });

  it('asks for a password once it was typed and emptied, not when the field is only left', async () => {
    backendWithCode();
    const { user } = await atPasswordStep();
    await user.click(newPassword());
    await user.tab();
    expect(screen.queryByText('Password is required')).not.toBeInTheDocument();
    await user.type(newPassword(), 'x');
    await user.clear(newPassword());
    expect(screen.getByText('Password is required')).toBeInTheDocument();
  });

  it('shows "validation failed" in a popup when an invalid form is submitted', async () => {
    const backend = backendWithCode();
    const { user } = await atPasswordStep();
    await user.type(screen.getByLabelText('One-time code'), '12');
    await user.click(resetButton());

    const popup = await screen.findByRole('alertdialog');
    expect(within(popup).getByText('validation failed')).toBeInTheDocument();
    expect(screen.getByText('4 digit OTP is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(backend.calls('POST', 'api/v1/auth/reset-password/')).toHaveLength(0);
  });

  it('resets the password, says so and goes to login with the email filled in', async () => {
    const backend = backendWithCode().on('POST', 'api/v1/auth/reset-password/', { body: { message: '' } });
    const { user, location } = await atPasswordStep();
    await user.type(screen.getByLabelText('One-time code'), '1234');
    await user.type(newPassword(), 'Passw0rd!');
    await user.click(resetButton());

    expect(await screen.findByText('Password reset successfully. You may now login')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Login screen' })).toBeInTheDocument();
    expect(location()).toBe('/login');
    expect(localStorage.getItem(REMEMBERED_EMAIL_KEY)).toBe('super@demo.test');
    expect(backend.calls('POST', 'api/v1/auth/reset-password/').map((c) => c.body)).toEqual([
      { username: 'super@demo.test', otp: '1234', new_password: 'Passw0rd!' },
    ]);
  });

  it("shows the server's own success message when it gives one", async () => {
    backendWithCode().on('POST', 'api/v1/auth/reset-password/', { body: { message: 'Your password has been changed.' } });
    const { user } = await atPasswordStep();
    await user.type(screen.getByLabelText('One-time code'), '1234');
    await user.type(newPassword(), 'Passw0rd!');
    await user.click(resetButton());
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
  });

  it("shows the server's refusal in a popup and stays", async () => {
    const refusal = 'This OTP has expired or was already used. Request a new one.';
    backendWithCode().on('POST', 'api/v1/auth/reset-password/', { status: 400, body: { error: refusal, code: 'otp_expired' } });
    const { user, location } = await atPasswordStep();
    await user.type(screen.getByLabelText('One-time code'), '1234');
    await user.type(newPassword(), 'Passw0rd!');
    await user.click(resetButton());

    const popup = await screen.findByRole('alertdialog');
    expect(within(popup).getByText(refusal)).toBeInTheDocument();
    expect(location()).toBe('/reset');
    await user.click(within(popup).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });
});
