// Pending Payments' totals per currency, payable and held back (POST /admin/pending_payments_totals,
// issue 52), on the legacy admin backend. Tagged as the grid is (gridTag), so whatever moves money
// and reads the grid again (a run made, approved, rejected or reversed) reads the totals again too.
import type { GridQuery } from '../../../contract/api';
import { pendingPaymentsGrid } from '../../../contract/grids';
import type { PendingPaymentTotals } from '../../../contract/pendingPayments';
import { SHOWS_OWN_FAILURE } from '../../backends/baseQuery';
import { gridTag } from '../../backends/gridsApi';
import { api } from '../../backends/api';

/** The grid's filters alone: turning a page or sorting asks for the same totals. */
export const totalsBodyOf = ({ page_size: _size, current_page: _page, orderby: _order, cursor: _cursor, export: _export, ...filters }: GridQuery): GridQuery => filters;

export const pendingPaymentTotalsApi = api.enhanceEndpoints({ addTagTypes: ['Grid'] }).injectEndpoints({
  endpoints: (build) => ({
    pendingPaymentTotals: build.query<PendingPaymentTotals, GridQuery>({
      // Asked with the grid's filters alone (totalsBodyOf).
      query: (body) => ({ backend: 'admin', url: 'admin/pending_payments_totals', method: 'POST', body }),
      providesTags: [gridTag(pendingPaymentsGrid.path)],
      // The panel says when they could not be read.
      extraOptions: SHOWS_OWN_FAILURE,
    }),
  }),
});

export const { usePendingPaymentTotalsQuery } = pendingPaymentTotalsApi;
