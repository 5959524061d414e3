// A campaign type's settings for an agency (SPEC.md section 2, AGENCY CAMPAIGN DETAILS): every
// limit, read-only on every call (section 9). Shown on a campaign's and on an agency's screen.
import type { AgencyCampaignTypeConfig } from '../../contract/entities';
import { Facts } from './Facts';

/** The settings in the order and words of the specification. */
export const CAMPAIGN_SETTINGS: Array<{ label: string; value(config: AgencyCampaignTypeConfig): string }> = [
  { label: 'Compensation type', value: (c) => c.campaign_type.compensation_type.compensation_type_name },
  { label: 'Total max invites per MSISDN', value: (c) => String(c.total_max_invite_per_msisdn) },
  { label: 'Total max invite limit', value: (c) => String(c.total_max_invite_limit) },
  { label: 'Invite window days', value: (c) => String(c.invite_window_days) },
  { label: 'Invite reset window days', value: (c) => String(c.invite_reset_window_days) },
  { label: 'Next reinvitation lapse period days', value: (c) => String(c.next_reinvitation_lapse_period_days) },
  { label: 'Total max invite limit period days', value: (c) => String(c.total_max_invite_limit_period_days) },
  { label: 'Attribution window days', value: (c) => String(c.attribution_window_days) },
  { label: 'Compensation eligibility period days', value: (c) => String(c.compensation_eligibility_period_days) },
  { label: 'Automatic blacklisting', value: (c) => (c.auto_fraud_block_flag ? 'Yes' : 'No') },
];

/** The settings as read-only labels and values. */
export const CampaignSettings = ({ config }: { config: AgencyCampaignTypeConfig }) => (
  <Facts label={`${config.campaign_type.campaign_type_name} settings`} facts={CAMPAIGN_SETTINGS.map((setting) => [setting.label, setting.value(config)] as const)} />
);
