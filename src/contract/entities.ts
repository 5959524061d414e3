// The entities of SPEC.md section 3, as they travel on the wire (snake_case as the backends send).
// Each is a zod schema and its type: the server's answers are serialised through these schemas
// (a field they do not name never leaves the server), and the OpenAPI document is drawn from them.
import { z } from 'zod';
import { ADMIN_ROLE_TYPES, ROLE_TYPES } from './roles';
import { currencyCode, money } from './money';

/** ISO 8601 date ('2026-11-21') or date-time ('2026-11-21T10:00:00.000Z'). */
export const isoDate = z.string().describe('ISO 8601 date or date-time');
export type IsoDate = z.infer<typeof isoDate>;
// Money travels as a decimal string ('12.50'), never a floating-point number (contract/money.ts).
export { money } from './money';

const id = z.number().int();
const nullableText = z.string().nullable();

export const linkedAgency = z.object({ id, agency_name: z.string(), linked: z.boolean() });
export type LinkedAgency = z.infer<typeof linkedAgency>;

/** Admin user of the legacy backend. The password is write-only and never returned. */
export const adminUser = z.object({
  id,
  email: z.string(),
  msisdn: nullableText.describe('International form, country code without +; only a Super Admin sees it, null for everyone else'),
  country_code: nullableText.describe("The mobile number's country (ISO code, ours); only a Super Admin sees it"),
  firstname: z.string(),
  lastname: z.string(),
  is_super: z.boolean(),
  unblacklist: z.boolean(),
  secure_page: z.boolean(),
  linked_agencies: z.array(linkedAgency),
  /** When the row last changed (ISO, milliseconds): sent back with an edit to detect a conflict. */
  updated_at: isoDate,
  /** Whether the caller may change this user: its whole reach lies within the caller's (ours). */
  editable: z.boolean().describe("Whether the caller may change this user: its whole reach lies within the caller's"),
});
export type AdminUser = z.infer<typeof adminUser>;

/** User of the new backend (agents and admins alike). */
export const user = z.object({
  id,
  msisdn: nullableText,
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  country_code: nullableText,
  language_code: nullableText,
  is_gifting: z.boolean(),
  added_by: id.nullable(),
});
export type User = z.infer<typeof user>;

export const statusType = z.object({ id, name: z.string() });
export type StatusType = z.infer<typeof statusType>;
export const roleTypeRef = z.object({ id, name: z.enum(ROLE_TYPES) });
export type RoleTypeRef = z.infer<typeof roleTypeRef>;

export const userRole = z.object({
  id,
  agency_id: id.nullable(),
  role_type: z.enum(ROLE_TYPES),
  status_type: statusType,
  role_start_date: isoDate.nullable(),
  role_end_date: isoDate.nullable(),
  user: id,
});
export type UserRole = z.infer<typeof userRole>;

export const userRoleCampaign = z.object({ id, campaign: id.nullable(), user_role: userRole });
export type UserRoleCampaign = z.infer<typeof userRoleCampaign>;

/** A field user (agent or gifter) as the agents screen reads it: the user with when it last changed. */
export const agentUser = user.extend({ updated_at: isoDate });
export type AgentUser = z.infer<typeof agentUser>;

/** A user role with its user (GET api/v1/user-roles/?user_ids=, and inside an agent row). */
export const userRoleWithUser = userRole.extend({ user: agentUser, updated_at: isoDate });
export type UserRoleWithUser = z.infer<typeof userRoleWithUser>;

/**
 * A role as GET api/v1/user-roles/?user_ids= lists it (ours, issue 34): with its agency's name and
 * its role campaigns, so the Users screen shows an admin's roles whole in one call.
 */
export const userRoleListed = userRoleWithUser.extend({
  agency_name: nullableText,
  campaigns: z.array(z.object({ id, campaign: id, campaign_name: z.string() })),
});
export type UserRoleListed = z.infer<typeof userRoleListed>;

/**
 * An agent as GET api/v1/user-role-campaigns/?role_type_id=2 gives it: one role campaign, with its
 * role and user, and the names of its campaign and agency so a page needs no second call.
 */
export const agentRoleCampaign = z.object({
  id,
  campaign: id,
  campaign_name: z.string(),
  agency_name: nullableText,
  user_role: userRoleWithUser,
  /** When the role campaign last changed: sent back with a move to detect a conflict. */
  updated_at: isoDate,
});
export type AgentRoleCampaign = z.infer<typeof agentRoleCampaign>;

