// The state of a list screen: page size (20, 50, 100 or all), page, search and sort, whatever the
// backend (api/listPages.ts turns it into each backend's query). A new search or sort starts again
// at page 1.
import { useEffect, useState } from 'react';
import { DEFAULT_GRID_PAGE_SIZE } from '../../contract/constants';
import type { ListView } from '../api/listPages';

/** An id from the address or a choice: a positive whole number, else undefined. */
export function idParam(value: string | null | undefined): number | undefined {
  const id = Number(value);
  return value && Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

export function useListParams(initialOrder = '') {
  const [view, setView] = useState<ListView>({ pageSize: DEFAULT_GRID_PAGE_SIZE, page: 1, search: '', order: initialOrder });
  const [typed, setTyped] = useState('');

  // Search as the user types, without a request per keystroke.
  useEffect(() => {
    const timer = setTimeout(() => setView((v) => (v.search === typed.trim() ? v : { ...v, search: typed.trim(), page: 1 })), 250);
    return () => clearTimeout(timer);
  }, [typed]);

  return {
    view,
    typedSearch: typed,
    setSearch: setTyped,
    setPageSize: (pageSize: number) => setView((v) => ({ ...v, pageSize, page: 1 })),
    setPage: (page: number) => setView((v) => ({ ...v, page })),
    /** Another order chosen outside the columns (a filter link): from page 1. */
    setOrder: (order: string) => setView((v) => ({ ...v, order, page: 1 })),
    /** Clicking a column sorts by it; clicking it again reverses the order. */
    sortBy: (field: string) => setView((v) => ({ ...v, order: v.order === field ? `-${field}` : field, page: 1 })),
  };
}

export type ListParams = ReturnType<typeof useListParams>;
