// The Agencies list's state: the list's page, size, search and column sort (useListParams) plus
// its filter links (SPEC.md section 2: 'Recently modified', 'Latest', 'Inactive'), which work here
// where the original console left them inert. The chosen link lives in the URL (?filter=recent),
// so Back and bookmarks keep it.
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { FilteredView } from '../../api/listPages';
import { useListParams } from '../../forms/useListParams';

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

export function useAgencyList() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = agencyFilterOf(searchParams.get('filter'));
  const list = useListParams(filter.order ?? DEFAULT_AGENCY_ORDER);

  // Another filter, by its link or by Back, starts again at page 1 in its own ordering; a column
  // header clicked afterwards overrides that ordering as on any list.
  const [shownFilter, setShownFilter] = useState(filter);
  if (shownFilter !== filter) {
    setShownFilter(filter);
    list.setOrder(filter.order ?? DEFAULT_AGENCY_ORDER);
  }

  return {
    filter,
    list,
    query: { ...list.view, filters: filter.filters } satisfies FilteredView,
    /** Pushes a history entry, so Back returns to the filter before. */
    choose: (next: AgencyFilter) => {
      if (next !== filter) setSearchParams(next.param ? { filter: next.param } : {});
    },
  };
}
