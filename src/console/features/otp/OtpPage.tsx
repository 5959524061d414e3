// Validate OTP (SPEC.md sections 2 and 4), at /otp/:type? (the type is upper-cased and sent as
// the code type). Logged out it finishes a login; signed in it verifies a REPORTS (or other
// session) code and goes on to where the user was headed.
import '../../components/blueprint';
import { Button, Callout, Intent } from '@blueprintjs/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import * as messages from '../../../contract/messages';
import { otpPrompt } from '../../../contract/messages';
import { otpForm } from '../../../contract/schemas/signIn';
import type { OtpType } from '../../../contract/constants';
import { useLoginMutation, useSendOtpMutation, useVerifyOtpMutation } from '../../backends/sessionApi';
import { useAppDispatch, useAppSelector } from '../../ground/hooks';
import { NeedsConnection, useBrowserOffline } from '../../components/NeedsConnection';
import { OtpInput } from '../../components/OtpInput';
import { SignedOutFrame } from '../../components/SignedOutFrame';
import { dismissAllToasts, showSuccess } from '../../components/toaster';
import { useSchemaForm } from '../../forms/useSchemaForm';
import { codeOf } from '../../http/failure';
import { loginFinished, loginStarted, reportsCodeSent, reportsVerified, selectSignedIn, sessionStarted } from '../../session/sessionSlice';
import { PageTitle } from '../../components/PageTitle';

export function OtpPage() {
  const signedIn = useAppSelector(selectSignedIn);
  const { type } = useParams();
  const otpType = (type ?? (signedIn ? 'reports' : 'login')).toUpperCase() as OtpType;
  return signedIn ? <SessionCode otpType={otpType} /> : <LoginCode otpType={otpType} />;
}

function CodeForm(props: { otpType: string; medium: string; busy: boolean; onSubmit(otp: string): void; onResend(): void }) {
  const form = useSchemaForm(otpForm, { otp: '' });
  const offline = useBrowserOffline();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.submitTried();
    if (form.data && !offline) props.onSubmit(form.data.otp);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Callout intent={Intent.PRIMARY} className="console-prompt">
        {otpPrompt(props.medium, props.otpType)}
      </Callout>
      <OtpInput value={form.values.otp} onChange={(otp) => form.set('otp', otp)} error={form.errorOf('otp')} autoFocus />
      <NeedsConnection what="Checking a code" />
      <div className="console-actions">
        <Button variant="minimal" disabled={offline} onClick={props.onResend}>
          Resend code
        </Button>
        <Button type="submit" intent={Intent.PRIMARY} disabled={!form.valid || offline} loading={props.busy}>
          Verify
        </Button>
      </div>
    </form>
  );
}

/** Logged out: the second step of the login. Without a login in progress there is nothing to finish. */
function LoginCode({ otpType }: { otpType: OtpType }) {
  const pending = useAppSelector((state) => state.signIn);
  const [login, { isLoading }] = useLoginMutation();
  const [sendOtp] = useSendOtpMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  if (!pending) return <Navigate to="/login" replace />;

  async function submit(otp: string) {
    if (!pending) return;
    const result = await login({ username: pending.username, password: pending.password, otp_type: otpType, otp, login_token: pending.login_token });
    if ('data' in result && result.data) {
      const { access, refresh, user } = result.data;
      dispatch(sessionStarted({ access, refresh, user }));
      dispatch(loginFinished());
      dismissAllToasts();
      navigate('/', { replace: true });
      return;
    }
    // A mistyped code may be tried again; anything else (refused, expired, burned) returns to login.
    if (codeOf(result.error) !== 'otp_wrong') {
      dispatch(loginFinished());
      navigate('/login', { replace: true });
    }
  }

  async function resend() {
    if (!pending) return;
    const sent = await sendOtp({ username: pending.username, password: pending.password, otp_type: otpType, medium: pending.medium, resend: true });
    if (!('data' in sent)) return;
    // The new code comes with its own proof: the first code's no longer stands.
    dispatch(loginStarted({ ...pending, login_token: sent.data?.login_token }));
    showSuccess(messages.otpSent);
  }

  return (
    <SignedOutFrame title="Validate OTP">
      <CodeForm otpType={otpType} medium={pending.medium} busy={isLoading} onSubmit={submit} onResend={resend} />
    </SignedOutFrame>
  );
}

/** Signed in: a code for the session (reports), sent on arrival, then verified. */
function SessionCode({ otpType }: { otpType: OtpType }) {
  const username = useAppSelector((state) => state.session.user?.username ?? '');
  const codeExpiresAt = useAppSelector((state) => state.session.reportsCodeExpiresAt);
  // A REPORTS code sent earlier in the session that still works is asked for, not sent again.
  const [stillValid] = useState(() =>
    otpType === 'REPORTS' && codeExpiresAt !== undefined && Date.parse(codeExpiresAt) > Date.now() ? codeExpiresAt : undefined,
  );
  const [sendOtp] = useSendOtpMutation();
  const [verifyOtp, { isLoading }] = useVerifyOtpMutation();
  const [search] = useSearchParams();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const sent = useRef(false);

  const request = async (resend: boolean) => {
    const answer = await sendOtp({ username, otp_type: otpType, medium: 'EMAIL', resend });
    if ('data' in answer) {
      showSuccess(messages.otpSent);
      if (otpType === 'REPORTS') dispatch(reportsCodeSent(answer.data?.expires_at));
    }
  };
  useEffect(() => {
    // Once per visit, also under StrictMode's double effects.
    if (sent.current) return;
    sent.current = true;
    if (!stillValid) void request(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function submit(otp: string) {
    const result = await verifyOtp({ username, otp_type: otpType, otp });
    if ('data' in result) {
      if (otpType === 'REPORTS') dispatch(reportsVerified());
      const next = search.get('next');
      navigate(next?.startsWith('/') ? next : '/', { replace: true });
    }
  }

  return (
    <div className="console-page-narrow">
      <PageTitle>Validate OTP</PageTitle>
      {stillValid && <p>{messages.otpStillValid(new Date(stillValid).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' }))}</p>}
      <CodeForm otpType={otpType} medium="EMAIL" busy={isLoading} onSubmit={submit} onResend={() => void request(true)} />
    </div>
  );
}
