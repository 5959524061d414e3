// Campaign choices (GET /admin/campaigns) for screens that filter or link by campaign.
import type { CampaignChoice } from '../../contract/api';

export const campaignChoices: CampaignChoice[] = [
  { id: 5, campaign_name: 'Agent Referral GH-01', country_code: 'GH' },
  { id: 6, campaign_name: 'Agent Referral KE-01', country_code: 'KE' },
];
