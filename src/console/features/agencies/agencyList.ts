// The Agencies list's state: the list's page, size, search and column sort (useListParams) plus
// its filter links (SPEC.md section 2: 'Recently modified', 'Latest', 'Inactive'), which work here
// where the original console left them inert. The chosen link lives in the address with the rest
// of the list (?filter=recent), so Back and bookmarks keep it.
import type { FilteredView } from '../../backends/listPages';
import { useListFilters, useListParams } from '../../address/useListParams';

export interface AgencyFilter {
  label: string;
  /** Its ?filter= value; 'All' has none. */
  param?: string;
  /** The ordering it asks for, until a column header is clicked. */
  order?: string;
  /** The server filters it adds. */
  filters?: FilteredView['filters'];
}

const ALL: AgencyFilter = { label: 'All' };

export const AGENCY_FILTERS: readonly AgencyFilter[] = [
  ALL,
  { label: 'Recently modified', param: 'recent', order: '-updated_at' },
  { label: 'Latest', param: 'latest', order: '-id' },
  { label: 'Inactive', param: 'inactive', filters: { active_flag: false } },
];

/** The list's order when neither a filter link nor a column asks for one. */
export const DEFAULT_AGENCY_ORDER = 'agency_name';

/** The filter a ?filter= value names; 'All' for none, or for one this console does not know. */
export const agencyFilterOf = (param: string | null): AgencyFilter =>
  (param && AGENCY_FILTERS.find((filter) => filter.param === param)) || ALL;

/** The list with its filter link; `columns` are the list's (an order none of them sorts by is not taken). */
export function useAgencyList(columns: ReadonlyArray<{ sort?: string }>) {
  // Another filter, by its link or by Back, is in its own ordering until a column header is
  // clicked: the ordering the address holds is the one that differs from the filter's.
  const filter = agencyFilterOf(useListFilters().filter('filter'));
  const list = useListParams({ initialOrder: filter.order ?? DEFAULT_AGENCY_ORDER, columns });
  return {
    filter,
    list,
    query: { ...list.view, filters: filter.filters } satisfies FilteredView,
    /** Starts again at page 1 in the filter's ordering; a new history entry, so Back returns to the filter before. */
    choose: (next: AgencyFilter) => {
      if (next !== filter) list.setFilters({ filter: next.param, order: undefined });
    },
  };
}
