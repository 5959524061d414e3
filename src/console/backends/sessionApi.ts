// Sign-in calls of the new user backend (SPEC.md section 7), added to the api.
import type {
  LoginRequest, LoginResponse, MessageResponse, OtpSendRequest, OtpSendResponse, OtpVerifyRequest, OtpVerifyResponse,
  ResetPasswordRequest,
} from '../../contract/api';
import { api } from './api';
import { SHOWS_OWN_FAILURE } from './baseQuery';

export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendOtp: build.mutation<OtpSendResponse, OtpSendRequest>({
      query: (body) => ({ backend: 'users', url: 'api/v1/otp/send/', method: 'POST', body }),
    }),
    verifyOtp: build.mutation<OtpVerifyResponse, OtpVerifyRequest>({
      query: (body) => ({ backend: 'users', url: 'api/v1/otp/verify/', method: 'POST', body }),
    }),
    login: build.mutation<LoginResponse, LoginRequest>({
      query: (body) => ({ backend: 'users', url: 'api/v1/auth/login/jwt/', method: 'POST', body }),
    }),
    // A logout that fails changes nothing for the user: the session ends on this device anyway.
    logout: build.mutation<MessageResponse, { refresh: string }>({
      query: (body) => ({ backend: 'users', url: 'api/v1/auth/logout/', method: 'POST', body }),
      extraOptions: SHOWS_OWN_FAILURE,
    }),
    resetPassword: build.mutation<MessageResponse, ResetPasswordRequest>({
      query: (body) => ({ backend: 'users', url: 'api/v1/auth/reset-password/', method: 'POST', body }),
      extraOptions: SHOWS_OWN_FAILURE,
    }),
  }),
});

export const { useSendOtpMutation, useVerifyOtpMutation, useLoginMutation, useLogoutMutation, useResetPasswordMutation } =
  sessionApi;
