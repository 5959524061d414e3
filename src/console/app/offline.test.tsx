// The console offline, as an admin meets it in the shell: the banner with the time of the data on
// screen, an edit saved offline (toast, 'pending' on its row, the outbox count), the outbox panel
// (a refused change: its message, Edit and retry, Discard; a conflict: its values beside the current
// ones, Use theirs, Keep mine, Cancel), and logging out with changes not sent.
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ListPage } from '../../contract/api';
import type { EventType } from '../../contract/entities';
import * as messages from '../../contract/messages';
import { offlineBannerText, SECURE_REPORTS_OFFLINE_TEXT } from '../components/OfflineBanner';
import { QUEUED_TEXT } from '../outbox/outboxRunner';
import { selectOwnOutbox } from '../outbox/outboxSlice';
import { fakeBackend, type Handler } from '../test/fakeBackend';
import { renderWithProviders } from '../test/renderWithProviders';
import { signedIn } from '../test/sessions';
import { App } from './App';
import { makeStore, type AppStore } from './store';

const simActivation: EventType = { id: 3, name: 'sim_activation', pretty_name: 'SIM Activation', updated_at: '2026-11-01T09:30:00.000Z' };
const firstTopUp: EventType = { id: 4, name: 'first_topup', pretty_name: 'First Top-up', updated_at: '2026-11-01T09:30:00.000Z' };
/** The same row, changed by someone else meanwhile. */
const changedElsewhere: EventType = { ...simActivation, pretty_name: 'SIM Activation (by the API)', updated_at: '2026-11-02T08:00:00.000Z' };

const empty = { count: 0, next: null, previous: null, results: [] };
const network = { up: true };
const whenUp =
  (handler: Handler): Handler =>
  (call) =>
    network.up ? handler(call) : 'offline';

function eventTypesBackend(put: Handler = ({ body }) => ({ body: { ...simActivation, ...(body as object), updated_at: '2026-11-03T10:00:00.000Z' } })) {
  network.up = true;
  const page: ListPage<EventType> = { data: [simActivation, firstTopUp], count: 2 };
  return fakeBackend()
    .on('GET', 'api/v1/status-types', whenUp(() => ({ body: empty })))
    .on('GET', 'api/v1/translations/', whenUp(() => ({ body: empty })))
    .on('GET', 'admin/event_types', whenUp(() => ({ body: page })))
    .on('PUT', 'admin/event_types', whenUp(put))
    .on('POST', 'admin/event_types', whenUp(({ body }) => ({ status: 201, body: { id: 9, ...(body as object) } })))
    .on('POST', 'api/v1/auth/logout/', whenUp(() => ({ body: { message: 'Logged out' } })));
}

/** The browser loses (or finds) its network: the events the console listens to. */
function goOffline() {
  network.up = false;
  act(() => void window.dispatchEvent(new Event('offline')));
}
function goOnline() {
  network.up = true;
  act(() => void window.dispatchEvent(new Event('online')));
}

function renderConsole(route = '/event-types', store: AppStore = makeStore(signedIn('Super Admin'), { outbox: { delay: () => 60_000 } })) {
  return renderWithProviders(<App />, { route, store });
}

const table = () => screen.findByRole('table', { name: 'Event types' });
const rowOf = async (text: string) => (await screen.findByRole('cell', { name: text })).closest('tr') as HTMLElement;
const outboxButton = () => screen.getByRole('button', { name: /^Outbox/ });

