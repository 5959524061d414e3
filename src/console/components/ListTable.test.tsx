// The shared list (ListTable, through EditableListPage, as every list screen has it) over a made-up
// list of the legacy backend: its request read from the address, rows that open looking it and
// opening from the keyboard, cells cut short with their whole text on hover, and offline, a search
// never loaded saying so, with the way back to the last rows loaded.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import * as messages from '../../contract/messages';
import { api } from '../backends/api';
import { legacyList, type ListRows, type ListView } from '../backends/listPages';
import { browserWentOffline } from '../http/connectivity';
import { fakeBackend, type RecordedCall } from '../test/fakeBackend';
import { renderWithProviders } from '../test/renderWithProviders';
import { signedIn } from '../test/sessions';
import { EditableListPage, type EditableList } from './EditableList';
import type { Column } from './ListTable';

interface Thing {
  id: number;
  name: string;
  note: string;
  locked: boolean;
}

const thingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listThings: build.query<ListRows<Thing>, ListView>(legacyList('admin/things', [])),
  }),
});

const thingsList: EditableList<Thing> = {
  initialOrder: 'name',
  useList: thingsApi.useListThingsQuery,
  pending: { entity: 'Thing', endpoint: 'saveThing', apply: (row) => row },
};

const columns: Array<Column<Thing>> = [
  { label: 'Name', sort: 'name', cell: (row) => row.name },
  { label: 'Note', cell: (row) => row.note },
];

const LONG_NOTE = 'Kept in the store room behind the counter, second shelf from the top, next to the spare SIM cards and the receipt books';
const things: Thing[] = [
  { id: 1, name: 'Kettle', note: LONG_NOTE, locked: false },
  { id: 2, name: 'Ledger', note: 'Locked', locked: true },
  { id: 3, name: 'Stapler', note: 'Desk', locked: false },
];

/** The fake server's list, searched by name; `network.up` false is a server out of reach. */
function thingsBackend() {
  const network = { up: true };
  const backend = fakeBackend().on('GET', 'admin/things', ({ search }) => {
    if (!network.up) return 'offline';
    const term = new URLSearchParams(search).get('search')?.toLowerCase() ?? '';
    const rows = things.filter((thing) => thing.name.toLowerCase().includes(term));
    return { body: { data: rows, count: rows.length } };
  });
  return { backend, network };
}

const queryOf = (call: RecordedCall | undefined) => Object.fromEntries(new URLSearchParams(call?.search));

function renderThings(route = '/things') {
  return renderWithProviders(
    <EditableListPage<Thing>
      list={thingsList}
      title="Things"
      rowsAre="things"
      columns={columns}
      emptyText="No things"
      canOpen={(row) => !row.locked}
      dialog={({ row, onClose }) => (
        <div role="dialog" aria-label={`Editing ${row?.name ?? 'a new thing'}`}>
          <button onClick={onClose}>Close</button>
        </div>
      )}
    />,
    { preloadedState: signedIn(), route },
  );
}

const rowOf = async (name: string) => (await screen.findByRole('cell', { name })).closest('tr') as HTMLElement;

