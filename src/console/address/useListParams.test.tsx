// A list's state in the address (useListParams on listAddress.ts): read from a link, written back
// with only what differs from the default, values the console would not write read as the default,
// Back undoing a change, two lists of one screen apart, and a screen opened from the menu finding
// the list as it was left.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Link, Route, Routes, useNavigate } from 'react-router-dom';
import { renderWithProviders } from '../test/renderWithProviders';
import { signedIn } from '../test/sessions';
import { forgetListAddresses, SEARCH_DELAY_MS } from './listAddress';
import { useListParams, type ListOptions } from './useListParams';

const columns = [{ sort: 'name' }, { sort: 'created_at' }, {}];

/** Every view a probe rendered, to tell what the screen asked for first. */
let rendered: string[] = [];

function Probe({ options = { initialOrder: 'name', columns }, name = 'things' }: { options?: ListOptions; name?: string }) {
  const list = useListParams(options);
  const navigate = useNavigate();
  rendered.push(`${name} ${JSON.stringify(list.view)}`);
  return (
    <div>
      <output aria-label={`${name} view`}>{JSON.stringify(list.view)}</output>
      <input aria-label={`Search ${name}`} value={list.typedSearch} onChange={(e) => list.setSearch(e.target.value)} />
      <button onClick={() => list.setPage(list.view.page + 1)}>Next {name}</button>
      <button onClick={() => list.sortBy('created_at')}>Sort {name} by created</button>
      <button onClick={() => list.setPageSize(50)}>50 {name}</button>
      <button onClick={() => list.setPageSize(20)}>20 {name}</button>
      <button onClick={() => list.setFilters({ agency: '3' })}>Agency 3 of {name}</button>
      <button onClick={() => void navigate(-1)}>Back</button>
    </div>
  );
}

const viewOf = (name = 'things') => JSON.parse(screen.getByLabelText(`${name} view`).textContent ?? '{}') as Record<string, unknown>;

function renderAt(route: string) {
  rendered = [];
  return renderWithProviders(
    <Routes>
      <Route path="/things" element={<><Probe /><Link to="/other">Other screen</Link></>} />
      <Route path="/other" element={<Link to="/things">Things</Link>} />
    </Routes>,
    { preloadedState: signedIn(), route },
  );
}