/** The console's session user. */
export const sessionUser = z.object({
  id,
  username: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  role_type: z.enum(ADMIN_ROLE_TYPES),
  is_super: z.boolean(),
  user_role_campaigns: z.array(userRoleCampaign),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const whitelist = z.object({
  id,
  msisdn: z.string(),
  country: z.string(),
  campaign_id: id.nullable(),
  agency_name: nullableText,
  campaign_name: nullableText,
  updated_at: isoDate,
});
export type Whitelist = z.infer<typeof whitelist>;

export const eventType = z.object({ id, name: z.string(), pretty_name: z.string(), updated_at: isoDate });
export type EventType = z.infer<typeof eventType>;

export const country = z.object({
  code: z.string(),
  country: z.string(),
  country_name: z.string(),
  country_code: z.string(),
  country_dialing_code: z.string(),
  language: nullableText,
});
export type Country = z.infer<typeof country>;

/** Country as the legacy admin backend sends it: `code` is the dialling code, `iso_code` the campaign code. */
export const adminCountry = z.object({
  id,
  country: z.string(),
  code: z.string().describe('The dialling code'),
  iso_code: nullableText.describe('The ISO code campaigns use'),
  sms_cid: z.string(),
  sms_from: z.string(),
  languages: z.string().describe("The country's language codes, comma-separated: 'en,fr'"),
  updated_at: isoDate,
});
export type AdminCountry = z.infer<typeof adminCountry>;

/** `updated_at` is the country's: every change of its languages or link prefixes bumps it. */
export const countrySms = z.object({
  id,
  country: z.string(),
  code: z.string(),
  urls: z.record(z.string(), z.string()).describe('The SMS link prefix of each language code'),
  updated_at: isoDate,
});
export type CountrySms = z.infer<typeof countrySms>;

export const language = z.object({ iso: z.string(), language: z.string(), language_code: z.string(), language_name: z.string() });
export type Language = z.infer<typeof language>;

export const agency = z.object({
  id,
  agency_name: z.string(),
  country: z.object({
    country_name: z.string(),
    /** Ours: the add agent form shows the msisdn in international form before saving. */
    country_dialing_code: z.string(),
    currency: z.object({ currency_code: z.string() }),
    language: z.object({ language_name: z.string() }),
  }),
  lokalise_key: nullableText,
  added_by: id.nullable(),
  /** Ours: the username of the admin who added it (the list's 'Added by', the detail's campaign admin). */
  added_by_name: nullableText,
  active_flag: z.boolean(),
  /** Ours: when the row last changed (the list's 'Recently modified'). */
  updated_at: isoDate,
});
export type Agency = z.infer<typeof agency>;

/** A campaign type as the service backend lists it (GET /service/agencies-campaign-types/). */
export const campaignType = z.object({
  id,
  campaign_type_name: z.string(),
  compensation_type: z.object({ compensation_type_name: z.string() }),
});
export type CampaignType = z.infer<typeof campaignType>;

export const campaign = z.object({
  id,
  name: z.string(),
  active_flag: z.boolean(),
  agency_campaign_type_config_id: id,
  country_code: z.string(),
  updated_by: nullableText,
  campaign_start_date: isoDate,
  budget_spend_amount: money,
  extra_data: z.object({
    agency: z.object({ id, agency_name: z.string(), country: z.string() }),
    campaign_type: z.string(),
  }),
  /** Ours: the latest version's allocated budget (the budget at a glance), and when the row last changed. */
  budget_allocated_amount: money.nullable(),
  updated_at: isoDate,
  /** Ours: the currency of the campaign's money (ISO 4217); absent from backends that do not send it. */
  currency: currencyCode.optional(),
});
export type Campaign = z.infer<typeof campaign>;

export const campaignVersion = z.object({
  id,
  max_agent_count: z.number().int(),
  budget_allocated_amount: money,
  /** Ours: the currency of the allocated budget (ISO 4217); absent from backends that do not send it. */
  currency: currencyCode.optional(),
  /** Ours: the campaign, the version number, who changed it last and when it was made. */
  campaign: id,
  version: z.number().int(),
  updated_by: nullableText,
  created_at: isoDate,
});
export type CampaignVersion = z.infer<typeof campaignVersion>;

const days = z.number().int();
export const agencyCampaignTypeConfig = z.object({
  id,
  agency: id,
  invite_window_days: days,
  total_max_invite_per_msisdn: z.number().int(),
  total_max_invite_limit: z.number().int(),
  invite_reset_window_days: days,
  next_reinvitation_lapse_period_days: days,
  compensation_eligibility_period_days: days,
  total_max_invite_limit_period_days: days,
  attribution_window_days: days,
  auto_fraud_block_flag: z.boolean(),
  campaign_type: z.object({
    id,
    campaign_type_name: z.string(),
    compensation_type: z.object({ compensation_type_name: z.string() }),
  }),
});
export type AgencyCampaignTypeConfig = z.infer<typeof agencyCampaignTypeConfig>;

export const campaignLanguage = z.object({ id, language_code: z.string(), campaign: id });

/** A way an event is paid (GET /service/campaigns-remuneration-types/). */
export const remunerationType = z.object({ id, remuneration_type_name: z.string() });
export type RemunerationType = z.infer<typeof remunerationType>;

/** An event a campaign may pay for (GET /service/campaigns-event-types/): the key and its friendly name. */
export const campaignEventType = z.object({ id, event_type_name: z.string(), event_type_friendly_name: z.string() });
export type CampaignEventType = z.infer<typeof campaignEventType>;
export type CampaignLanguage = z.infer<typeof campaignLanguage>;

export const eventCompensationConfig = z.object({
  id,
  event_type: z.object({ id, event_type_friendly_name: z.string() }),
  compensation_earning_event_day: z.number().int(),
  compensation_earning_event_value: money,
  /** Ours: the currency of the value, its campaign's (ISO 4217); absent from backends that do not send it. */
  currency: currencyCode.optional(),
  remuneration_type: z.object({ id, remuneration_type_name: z.string() }),
  campaign: id,
  campaign_version: id,
});
export type EventCompensationConfig = z.infer<typeof eventCompensationConfig>;

export const invite = z.object({
  invite_datetime: isoDate,
  recipient_msisdn: z.string(),
  extra_data: z.object({ agency_name: z.string(), campaign_name: z.string() }),
});
export type Invite = z.infer<typeof invite>;

export const secureReport = z.object({
  id,
  description: z.string(),
  agency_id: id,
  campaign_id: id,
  date_created: isoDate,
  created_by_id: id,
});
export type SecureReport = z.infer<typeof secureReport>;
/**
 * A secure report as the lists answer it (ours beyond section 3's fields): its agency, campaign and
 * creator by name, and its file's name, size and SHA-256, so a recipient can check what they got.
 */
export const secureReportRow = secureReport.extend({
  agency_name: z.string(),
  campaign_name: z.string(),
  created_by: z.string().describe("The creator's email"),
  file_name: z.string(),
  size: z.number().int().describe('Bytes'),
  sha256: z.string().describe('Hex'),
});
export type SecureReportRow = z.infer<typeof secureReportRow>;

/** What the download ledger records (ours): a code asked for, a file downloaded, a download refused. */
export const SECURE_LEDGER_ACTIONS = ['code_requested', 'downloaded', 'refused'] as const;
export type SecureLedgerAction = (typeof SECURE_LEDGER_ACTIONS)[number];
/** One row of a secure report's download ledger: who, when, what, from which address. */
export const secureLedgerEntry = z.object({
  id,
  at: isoDate,
  action: z.enum(SECURE_LEDGER_ACTIONS),
  admin_id: id,
  admin: z.string().describe("The admin's email"),
  address: z.string().nullable().describe('The client address of the request'),
  detail: z.string().nullable().describe('Why a download was refused'),
});
export type SecureLedgerEntry = z.infer<typeof secureLedgerEntry>;

/**
 * A report's file once Finished: its rows (the header not counted) and its size in bytes, so that the
 * data saver says how large a download is before it starts (issue 18). The reference server's
 * extension of both report shapes; absent from a backend that does not send them, and null until the
 * file is written.
 */
const reportFileSize = {
  rows: z.number().int().nonnegative().nullish(),
  bytes: z.number().int().nonnegative().nullish(),
};

export const reportRecord = z.object({
  createdAt: isoDate,
  createdBy: z.string(),
  description: z.string(),
  status: z.string(),
  position: z.number().int().nullable(),
  downloadUrl: nullableText,
  ...reportFileSize,
});
export type ReportRecord = z.infer<typeof reportRecord>;

export const queueReport = z.object({
  id,
  created_at: isoDate,
  description: z.string(),
  created_by: z.string(),
  status: z.string(),
  queue_position: z.number().int().nullable(),
  ...reportFileSize,
});
export type QueueReport = z.infer<typeof queueReport>;

export const paymentRun = z.object({
  id,
  ref: z.string(),
  created_at: isoDate,
  start_date: isoDate,
  end_date: isoDate,
  country: nullableText,
  campaign_name: nullableText,
  search: nullableText,
  username: z.string(),
  total: money,
  /** Ours: the currency of the total (ISO 4217); absent from backends that do not send it. */
  currency: currencyCode.optional(),
  events: z.number().int(),
  reference: z.string(),
});
export type PaymentRun = z.infer<typeof paymentRun>;

export const paymentRunDetailRow = z.object({
  country: z.string(),
  campaign_name: z.string(),
  agent: z.string(),
  msisdn: z.string(),
  download: nullableText,
  pretty_name: z.string(),
  cost: money,
});
export type PaymentRunDetailRow = z.infer<typeof paymentRunDetailRow>;

// The report rows of section 3 (event report rows, fraud events, retention events) are the grids'
// columns: each grid's row is read from its declaration in grids.ts (GridRow; the answer schema in gridRows.ts).
