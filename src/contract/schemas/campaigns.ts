// The legacy admin backend's reference data (issue 4): agencies, campaigns, their versions,
// languages and compensations.
import { z } from 'zod';
import { TEXT_MAX, MAX_AGENT_COUNT } from '../constants';
import * as messages from '../messages';
import { atMost, countryCodeParam, idList, languageCode, moneyAmount, queryFlag, required, storableId, updatedAt } from './fields';
import { pageQuery } from './lists';

/**
 * GET /service/agencies/: a page of the agencies the caller sees, filtered by their country's
 * dialling code or ISO code (`code`) and by a part of their name; `active_flag=false` gives the
 * inactive ones (the list's 'Inactive' link), `ordering=-updated_at` the recently modified.
 */
export const agencyQuery = pageQuery.extend({
  country_dialing_code: z.string().trim().regex(/^\+?[\d.]{1,8}$/, { error: 'country_dialing_code must be a dialling code, e.g. 233' }).optional(),
  code: countryCodeParam('code').optional(),
  name: z.string().trim().max(...atMost('search', 'name')).optional(),
  active_flag: queryFlag('active_flag').optional(),
});

/**
 * GET /service/campaigns/: a page of the campaigns the caller sees, narrowed to an agency, to
 * agencies or to campaign ids, to a country's campaign code, or to the active or inactive ones.
 */
export const campaignQuery = pageQuery.extend({
  agency_id: storableId('agency_id').optional(),
  agency_ids: idList('agency_ids').optional(),
  ids: idList('ids').optional(),
  country_code: countryCodeParam('country_code').optional(),
  active_flag: queryFlag('active_flag').optional(),
});

/** The lists of a campaign's parts: ?campaign= (every campaign the caller sees without it). */
export const campaignPartQuery = pageQuery.extend({ campaign: storableId('campaign').optional() });

/** POST /service/campaign-languages/: a language code of 2 to 5 characters, for a campaign. */
export const campaignLanguageForm = z.object({
  language_code: z.string({ error: messages.languageCodeLength }).pipe(languageCode),
  campaign: storableId('campaign'),
});

/** Who changed it: the server records the signed-in caller, whatever this says. */
const updatedBy = z.string({ error: 'updated_by must be text' }).max(TEXT_MAX.email, { error: 'updated_by must be text' }).optional()
  .describe('Ignored: the server records the signed-in caller');

/**
 * PUT /service/campaigns/{id}/: the name and, for a Super Admin, the active flag. The budget and
 * the campaign type's settings are read-only (SPEC.md section 9): no call writes them.
 */
export const campaignForm = z.object({
  name: required(messages.campaignNameRequired, 'campaignName', 'Campaign name'),
  active_flag: z.boolean({ error: 'active_flag must be true or false' }).optional(),
  updated_by: updatedBy,
  updated_at: updatedAt,
});

/** PUT /service/campaign-versions/{id}/: the max agent count of a campaign's version. */
export const campaignVersionForm = z.object({
  max_agent_count: z
    .number({ error: messages.maxAgentCountInvalid })
    .int({ error: messages.maxAgentCountInvalid })
    .min(0, { error: messages.maxAgentCountInvalid })
    .max(MAX_AGENT_COUNT, { error: messages.maxAgentCountInvalid }),
  campaign: storableId('campaign'),
  updated_by: updatedBy,
});

/** The compensation an event earns in a campaign version (POST and PUT .../compensation-earning-event-configs/). */
export const compensationForm = z.object({
  compensation_earning_event_value: moneyAmount,
  compensation_earning_event_day: z
    .number({ error: messages.compensationDayInvalid })
    .int({ error: messages.compensationDayInvalid })
    .min(0, { error: messages.compensationDayInvalid })
    .max(3650, { error: messages.compensationDayInvalid }),
  campaign: storableId('campaign'),
  campaign_version: storableId('campaign_version'),
  event_type: storableId('event_type'),
  remuneration_type: storableId('remuneration_type'),
});

/** GET .../compensation-earning-event-configs/?campaign_version= */
export const compensationQuery = pageQuery.extend({ campaign_version: storableId('campaign_version').optional() });

/** GET /service/agency-campaign-type-configs/?agency= */
export const agencyConfigQuery = pageQuery.extend({ agency: storableId('agency').optional() });
