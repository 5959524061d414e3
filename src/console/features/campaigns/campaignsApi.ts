// The service backend's campaign calls (SPEC.md section 7, Service calls): the Campaigns list,
// one campaign and its parts (versions, the agency's campaign type settings, languages and event
// compensations), and their edits. Every edit may wait in the outbox offline; money travels as
// decimal strings ('12.50'), never as a float.
import type { z } from 'zod';
import type {
  AgencyCampaignTypeConfig,
  Campaign,
  CampaignEventType,
  CampaignLanguage,
  CampaignVersion,
  EventCompensationConfig,
  Language,
  RemunerationType,
} from '../../../contract/entities';
import type { campaignForm, campaignLanguageForm, campaignVersionForm, compensationForm } from '../../../contract/schemas/campaigns';
import { api } from '../../backends/api';
import { serviceAllRows, serviceList, type FilteredView, type ListRows } from '../../backends/listPages';
import { detailPath } from '../../ground/paths';
import type { ConflictField } from '../../forms/editConflict';
import { offlineSave, type Saved } from '../../outbox/offlineWrite';
import { SHOWS_OWN_FAILURE } from '../../backends/baseQuery';

export type CampaignEdit = z.input<typeof campaignForm> & { id: number };
export type CampaignVersionEdit = z.output<typeof campaignVersionForm> & { id: number };
export type CampaignLanguageAdd = z.output<typeof campaignLanguageForm>;
export type CampaignLanguageRemoval = CampaignLanguage;
export type CompensationSave = z.output<typeof compensationForm> & { id?: number; event_type_name?: string };
export type CompensationRemoval = EventCompensationConfig;

const CAMPAIGN_TAGS = ['Campaign'] as const;

/** What an edit conflict compares of a campaign: what its save sends (the max agent count goes to the version). */
export const campaignConflict: ConflictField[] = [
  { field: 'name', label: 'Name' },
  { field: 'active_flag', label: 'Active' },
];
const VERSION_TAGS = ['CampaignVersion'] as const;
const LANGUAGE_TAGS = ['CampaignLanguage'] as const;
const COMPENSATION_TAGS = ['Compensation'] as const;

