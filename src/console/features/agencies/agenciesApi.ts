// The service backend's agency calls (SPEC.md section 7, Service calls): the Agencies list with
// its filters, one agency, its campaign type settings and its campaigns. All read-only: no call
// changes an agency or its settings (section 9).
import type { Agency, AgencyCampaignTypeConfig, Campaign } from '../../../contract/entities';
import { api } from '../../backends/api';
import { serviceAllRows, serviceList, type FilteredView, type ListRows } from '../../backends/listPages';
import { SHOWS_OWN_FAILURE } from '../../backends/baseQuery';

export const agenciesApi = api.injectEndpoints({
  endpoints: (build) => ({
    agencies: build.query<ListRows<Agency>, FilteredView>(serviceList('service', 'service/agencies/', [{ type: 'Agency', id: 'LIST' }] as const)),
    agency: build.query<Agency, number>({
      query: (id) => ({ backend: 'service', url: `service/agencies/${id}/` }),
      providesTags: (_result, _error, id) => [{ type: 'Agency', id }],
      extraOptions: SHOWS_OWN_FAILURE,
    }),
    /** The agency's campaign type settings (one per campaign type it runs). */
    agencyConfigs: build.query<ListRows<AgencyCampaignTypeConfig>, number>({
      ...serviceAllRows('service', 'service/agency-campaign-type-configs/', (agency: number) => ({ agency }), [{ type: 'AgencyConfig', id: 'LIST' }] as const),
      extraOptions: SHOWS_OWN_FAILURE,
    }),
    /** The agency's campaigns, the caller's among them. */
    agencyCampaigns: build.query<ListRows<Campaign>, number>({
      ...serviceAllRows('service', 'service/campaigns/', (agency: number) => ({ agency_id: agency, ordering: 'name' }), [{ type: 'Campaign', id: 'LIST' }] as const),
      extraOptions: SHOWS_OWN_FAILURE,
    }),
  }),
});

export const { useAgenciesQuery, useAgencyQuery, useAgencyConfigsQuery, useAgencyCampaignsQuery } = agenciesApi;
