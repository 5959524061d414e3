// New user backend, sign-in calls (SPEC.md section 7): /api/v1/otp/* and /api/v1/auth/*.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginResponse, messageResponse, otpSendResponse, otpVerifyResponse, refreshResponse } from '../../../contract/api';
import { loginRequest, otpSendRequest, otpVerifyRequest, refreshRequest, resetPasswordRequest } from '../../../contract/schemas/signIn';
import type { SignIn } from '../../auth/signIn';
import { SIGN_IN_CALL } from '../../http/routeConfig';

const open = SIGN_IN_CALL.config;

export const authRoutes = (signIn: SignIn): FastifyPluginAsyncZod => async (app) => {
  app.post('/otp/send/', { config: open, schema: { summary: 'Send an admin a one-time code: to sign in, reset a password, or open Secure Pages or reports', operationId: 'sendCode', body: otpSendRequest, response: { 200: otpSendResponse } } }, async (request) =>
    signIn.sendCode({ ...request.body, address: request.ip, caller: request.caller }),
  );

  // Inside a session, but it acts on a one-time code: never replayed either.
  app.post(
    '/otp/verify/',
    { config: { replayable: false }, schema: { summary: "Check a signed-in admin's Secure Pages or reports code", operationId: 'verifyCode', body: otpVerifyRequest, response: { 200: otpVerifyResponse } } },
    async (request) => signIn.verifyCode({ ...request.body, address: request.ip, caller: request.caller }),
  );

  app.post('/auth/login/jwt/', { config: open, schema: { summary: 'Sign an admin in with password and one-time code: the access and refresh tokens', operationId: 'login', body: loginRequest, response: { 200: loginResponse } } }, async (request) =>
    signIn.login({ ...request.body, address: request.ip, userAgent: request.headers['user-agent'] }),
  );

  app.post('/auth/token/refresh/', { config: open, schema: { summary: 'Trade a live refresh token for new access and refresh tokens', operationId: 'refreshTokens', body: refreshRequest, response: { 200: refreshResponse } } }, async (request) =>
    signIn.refresh(request.body.refresh),
  );

  // Logout needs only the refresh token it revokes: an expired access token must not stop it.
  app.post('/auth/logout/', { config: open, schema: { summary: 'Sign out: revoke the refresh token', operationId: 'logout', body: refreshRequest, response: { 200: messageResponse } } }, async (request) => {
    await signIn.logout(request.body.refresh);
    return { message: 'Logged out' };
  });

  app.post(
    '/auth/reset-password/',
    { config: open, schema: { summary: 'Set a new password for an admin with the code sent for the reset', operationId: 'resetPassword', body: resetPasswordRequest, response: { 200: messageResponse } } },
    async (request) => signIn.resetPassword({ ...request.body, address: request.ip }),
  );
};
