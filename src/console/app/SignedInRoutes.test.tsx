import * as messages from '../../contract/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_ROLE_TYPES } from '../../contract/roles';
import { fakeBackend } from '../test/fakeBackend';
import { renderWithProviders } from '../test/renderWithProviders';
import { DEMO_USERNAME, signedIn } from '../test/sessions';
import { App } from './App';
import { sideMenu } from '../ground/screens';

/** The backend of a signed-in shell: the reference lists it loads on arrival. */
function shellBackend() {
  return fakeBackend()
    .on('GET', 'api/v1/status-types', { body: { count: 0, next: null, previous: null, results: [] } })
    .on('GET', 'api/v1/translations/', { body: { count: 0, next: null, previous: null, results: [] } })
    .on('POST', 'api/v1/otp/send/', { body: { message: 'OTP sent', medium: 'EMAIL', otp_type: 'REPORTS' } })
    .on('POST', 'api/v1/otp/verify/', { body: { verified: true, otp_type: 'REPORTS' } })
    .on('POST', 'api/v1/auth/logout/', { body: { message: 'Logged out' } });
}

const sideMenuLabels = async () => {
  const nav = await screen.findByRole('navigation', { name: 'Side menu' });
  return within(nav).getAllByRole('menuitem').map((item) => item.textContent);
};

describe('signed-in routes', () => {
  it.each(ADMIN_ROLE_TYPES)('shows a %s exactly the side menu of their role, in order', async (role) => {
    shellBackend();
    renderWithProviders(<App />, { route: '/', preloadedState: signedIn(role) });
    expect(await sideMenuLabels()).toEqual(sideMenu(role).map((item) => item.label));
    expect(screen.getByText(DEMO_USERNAME[role])).toBeInTheDocument();
  });

  it('follows the visibility table of the specification', async () => {
    shellBackend();
    renderWithProviders(<App />, { route: '/', preloadedState: signedIn('Agency Admin') });
    const labels = await sideMenuLabels();
    for (const label of ['Stats', 'Agencies', 'Campaigns', 'Agents', 'Secure Page', 'Agent Event Report', 'Event Detail Report', 'Conversion Report', 'Logout']) {
      expect(labels).toContain(label);
    }
    expect(labels).not.toContain('Payment Run');
    expect(labels.at(0)).toBe('Stats');
    expect(labels.at(-1)).toBe('Logout');
  });

  it('asks for a REPORTS code before a report, then opens it', async () => {
    const backend = shellBackend();
    const { user, store, location } = renderWithProviders(<App />, { route: '/', preloadedState: signedIn('Super Admin') });
    const nav = await screen.findByRole('navigation', { name: 'Side menu' });
    await user.click(within(nav).getByRole('menuitem', { name: 'Agent Event Report' }));

    expect(await screen.findByText('Please check your EMAIL inbox for the REPORTS OTP')).toBeInTheDocument();
    expect(location()).toBe('/otp/reports?next=%2Freports%2Fagent-events');
    await waitFor(() =>
      expect(backend.calls('POST', 'api/v1/otp/send/').map((c) => c.body)).toEqual([
        { username: 'super@demo.test', otp_type: 'REPORTS', medium: 'EMAIL', resend: false },
      ]),
    );

    await user.type(screen.getByLabelText('One-time code'), '1234');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Agent Event Report' })).toBeInTheDocument();
    expect(location()).toBe('/reports/agent-events');
    expect(store.getState().session.reportsVerified).toBe(true);
  });

  it('opens a report directly once the reports code is verified', async () => {
    const backend = shellBackend();
    const { user, location } = renderWithProviders(<App />, {
      route: '/',
      preloadedState: signedIn('Campaign Admin', { reportsVerified: true }),
    });
    const nav = await screen.findByRole('navigation', { name: 'Side menu' });
    await user.click(within(nav).getByRole('menuitem', { name: 'Conversion Report' }));
    expect(await screen.findByRole('heading', { name: 'Conversion Report' })).toBeInTheDocument();
    expect(location()).toBe('/reports/conversion');
    expect(backend.calls('POST', 'api/v1/otp/send/')).toHaveLength(0);
  });

  it('opens the Payment Run Report, a service report, without asking for the reports code (section 2)', async () => {
    const backend = shellBackend();
    const { location } = renderWithProviders(<App />, { route: '/reports/payment-runs', preloadedState: signedIn('Super Admin') });
    expect(await screen.findByRole('heading', { name: 'Payment Run Report' })).toBeInTheDocument();
    expect(screen.queryByText(/^This screen is not available yet\./)).not.toBeInTheDocument();
    expect(location()).toBe('/reports/payment-runs');
    expect(backend.calls('POST', 'api/v1/otp/send/')).toHaveLength(0);
  });

  it.each([['/payments/pending', 'Pending Payments'], ['/payment-runs', 'Payment Run'], ['/audit/12', 'Audit']])(
    'says a screen closed to the role is closed, and keeps the admin signed in (%s)',
    async (path, title) => {
      const backend = shellBackend();
      const { store, user, location } = renderWithProviders(<App />, { route: path, preloadedState: signedIn('Agency Admin') });
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      expect(screen.getByText(new RegExp(`^${title} is not open to an Agency Admin`))).toBeInTheDocument();
      expect(store.getState().session.user).not.toBeNull();
      expect(backend.calls('POST', 'api/v1/auth/logout/')).toHaveLength(0);
      await user.click(screen.getByRole('link', { name: 'Go to Stats' }));
      await waitFor(() => expect(location()).toBe('/'));
    },
  );

  it('sends an unknown path to /logout, which ends the session and returns to login', async () => {
    const backend = shellBackend();
    const { store, location } = renderWithProviders(<App />, { route: '/no-such-screen', preloadedState: signedIn('Super Admin') });

    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(location()).toBe('/login');
    expect(backend.calls('POST', 'api/v1/auth/logout/').map((c) => c.body)).toEqual([{ refresh: 'refresh-1' }]);
    expect(store.getState().session.user).toBeNull();
    expect(screen.getByText('Not logged in')).toBeInTheDocument();
    // Said, not a silent sign-out that feels like a crash.
    expect(screen.getByRole('status')).toHaveTextContent(messages.signedOutUnknownPath);
  });

  it('says nothing on the login page after a sign-out the user asked for', async () => {
    shellBackend();
    renderWithProviders(<App />, { route: '/logout', preloadedState: signedIn('Super Admin') });
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(screen.queryByText(messages.signedOutUnknownPath)).not.toBeInTheDocument();
  });

  it('keeps the session when Back after signing in reaches /login', async () => {
    const backend = shellBackend();
    const { store, location } = renderWithProviders(<App />, { route: '/login', preloadedState: signedIn('Super Admin') });
    expect(await screen.findByRole('navigation', { name: 'Side menu' })).toBeInTheDocument();
    expect(location()).toBe('/');
    expect(backend.calls('POST', 'api/v1/auth/logout/')).toEqual([]);
    expect(store.getState().session.user).not.toBeNull();
  });

  it('puts the items under the headings Programme, Reports, Payments and Settings', async () => {
    shellBackend();
    renderWithProviders(<App />, { route: '/', preloadedState: signedIn('Super Admin') });
    const nav = await screen.findByRole('navigation', { name: 'Side menu' });
    expect(within(nav).getAllByRole('heading').map((heading) => heading.textContent)).toEqual(['Programme', 'Reports', 'Payments', 'Settings']);
  });
});

