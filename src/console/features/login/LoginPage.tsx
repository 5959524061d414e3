// Admin Login (SPEC.md sections 2 and 5): email and password, Log In enabled only when both are
// valid, the remembered email restored. Submitting sends the LOGIN code and goes to /otp/login.
import { Button, Intent } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { messages } from '../../../contract/messages';
import { loginForm } from '../../../contract/schemas';
import { useSendOtpMutation } from '../../api/sessionApi';
import { useAppDispatch } from '../../app/hooks';
import { NeedsConnection, useBrowserOffline } from '../../components/NeedsConnection';
import { SignedOutFrame } from '../../components/SignedOutFrame';
import { TextField } from '../../components/TextField';
import { showSuccess } from '../../components/toaster';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { rememberedEmail, rememberEmail } from '../../session/rememberedEmail';
import { loginStarted } from '../../session/sessionSlice';

export function LoginPage() {
  const form = useSchemaForm(loginForm, { email: rememberedEmail(), password: '' });
  const [sendOtp, { isLoading }] = useSendOtpMutation();
  const [showPassword, setShowPassword] = useState(false);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const offline = useBrowserOffline();

  async function submit(event: FormEvent) {
    event.preventDefault();
    form.submitTried();
    if (!form.data || offline) return;
    const { email, password } = form.data;
    rememberEmail(email);
    const sent = await sendOtp({ username: email, password, otp_type: 'LOGIN', medium: 'EMAIL' });
    if ('error' in sent) return; // the error toast says why; stay here
    dispatch(loginStarted({ username: email, password, medium: 'EMAIL', login_token: sent.data.login_token }));
    showSuccess(messages.otpSent);
    navigate('/otp/login');
  }

  return (
    <SignedOutFrame title="Admin Login">
      <form onSubmit={submit} noValidate>
        <TextField
          id="email"
          label="Email"
          type="email"
          autoComplete="username"
          autoFocus={!form.values.email}
          {...form.textField('email')}
        />
        <TextField
          id="password"
          label="Password"
          type={showPassword ? 'text' : 'password'}
          autoComplete="current-password"
          autoFocus={Boolean(form.values.email)}
          {...form.textField('password')}
          rightElement={
            <Button variant="minimal" small onClick={() => setShowPassword((s) => !s)}>
              {showPassword ? 'Hide' : 'Show'}
            </Button>
          }
        />
        <NeedsConnection what="Signing in" />
        <Button type="submit" intent={Intent.PRIMARY} fill disabled={!form.valid || offline} loading={isLoading}>
          Log In
        </Button>
      </form>
      <p className="console-links">
        <Link to="/reset">Forgot your password? Reset it</Link>
        <span> · </span>
        <Link to="/countries">Countries</Link>
        <span> · </span>
        <Link to="/register">Register</Link>
      </p>
    </SignedOutFrame>
  );
}