export const campaignsApi = api.injectEndpoints({
  endpoints: (build) => ({
    campaigns: build.query<ListRows<Campaign>, FilteredView>(serviceList('service', 'service/campaigns/', [{ type: 'Campaign', id: 'LIST' }] as const)),
    /** Every campaign the caller sees, by name: the list's campaign filter. */
    campaignFilterChoices: build.query<ListRows<Campaign>, void>(serviceAllRows('service', 'service/campaigns/', () => ({ ordering: 'name' }), [{ type: 'Campaign', id: 'LIST' }] as const)),
    campaign: build.query<Campaign, number>({
      query: (id) => ({ backend: 'service', url: `service/campaigns/${id}/` }),
      providesTags: (_result, _error, id) => [{ type: 'Campaign', id }],
      extraOptions: SHOWS_OWN_FAILURE,
    }),
    /** The campaign's versions, newest first: the first is the one in force. */
    campaignVersions: build.query<ListRows<CampaignVersion>, number>({
      ...serviceAllRows('service', 'service/campaign-versions/', (campaign: number) => ({ campaign }), [{ type: 'CampaignVersion', id: 'LIST' }] as const),
      extraOptions: SHOWS_OWN_FAILURE,
    }),
    /** The campaign's settings: its agency's campaign type config. */
    campaignConfig: build.query<AgencyCampaignTypeConfig, number>({
      query: (id) => ({ backend: 'service', url: `service/agency-campaign-type-configs/${id}/` }),
      providesTags: (_result, _error, id) => [{ type: 'AgencyConfig', id }],
      extraOptions: SHOWS_OWN_FAILURE,
    }),
    campaignLanguages: build.query<ListRows<CampaignLanguage>, number>({
      ...serviceAllRows('service', 'service/campaign-languages/', (campaign: number) => ({ campaign }), [{ type: 'CampaignLanguage', id: 'LIST' }] as const),
      extraOptions: SHOWS_OWN_FAILURE,
    }),
    /** The languages of the caller's agencies: what a campaign language may be. */
    knownLanguages: build.query<ListRows<Language>, void>(serviceAllRows('service', 'service/agencies-languages/', () => ({}), [] as const)),
    compensations: build.query<ListRows<EventCompensationConfig>, number>({
      ...serviceAllRows('service', 'service/campaigns-compensation-earning-event-configs/', (version: number) => ({ campaign_version: version }), [{ type: 'Compensation', id: 'LIST' }] as const),
      extraOptions: SHOWS_OWN_FAILURE,
    }),
    remunerationTypes: build.query<ListRows<RemunerationType>, void>(serviceAllRows('service', 'service/campaigns-remuneration-types/', () => ({}), [] as const)),
    /** The event types (edited through the admin backend: its saves refresh these, backends/api.ts). */
    campaignEventTypes: build.query<ListRows<CampaignEventType>, void>(serviceAllRows('service', 'service/campaigns-event-types/', () => ({}), [{ type: 'EventType', id: 'LIST' }] as const)),

    saveCampaign: build.mutation<Saved<Campaign>, CampaignEdit>(
      offlineSave({
        backend: 'service',
        url: (body) => `service/campaigns/${body.id}/`,
        method: 'PUT',
        entity: 'Campaign',
        screen: (body) => campaignPath(body.id),
        describe: (body) => `Edit campaign ${body.name}`,
        invalidates: CAMPAIGN_TAGS,
        conflict: campaignConflict,
      }),
    ),
    saveCampaignVersion: build.mutation<Saved<CampaignVersion>, CampaignVersionEdit>(
      offlineSave({
        backend: 'service',
        url: (body) => `service/campaign-versions/${body.id}/`,
        method: 'PUT',
        entity: 'CampaignVersion',
        screen: (body) => campaignPath(body.campaign),
        describe: (body) => `Set max agent count ${String(body.max_agent_count)}`,
        invalidates: VERSION_TAGS,
      }),
    ),
    addCampaignLanguage: build.mutation<Saved<CampaignLanguage>, CampaignLanguageAdd>(
      offlineSave({
        backend: 'service',
        url: 'service/campaign-languages/',
        method: 'POST',
        entity: 'CampaignLanguage',
        screen: (body) => campaignPath(body.campaign, 'languages'),
        describe: (body) => `Add language ${body.language_code}`,
        invalidates: LANGUAGE_TAGS,
      }),
    ),
    deleteCampaignLanguage: build.mutation<Saved<null>, CampaignLanguageRemoval>(
      offlineSave({
        backend: 'service',
        url: (body) => `service/campaign-languages/${body.id}`,
        method: 'DELETE',
        entity: 'CampaignLanguage',
        screen: (body) => campaignPath(body.campaign, 'languages'),
        describe: (body) => `Delete language ${body.language_code}`,
        invalidates: LANGUAGE_TAGS,
      }),
    ),
    saveCompensation: build.mutation<Saved<EventCompensationConfig>, CompensationSave>(
      offlineSave({
        backend: 'service',
        url: (body) => `service/campaigns-compensation-earning-event-configs/${body.id ? `${body.id}/` : ''}`,
        entity: 'Compensation',
        screen: (body) => campaignPath(body.campaign, 'event-types'),
        describe: (body) => `${body.id ? 'Edit' : 'Add'} compensation ${body.event_type_name ?? ''}`.trim(),
        invalidates: COMPENSATION_TAGS,
      }),
    ),
    deleteCompensation: build.mutation<Saved<null>, CompensationRemoval>(
      offlineSave({
        backend: 'service',
        url: (body) => `service/campaigns-compensation-earning-event-configs/${body.id}/`,
        method: 'DELETE',
        entity: 'Compensation',
        screen: (body) => campaignPath(body.campaign, 'event-types'),
        describe: (body) => `Delete compensation ${body.event_type.event_type_friendly_name}`,
        invalidates: COMPENSATION_TAGS,
      }),
    ),
  }),
});

export const {
  useCampaignsQuery,
  // Named apart from the admin backend's campaignChoices (referenceApi.ts): one api, one endpoint of a name.
  useCampaignFilterChoicesQuery: useCampaignChoicesQuery,
  useCampaignQuery,
  useCampaignVersionsQuery,
  useCampaignConfigQuery,
  useCampaignLanguagesQuery,
  useKnownLanguagesQuery,
  useCompensationsQuery,
  useRemunerationTypesQuery,
  useCampaignEventTypesQuery,
  useSaveCampaignMutation,
  useSaveCampaignVersionMutation,
  useAddCampaignLanguageMutation,
  useDeleteCampaignLanguageMutation,
  useSaveCompensationMutation,
  useDeleteCompensationMutation,
} = campaignsApi;

/** A campaign's screen, on one of its tabs. */
export const campaignPath = (id: number | string, part?: string) => detailPath('campaigns', id, part);
