// Agents, their statuses and invites as the new user and service backends answer them, for the tests.
import type { StatusTypesResponse } from '../../contract/api';
import type { AgentRoleCampaign, Agency, Campaign, Invite } from '../../contract/entities';
import { STATUS_TYPE_ID, STATUS_TYPES, type StatusTypeName } from '../../contract/roles';
import { ghanaAgency, ghanaCampaign } from './agencies';
import { pageOf } from './fakeBackend';

/** GET api/v1/status-types */
export const statusTypes: StatusTypesResponse = pageOf(STATUS_TYPES.map((name) => ({ id: STATUS_TYPE_ID[name], name })));

/** An agent of the Ghana agency's campaign; each one a role campaign, its role and its user. */
export function agentRow(
  id: number,
  first_name: string,
  last_name: string,
  status: StatusTypeName = 'Active',
  overrides: Partial<AgentRoleCampaign> = {},
): AgentRoleCampaign {
  return {
    id,
    campaign: ghanaCampaign.id,
    campaign_name: ghanaCampaign.name,
    agency_name: ghanaAgency.agency_name,
    updated_at: '2026-11-01T09:30:00.000Z',
    user_role: {
      id: 100 + id,
      agency_id: ghanaAgency.id,
      role_type: 'Agent',
      status_type: { id: STATUS_TYPE_ID[status], name: status },
      role_start_date: '2026-11-05',
      role_end_date: '2027-11-04',
      updated_at: '2026-11-01T09:30:00.000Z',
      user: {
        id: 500 + id,
        msisdn: `23324123${String(4500 + id)}`,
        username: `${first_name.toLowerCase()}.${last_name.toLowerCase()}`,
        first_name,
        last_name,
        country_code: 'GH',
        language_code: 'en',
        is_gifting: false,
        added_by: 1,
        updated_at: '2026-11-01T09:30:00.000Z',
      },
    },
    ...overrides,
  };
}

/** One agent of each status. */
export const agents: AgentRoleCampaign[] = [
  agentRow(1, 'Kofi', 'Boateng', 'Active'),
  agentRow(2, 'Ama', 'Owusu', 'InActive'),
  agentRow(3, 'Yaw', 'Mensah', 'Blacklisted'),
  agentRow(4, 'Esi', 'Asante', 'Suspended'),
  agentRow(5, 'Kwame', 'Darko', 'Unvalidated'),
  agentRow(6, 'Abena', 'Frimpong', 'Fraud Blocked'),
];

/** The Congo agency: its numbers keep their 0 after the dialing code (242). */
export const congoAgency: Agency = {
  ...ghanaAgency,
  id: 5,
  agency_name: 'Congo Field Agency',
  country: { country_name: 'Congo', country_dialing_code: '242', currency: { currency_code: 'XAF' }, language: { language_name: 'French' } },
};

export const congoCampaign: Campaign = {
  ...ghanaCampaign,
  id: 13,
  name: 'Agent Referral CG-01',
  country_code: 'CG',
  extra_data: { agency: { id: congoAgency.id, agency_name: congoAgency.agency_name, country: 'CG' }, campaign_type: 'Agent Referral' },
};

/** `count` invites, newest first, a minute apart from 05-Nov-2026 10:30 UTC. */
export function invites(count: number): Invite[] {
  return Array.from({ length: count }, (_, index) => ({
    invite_datetime: new Date(Date.UTC(2026, 10, 5, 10, 30 - index)).toISOString(),
    recipient_msisdn: `2332000000${String(index).padStart(2, '0')}`,
    extra_data: { agency_name: ghanaAgency.agency_name, campaign_name: ghanaCampaign.name },
  }));
}