async function editOffline(user: ReturnType<typeof renderConsole>['user'], pretty: string) {
  await user.click(await screen.findByRole('cell', { name: 'SIM Activation' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit event type' });
  const field = within(dialog).getByLabelText('Pretty name');
  await user.clear(field);
  await user.type(field, pretty);
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

describe('the offline banner', () => {
  it('says the console is offline and how old the data on screen is, and goes when the connection returns', async () => {
    eventTypesBackend();
    const { store } = renderConsole();
    await table();
    expect(screen.queryByText(/^Offline/)).not.toBeInTheDocument();
    // The data on screen: the list and the shell's reference data; the oldest of them counts.
    const times = Object.values(store.getState().api.queries).map((query) => query?.fulfilledTimeStamp ?? Infinity);
    const oldest = Math.min(...times);
    expect(oldest).toBeLessThan(Infinity);

    goOffline();
    // The list stays, under the banner with the time of its data.
    expect(await screen.findByText(offlineBannerText(oldest))).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'SIM Activation' })).toBeInTheDocument();

    goOnline();
    await waitFor(() => expect(screen.queryByText(/^Offline/)).not.toBeInTheDocument());
  });

  it('shows when the server cannot be reached although the browser is online, until it answers again', async () => {
    eventTypesBackend();
    const { user } = renderConsole();
    await table();
    network.up = false;
    await user.click(screen.getByRole('button', { name: 'Key' })); // a new sort: a request that fails
    expect(await screen.findByText(/^Offline — data as of /)).toBeInTheDocument();
    // No error toast for a read: the banner says it once.
    expect(screen.queryByText('The server cannot be reached. Check the connection and try again.')).not.toBeInTheDocument();
    // The sort was never loaded: no rows of another are shown under it.
    expect(await screen.findByText(messages.notLoadedOffline)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Event types' })).not.toBeInTheDocument();
    network.up = true;
    await user.type(screen.getByLabelText('Search Event types'), 'sim');
    await waitFor(() => expect(screen.queryByText(/^Offline/)).not.toBeInTheDocument(), { timeout: 2_000 });
  });
});

describe('the Secure Reports screen offline', () => {
  it('has a banner that tells no time of data: secure reports are never kept on this device', async () => {
    eventTypesBackend().on('POST', 'admin/list_secure_reports', whenUp(() => ({ body: { data: [], count: 0 } })));
    renderConsole('/secure-reports');
    expect(await screen.findByText('No secure reports have been shared with you yet')).toBeInTheDocument();
    goOffline();
    expect(await screen.findByRole('status', { name: 'Offline' })).toHaveTextContent(SECURE_REPORTS_OFFLINE_TEXT);
    expect(screen.getByText(messages.secureNeedsConnection)).toBeInTheDocument();
    expect(screen.queryByText(/data as of/)).not.toBeInTheDocument();
  });
});

describe('an edit saved offline', () => {
  it('closes the dialog with the offline toast, shows the new value as pending, and counts it in the header', async () => {
    const backend = eventTypesBackend();
    const { user, store } = renderConsole();
    await table();
    expect(outboxButton()).toHaveAccessibleName('Outbox: nothing waiting');
    goOffline();

    await editOffline(user, 'SIM Activation (offline)');
    expect(await screen.findByText(QUEUED_TEXT)).toBeInTheDocument();
    const row = await rowOf('SIM Activation (offline)');
    expect(within(row).getByText('pending')).toBeInTheDocument();
    expect(within(await rowOf('First Top-up')).queryByText('pending')).not.toBeInTheDocument();
    expect(outboxButton()).toHaveAccessibleName('Outbox: 1 change not sent');
    expect(backend.calls('PUT', 'admin/event_types')).toEqual([]);
    expect(selectOwnOutbox(store.getState())[0]?.body).toEqual({
      id: 3,
      event: 'sim_activation',
      pretty: 'SIM Activation (offline)',
      updated_at: simActivation.updated_at,
    });

    // A new one waits above the list.
    await user.click(screen.getByRole('button', { name: 'Add event type' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add event type' });
    await user.type(within(dialog).getByLabelText('Key'), 'loyalty_bonus');
    await user.type(within(dialog).getByLabelText('Pretty name'), 'Loyalty Bonus');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const added = await screen.findByRole('list', { name: 'New, not sent yet' });
    expect(within(added).getByText(/Add event type loyalty_bonus/)).toBeInTheDocument();
    expect(outboxButton()).toHaveAccessibleName('Outbox: 2 changes not sent');

    // Back online: both are sent, in order, and the list is read again.
    goOnline();
    await waitFor(() => expect(selectOwnOutbox(store.getState())).toEqual([]));
    expect(backend.calls().filter((call) => call.method !== 'GET').map((call) => `${call.method} ${call.path}`)).toEqual([
      'PUT /admin/event_types',
      'POST /admin/event_types',
    ]);
    expect(await screen.findByText('Sent: Edit event type sim_activation')).toBeInTheDocument();
    await waitFor(() => expect(outboxButton()).toHaveAccessibleName('Outbox: nothing waiting'));
    expect(screen.queryByRole('list', { name: 'New, not sent yet' })).not.toBeInTheDocument();
  });
});

describe('the outbox panel', () => {
  /** The server refuses the stale edit: the row changed since it was read. */
  const conflict: Handler = ({ body }) =>
    (body as { updated_at?: string }).updated_at === changedElsewhere.updated_at
      ? { body: { ...changedElsewhere, pretty_name: (body as { pretty: string }).pretty, updated_at: '2026-11-03T10:00:00.000Z' } }
      : { status: 409, body: { error: messages.recordChanged, code: 'edit_conflict', current: changedElsewhere } };

  async function refusedEdit() {
    const backend = eventTypesBackend(conflict);
    const rendered = renderConsole();
    await table();
    goOffline();
    await editOffline(rendered.user, 'SIM Activation (mine)');
    goOnline();
    await waitFor(() => expect(selectOwnOutbox(rendered.store.getState())[0]?.status).toBe('failed'));
    await rendered.user.click(outboxButton());
    const panel = await screen.findByRole('region', { name: 'Outbox' });
    return { backend, panel, ...rendered };
  }

  /** The conflict panel's row of a field: its label, yours, now. */
  const fieldRow = (within_: HTMLElement, label: string) => within(within_).getByRole('rowheader', { name: new RegExp(`^${label}`) }).closest('tr') as HTMLElement;
  const cellsOf = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

  it("shows a refused change with the server's message, its values beside the record as it is now, field by field", async () => {
    const { panel } = await refusedEdit();
    const item = within(panel).getByRole('listitem', { name: 'Edit event type sim_activation' });
    expect(within(item).getByText('refused')).toBeInTheDocument();
    expect(within(item).getByText(messages.recordChanged)).toBeInTheDocument();
    const pretty = fieldRow(item, 'Pretty name');
    expect(cellsOf(pretty)).toEqual(['SIM Activation (mine)', 'SIM Activation (by the API)']);
    expect(within(pretty).getByText('differs')).toBeInTheDocument();
    expect(cellsOf(fieldRow(item, 'Key'))).toEqual(['sim_activation', 'sim_activation']);
    expect(within(fieldRow(item, 'Key')).queryByText('differs')).not.toBeInTheDocument();
    expect(within(await rowOf('SIM Activation')).getByText('not sent')).toBeInTheDocument();
    // Use theirs drops it: no Discard beside it.
    expect(within(item).queryByRole('button', { name: 'Discard' })).not.toBeInTheDocument();
  });

  it('Keep mine sends the change again on the current version, with a new key, and the server takes it', async () => {
    const { backend, panel, user, store } = await refusedEdit();
    const [refused] = selectOwnOutbox(store.getState());
    await user.click(within(panel).getByRole('button', { name: 'Keep mine' }));
    expect(await screen.findByText('Sent: Edit event type sim_activation')).toBeInTheDocument();
    await waitFor(() => expect(selectOwnOutbox(store.getState())).toEqual([]));
    const puts = backend.calls('PUT', 'admin/event_types');
    expect(puts.map((call) => (call.body as { updated_at: string }).updated_at)).toEqual([simActivation.updated_at, changedElsewhere.updated_at]);
    expect(puts[1]?.body).toMatchObject({ pretty: 'SIM Activation (mine)' });
    // The first key's answer is the 409: the server keeps it for that key, so the new request has its own.
    expect(puts[1]?.idempotencyKey).not.toBe(refused?.key);
  });

  it('Use theirs drops the change: nothing more is sent', async () => {
    const { backend, panel, user, store } = await refusedEdit();
    await user.click(within(panel).getByRole('button', { name: 'Use theirs' }));
    expect(await within(panel).findByText('Nothing waiting to be sent')).toBeInTheDocument();
    expect(selectOwnOutbox(store.getState())).toEqual([]);
    expect(within(await rowOf('SIM Activation')).queryByText('not sent')).not.toBeInTheDocument();
    expect(backend.calls('PUT', 'admin/event_types')).toHaveLength(1);
  });

  it('Cancel leaves the change for later, refused as it was', async () => {
    const { backend, panel, user, store } = await refusedEdit();
    await user.click(within(panel).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Outbox' })).not.toBeInTheDocument());
    expect(selectOwnOutbox(store.getState()).map((entry) => entry.status)).toEqual(['failed']);
    expect(backend.calls('PUT', 'admin/event_types')).toHaveLength(1);
  });

  it('Edit and retry opens the dialog with the same panel; Keep mine there sends it on the current version', async () => {
    const { backend, panel, user, store, location } = await refusedEdit();
    const item = within(panel).getByRole('listitem', { name: 'Edit event type sim_activation' });
    await user.click(within(item).getByRole('button', { name: 'Edit and retry' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit event type' });
    expect(location()).toBe('/event-types');
    expect(within(dialog).getByLabelText('Pretty name')).toHaveValue('SIM Activation (mine)');
    expect(within(dialog).getByText(messages.recordChanged)).toBeInTheDocument();
    expect(cellsOf(fieldRow(dialog, 'Pretty name'))).toEqual(['SIM Activation (mine)', 'SIM Activation (by the API)']);

    await user.click(within(dialog).getByRole('button', { name: 'Keep mine' }));
    expect(await screen.findByText('Event type sim_activation saved')).toBeInTheDocument();
    await waitFor(() => expect(selectOwnOutbox(store.getState())).toEqual([]));
    expect(backend.calls('PUT', 'admin/event_types').map((call) => (call.body as { updated_at: string }).updated_at)).toEqual([
      simActivation.updated_at,
      changedElsewhere.updated_at,
    ]);
  });

  it('discards a refused change that is not a conflict', async () => {
    eventTypesBackend(() => ({ status: 400, body: { error: 'Pretty name is too long.', code: 'validation' } }));
    const { user, store } = renderConsole();
    await table();
    goOffline();
    await editOffline(user, 'SIM Activation (mine)');
    goOnline();
    await waitFor(() => expect(selectOwnOutbox(store.getState())[0]?.status).toBe('failed'));
    await user.click(outboxButton());
    const panel = await screen.findByRole('region', { name: 'Outbox' });
    expect(within(panel).getByText('Pretty name is too long.')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Discard' }));
    expect(await within(panel).findByText('Nothing waiting to be sent')).toBeInTheDocument();
    expect(selectOwnOutbox(store.getState())).toEqual([]);
  });

  it('sends the waiting changes at once with Send now', async () => {
    const backend = eventTypesBackend();
    const { user, store } = renderConsole();
    await table();
    network.up = false; // the browser does not know: the save fails, and waits
    await editOffline(user, 'SIM Activation (later)');
    await waitFor(() => expect(selectOwnOutbox(store.getState())[0]?.problemKind).toBe('network'));
    network.up = true;
    await user.click(outboxButton());
    const panel = await screen.findByRole('region', { name: 'Outbox' });
    expect(within(panel).getByText(/Last try: The server cannot be reached/)).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Send now' }));
    expect(await within(panel).findByText('Nothing waiting to be sent')).toBeInTheDocument();
    expect(backend.calls('PUT', 'admin/event_types').at(-1)?.body).toMatchObject({ pretty: 'SIM Activation (later)' });
  });
});

describe('logging out with changes not sent', () => {
  it('warns first; staying keeps everything, logging out discards the changes', async () => {
    const backend = eventTypesBackend();
    const { user, store, location } = renderConsole();
    await table();
    goOffline();
    await editOffline(user, 'SIM Activation (offline)');
    const nav = screen.getByRole('navigation', { name: 'Side menu' });

    await user.click(within(nav).getByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByText('1 change has not been sent yet. Log out and discard it?')).toBeInTheDocument();
    // Asked over the screen the user is on, not on a page of its own.
    expect(location()).toBe('/event-types');
    expect(screen.getByRole('heading', { name: 'Event Types' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Stay signed in' }));
    await waitFor(() => expect(location()).toBe('/event-types'));
    expect(store.getState().session.user).not.toBeNull();
    expect(selectOwnOutbox(store.getState())).toHaveLength(1);

    await user.click(within(screen.getByRole('navigation', { name: 'Side menu' })).getByRole('menuitem', { name: 'Logout' }));
    await user.click(await screen.findByRole('button', { name: 'Log out and discard' }));
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(store.getState().outbox.byUser).toEqual({});
    expect(store.getState().api.queries).toEqual({});
    // Offline, the revocation was tried and failed; the session ended on this device anyway.
    expect(backend.calls('POST', 'api/v1/auth/logout/')).toHaveLength(1);
    expect(store.getState().session.refresh).toBeNull();
    // The login page says why it cannot sign in now.
    expect(screen.getByText(/You are offline\. Signing in needs a connection/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log In' })).toBeDisabled();
  });
});
