// Admin Login (SPEC.md sections 2 and 5): email and password, Log In enabled only when both are
// valid, the remembered email restored. Submitting sends the LOGIN code and goes to /otp/login.
// The page a supervisor meets first on a weak link: plain HTML (components/plain), its schema (zod)
// fetched with the first key or tap, the code page's chunk with the Log In click.
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import * as messages from '../../../contract/messages';
import { useSendOtpMutation } from '../../backends/sessionApi';
import { useAppDispatch } from '../../ground/hooks';
import { NeedsConnection, useBrowserOffline } from '../../components/NeedsConnection';
import { PlainTextField } from '../../components/plain/PlainTextField';
import { SignedOutFrame } from '../../components/SignedOutFrame';
import { showSuccess } from '../../components/toaster';
import { useLazySchemaForm } from '../../forms/useLazySchemaForm';
import { rememberedEmail, rememberEmail } from '../../session/rememberedEmail';
import { loginStarted } from '../../session/sessionSlice';
import { takeSignedOutReason } from '../../session/signedOutReason';

const loadLoginSchema = () => import('../../../contract/schemas/signIn').then(({ loginForm }) => loginForm);

export function LoginPage() {
  const form = useLazySchemaForm(loadLoginSchema, { email: rememberedEmail(), password: '' });
  const [sendOtp, { isLoading }] = useSendOtpMutation();
  const [showPassword, setShowPassword] = useState(false);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const offline = useBrowserOffline();
  // Said once, on the login page the sign-out led to.
  const [signedOutReason] = useState(takeSignedOutReason);

  async function submit(event: FormEvent) {
    event.preventDefault();
    form.submitTried();
    if (!form.data || offline) return;
    const { email, password } = form.data;
    rememberEmail(email);
    // The code page's chunk comes while the code is being sent.
    void import('../otp/OtpPage').catch(() => undefined);
    const sent = await sendOtp({ username: email, password, otp_type: 'LOGIN', medium: 'EMAIL' });
    if ('error' in sent) return; // the error toast says why; stay here
    dispatch(loginStarted({ username: email, password, medium: 'EMAIL', login_token: sent.data.login_token }));
    showSuccess(messages.otpSent);
    navigate('/otp/login');
  }

  return (
    <SignedOutFrame title="Admin Login">
      {signedOutReason && (
        <div role="status" className="plain-callout-warning">
          {signedOutReason}
        </div>
      )}
      <form onSubmit={submit} noValidate onKeyDown={form.wake} onPointerDown={form.wake} onInput={form.wake}>
        <PlainTextField
          id="email"
          label="Email"
          type="email"
          autoComplete="username"
          autoFocus={!form.values.email}
          {...form.textField('email')}
        />
        <PlainTextField
          id="password"
          label="Password"
          type={showPassword ? 'text' : 'password'}
          autoComplete="current-password"
          autoFocus={Boolean(form.values.email)}
          {...form.textField('password')}
          rightElement={
            <button type="button" className="plain-button plain-button-small" onClick={() => setShowPassword((s) => !s)}>
              {showPassword ? 'Hide' : 'Show'}
            </button>
          }
        />
        <NeedsConnection what="Signing in" />
        <button type="submit" className="plain-button plain-button-primary" disabled={!form.valid || offline || isLoading} aria-busy={isLoading}>
          {isLoading && <span className="plain-spinner" aria-hidden="true" />}
          Log In
        </button>
      </form>
      <p className="plain-links">
        <Link to="/reset">Forgot your password? Reset it</Link>
        <span> · </span>
        <Link to="/countries">Countries</Link>
        <span> · </span>
        <Link to="/register">Register</Link>
      </p>
    </SignedOutFrame>
  );
}
