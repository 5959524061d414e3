// A sign-in handed to the console as it persists one (redux-persist's 'persist:console'), for
// browser tests and benchmarks about what comes after signing in. No vitest here: scripts use it.
import type { Page } from 'playwright-core';
import type { LoginResponse } from '../../src/contract/api';
import type { TestServer } from './server';

/** Stores the session of a login answer in the page's origin, from a same-origin page that is not the console. */
export async function storeSession(page: Page, server: TestServer, login: Pick<LoginResponse, 'access' | 'refresh' | 'user'>): Promise<void> {
  // Not the console, so nothing rewrites the stored state meanwhile.
  await page.goto(`${server.url}/health`);
  await page.evaluate(
    (session) => localStorage.setItem('persist:console', JSON.stringify({ session: JSON.stringify(session), _persist: JSON.stringify({ version: -1, rehydrated: true }) })),
    { access: login.access, refresh: login.refresh, user: login.user, reportsVerified: false },
  );
}
