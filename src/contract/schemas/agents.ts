// Agents and users on the new user backend (issue 13): their forms, queries and requests.
import { z } from 'zod';
import { AGENT_MSISDN_MORE_THAN_DIGITS, TEXT_MAX } from '../constants';
import { ROLE_TYPE_ID, STATUS_TYPE_ID, STATUS_TYPES, type StatusTypeName } from '../roles';
import * as messages from '../messages';
import { tooLong } from '../messages';
import { anId, atMost, countryCodeParam, idList, languageCode, queryFlag, requestDate, required, storableId, strongPassword, text, updatedAt } from './fields';
import { username } from './signIn';
import { type FieldErrors } from './fieldErrors';
import { pageQuery } from './lists';

/** An agent's msisdn as an admin types it: the national number, starting with 0, more than 8 digits. */
export const agentMsisdn = text(messages.msisdnMustStartWithZero)
  .trim()
  .max(...atMost('msisdn', 'Mobile Number'))
  .regex(/^\d*$/, { error: messages.msisdnMustStartWithZero })
  .refine((value) => value.startsWith('0'), { error: messages.msisdnMustStartWithZero })
  .refine((value) => value.length > AGENT_MSISDN_MORE_THAN_DIGITS, { error: messages.agentMsisdnTooShort });

/** A role's start or end date as requests carry it (DD-MMM-YYYY), read as an ISO date. */
const roleDate = (message: string, label: string) => requestDate(message, label);
const endNotBeforeStart = <T extends { role_start_date?: string; role_end_date?: string }>(form: T) =>
  !form.role_start_date || !form.role_end_date || form.role_end_date >= form.role_start_date;

/**
 * Add agent (SPEC.md section 5), the body of POST api/v1/agents/ (ours: the user, its role and its
 * role campaign in one transaction). Every field is required; the msisdn is national (0...), and
 * the server stores it in international form with the agency's country dialing code.
 */
export const addAgentForm = z
  .object({
    first_name: required(messages.firstNameRequired, 'personName', 'First name'),
    last_name: required(messages.lastnameRequired, 'personName', 'Last name'),
    username,
    password: strongPassword,
    msisdn: agentMsisdn,
    agency_id: anId(messages.agencyNotSelected),
    campaign_id: anId(messages.campaignNotSelected),
    role_start_date: roleDate(messages.startDateNotSelected, 'Start date'),
    role_end_date: roleDate(messages.endDateNotSelected, 'End date'),
    language_code: languageCode.optional().describe("The agent's language; the country's own when left out"),
  })
  .refine(endNotBeforeStart, { path: ['role_end_date'], error: messages.endBeforeStart });

/** An agent's msisdn is valid for a status change: digits only, more than 8 of them (national or international). */
export const isValidAgentMsisdn = (msisdn: string): boolean =>
  new RegExp(`^\\d{${AGENT_MSISDN_MORE_THAN_DIGITS + 1},${TEXT_MAX.msisdn + TEXT_MAX.dialingCode}}$`).test(msisdn);

/**
 * Edit agent (section 5), the body of PATCH api/v1/agents/{id}/ (ours, one transaction): first
 * name, second name and msisdn must not be empty; the status, agency and campaign are optional.
 * A status change counts only with a valid msisdn (agentEditProblem).
 */
export const editAgentForm = z.object({
  first_name: required(messages.firstNameRequired, 'personName', 'First name'),
  last_name: required(messages.secondNameRequired, 'personName', 'Second name'),
  msisdn: text(messages.msisdnRequired).trim().min(1, { error: messages.msisdnRequired })
    .max(TEXT_MAX.msisdn + TEXT_MAX.dialingCode, { error: tooLong('Mobile Number', TEXT_MAX.msisdn + TEXT_MAX.dialingCode) }),
  status_type: storableId('status_type').optional(),
  agency_id: storableId('agency_id').optional(),
  campaign: storableId('campaign').optional(),
  updated_at: updatedAt,
});

/** What an agent edit changes, and what it needs, before it is sent and again on the server. */
export function agentEditProblem(
  before: { msisdn: string | null; status_type_id: number },
  form: { msisdn: string; status_type?: number },
): FieldErrors | null {
  const msisdnChanged = form.msisdn !== (before.msisdn ?? '');
  if (msisdnChanged && !isValidAgentMsisdn(form.msisdn)) return { msisdn: [messages.agentMsisdnInvalid] };
  const statusChanged = form.status_type !== undefined && form.status_type !== before.status_type_id;
  if (statusChanged && !isValidAgentMsisdn(form.msisdn)) return { status_type: [messages.statusNeedsValidMsisdn] };
  return null;
}

