// The update prompt with a fake Workbox: the toast appears when a new worker waits, nothing
// reloads until Reload is clicked, and the click makes the waiting worker take over, then reloads
// once. The real browser flow (a changed sw.js) is in tests/e2e/pwa.test.ts.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { offerUpdates, offerWhenInstalled, RELOAD_ACTION, UPDATE_AVAILABLE_MESSAGE, type UpdatableWorker } from './updatePrompt';
import { showUpdatePrompt } from './updateToast';

function fakeWorkbox() {
  const listeners = new Map<string, Array<() => void>>();
  const workbox = {
    addEventListener: vi.fn((type: string, listener: () => void) => listeners.set(type, [...(listeners.get(type) ?? []), listener])),
    messageSkipWaiting: vi.fn(),
    emit: (type: 'waiting' | 'controlling') => listeners.get(type)?.forEach((listener) => listener()),
  };
  return workbox satisfies UpdatableWorker;
}

describe('the update prompt', () => {
  it('shows the toast when a new version waits, and reloads only after the click on Reload', async () => {
    const workbox = fakeWorkbox();
    const reload = vi.fn();
    offerUpdates(workbox, { prompt: (accept) => void showUpdatePrompt(accept), reload });

    workbox.emit('waiting');
    const toast = (await screen.findByText(UPDATE_AVAILABLE_MESSAGE)).closest('.bp6-toast') as HTMLElement;
    expect(toast).not.toBeNull();
    // Another tab's update taking control does not reload this one behind the admin's back.
    workbox.emit('controlling');
    expect(reload).not.toHaveBeenCalled();
    expect(workbox.messageSkipWaiting).not.toHaveBeenCalled();

    await userEvent.click(within(toast).getByRole('button', { name: RELOAD_ACTION }));
    expect(workbox.messageSkipWaiting).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled(); // not before the new worker controls the page
    workbox.emit('controlling');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('shows one toast however often it is told', async () => {
    const workbox = fakeWorkbox();
    const offer = offerUpdates(workbox, { prompt: (accept) => void showUpdatePrompt(accept), reload: vi.fn() });
    workbox.emit('waiting');
    offer();
    await screen.findByText(UPDATE_AVAILABLE_MESSAGE);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByText(UPDATE_AVAILABLE_MESSAGE)).toHaveLength(1);
  });

  it('asks the worker once and reloads once, however often Reload is accepted', () => {
    const workbox = fakeWorkbox();
    const reload = vi.fn();
    const accepts: Array<() => void> = [];
    const offer = offerUpdates(workbox, { prompt: (accept) => accepts.push(accept), reload });
    workbox.emit('waiting');
    offer();
    accepts.forEach((accept) => accept());
    accepts.forEach((accept) => accept());
    workbox.emit('controlling');
    expect(accepts).toHaveLength(2);
    expect(workbox.messageSkipWaiting).toHaveBeenCalledTimes(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('offers a version that was already installing when the page registered, once it has installed', () => {
    const listeners: Array<() => void> = [];
    const installing = { state: 'installing', addEventListener: (_type: 'statechange', listener: () => void) => listeners.push(listener) };
    const registration: { installing: typeof installing | null; waiting: unknown; active: unknown } = { installing, waiting: null, active: {} };
    const offer = vi.fn();
    offerWhenInstalled(registration, offer);

    installing.state = 'installed';
    registration.waiting = installing;
    registration.installing = null;
    listeners.forEach((listener) => listener());
    expect(offer).toHaveBeenCalledTimes(1);
  });

  it('offers nothing for a version that failed to install, or when none was installing', () => {
    const listeners: Array<() => void> = [];
    const installing = { state: 'installing', addEventListener: (_type: 'statechange', listener: () => void) => listeners.push(listener) };
    const offer = vi.fn();
    offerWhenInstalled({ installing, waiting: null, active: {} }, offer);
    installing.state = 'redundant';
    listeners.forEach((listener) => listener());
    offerWhenInstalled({ installing: null, waiting: null, active: {} }, offer);
    expect(offer).not.toHaveBeenCalled();
  });

  it('offers nothing on a first install: with no version running, there is nothing to update', () => {
    const listeners: Array<() => void> = [];
    const installing = { state: 'installing', addEventListener: (_type: 'statechange', listener: () => void) => listeners.push(listener) };
    const registration: { installing: typeof installing | null; waiting: unknown; active: unknown } = { installing, waiting: null, active: null };
    const offer = vi.fn();
    offerWhenInstalled(registration, offer);
    installing.state = 'installed';
    registration.waiting = installing;
    listeners.forEach((listener) => listener());
    expect(offer).not.toHaveBeenCalled();
  });
});
