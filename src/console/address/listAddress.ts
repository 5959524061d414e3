// A list's state in the address (?search=ama&order=-name&page=2&size=50), read and written the same
// way by every list (useListParams) and report grid (useGridQuery), so a list survives a reload, Back
// and a shared link: only what differs from the default is written; a new page, sort, size or filter
// is a new history entry, so Back undoes it; the search reaches the address once typing pauses, and
// replaces the entry (Back does not step through every letter). A value the console would not have
// written (page=-1, size=7) reads as the default.
//
// Two memories per path, in sessionStorage (this tab's, gone with it, and cleared at logout so the
// next admin never gets them):
// - the address last shown: a screen opened with no query at all (from the side menu) takes it, so
//   going elsewhere and coming back finds the list as it was left. A query the user cleared is
//   remembered as empty, so nothing comes back that was not on screen when they left;
// - the address last answered: offline, a view never loaded offers the way back to it.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { DEFAULT_GRID_PAGE_SIZE, GRID_PAGE_SIZES } from '../../contract/constants';

const SHOWN = 'console.list.shown:';
const LOADED = 'console.list.loaded:';

// Storage may be refused (a browser's privacy settings): the lists then simply do not remember.
function recalled(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}
function remember(key: string, value: string): void {
  try {
    sessionStorage.setItem(key, value);
  } catch {
    // Not remembered: the address itself still holds the list.
  }
}

/** Forgets every list's remembered addresses (at logout). */
export function forgetListAddresses(): void {
  try {
    const keys = Array.from({ length: sessionStorage.length }, (_, index) => sessionStorage.key(index) ?? '');
    for (const key of keys) if (key.startsWith(SHOWN) || key.startsWith(LOADED)) sessionStorage.removeItem(key);
  } catch {
    // Nothing was remembered.
  }
}

/** A page number from the address: a positive whole number, else the first page. */
export function pageParam(value: string | null): number {
  const page = Number(value);
  return value && Number.isSafeInteger(page) && page > 0 ? page : 1;
}

/** Rows per page from the address: one of GRID_PAGE_SIZES (0 for all), else the default. */
export function pageSizeParam(value: string | null): number {
  const size = Number(value);
  return value && (GRID_PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_GRID_PAGE_SIZE;
}

export interface ListAddress {
  /** The address's query; while a screen opened without one takes its last, that one. */
  params: URLSearchParams;
  /** Sets the whole query: a new history entry, unless `replace`. */
  write(params: URLSearchParams, replace?: boolean): void;
  /** The screen opened without a query and is taking the one it had. */
  restoring: boolean;
}

/**
 * The address's query. A screen opened without one reads the query it had when last left from its
 * first render (its first request is already the right one), until the address says it too
 * (useRememberedAddress writes it): every list hook of the screen computes the same.
 */
export function useListAddress(): ListAddress {
  const location = useLocation();
  const navigate = useNavigate();
  const [opened] = useState(() => ({
    key: location.key,
    pathname: location.pathname,
    query: location.search ? '' : (recalled(SHOWN + location.pathname) ?? ''),
  }));
  const restoring = opened.query !== '' && opened.key === location.key && opened.pathname === location.pathname;
  const search = restoring ? opened.query : location.search;
  const params = useMemo(() => new URLSearchParams(search), [search]);
  // As useSearchParams' own setter, from the query read here (its setter's is the render's, without
  // the restored one); the address it already shows is not written again (no history entry for nothing).
  const current = location.search;
  const write = useCallback(
    (next: URLSearchParams, replace = false) => {
      const query = next.toString();
      if (`?${query}` !== current && !(query === '' && current === '')) void navigate(`?${query}`, { replace });
    },
    [navigate, current],
  );
  return { params, write, restoring };
}

/** The address's query, remembered for the screen's path, and brought back when the screen opens without one. */
export function useRememberedAddress(): ListAddress {
  const address = useListAddress();
  const { pathname, search } = useLocation();
  const { restoring, params, write } = address;
  useEffect(() => {
    if (restoring) write(params, true);
  }, [restoring, params, write]);
  useEffect(() => {
    if (!restoring) remember(SHOWN + pathname, search);
  }, [restoring, pathname, search]);
  return address;
}

/**
 * Remembers the query while its answer is on screen (`answered`); when it is not, the way back to the
 * last one that was (undefined when there is none, or it is this one). `name` tells apart two lists
 * of one screen.
 */
export function useLastLoadedAddress(answered: boolean, name = ''): (() => void) | undefined {
  const { params, write } = useListAddress();
  const { pathname } = useLocation();
  const key = `${LOADED}${pathname}#${name}`;
  const query = params.toString();
  useEffect(() => {
    if (answered) remember(key, query);
  }, [answered, key, query]);
  const last = answered ? null : recalled(key);
  return last === null || last === query ? undefined : () => write(new URLSearchParams(last));
}

/** Search waits this long after the last key before it reaches the address and the server. */
export const SEARCH_DELAY_MS = 250;

/**
 * The search box of a list whose search lives in the address: it shows what is typed, and `write`
 * gets it once typing pauses. A search changed in the address (Back) replaces what was typed for the
 * one before it.
 */
export function useTypedSearch(search: string, write: (search: string) => void) {
  const [typed, setTyped] = useState({ text: search, forSearch: search });
  const typedSearch = typed.forSearch === search ? typed.text : search;
  useEffect(() => {
    const wanted = typedSearch.trim();
    if (wanted === search) return undefined;
    const timer = setTimeout(() => {
      setTyped({ text: typedSearch, forSearch: wanted });
      write(wanted);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typedSearch, search, write]);
  return { typedSearch, setSearch: (text: string) => setTyped({ text, forSearch: search }) };
}
