// Agencies, campaign type settings and campaigns as the service backend answers them, for the tests.
import type { Agency, AgencyCampaignTypeConfig, Campaign } from '../../contract/entities';

export const ghanaAgency: Agency = {
  id: 3,
  agency_name: 'Ghana Country Agency',
  country: { country_name: 'Ghana', country_dialing_code: '233', currency: { currency_code: 'GHS' }, language: { language_name: 'English' } },
  lokalise_key: 'agency.ghana',
  added_by: 1,
  added_by_name: 'super@demo.test',
  active_flag: true,
  updated_at: '2026-11-01T09:30:00.000Z',
};

export const kenyaAgency: Agency = {
  id: 4,
  agency_name: 'Kenya Field Agency',
  country: { country_name: 'Kenya', country_dialing_code: '254', currency: { currency_code: 'KES' }, language: { language_name: 'Swahili' } },
  lokalise_key: null,
  added_by: null,
  added_by_name: null,
  active_flag: false,
  updated_at: '2026-10-01T09:30:00.000Z',
};

export const referralConfig: AgencyCampaignTypeConfig = {
  id: 21,
  agency: 3,
  invite_window_days: 30,
  total_max_invite_per_msisdn: 3,
  total_max_invite_limit: 500,
  invite_reset_window_days: 7,
  next_reinvitation_lapse_period_days: 14,
  compensation_eligibility_period_days: 60,
  total_max_invite_limit_period_days: 90,
  attribution_window_days: 10,
  auto_fraud_block_flag: true,
  campaign_type: { id: 1, campaign_type_name: 'Agent Referral', compensation_type: { compensation_type_name: 'Per event' } },
};

export const giftingConfig: AgencyCampaignTypeConfig = {
  ...referralConfig,
  id: 22,
  total_max_invite_per_msisdn: 1,
  auto_fraud_block_flag: false,
  campaign_type: { id: 2, campaign_type_name: 'Gifting', compensation_type: { compensation_type_name: 'Flat fee' } },
};

export const ghanaCampaign: Campaign = {
  id: 11,
  name: 'Agent Referral GH-01',
  active_flag: true,
  agency_campaign_type_config_id: 21,
  country_code: 'GH',
  updated_by: 'super@demo.test',
  campaign_start_date: '2026-01-05',
  budget_spend_amount: '120.50',
  extra_data: { agency: { id: 3, agency_name: 'Ghana Country Agency', country: 'GH' }, campaign_type: 'Agent Referral' },
  budget_allocated_amount: '1000.00',
  updated_at: '2026-11-01T09:30:00.000Z',
};

