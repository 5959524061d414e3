// The Stats tab's three calls (issue 35), one per card group: what needs attention now, and the
// period's figures and charts. GETs of the admin backend, cached and persisted as every read is
// (backends/api.ts), so the tab opens offline from its last answers under the offline banner.
import type { StatsAttention, StatsCharts, StatsFigures } from '../../../contract/stats';
import { api } from '../../backends/api';

/** The period as the calls take it (DD-MMM-YYYY, as the grids do). */
export interface StatsPeriodQuery {
  start_date: string;
  end_date: string;
}

export const statsApi = api.injectEndpoints({
  endpoints: (build) => ({
    statsAttention: build.query<StatsAttention, void>({ query: () => ({ backend: 'admin', url: 'admin/stats/attention' }) }),
    statsFigures: build.query<StatsFigures, StatsPeriodQuery>({ query: (params) => ({ backend: 'admin', url: 'admin/stats/figures', params }) }),
    statsCharts: build.query<StatsCharts, StatsPeriodQuery>({ query: (params) => ({ backend: 'admin', url: 'admin/stats/charts', params }) }),
  }),
});

export const { useStatsAttentionQuery, useStatsFiguresQuery, useStatsChartsQuery } = statsApi;
