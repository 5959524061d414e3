import { describe, expect, it } from 'vitest';
import type { RoleCampaignLike } from './roles';
import { devicesSignedOut, holdsSessionRole } from './sessions';

const now = new Date('2026-11-27T12:00:00Z');
const roleCampaign = (role_type: string, status: string, role_end_date: string | null = '2027-11-01'): RoleCampaignLike => ({
  campaign: 1,
  user_role: { agency_id: 1, role_type, status_type: { id: 1, name: status }, role_start_date: '2026-01-01', role_end_date },
});

describe('holdsSessionRole', () => {
  it('holds while a valid role of the session role type remains', () => {
    expect(holdsSessionRole('Agency Admin', [roleCampaign('Agency Admin', 'Active')], now)).toBe(true);
    expect(holdsSessionRole('Agency Admin', [roleCampaign('Agency Admin', 'Suspended'), roleCampaign('Agency Admin', 'Active')], now)).toBe(true);
  });

  it('ends with the last valid role of that type: suspended, InActive, past its end date, or none', () => {
    expect(holdsSessionRole('Agency Admin', [roleCampaign('Agency Admin', 'Suspended')], now)).toBe(false);
    expect(holdsSessionRole('Agency Admin', [roleCampaign('Agency Admin', 'InActive')], now)).toBe(false);
    expect(holdsSessionRole('Agency Admin', [roleCampaign('Agency Admin', 'Active', '2026-11-26')], now)).toBe(false);
    expect(holdsSessionRole('Agency Admin', [], now)).toBe(false);
    // The end date's own day still counts.
    expect(holdsSessionRole('Agency Admin', [roleCampaign('Agency Admin', 'Active', '2026-11-27')], now)).toBe(true);
  });

  it("another role type's valid role does not keep the session: a Super Admin session needs a Super Admin role", () => {
    const roles = [roleCampaign('Super Admin', 'Suspended'), roleCampaign('Agency Admin', 'Active')];
    expect(holdsSessionRole('Super Admin', roles, now)).toBe(false);
    expect(holdsSessionRole('Agency Admin', roles, now)).toBe(true);
  });
});

describe('devicesSignedOut', () => {
  it('counts in words', () => {
    expect([0, 1, 3].map(devicesSignedOut)).toEqual(['No device was signed in to sign out.', '1 device signed out.', '3 devices signed out.']);
  });
});
