// The entities of SPEC.md section 3, as they travel on the wire (snake_case as the backends send).
import type { AdminRoleType, RoleType } from './roles';

/** ISO 8601 date ('2026-11-21') or date-time ('2026-11-21T10:00:00.000Z'). */
export type IsoDate = string;
/** Money travels as a decimal string ('12.50'); it is never a floating-point number. */
export type Money = string;

export interface LinkedAgency { id: number; agency_name: string; linked: boolean }

/** Admin user of the legacy backend. The password is write-only and never returned. */
export interface AdminUser {
  id: number;
  email: string;
  msisdn: string | null;
  firstname: string;
  lastname: string;
  is_super: boolean;
  unblacklist: boolean;
  secure_page: boolean;
  linked_agencies: LinkedAgency[];
  /** When the row last changed (ISO, milliseconds): sent back with an edit to detect a conflict. */
  updated_at: IsoDate;
  /** Whether the caller may change this user: its whole reach lies within the caller's (ours). */
  editable: boolean;
}

/** User of the new backend (agents and admins alike). */
export interface User {
  id: number;
  msisdn: string | null;
  username: string;
  first_name: string;
  last_name: string;
  country_code: string | null;
  language_code: string | null;
  is_gifting: boolean;
  added_by: number | null;
}

export interface StatusType { id: number; name: string }
export interface RoleTypeRef { id: number; name: RoleType }

export interface UserRole {
  id: number;
  agency_id: number | null;
  role_type: RoleType;
  status_type: StatusType;
  role_start_date: IsoDate | null;
  role_end_date: IsoDate | null;
  user: number;
}

export interface UserRoleCampaign { id: number; campaign: number | null; user_role: UserRole }

/** The console's session user. */
export interface SessionUser {
  id: number;
  username: string;
  firstname: string;
  lastname: string;
  role_type: AdminRoleType;
  is_super: boolean;
  user_role_campaigns: UserRoleCampaign[];
}

export interface Whitelist {
  id: number;
  msisdn: string;
  country: string;
  campaign_id: number | null;
  agency_name: string | null;
  campaign_name: string | null;
  updated_at: IsoDate;
}

export interface EventType { id: number; name: string; pretty_name: string; updated_at: IsoDate }

export interface Country {
  code: string;
  country: string;
  country_name: string;
  country_code: string;
  country_dialing_code: string;
  language: string | null;
}
/** Country as the legacy admin backend sends it: `code` is the dialling code, `iso_code` the campaign code. */
export interface AdminCountry {
  id: number;
  country: string;
  code: string;
  iso_code: string | null;
  sms_cid: string;
  sms_from: string;
  languages: string;
  updated_at: IsoDate;
}
/** `updated_at` is the country's: every change of its languages or link prefixes bumps it. */
export interface CountrySms { id: number; country: string; code: string; urls: Record<string, string>; updated_at: IsoDate }

export interface Language { iso: string; language: string; language_code: string; language_name: string }

export interface Agency {
  id: number;
  agency_name: string;
  country: { country_name: string; currency: { currency_code: string }; language: { language_name: string } };
  lokalise_key: string | null;
  added_by: number | null;
  active_flag: boolean;
}

export interface Campaign {
  id: number;
  name: string;
  active_flag: boolean;
  agency_campaign_type_config_id: number;
  country_code: string;
  updated_by: string | null;
  campaign_start_date: IsoDate;
  budget_spend_amount: Money;
  extra_data: { agency: { id: number; agency_name: string; country: string }; campaign_type: string };
}

export interface CampaignVersion { id: number; max_agent_count: number; budget_allocated_amount: Money }

export interface AgencyCampaignTypeConfig {
  id: number;
  agency: number;
  invite_window_days: number;
  total_max_invite_per_msisdn: number;
  total_max_invite_limit: number;
  invite_reset_window_days: number;
  next_reinvitation_lapse_period_days: number;
  compensation_eligibility_period_days: number;
  total_max_invite_limit_period_days: number;
  attribution_window_days: number;
  auto_fraud_block_flag: boolean;
  campaign_type: { id: number; campaign_type_name: string; compensation_type: { compensation_type_name: string } };
}

export interface CampaignLanguage { id: number; language_code: string; campaign: number }

export interface EventCompensationConfig {
  id: number;
  event_type: { id: number; event_type_friendly_name: string };
  compensation_earning_event_day: number;
  compensation_earning_event_value: Money;
  remuneration_type: { id: number; remuneration_type_name: string };
  campaign: number;
  campaign_version: number;
}

export interface Invite {
  invite_datetime: IsoDate;
  recipient_msisdn: string;
  extra_data: { agency_name: string; campaign_name: string };
}

export interface SecureReport {
  id: number;
  description: string;
  agency_id: number;
  campaign_id: number;
  date_created: IsoDate;
  created_by_id: number;
}

export interface ReportRecord {
  createdAt: IsoDate;
  createdBy: string;
  description: string;
  status: string;
  position: number | null;
  downloadUrl: string | null;
}

export interface QueueReport {
  id: number;
  created_at: IsoDate;
  description: string;
  created_by: string;
  status: string;
  queue_position: number | null;
}

export interface EventReportRow {
  campaign_name: string;
  firstname: string;
  lastname: string;
  msisdn: string;
  event: string;
  events: number;
  pay: Money;
  agent_code: string | null;
  created_at: IsoDate;
  customer_msisdn: string | null;
  medium: string | null;
  paymentrun_id: number | null;
  paid: boolean;
}

export interface PaymentRun {
  id: number;
  ref: string;
  created_at: IsoDate;
  start_date: IsoDate;
  end_date: IsoDate;
  country: string | null;
  campaign_name: string | null;
  search: string | null;
  username: string;
  total: Money;
  events: number;
  reference: string;
}
export interface PaymentRunDetailRow {
  country: string;
  campaign_name: string;
  agent: string;
  msisdn: string;
  download: string | null;
  pretty_name: string;
  cost: Money;
}

export interface FraudEvent {
  /** Ours: the row key of the grid. */
  id: number;
  created_at: IsoDate;
  campaign_name: string;
  firstname: string;
  lastname: string;
  agent_msisdn: string;
  description: string;
  msisdn: string;
  device_id: string | null;
  blacklisted: boolean;
}

export interface RetentionEvent {
  campaign_name: string;
  gifter_firstname: string;
  gifter_lastname: string;
  gifter_msisdn: string;
  giftee_msisdn: string;
  created_at: IsoDate;
  event: string;
  pay: Money;
  medium: string | null;
  giftee_activity_events: number;
  events: number;
}
