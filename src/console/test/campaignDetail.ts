// A campaign and its parts as the service backend answers them, for the campaign screens' tests.
import type {
  AgencyCampaignTypeConfig,
  Campaign,
  CampaignEventType,
  CampaignLanguage,
  CampaignVersion,
  EventCompensationConfig,
  RemunerationType,
} from '../../contract/entities';
import { referralConfig } from './agencies';
import { fakeBackend, pageOf } from './fakeBackend';

export const campaign: Campaign = {
  id: 7,
  name: 'Agent Referral GH-01',
  active_flag: true,
  agency_campaign_type_config_id: 4,
  country_code: 'GH',
  updated_by: 'super@demo.test',
  campaign_start_date: '2026-03-05T00:00:00.000Z',
  budget_spend_amount: '950.00',
  extra_data: { agency: { id: 2, agency_name: 'Ghana Country Agency', country: 'Ghana' }, campaign_type: 'Referral' },
  budget_allocated_amount: '1000.00',
  updated_at: '2026-11-01T09:30:00.000Z',
};

export const version: CampaignVersion = {
  id: 11,
  max_agent_count: 250,
  budget_allocated_amount: '1000.00',
  campaign: 7,
  version: 2,
  updated_by: 'super@demo.test',
  created_at: '2026-10-01T09:30:00.000Z',
};

/** The campaign's settings: the agency's referral config under the campaign's ids. */
export const config: AgencyCampaignTypeConfig = { ...referralConfig, id: 4, agency: 2, attribution_window_days: 21 };

export const languages: CampaignLanguage[] = [
  { id: 31, language_code: 'en', campaign: 7 },
  { id: 32, language_code: 'tw', campaign: 7 },
];

export const compensation: EventCompensationConfig = {
  id: 41,
  event_type: { id: 1, event_type_friendly_name: 'SIM activation' },
  compensation_earning_event_day: 0,
  compensation_earning_event_value: '12.50',
  remuneration_type: { id: 1, remuneration_type_name: 'Airtime' },
  campaign: 7,
  campaign_version: 11,
};

export const eventTypes: CampaignEventType[] = [
  { id: 1, event_type_name: 'sim_activation', event_type_friendly_name: 'SIM activation' },
  { id: 2, event_type_name: 'first_topup', event_type_friendly_name: 'First top-up' },
];
export const remunerationTypes: RemunerationType[] = [
  { id: 1, remuneration_type_name: 'Airtime' },
  { id: 2, remuneration_type_name: 'Mobile money' },
];


/** The service backend of one campaign: reads answer, writes echo their body. */
export function campaignBackend(overrides: Partial<Campaign> = {}) {
  return fakeBackend()
    .on('GET', 'service/campaigns/7/', { body: { ...campaign, ...overrides } })
    .on('GET', 'service/campaign-versions/', { body: pageOf([version]) })
    .on('GET', 'service/agency-campaign-type-configs/4/', { body: config })
    .on('GET', 'service/campaign-languages/', { body: pageOf(languages) })
    .on('GET', 'service/agencies-languages/', { body: pageOf([{ iso: 'en', language: 'English', language_code: 'en', language_name: 'English' }]) })
    .on('GET', 'service/campaigns-compensation-earning-event-configs/', { body: pageOf([compensation]) })
    .on('GET', 'service/campaigns-event-types/', { body: pageOf(eventTypes) })
    .on('GET', 'service/campaigns-remuneration-types/', { body: pageOf(remunerationTypes) })
    .on('PUT', 'service/campaigns/7/', ({ body }) => ({ body: { ...campaign, ...(body as object), updated_at: '2026-11-23T10:00:00.000Z' } }))
    .on('PUT', 'service/campaign-versions/11/', ({ body }) => ({ body: { ...version, ...(body as object) } }))
    .on('POST', 'service/campaign-languages/', ({ body }) => ({ status: 201, body: { id: 33, ...(body as object) } }))
    .on('DELETE', 'service/campaign-languages/32', { status: 204 })
    .on('POST', 'service/campaigns-compensation-earning-event-configs/', ({ body }) => ({ status: 201, body: { ...compensation, id: 42, ...(body as object) } }))
    .on('PUT', 'service/campaigns-compensation-earning-event-configs/41/', ({ body }) => ({ body: { ...compensation, ...(body as object) } }))
    .on('DELETE', 'service/campaigns-compensation-earning-event-configs/41/', { status: 204 });
}
