// Sign-in calls of the new user backend (SPEC.md section 7), added to its slice.
import type {
  LoginRequest, LoginResponse, MessageResponse, OtpSendRequest, OtpSendResponse, OtpVerifyRequest, OtpVerifyResponse,
  ResetPasswordRequest,
} from '../../contract/api';
import { usersApi } from './backends';

export const sessionApi = usersApi.injectEndpoints({
  endpoints: (build) => ({
    sendOtp: build.mutation<OtpSendResponse, OtpSendRequest>({
      query: (body) => ({ url: 'api/v1/otp/send/', method: 'POST', body }),
    }),
    verifyOtp: build.mutation<OtpVerifyResponse, OtpVerifyRequest>({
      query: (body) => ({ url: 'api/v1/otp/verify/', method: 'POST', body }),
    }),
    login: build.mutation<LoginResponse, LoginRequest>({
      query: (body) => ({ url: 'api/v1/auth/login/jwt/', method: 'POST', body }),
    }),
    logout: build.mutation<MessageResponse, { refresh: string }>({
      query: (body) => ({ url: 'api/v1/auth/logout/', method: 'POST', body }),
    }),
    resetPassword: build.mutation<MessageResponse, ResetPasswordRequest>({
      query: (body) => ({ url: 'api/v1/auth/reset-password/', method: 'POST', body }),
    }),
  }),
});

export const { useSendOtpMutation, useVerifyOtpMutation, useLoginMutation, useLogoutMutation, useResetPasswordMutation } =
  sessionApi;
