// Agencies: the 15 country agencies of config/country-agencies.json (the only agencies a non-super
// admin may link users to, SPEC.md section 6; DESIGN.md keeps the list in configuration), three
// more that only a Super Admin sees, and each agency's campaign type settings.
import { readCountryAgencies } from '../../domain/agencies/countryAgencies';
import type { Database } from '../client';
import { agencies, agencyCampaignTypeConfigs } from '../schema';
import type { Random } from './random';
import { CAMPAIGN_TYPES, required, type ReferenceData, type SeededCampaignType, type SeededCountry } from './reference';
import { DAY_MS } from './units';

// The list lives with the server's access rules; the seed and its test read it from there.
export { COUNTRY_AGENCIES_FILE, COUNTRY_AGENCY_COUNT, readCountryAgencies, type CountryAgency } from '../../domain/agencies/countryAgencies';

/** Agencies outside the configured list: only a Super Admin can link users to them. One is inactive. */
const SUPER_ADMIN_ONLY_AGENCIES = [
  { name: 'Head Office Pilot Agency', country: 'GH', active: true },
  { name: 'Maputo Direct Sales', country: 'MZ', active: true },
  { name: 'Legacy Field Services Kenya', country: 'KE', active: false },
] as const;

export interface SeededAgency {
  id: number;
  name: string;
  country: SeededCountry;
  isCountryAgency: boolean;
  active: boolean;
  /** The campaign types the agency runs, each with its configuration row; the seed makes one campaign per type. */
  campaignTypes: Array<{ type: SeededCampaignType; configId: number }>;
}

const slug = (name: string) =>
  name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '');

export async function seedAgencies(
  db: Database,
  random: Random,
  ref: ReferenceData,
  options: { anchorMs: number; addedBy: number },
): Promise<SeededAgency[]> {
  const planned = [
    ...readCountryAgencies().map((a) => ({ ...a, active: true, isCountryAgency: true })),
    ...SUPER_ADMIN_ONLY_AGENCIES.map((a) => ({ ...a, isCountryAgency: false })),
  ].map((a) => ({ ...a, country: required(ref.countryByIso, a.country, `country of agency '${a.name}'`) }));

  const rows = await db
    .insert(agencies)
    .values(
      planned.map((a) => ({
        name: a.name, countryId: a.country.id, lokaliseKey: `agency.${slug(a.name)}`, addedBy: options.addedBy,
        activeFlag: a.active, updatedAt: new Date(options.anchorMs - random.int(30, 380) * DAY_MS),
      })),
    )
    .returning({ id: agencies.id, name: agencies.name });
  const agencyId = new Map(rows.map((row) => [row.name, row.id]));

  // Every agency runs customer acquisition plus one other type, in turn, so all four types occur.
  const [acquisition, ...others] = ref.campaignTypes;
  if (!acquisition || others.length === 0 || acquisition.name !== CAMPAIGN_TYPES[0]?.name) {
    throw new Error('seed: the catalogue needs customer acquisition first and at least one other campaign type');
  }
  const typesOf = planned.map((_, index) => [acquisition, others[index % others.length] as SeededCampaignType]);

  const configRows = await db
    .insert(agencyCampaignTypeConfigs)
    .values(
      planned.flatMap((a, index) =>
        (typesOf[index] ?? []).map((type) => ({
          agencyId: required(agencyId, a.name, 'agency'),
          campaignTypeId: type.id,
          inviteWindowDays: random.pick([7, 14, 30]),
          totalMaxInvitePerMsisdn: random.pick([1, 2, 3]),
          totalMaxInviteLimit: random.pick([50, 100, 200, 500]),
          inviteResetWindowDays: random.pick([1, 7]),
          nextReinvitationLapsePeriodDays: random.pick([30, 60, 90]),
          compensationEligibilityPeriodDays: random.pick([30, 60, 90]),
          totalMaxInviteLimitPeriodDays: random.pick([30, 90]),
          attributionWindowDays: random.pick([7, 14, 30]),
          autoFraudBlockFlag: random.chance(0.3),
        })),
      ),
    )
    .returning({
      id: agencyCampaignTypeConfigs.id,
      agencyId: agencyCampaignTypeConfigs.agencyId,
      campaignTypeId: agencyCampaignTypeConfigs.campaignTypeId,
    });
  const configId = new Map(configRows.map((row) => [`${row.agencyId}:${row.campaignTypeId}`, row.id]));

  return planned.map((a, index) => {
    const id = required(agencyId, a.name, 'agency');
    return {
      id, name: a.name, country: a.country, isCountryAgency: a.isCountryAgency, active: a.active,
      campaignTypes: (typesOf[index] ?? []).map((type) => ({
        type, configId: required(configId, `${id}:${type.id}`, 'agency campaign type config'),
      })),
    };
  });
}
