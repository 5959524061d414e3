// The state of a list screen: page size (20, 50, 100 or all), page, search and sort, as the
// legacy backend's list query takes them. A new search or sort starts again at page 1.
import { useEffect, useState } from 'react';
import type { ListQuery } from '../../contract/api';
import { DEFAULT_GRID_PAGE_SIZE } from '../../contract/constants';

export function useListParams(initialOrder = '') {
  const [params, setParams] = useState({ page_size: DEFAULT_GRID_PAGE_SIZE, current_page: 1, search: '', orderby: initialOrder });
  const [typed, setTyped] = useState('');

  // Search as the user types, without a request per keystroke.
  useEffect(() => {
    const timer = setTimeout(() => setParams((p) => (p.search === typed.trim() ? p : { ...p, search: typed.trim(), current_page: 1 })), 250);
    return () => clearTimeout(timer);
  }, [typed]);

  return {
    query: params satisfies ListQuery,
    typedSearch: typed,
    setSearch: setTyped,
    setPageSize: (page_size: number) => setParams((p) => ({ ...p, page_size, current_page: 1 })),
    setPage: (current_page: number) => setParams((p) => ({ ...p, current_page })),
    /** Clicking a column sorts by it; clicking it again reverses the order. */
    sortBy: (field: string) =>
      setParams((p) => ({ ...p, orderby: p.orderby === field ? `-${field}` : field, current_page: 1 })),
  };
}

export type ListParams = ReturnType<typeof useListParams>;
