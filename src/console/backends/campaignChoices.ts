// An agency's campaigns as a form's or a filter's choices (service backend), for the screens that
// narrow campaigns to a chosen agency (agents, reports). Apart from referenceApi: the login page
// loads that one and needs none of this.
import type { Campaign } from '../../contract/entities';
import { api } from './api';
import { serviceAllRows, type ListRows } from './listPages';

export const campaignChoicesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The campaigns of an agency, or every campaign the caller sees when none is given, by name. */
    agencyCampaignChoices: build.query<ListRows<Campaign>, number | undefined>(
      serviceAllRows('service', 'service/campaigns/', (agency: number | undefined) => ({ agency_id: agency, ordering: 'name' }), [{ type: 'Campaign', id: 'LIST' }] as const),
    ),
  }),
});

export const { useAgencyCampaignChoicesQuery } = campaignChoicesApi;
