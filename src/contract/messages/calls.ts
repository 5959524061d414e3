// What any call may end with, whatever the screen: the default toast (SPEC.md section 8), the
// session's end and the server's generic refusals (ours). Kept apart because every page, the
// login page included, carries these and only these.

export const defaultToast = 'An error occurred while fetching data!';
export const notLoggedIn = 'Not logged in';
export const accessTokenMissing = 'User is not logged in or access token is missing.';

// The session and the server refusing a call (ours; the sign-in refusals are in refusals.ts)
export const sessionExpired = 'Your session has ended. Please log in again.';
export const refreshTokenInvalid = 'This session is no longer valid. Please log in again.';
export const forbidden = 'You do not have permission to do this.';
export const notFound = 'Not found';
export const internalError = 'Something went wrong on the server. Please try again; if it persists, contact support.';
export const tooManyRequests = 'Too many requests. Please wait a moment and try again.';
