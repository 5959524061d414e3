// The conflict panel of the dialog layer (FormDialog and useFormDialog), as every edit dialog has
// it: a dialog of one made-up row over a fake server that keeps its row's version and refuses a save
// made on an older one (409 edit_conflict with `current`), as the real server does.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as messages from '../../contract/messages';
import { api } from '../backends/api';
import { fakeBackend } from '../test/fakeBackend';
import { renderWithProviders } from '../test/renderWithProviders';
import { signedIn } from '../test/sessions';
import { ConflictPanel } from './ConflictPanel';
import type { ConflictField } from '../forms/editConflict';
import { FormDialog, useFormDialog } from './FormDialog';
import { TextField } from './TextField';

interface Thing { id: number; name: string; colour: string; updated_at: string }
const thingForm = z.object({ id: z.number().optional(), updated_at: z.string().optional(), name: z.string().min(1), colour: z.string() });
type ThingRequest = z.output<typeof thingForm>;

const thingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    saveConflictThing: build.mutation<Thing, ThingRequest>({ query: (body) => ({ backend: 'admin', url: 'admin/things', method: 'PUT', body }) }),
  }),
});

const thingConflict: ConflictField[] = [
  { field: 'name', label: 'Name' },
  { field: 'colour', label: 'Colour' },
];

function ThingDialog({ row, onClose }: { row: Thing; onClose(): void }) {
  const [save, { isLoading }] = thingsApi.useSaveConflictThingMutation();
  const { form, dialog } = useFormDialog(thingForm, {
    values: { id: row.id, updated_at: row.updated_at, name: row.name, colour: row.colour },
    onClose,
    noun: 'thing',
    save,
    saving: isLoading,
    saved: (data) => `Thing ${data.name} saved`,
    conflict: thingConflict,
  });
  return (
    <FormDialog {...dialog}>
      <TextField id="thing-name" label="Name" {...form.textField('name')} />
      <TextField id="thing-colour" label="Colour" {...form.textField('colour')} />
    </FormDialog>
  );
}

const read: Thing = { id: 1, name: 'Kettle', colour: 'red', updated_at: '2026-11-01T09:30:00.000Z' };
/** The same row after someone else's save. */
const changedElsewhere: Thing = { ...read, colour: 'blue', updated_at: '2026-11-02T08:00:00.000Z' };

/** A server holding one row: a save on its version is taken (a new version), any other is refused with the row as it is. */
function thingServer(start: Thing = changedElsewhere) {
  const server = { row: start, version: 2 };
  const backend = fakeBackend().on('PUT', 'admin/things', ({ body }) => {
    const sent = body as ThingRequest;
    if (sent.updated_at !== server.row.updated_at) return { status: 409, body: { error: messages.recordChanged, code: 'edit_conflict', current: server.row } };
    server.row = { ...server.row, ...sent, id: server.row.id, updated_at: `2026-11-0${++server.version}T08:00:00.000Z` } as Thing;
    return { body: server.row };
  });
  const puts = () => backend.calls('PUT', 'admin/things').map((call) => call.body as ThingRequest);
  return { server, puts };
}

function renderThing() {
  const closed = { count: 0 };
  const rendered = renderWithProviders(<ThingDialog row={read} onClose={() => void (closed.count += 1)} />, { preloadedState: signedIn() });
  return { ...rendered, closed };
}

const field = (label: string) => screen.getByLabelText(label);
const panel = () => screen.getByRole('group', { name: 'Edit conflict' });
const rowOf = (label: string) => within(panel()).getByRole('rowheader', { name: new RegExp(`^${label}`) }).closest('tr') as HTMLElement;
const cellsOf = (label: string) => within(rowOf(label)).getAllByRole('cell').map((cell) => cell.textContent);

/** Renames the thing and saves it on the version it was read at: the server has a newer one. */
async function conflictAfterRename() {
  const thing = thingServer();
  const rendered = renderThing();
  await rendered.user.clear(field('Name'));
  await rendered.user.type(field('Name'), 'Teapot');
  await rendered.user.click(screen.getByRole('button', { name: 'Save' }));
  await screen.findByRole('group', { name: 'Edit conflict' });
  return { ...thing, ...rendered };
}

