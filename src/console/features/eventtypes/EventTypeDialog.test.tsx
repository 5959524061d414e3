// Editing an event type that someone else changed since the list was read: the dialog's conflict
// panel (components/ConflictPanel) against a fake server that keeps the row's version.
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EventTypeRequest } from '../../../contract/api';
import type { EventType } from '../../../contract/entities';
import * as messages from '../../../contract/messages';
import { api } from '../../backends/api';
import { fakeBackend } from '../../test/fakeBackend';
import { renderWithProviders } from '../../test/renderWithProviders';
import { signedIn } from '../../test/sessions';
import { EventTypesPage } from './EventTypesPage';

/** The row as the list shows it. */
const listed: EventType = { id: 3, name: 'sim_activation', pretty_name: 'SIM Activation', updated_at: '2026-11-01T09:30:00.000Z' };
/** The row on the server: renamed by someone else after the list was read. */
const renamed: EventType = { ...listed, pretty_name: 'SIM Activated', updated_at: '2026-11-02T08:00:00.000Z' };

function eventTypeServer() {
  const server = { row: renamed };
  const backend = fakeBackend()
    .on('GET', 'admin/event_types', { body: { data: [listed], count: 1 } })
    .on('PUT', 'admin/event_types', ({ body }) => {
      const sent = body as EventTypeRequest;
      if (sent.updated_at !== server.row.updated_at) return { status: 409, body: { error: messages.recordChanged, code: 'edit_conflict', current: server.row } };
      server.row = { ...server.row, name: sent.event, pretty_name: sent.pretty, updated_at: '2026-11-03T10:00:00.000Z' };
      return { body: server.row };
    });
  const puts = () => backend.calls('PUT', 'admin/event_types').map((call) => call.body as EventTypeRequest);
  return { server, backend, puts };
}

async function saveOnTheListedVersion(pretty: string) {
  const server = eventTypeServer();
  const rendered = renderWithProviders(<EventTypesPage />, { preloadedState: signedIn('Super Admin') });
  await rendered.user.click(await screen.findByRole('cell', { name: 'SIM Activation' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit event type' });
  const field = within(dialog).getByLabelText('Pretty name');
  await rendered.user.clear(field);
  await rendered.user.type(field, pretty);
  await rendered.user.click(within(dialog).getByRole('button', { name: 'Save' }));
  const panel = await within(dialog).findByRole('group', { name: 'Edit conflict' });
  return { ...server, ...rendered, dialog, panel };
}

const cellsOf = (panel: HTMLElement, label: string) =>
  within(within(panel).getByRole('rowheader', { name: new RegExp(`^${label}`) }).closest('tr') as HTMLElement)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('EventTypeDialog, a conflict', () => {
  it('shows the key and pretty name typed beside the current ones, the pretty name marked', async () => {
    const { panel } = await saveOnTheListedVersion('SIM Activation (mine)');
    expect(within(panel).getByText(messages.recordChanged)).toBeInTheDocument();
    expect(cellsOf(panel, 'Key')).toEqual(['sim_activation', 'sim_activation']);
    expect(cellsOf(panel, 'Pretty name')).toEqual(['SIM Activation (mine)', 'SIM Activated']);
    expect(within(panel).getAllByText('differs')).toHaveLength(1);
  });

  it('Keep mine saves the typed values on the current version: the server holds them', async () => {
    const { panel, puts, server, user } = await saveOnTheListedVersion('SIM Activation (mine)');
    await user.click(within(panel).getByRole('button', { name: 'Keep mine' }));
    expect(await screen.findByText('Event type sim_activation saved')).toBeInTheDocument();
    expect(puts().map((body) => body.updated_at)).toEqual([listed.updated_at, renamed.updated_at]);
    expect(server.row.pretty_name).toBe('SIM Activation (mine)');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Use theirs shows the current values and sends nothing; Save then sends on the current version', async () => {
    const { dialog, panel, puts, user } = await saveOnTheListedVersion('SIM Activation (mine)');
    await user.click(within(panel).getByRole('button', { name: 'Use theirs' }));
    expect(within(dialog).getByLabelText('Pretty name')).toHaveValue('SIM Activated');
    expect(puts()).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Event type sim_activation saved')).toBeInTheDocument();
    expect(puts()[1]).toEqual({ id: 3, updated_at: renamed.updated_at, event: 'sim_activation', pretty: 'SIM Activated' });
  });
});

describe('EventTypeDialog, the list read again while it is open', () => {
  /** The page with the row opened as first listed; then the list is read again and answers `renamed`. */
  async function openThenRefresh(typeFirst?: string) {
    const server = eventTypeServer();
    const rendered = renderWithProviders(<EventTypesPage />, { preloadedState: signedIn('Super Admin') });
    await rendered.user.click(await screen.findByRole('cell', { name: 'SIM Activation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit event type' });
    const field = within(dialog).getByLabelText('Pretty name');
    if (typeFirst !== undefined) {
      await rendered.user.clear(field);
      await rendered.user.type(field, typeFirst);
    }
    server.backend.on('GET', 'admin/event_types', { body: { data: [renamed], count: 1 } });
    act(() => {
      rendered.store.dispatch(api.util.invalidateTags(['EventType']));
    });
    await screen.findByRole('cell', { name: 'SIM Activated' });
    return { ...server, ...rendered, dialog, field };
  }

  it('an untouched form takes the fresher row, and its Save goes on that version', async () => {
    const { dialog, field, puts, user } = await openThenRefresh();
    await waitFor(() => expect(field).toHaveValue('SIM Activated'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit event type' })).not.toBeInTheDocument());
    expect(puts()).toEqual([expect.objectContaining({ pretty: 'SIM Activated', updated_at: renamed.updated_at })]);
  });

  it('a changed form keeps what was typed and the version it opened on: its Save meets the conflict', async () => {
    const { dialog, field, puts, user } = await openThenRefresh('SIM Activation (mine)');
    expect(field).toHaveValue('SIM Activation (mine)');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('group', { name: 'Edit conflict' })).toBeInTheDocument();
    expect(puts()).toEqual([expect.objectContaining({ pretty: 'SIM Activation (mine)', updated_at: listed.updated_at })]);
  });
});