describe('useListParams', () => {
  it('reads the page, size, sort and search of a link', () => {
    renderAt('/things?search=ama&order=-created_at&page=3&size=50');
    expect(viewOf()).toEqual({ search: 'ama', order: '-created_at', page: 3, pageSize: 50 });
    expect(screen.getByLabelText('Search things')).toHaveValue('ama');
  });

  it.each([
    ['an order no column sorts by', '?order=password', { order: 'name' }],
    ['a page below 1', '?page=-2', { page: 1 }],
    ['a page that is no number', '?page=two', { page: 1 }],
    ['a page size the lists do not offer', '?size=7', { pageSize: 20 }],
    ['an empty page size', '?size=', { pageSize: 20 }],
    ['a search of spaces', '?search=%20%20', { search: '' }],
  ])('reads %s as the default', (_what, query, expected) => {
    renderAt(`/things${query}`);
    expect(viewOf()).toEqual({ search: '', order: 'name', page: 1, pageSize: 20, ...expected });
  });

  it('writes what changes into the address, only what differs from the default, and keeps the filters', async () => {
    const { user, location } = renderAt('/things?agency=2');
    await user.click(screen.getByRole('button', { name: 'Next things' }));
    expect(location()).toBe('/things?agency=2&page=2');
    // A new sort, size or filter starts again at page 1.
    await user.click(screen.getByRole('button', { name: 'Sort things by created' }));
    expect(location()).toBe('/things?agency=2&order=created_at');
    await user.click(screen.getByRole('button', { name: 'Sort things by created' }));
    expect(location()).toBe('/things?agency=2&order=-created_at');
    await user.click(screen.getByRole('button', { name: 'Next things' }));
    await user.click(screen.getByRole('button', { name: '50 things' }));
    expect(location()).toBe('/things?agency=2&order=-created_at&size=50');
    await user.click(screen.getByRole('button', { name: '20 things' }));
    expect(location()).toBe('/things?agency=2&order=-created_at');
    await user.click(screen.getByRole('button', { name: 'Next things' }));
    await user.click(screen.getByRole('button', { name: 'Agency 3 of things' }));
    expect(location()).toBe('/things?agency=3&order=-created_at');
    // The search once typing pauses, back at page 1.
    await user.click(screen.getByRole('button', { name: 'Next things' }));
    await user.type(screen.getByLabelText('Search things'), ' ama ');
    expect(location()).toBe('/things?agency=3&order=-created_at&page=2');
    await waitFor(() => expect(location()).toBe('/things?agency=3&order=-created_at&search=ama'), { timeout: SEARCH_DELAY_MS * 8 });
    expect(viewOf()).toEqual({ search: 'ama', order: '-created_at', page: 1, pageSize: 20 });
  });

  it('goes back through the pages and sorts with Back; a search replaces its entry rather than adding one per letter', async () => {
    const { user, location } = renderAt('/things');
    await user.click(screen.getByRole('button', { name: 'Next things' }));
    await user.click(screen.getByRole('button', { name: 'Sort things by created' }));
    await user.type(screen.getByLabelText('Search things'), 'kofi');
    await waitFor(() => expect(location()).toBe('/things?order=created_at&search=kofi'));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(location()).toBe('/things?page=2');
    expect(viewOf()).toEqual({ search: '', order: 'name', page: 2, pageSize: 20 });
    // The search box follows the address.
    expect(screen.getByLabelText('Search things')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(location()).toBe('/things');
  });

  it('keeps two lists of one screen apart by the prefix of one', async () => {
    rendered = [];
    const { user, location } = renderWithProviders(
      <>
        <Probe />
        <Probe name="queue" options={{ prefix: 'queue' }} />
      </>,
      { preloadedState: signedIn(), route: '/things?page=2&queue.page=3' },
    );
    expect(viewOf().page).toBe(2);
    expect(viewOf('queue').page).toBe(3);
    await user.click(screen.getByRole('button', { name: 'Next queue' }));
    expect(location()).toBe('/things?page=2&queue.page=4');
    await user.click(screen.getByRole('button', { name: 'Next things' }));
    expect(location()).toBe('/things?page=3&queue.page=4');
  });

  it('finds the list as it was left when the screen opens again from the menu, asking for nothing else first', async () => {
    const { user, location } = renderAt('/things');
    await user.click(screen.getByRole('button', { name: 'Sort things by created' }));
    await user.click(screen.getByRole('button', { name: 'Next things' }));
    expect(location()).toBe('/things?order=created_at&page=2');
    await user.click(screen.getByRole('link', { name: 'Other screen' }));
    rendered = [];
    await user.click(screen.getByRole('link', { name: 'Things' }));
    expect(location()).toBe('/things?order=created_at&page=2');
    expect(new Set(rendered)).toEqual(new Set([`things ${JSON.stringify({ search: '', order: 'created_at', page: 2, pageSize: 20 })}`]));

  });

  it('opens a list left at its defaults at its defaults', async () => {
    const { user, location } = renderAt('/things?size=50');
    await user.click(screen.getByRole('button', { name: '20 things' }));
    expect(location()).toBe('/things');
    await user.click(screen.getByRole('link', { name: 'Other screen' }));
    await user.click(screen.getByRole('link', { name: 'Things' }));
    expect(location()).toBe('/things');
    expect(viewOf().pageSize).toBe(20);
  });

  it('forgets what it remembered at logout', async () => {
    renderAt('/things?search=ama').unmount();
    const again = renderAt('/things');
    expect(again.location()).toBe('/things?search=ama');
    again.unmount();
    forgetListAddresses();
    const { location } = renderAt('/things');
    expect(location()).toBe('/things');
    expect(viewOf().search).toBe('');
  });
});
