// Set-up of the console's component tests (jsdom): jest-dom matchers, a clean DOM, storage,
// network, outbox timers and toaster between tests, so no test sees what the one before it left behind.
import '@testing-library/jest-dom/vitest';
import { OverlayToaster, type Toaster } from '@blueprintjs/core';
import { act, cleanup, configure, waitFor } from '@testing-library/react';
import { afterEach, expect, vi } from 'vitest';
import { resetSessionRequests } from '../http/sessionRefresh';
import { stopOutboxRunners } from '../outbox/outboxRunner';

// Screens load as lazy chunks that Vite transforms on first use, which takes a while on a busy
// machine: give findBy* and waitFor more than the default second.
configure({ asyncUtilTimeout: 5_000 });

// The console's toaster lives in document.body for the whole file (components/toaster.ts keeps
// one). Keep hold of it so its toasts can be cleared: a toast left over from an earlier test
// would otherwise let findByText pass on old news.
const toasters: Array<Promise<Toaster>> = [];
const createToaster = OverlayToaster.createAsync.bind(OverlayToaster);
vi.spyOn(OverlayToaster, 'createAsync').mockImplementation((...args) => {
  const toaster = createToaster(...args);
  toasters.push(toaster);
  return toaster;
});

afterEach(async () => {
  cleanup();
  for (const toaster of toasters) {
    const shown = await toaster;
    act(() => shown.clear());
  }
  // Toasts leave with a short exit transition; wait until they are gone from the page.
  await waitFor(() => expect(document.querySelector('.bp6-toast')).toBeNull());
  localStorage.clear();
  sessionStorage.clear();
  resetSessionRequests();
  stopOutboxRunners();
  vi.unstubAllGlobals();
});