describe('the side menu folded and in a drawer', () => {
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('folds to icons on a desktop, keeping each name, and the device remembers it', async () => {
    shellBackend();
    const first = renderWithProviders(<App />, { route: '/', preloadedState: signedIn('Super Admin') });
    await first.user.click(await screen.findByRole('button', { name: 'Fold the menu to icons' }));
    const nav = screen.getByRole('navigation', { name: 'Side menu' });
    expect(nav).toHaveClass('console-side-menu-compact');
    expect(within(nav).getByRole('menuitem', { name: 'Countries' })).toBeInTheDocument();
    first.unmount();

    shellBackend();
    renderWithProviders(<App />, { route: '/', preloadedState: signedIn('Super Admin') });
    expect(await screen.findByRole('navigation', { name: 'Side menu' })).toHaveClass('console-side-menu-compact');
    expect(screen.getByRole('button', { name: 'Show the menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it("at a tablet's width hides the menu behind a button, and closes the drawer on a choice", async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query, addEventListener() {}, removeEventListener() {} }));
    shellBackend();
    const { user, location } = renderWithProviders(<App />, { route: '/', preloadedState: signedIn('Super Admin') });
    const menuButton = await screen.findByRole('button', { name: 'Menu' });
    expect(screen.queryByRole('navigation', { name: 'Side menu' })).toBeNull();

    await user.click(menuButton);
    const nav = await screen.findByRole('navigation', { name: 'Side menu' });
    expect(screen.queryByRole('button', { name: 'Fold the menu to icons' })).toBeNull();
    await user.click(within(nav).getByRole('menuitem', { name: 'Countries' }));
    await waitFor(() => expect(location()).toBe('/countries'));
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Side menu' })).toBeNull());
  });
});