describe('ListTable', () => {
  it('asks for the page, size, sort and search of the address, and for the defaults instead of values it would not write', async () => {
    const { backend } = thingsBackend();
    const first = renderThings('/things?search=ket&order=-name&page=2&size=50');
    await waitFor(() => expect(queryOf(backend.calls('GET', 'admin/things').at(-1))).toEqual({ search: 'ket', orderby: '-name', current_page: '2', page_size: '50' }));
    expect(screen.getByLabelText('Search Things')).toHaveValue('ket');
    expect(await screen.findByRole('columnheader', { name: /^Name/ })).toHaveAttribute('aria-sort', 'descending');
    first.unmount();

    renderThings('/things?order=note&page=0&size=15');
    await waitFor(() => expect(queryOf(backend.calls('GET', 'admin/things').at(-1))).toEqual({ search: '', orderby: 'name', current_page: '1', page_size: '20' }));
  });

  it('writes a sort, a page size and a search into the address', async () => {
    thingsBackend();
    const { user, location } = renderThings();
    await screen.findByRole('cell', { name: 'Kettle' });
    await user.click(screen.getByRole('button', { name: /^Name/ }));
    expect(location()).toBe('/things?order=-name');
    await user.selectOptions(screen.getByLabelText('Rows per page'), '50 rows');
    expect(location()).toBe('/things?order=-name&size=50');
    await user.type(screen.getByLabelText('Search Things'), 'kett');
    await waitFor(() => expect(location()).toBe('/things?order=-name&size=50&search=kett'));
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Stapler' })).not.toBeInTheDocument());
  });

  it('makes a row that opens look it, with an Edit button the keyboard reaches, and leaves a row that may not be opened plain', async () => {
    thingsBackend();
    const { user } = renderThings();
    const kettle = await rowOf('Kettle');
    const ledger = await rowOf('Ledger');
    expect(kettle).toHaveClass('console-list-row-opens');
    expect(ledger).not.toHaveClass('console-list-row-opens');
    expect(within(ledger).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Edit' })).toBeInTheDocument();

    // Tab from the search box through the headers' sort buttons to the first row's Edit button.
    screen.getByLabelText('Search Things').focus();
    const edit = within(kettle).getByRole('button', { name: 'Edit Kettle' });
    for (let tab = 0; tab < 6 && document.activeElement !== edit; tab += 1) await user.tab();
    expect(edit).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Editing Kettle' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    within(await rowOf('Stapler')).getByRole('button', { name: 'Edit Stapler' }).focus();
    await user.keyboard(' ');
    expect(await screen.findByRole('dialog', { name: 'Editing Stapler' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));

    // A tap anywhere on the row opens it too; on a plain row it only gives the row focus (its whole text shows).
    await user.click(within(kettle).getByRole('cell', { name: LONG_NOTE }));
    expect(await screen.findByRole('dialog', { name: 'Editing Kettle' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(within(ledger).getByRole('cell', { name: 'Locked' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(ledger).toHaveFocus();
  });

  it('gives a cell cut short its whole text as a title on hover, and a cell that fits none', async () => {
    thingsBackend();
    renderThings();
    const long = (await screen.findByText(LONG_NOTE)).closest('.console-cell') as HTMLElement;
    const short = screen.getByText('Desk').closest('.console-cell') as HTMLElement;
    // jsdom lays nothing out: the long cell is as wide as its column allows, its text wider.
    Object.defineProperties(long, { clientWidth: { value: 192 }, scrollWidth: { value: 900 } });
    Object.defineProperties(short, { clientWidth: { value: 40 }, scrollWidth: { value: 40 } });
    fireEvent.mouseOver(long);
    expect(long).toHaveAttribute('title', LONG_NOTE);
    fireEvent.mouseOver(short);
    expect(short).not.toHaveAttribute('title');
  });

  it('offline, says a search never loaded is not available rather than showing the rows before it, and goes back to the last rows loaded', async () => {
    const { network } = thingsBackend();
    const { user, store, location } = renderThings();
    await screen.findByRole('cell', { name: 'Stapler' });
    network.up = false;
    act(() => void store.dispatch(browserWentOffline()));

    await user.type(screen.getByLabelText('Search Things'), 'kett');
    expect(await screen.findByText(messages.notLoadedOffline)).toBeInTheDocument();
    expect(location()).toBe('/things?search=kett');
    expect(screen.queryByRole('table', { name: 'Things' })).not.toBeInTheDocument();
    expect(screen.queryByText('Stapler')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: messages.backToLoadedFilters }));
    expect(await screen.findByRole('cell', { name: 'Stapler' })).toBeInTheDocument();
    expect(location()).toBe('/things');
    expect(screen.getByLabelText('Search Things')).toHaveValue('');
    expect(screen.queryByText(messages.notLoadedOffline)).not.toBeInTheDocument();
  });
});
