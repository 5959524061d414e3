import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { devicesSignedOut, type SignedInDevice } from '../../../contract/sessions';
import { fakeBackend, pageOf } from '../../test/fakeBackend';
import { renderWithProviders } from '../../test/renderWithProviders';
import { signedIn } from '../../test/sessions';
import { SignedInDevicesPage } from './SignedInDevicesPage';

const device = (overrides: Partial<SignedInDevice>): SignedInDevice => ({
  id: '8d3c5e62-52c4-4d6b-9f3c-3f1f1c0a0001',
  device: 'Chrome on Windows',
  user_agent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0.0.0 Safari/537.36',
  address: '203.0.113.7',
  role_type: 'Agency Admin',
  signed_in_at: '2026-11-20T08:00:00.000Z',
  last_used_at: '2026-11-27T09:15:00.000Z',
  current: false,
  ...overrides,
});
const phone = device({ id: '8d3c5e62-52c4-4d6b-9f3c-3f1f1c0a0002', device: 'Safari on iPhone', address: '198.51.100.4' });
const laptop = device({});
const here = device({ id: '8d3c5e62-52c4-4d6b-9f3c-3f1f1c0a0003', device: 'Firefox on Linux', address: '127.0.0.1', current: true });

function devicesBackend(devices: SignedInDevice[]) {
  let live = devices;
  return fakeBackend()
    .on('GET', 'api/v1/sessions/', () => ({ body: pageOf(live) }))
    .on('POST', 'api/v1/sessions/end-others/', () => {
      const ended = live.filter((d) => !d.current).length;
      live = live.filter((d) => d.current);
      return { body: { ended, message: devicesSignedOut(ended) } };
    })
    .on('DELETE', `api/v1/sessions/${phone.id}/`, () => {
      live = live.filter((d) => d.id !== phone.id);
      return { body: { ended: 1, message: devicesSignedOut(1) } };
    });
}

const renderPage = () => renderWithProviders(<SignedInDevicesPage />, { preloadedState: signedIn('Agency Admin'), route: '/signed-in-devices' });
const cards = () => within(screen.getByRole('list', { name: 'Signed-in devices' })).getAllByRole('listitem');

describe('SignedInDevicesPage', () => {
  it('lists this device first and marked, each with where it signed in from and when', async () => {
    devicesBackend([phone, here, laptop]);
    renderPage();
    await waitFor(() => expect(cards()).toHaveLength(3));
    const [first, second] = cards() as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('heading', { name: 'Firefox on Linux' })).toBeInTheDocument();
    expect(first).toHaveTextContent('This device');
    expect(first).toHaveTextContent('Where from127.0.0.1');
    expect(first).toHaveTextContent('Last usedNow');
    expect(within(first).getByRole('button', { name: 'Log out of this device' })).toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: /^Sign out/ })).toBeNull();
    expect(second).not.toHaveTextContent('This device');
    expect(second).toHaveTextContent('Where from198.51.100.4');
  });

  it('signs one device out by its own button, says so and lists the devices again', async () => {
    const backend = devicesBackend([here, phone]);
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: /^Sign out Safari on iPhone, signed in/ }));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(backend.calls('DELETE')).toHaveLength(1);
    expect(await screen.findByText(devicesSignedOut(1))).toBeInTheDocument();
    // The focus it had does not fall to the page's end: the heading takes it.
    expect(screen.getByRole('heading', { name: 'Signed-in devices' })).toHaveFocus();
    expect(screen.getByText('No other device is signed in.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out all other devices' })).toBeDisabled();
  });

  it('signs out all other devices after asking, and only when asked', async () => {
    const backend = devicesBackend([here, phone, laptop]);
    const { user } = renderPage();
    // The button is there, disabled, until the list is read: under a full run's load that takes a
    // while, and a click on it before then asks nothing.
    await waitFor(() => expect(cards()).toHaveLength(3), { timeout: 15_000 });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign out all other devices' })).toBeEnabled(), { timeout: 15_000 });
    await user.click(screen.getByRole('button', { name: 'Sign out all other devices' }));
    const question = await screen.findByRole('alertdialog', undefined, { timeout: 10_000 });
    expect(question).toHaveTextContent('Sign out all 2 other devices?');
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(backend.calls('POST')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Sign out all other devices' }));
    await user.click(within(await screen.findByRole('alertdialog', undefined, { timeout: 10_000 })).getByRole('button', { name: 'Sign out' }));
    // A call, a toast and the list read again: generous under a full run's load (seen past 5 s once).
    await waitFor(() => expect(cards()).toHaveLength(1), { timeout: 15_000 });
    expect(backend.calls('POST', 'api/v1/sessions/end-others/')).toHaveLength(1);
    expect(await screen.findByText(devicesSignedOut(2), undefined, { timeout: 15_000 })).toBeInTheDocument();
  });
});