/** A comma list of status names as the query carries them ('Active,Suspended'), any case. */
const statusNames = z
  .string()
  .trim()
  .transform((list, ctx) => {
    const names = list.split(',').map((name) => name.trim()).filter(Boolean);
    const known = names.map((name) => STATUS_TYPES.find((status) => status.toLowerCase() === name.toLowerCase()));
    if (names.length === 0 || known.some((status) => status === undefined)) {
      ctx.addIssue({ code: 'custom', message: `status_types must be status names separated by commas: ${STATUS_TYPES.join(', ')}` });
    }
    return known.filter((status): status is StatusTypeName => status !== undefined);
  });

/**
 * GET api/v1/user-role-campaigns/: field users' role campaigns (role_type_id 2, agents, or 5,
 * gifters), narrowed to campaigns, an agency, statuses; searched by name, username or msisdn.
 * Blacklisted agents only with `blacklisted=true` and `bq` (agents with fraud events) are a
 * Super Admin's only.
 */
export const agentQuery = pageQuery.extend({
  role_type_id: storableId('role_type_id')
    .refine((id) => id === ROLE_TYPE_ID.Agent || id === ROLE_TYPE_ID.Gifter, { error: `role_type_id must be ${ROLE_TYPE_ID.Agent} (Agent) or ${ROLE_TYPE_ID.Gifter} (Gifter)` })
    .default(ROLE_TYPE_ID.Agent),
  campaign_ids: idList('campaign_ids').optional(),
  agency_id: storableId('agency_id').optional(),
  status_types: statusNames.optional(),
  blacklisted: queryFlag('blacklisted').optional(),
  bq: queryFlag('bq').optional(),
});

/** GET api/v1/users/?msisdn=: the international form, or the national one (0...) with the country's ISO code. */
export const userQuery = pageQuery.extend({
  msisdn: z.string().trim().regex(/^\d{1,30}$/, { error: 'msisdn must be digits' }).optional(),
  country_code: countryCodeParam('country_code').optional(),
});

/** POST api/v1/users/ (SPEC.md section 7): the user's names and credentials nested under `user`. */
export const newUserRequest = z.object({
  user: z.object(
    {
      password: strongPassword,
      username,
      first_name: required(messages.firstNameRequired, 'personName', 'First name'),
      last_name: required(messages.lastnameRequired, 'personName', 'Last name'),
    },
    { error: 'user must hold password, username, first_name and last_name' },
  ),
  country_code: countryCodeParam('country_code'),
  language_code: languageCode.optional(),
  msisdn: agentMsisdn,
  added_by: z.number().int().optional().describe('Ignored: the server records the signed-in caller'),
});

/** PATCH api/v1/users/{id}/: the msisdn and the names (each optional). */
export const userPatchRequest = z.object({
  msisdn: editAgentForm.shape.msisdn.optional(),
  user: z
    .object({ first_name: editAgentForm.shape.first_name.optional(), last_name: editAgentForm.shape.last_name.optional() }, { error: 'user must be an object' })
    .optional(),
  updated_at: updatedAt,
});

/** POST api/v1/user-roles/: a role of a user in an agency, Active (status 1) unless said otherwise. */
export const userRoleRequest = z
  .object({
    agency_id: storableId('agency_id'),
    role_start_date: roleDate(messages.startDateNotSelected, 'Start date'),
    role_end_date: roleDate(messages.endDateNotSelected, 'End date'),
    role_type: storableId('role_type'),
    user: storableId('user'),
    status_type: storableId('status_type').default(STATUS_TYPE_ID.Active),
  })
  .refine(endNotBeforeStart, { path: ['role_end_date'], error: messages.endBeforeStart });

/** PATCH api/v1/user-roles/{id}/: the agency and the status; ours: the end date, to end a role. */
export const userRolePatchRequest = z.object({
  agency_id: storableId('agency_id').optional(),
  status_type: storableId('status_type').optional(),
  role_end_date: roleDate(messages.endDateNotSelected, 'End date').optional(),
  updated_at: updatedAt,
});

/** GET api/v1/user-roles/?user_ids=1,2,3 */
export const userRoleQuery = pageQuery.extend({ user_ids: idList('user_ids') });

/** POST api/v1/user-role-campaigns/: a role's campaign. */
export const userRoleCampaignRequest = z.object({ campaign: storableId('campaign'), user_role: storableId('user_role') });

/** PATCH api/v1/user-role-campaigns/{id}/: moves the role campaign to another campaign of the role's agency. */
export const userRoleCampaignPatchRequest = z.object({ campaign: storableId('campaign'), updated_at: updatedAt });

/** GET /service/invites/?agent_id=: an agent's invites, newest first. */
export const inviteQuery = pageQuery.extend({ agent_id: storableId('agent_id') });