describe('ConflictPanel', () => {
  it('lists each field with yours and now, and marks those that differ', () => {
    const rows = [
      { field: 'name', label: 'Name', yours: 'Teapot', now: 'Kettle', differs: true },
      { field: 'colour', label: 'Colour', yours: 'red', now: 'red', differs: false },
    ];
    const noop = () => undefined;
    renderWithProviders(<ConflictPanel text={messages.recordChanged} rows={rows} onUseTheirs={noop} onKeepMine={noop} onCancel={noop} />);
    expect(screen.getByText(messages.recordChanged)).toBeInTheDocument();
    expect(within(panel()).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Field', 'Yours', 'Now']);
    expect(rowOf('Name')).toHaveClass('console-conflict-differs');
    expect(within(rowOf('Name')).getByText('differs')).toBeInTheDocument();
    expect(rowOf('Colour')).not.toHaveClass('console-conflict-differs');
    expect(within(rowOf('Colour')).queryByText('differs')).not.toBeInTheDocument();
  });
});

describe('an edit dialog whose save meets a change made meanwhile', () => {
  it('shows the conflict message and the values beside the current ones, instead of an error toast and Save', async () => {
    const { puts } = await conflictAfterRename();
    expect(within(panel()).getByText(messages.recordChanged)).toBeInTheDocument();
    expect(cellsOf('Name')).toEqual(['Teapot', 'Kettle']);
    expect(cellsOf('Colour')).toEqual(['red', 'blue']);
    expect(within(rowOf('Name')).getByText('differs')).toBeInTheDocument();
    expect(within(rowOf('Colour')).getByText('differs')).toBeInTheDocument();
    // The panel's three choices stand in for the footer until one is taken.
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(document.querySelector('.bp6-toast')).toBeNull();
    expect(puts()).toHaveLength(1);
  });

  it("Keep mine sends the user's values again on the current version, which the server takes", async () => {
    const { puts, server, user, closed } = await conflictAfterRename();
    await user.click(within(panel()).getByRole('button', { name: 'Keep mine' }));
    expect(await screen.findByText('Thing Teapot saved')).toBeInTheDocument();
    expect(puts()).toEqual([
      { id: 1, updated_at: read.updated_at, name: 'Teapot', colour: 'red' },
      { id: 1, updated_at: changedElsewhere.updated_at, name: 'Teapot', colour: 'red' },
    ]);
    expect(server.row).toMatchObject({ name: 'Teapot', colour: 'red' });
    expect(closed.count).toBe(1);
  });

  it('Use theirs fills the form with the current values and sends nothing; the next Save is taken, not refused again', async () => {
    const { puts, server, user, closed } = await conflictAfterRename();
    await user.click(within(panel()).getByRole('button', { name: 'Use theirs' }));
    expect(screen.queryByRole('group', { name: 'Edit conflict' })).not.toBeInTheDocument();
    expect(field('Name')).toHaveValue('Kettle');
    expect(field('Colour')).toHaveValue('blue');
    expect(puts()).toHaveLength(1);
    expect(closed.count).toBe(0);

    await user.type(field('Name'), ' (large)');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Thing Kettle (large) saved')).toBeInTheDocument();
    expect(puts()[1]).toEqual({ id: 1, updated_at: changedElsewhere.updated_at, name: 'Kettle (large)', colour: 'blue' });
    expect(server.row).toMatchObject({ name: 'Kettle (large)', colour: 'blue' });
  });

  it('Cancel closes without saving', async () => {
    const { puts, user, closed } = await conflictAfterRename();
    await user.click(within(panel()).getByRole('button', { name: 'Cancel' }));
    expect(closed.count).toBe(1);
    expect(puts()).toHaveLength(1);
  });

  it('after Keep mine meets yet another change, shows that newer row: a new conflict, not the same one again', async () => {
    const { puts, server, user } = await conflictAfterRename();
    // Someone saves again before Keep mine reaches the server.
    server.row = { ...server.row, colour: 'green', updated_at: '2026-11-09T08:00:00.000Z' };
    await user.click(within(panel()).getByRole('button', { name: 'Keep mine' }));
    await waitFor(() => expect(cellsOf('Colour')).toEqual(['red', 'green']));
    await user.click(within(panel()).getByRole('button', { name: 'Keep mine' }));
    expect(await screen.findByText('Thing Teapot saved')).toBeInTheDocument();
    expect(puts().map((body) => body.updated_at)).toEqual([read.updated_at, changedElsewhere.updated_at, '2026-11-09T08:00:00.000Z']);
  });

  it('keeps Keep mine disabled while the values below the panel are not valid', async () => {
    const { user } = await conflictAfterRename();
    await user.clear(field('Name'));
    expect(within(panel()).getByRole('button', { name: 'Keep mine' })).toBeDisabled();
    expect(cellsOf('Name')).toEqual(['—', 'Kettle']);
  });
});
