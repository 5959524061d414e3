// Reset Password (SPEC.md sections 2, 4, 5 and 8): the email, a PASSWORD_RESET code, then the new
// password with the strength rule; success returns to /login.
import '../../components/blueprint';
import { Alert, Button, Callout, Intent } from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import * as messages from '../../../contract/messages';
import { email as emailRule } from '../../../contract/schemas/fields';
import { resetPasswordForm } from '../../../contract/schemas/signIn';
import { useResetPasswordMutation, useSendOtpMutation } from '../../backends/sessionApi';
import { NeedsConnection, useBrowserOffline } from '../../components/NeedsConnection';
import { OtpInput } from '../../components/OtpInput';
import { SignedOutFrame } from '../../components/SignedOutFrame';
import { TextField } from '../../components/TextField';
import { showSuccess } from '../../components/toaster';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { rememberedEmail, rememberEmail } from '../../session/rememberedEmail';
import { z } from 'zod';

const requestForm = z.object({ email: emailRule });

export function ResetPasswordPage() {
  const [username, setUsername] = useState<string | null>(null);
  return (
    <SignedOutFrame title="Reset Password">
      {username === null ? <RequestCode onSent={setUsername} /> : <NewPassword username={username} onRestart={() => setUsername(null)} />}
      <p className="console-links">
        <Link to="/login">Back to login</Link>
      </p>
    </SignedOutFrame>
  );
}

function RequestCode({ onSent }: { onSent(username: string): void }) {
  const form = useSchemaForm(requestForm, { email: rememberedEmail() });
  const [sendOtp, { isLoading }] = useSendOtpMutation();
  const offline = useBrowserOffline();

  async function submit(event: FormEvent) {
    event.preventDefault();
    form.submitTried();
    if (!form.data || offline) return;
    const sent = await sendOtp({ username: form.data.email, otp_type: 'PASSWORD_RESET', medium: 'EMAIL' });
    if ('data' in sent) {
      showSuccess(messages.resetOtpSent);
      onSent(form.data.email);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      {isLoading && <Callout className="console-prompt">{messages.requestingResetOtp}</Callout>}
      <TextField id="reset-email" label="Email" type="email" autoComplete="username" {...form.textField('email')} />
      <NeedsConnection what="Resetting a password" />
      <Button type="submit" intent={Intent.PRIMARY} fill disabled={!form.valid || offline} loading={isLoading}>
        Send reset code
      </Button>
    </form>
  );
}

function NewPassword({ username, onRestart }: { username: string; onRestart(): void }) {
  const form = useSchemaForm(resetPasswordForm, { otp: '', new_password: '' });
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const navigate = useNavigate();
  const offline = useBrowserOffline();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (offline) return;
    form.submitTried();
    if (!form.data) {
      setFailure(messages.validationFailed);
      return;
    }
    const result = await resetPassword({ username, ...form.data });
    if ('data' in result && result.data) {
      showSuccess(result.data.message || messages.passwordResetSuccess, 6_000);
      // The login page opens with the email the password was just reset for.
      rememberEmail(username);
      navigate('/login', { replace: true });
    } else if (result.error && 'text' in result.error) {
      setFailure(result.error.text);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Callout intent={Intent.PRIMARY} className="console-prompt">
        {messages.resetOtpPrompt}
      </Callout>
      <OtpInput value={form.values.otp} onChange={(otp) => form.set('otp', otp)} error={form.errorOf('otp')} autoFocus />
      <TextField id="new-password" label="New password" type="password" autoComplete="new-password" {...form.textField('new_password')} />
      <NeedsConnection what="Resetting a password" />
      <div className="console-actions">
        <Button variant="minimal" onClick={onRestart}>
          Send a new code
        </Button>
        <Button type="submit" intent={Intent.PRIMARY} disabled={offline} loading={isLoading}>
          Reset password
        </Button>
      </div>
      <Alert isOpen={failure !== null} onClose={() => setFailure(null)} intent={Intent.DANGER} confirmButtonText="OK">
        {failure}
      </Alert>
    </form>
  );
}
