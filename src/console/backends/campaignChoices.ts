// An agency's campaigns as a form's or a filter's choices (service backend), for the screens that
// narrow campaigns to a chosen agency (agents, reports). Apart from referenceApi: the login page
// loads that one and needs none of this.
import type { Campaign } from '../../contract/entities';
import { serviceApi } from './slices';
import { serviceAllRows, type ListRows } from './listPages';

export const campaignChoicesApi = serviceApi.injectEndpoints({
  endpoints: (build) => ({
    /** The campaigns of an agency, or every campaign the caller sees when none is given, by name. */
    agencyCampaignChoices: build.query<ListRows<Campaign>, number | undefined>(
      serviceAllRows('service/campaigns/', (agency: number | undefined) => ({ agency_id: agency, ordering: 'name' }), [{ type: 'Campaign', id: 'LIST' }] as const),
    ),
  }),
});

export const { useAgencyCampaignChoicesQuery } = campaignChoicesApi;
