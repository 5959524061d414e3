// Signing in, one-time codes and password resets (SPEC.md section 5): the console's forms and
// the requests the server parses with them.
import { z } from 'zod';
import { LOGIN_PASSWORD_MIN_LENGTH, TEXT_MAX } from '../constants';
import * as messages from '../messages';
import { atMost, email, otp, otpMedium, otpType, required, SECURE_OTP_PATTERN, strongPassword, text } from './fields';

/** Login form: the password is 'valid' at 4 characters; its strength is not checked here. */
export const loginForm = z.object({
  email,
  password: text(messages.passwordRequired).min(LOGIN_PASSWORD_MIN_LENGTH, { error: messages.passwordRequired }).max(...atMost('password', 'Password')),
});

export const otpForm = z.object({ otp });
export const secureOtpForm = z.object({
  otp: text(messages.secureOtpRequired).trim().regex(SECURE_OTP_PATTERN, { error: messages.secureOtpRequired }),
});

export const resetPasswordForm = z.object({ otp, new_password: strongPassword });

/** POST /api/v1/otp/send/ */
export const username = required(messages.usernameRequired, 'username', 'Username');
/** A password sent to be checked, not chosen: any length up to the limit. */
const givenPassword = text(messages.passwordRequired).max(...atMost('password', 'Password'));

export const otpSendRequest = z.object({
  username,
  password: givenPassword.optional(),
  otp_type: otpType,
  medium: otpMedium.default('EMAIL'),
  resend: z.boolean().optional().default(false),
});

/** POST /api/v1/otp/verify/ */
export const otpVerifyRequest = z.object({
  username,
  otp_type: otpType,
  otp,
});

/** POST api/v1/auth/login/jwt/; `login_token` (ours) is the code request's, spares the password a second hash. */
export const loginRequest = z.object({
  username,
  password: givenPassword.min(1, { error: messages.passwordRequired }),
  otp_type: otpType.default('LOGIN'),
  otp,
  login_token: z.string().max(TEXT_MAX.token).optional(),
});

/** POST api/v1/auth/token/refresh/ and POST api/v1/auth/logout/ */
export const refreshRequest = z.object({
  refresh: text('refresh is required').min(1, { error: 'refresh is required' }).max(...atMost('token', 'refresh')),
});

/** POST api/v1/auth/reset-password/ */
export const resetPasswordRequest = z.object({
  username,
  otp,
  new_password: strongPassword,
});
