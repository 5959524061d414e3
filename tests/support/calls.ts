// The calls the API tests make most, written once, and the small helpers every sign-in test needs.

export const SEND = '/api/v1/otp/send/';
export const LOGIN = '/api/v1/auth/login/jwt/';
export const REFRESH = '/api/v1/auth/token/refresh/';
export const LOGOUT = '/api/v1/auth/logout/';
export const RESET = '/api/v1/auth/reset-password/';
export const REGISTER = '/admin/register';

let sequence = 0;
/** A unique address per call, so tests do not depend on each other's rows. */
export const newEmail = (label: string) => `${label}.${Date.now().toString(36)}${++sequence}@example.org`;

/** A 4-digit code that is certainly not `code`. */
export const wrongCode = (code: string, offset = 1) => String((Number(code) + offset) % 10_000).padStart(4, '0');
