// Where the three backends live. By default the console's own origin serves all three; a
// deployment may point any of them elsewhere through /config.js (written by the server from
// ADMIN_API_URL, USERS_API_URL, SERVICE_API_URL) or, at build time, VITE_*_API_URL.
export interface BackendUrls { admin: string; users: string; service: string }
/** One of the three backends: 'admin' (legacy), 'users' (new user backend) or 'service'. */
export type Backend = keyof BackendUrls;

declare global {
  interface Window {
    __CONSOLE_CONFIG__?: Partial<BackendUrls>;
  }
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

export function backendUrls(): BackendUrls {
  const runtime = window.__CONSOLE_CONFIG__ ?? {};
  const env = import.meta.env;
  // Absolute URLs: a relative one would resolve against the screen's own path (/otp/login).
  const origin = window.location.origin;
  return {
    admin: trimSlash(runtime.admin || env.VITE_ADMIN_API_URL || origin),
    users: trimSlash(runtime.users || env.VITE_USERS_API_URL || origin),
    service: trimSlash(runtime.service || env.VITE_SERVICE_API_URL || origin),
  };
}
