// New user backend, sign-in calls (SPEC.md section 7): /api/v1/otp/* and /api/v1/auth/*.
import type { FastifyPluginAsync } from 'fastify';
import { loginRequest, otpSendRequest, otpVerifyRequest, refreshRequest, resetPasswordRequest } from '../../../contract/schemas';
import type { SignIn } from '../../auth/signIn';
import { parse } from '../../http/errors';
import { sessionOf } from '../../http/authentication';
import { SIGN_IN_CALL } from '../../http/routeConfig';

const open = SIGN_IN_CALL;

export const authRoutes = (signIn: SignIn): FastifyPluginAsync => async (app) => {
  app.post('/otp/send/', open, async (request) => {
    const body = parse(otpSendRequest, request.body);
    return signIn.sendCode({ ...body, address: request.ip, session: request.session });
  });

  // Inside a session, but it acts on a one-time code: never replayed either.
  app.post('/otp/verify/', { config: { replayable: false } }, async (request) => {
    const body = parse(otpVerifyRequest, request.body);
    return signIn.verifyCode({ ...body, address: request.ip, session: sessionOf(request) });
  });

  app.post('/auth/login/jwt/', open, async (request) => {
    const body = parse(loginRequest, request.body);
    return signIn.login({ ...body, address: request.ip });
  });

  app.post('/auth/token/refresh/', open, async (request) => {
    const { refresh } = parse(refreshRequest, request.body);
    return signIn.refresh(refresh);
  });

  // Logout needs only the refresh token it revokes: an expired access token must not stop it.
  app.post('/auth/logout/', open, async (request) => {
    const { refresh } = parse(refreshRequest, request.body);
    await signIn.logout(refresh);
    return { message: 'Logged out' };
  });

  app.post('/auth/reset-password/', open, async (request) => {
    const body = parse(resetPasswordRequest, request.body);
    return signIn.resetPassword({ ...body, address: request.ip });
  });
};
