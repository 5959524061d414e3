// Campaigns: one per campaign type an agency runs, each with 1 to 3 versions, its languages and
// a compensation config per event type on every version. Events are paid from the current
// (highest) version's configs, so the seed hands those back to the activity stage.
import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import { campaignLanguages, campaigns, campaignVersions, eventCompensationConfigs } from '../schema';
import type { SeededAgency } from './agencies';
import type { Random } from './random';
import {
  CURRENCIES, required, type EventKind, type ReferenceData, type SeededCampaignType, type SeededCountry,
  type SeededEventType,
} from './reference';
import { DAY_MS, decimal, isoDay } from './units';

export interface CompensatedEvent {
  eventType: SeededEventType;
  /** What one event earns, in minor units; 0 means tracked but unpaid. */
  pay: number;
}

export interface SeededCampaign {
  id: number;
  name: string;
  agency: SeededAgency;
  country: SeededCountry;
  type: SeededCampaignType;
  active: boolean;
  /** Midnight UTC of campaign_start_date. */
  startMs: number;
  /** The current version's configs by kind of event. */
  compensated: Record<EventKind, CompensatedEvent[]>;
}

const MAX_VERSIONS = 3;

/** A compensation value in minor units: whole units for currencies without minor units, else a multiple of 0.05. */
function compensationValue(eventType: SeededEventType, country: SeededCountry, version: number): number {
  const minorUnits = CURRENCIES.find((c) => c.code === country.currency)?.minorUnits ?? 2;
  const step = minorUnits === 0 ? 100 : 5;
  const raw = (eventType.basePay * country.payScale * (10 + version - 1)) / 10; // +10 % per version
  return Math.round(raw / step) * step;
}

export async function seedCampaigns(
  db: Database,
  random: Random,
  ref: ReferenceData,
  options: { anchorMs: number; agencies: SeededAgency[]; owners: readonly string[] },
): Promise<SeededCampaign[]> {
  const { anchorMs } = options;
  let sequence = 0;
  const planned = options.agencies.flatMap((agency) =>
    agency.campaignTypes.map(({ type, configId }, typeIndex) => {
      sequence += 1;
      // An agency's first campaign ran all year, so every month of the reports has events.
      const startMs = anchorMs - (typeIndex === 0 ? random.int(335, 364) : random.int(60, 300)) * DAY_MS;
      return {
        agency, type, configId, startMs,
        name: `${type.label} ${agency.country.iso}-${String(sequence).padStart(2, '0')}`,
        active: agency.active && !random.chance(0.1),
        owner: random.pick(options.owners),
        versions: random.int(1, MAX_VERSIONS),
        maxAgentBase: random.pick([200, 300, 500, 800]),
        budgetThousands: random.pick([15, 20, 25, 30, 40]),
        remunerationTypeId: random.pick(ref.remunerationTypeIds.slice(0, 2)),
        languages: agency.country.languages.filter((l, index) => index === 0 || random.chance(0.6)).map((l) => l.code),
        updatedMs: startMs + random.int(0, Math.floor((anchorMs - startMs) / DAY_MS) - 1) * DAY_MS + 9 * 3_600_000,
      };
    }),
  );

  const campaignRows = await db
    .insert(campaigns)
    .values(
      planned.map((c) => ({
        name: c.name, activeFlag: c.active, agencyCampaignTypeConfigId: c.configId, agencyId: c.agency.id,
        countryCode: c.agency.country.iso, updatedBy: c.owner, campaignStartDate: isoDay(c.startMs),
        budgetSpendAmount: '0.00', currencyCode: c.agency.country.currency, updatedAt: new Date(c.updatedMs),
      })),
    )
    .returning({ id: campaigns.id, name: campaigns.name });
  const campaignId = new Map(campaignRows.map((row) => [row.name, row.id]));
  const withIds = planned.map((c) => ({ ...c, id: required(campaignId, c.name, 'campaign') }));

  await db.insert(campaignLanguages).values(
    withIds.flatMap((c) => c.languages.map((languageCode) => ({ campaignId: c.id, languageCode }))),
  );

  // Versions are spread over the campaign's life: version 1 on the start day, later ones after it.
  const versionRows = await db
    .insert(campaignVersions)
    .values(
      withIds.flatMap((c) =>
        Array.from({ length: c.versions }, (_, index) => ({
          campaignId: c.id,
          version: index + 1,
          maxAgentCount: c.maxAgentBase + index * (c.maxAgentBase / 2),
          budgetAllocatedAmount: decimal((c.budgetThousands + index * 5) * 1000 * c.agency.country.payScale * 100),
          currencyCode: c.agency.country.currency,
          updatedBy: c.owner,
          createdAt: new Date(c.startMs + Math.floor(((anchorMs - c.startMs) * index) / c.versions / DAY_MS) * DAY_MS + 8 * 3_600_000),
        })),
      ),
    )
    .returning({ id: campaignVersions.id, campaignId: campaignVersions.campaignId, version: campaignVersions.version });
  const versionId = new Map(versionRows.map((row) => [`${row.campaignId}:${row.version}`, row.id]));

  const configs = withIds.flatMap((c) =>
    Array.from({ length: c.versions }, (_, index) => index + 1).flatMap((version) =>
      c.type.eventKeys.map((key) => {
        const eventType = required(ref.eventTypeByKey, key, 'event type');
        return {
          campaign: c, version, eventType,
          pay: compensationValue(eventType, c.agency.country, version),
          // Gifts are paid in airtime; agent events the way the campaign pays its agents.
          remunerationTypeId: eventType.kind === 'retention' ? (ref.remunerationTypeIds[1] as number) : c.remunerationTypeId,
        };
      }),
    ),
  );
  await db.insert(eventCompensationConfigs).values(
    configs.map((cfg) => ({
      campaignId: cfg.campaign.id,
      campaignVersionId: required(versionId, `${cfg.campaign.id}:${cfg.version}`, 'campaign version'),
      eventTypeId: cfg.eventType.id,
      remunerationTypeId: cfg.remunerationTypeId,
      compensationEarningEventDay: cfg.eventType.earningDay,
      compensationEarningEventValue: decimal(cfg.pay),
      currencyCode: cfg.campaign.agency.country.currency,
    })),
  );

  return withIds.map((c) => {
    const current = configs.filter((cfg) => cfg.campaign === c && cfg.version === c.versions);
    const ofKind = (kind: EventKind) =>
      current.filter((cfg) => cfg.eventType.kind === kind).map((cfg) => ({ eventType: cfg.eventType, pay: cfg.pay }));
    return {
      id: c.id, name: c.name, agency: c.agency, country: c.agency.country, type: c.type, active: c.active,
      startMs: c.startMs, compensated: { agent: ofKind('agent'), retention: ofKind('retention') },
    };
  });
}

/**
 * After the events: a campaign's budget spent is what its events earned (paid or still due), and
 * its current version's budget is raised, in round thousands, where the generated activity
 * outgrew it, so no demo campaign is over budget.
 */
export async function settleCampaignBudgets(db: Database): Promise<void> {
  await db.execute(sql`
    update campaigns c set budget_spend_amount = s.spent
    from (select campaign_id, sum(pay) as spent from events group by campaign_id) s
    where s.campaign_id = c.id`);
  await db.execute(sql`
    update campaign_versions v set budget_allocated_amount = ceil(c.budget_spend_amount * 1.25 / 1000) * 1000
    from campaigns c
    where c.id = v.campaign_id
      and v.version = (select max(version) from campaign_versions w where w.campaign_id = v.campaign_id)
      and v.budget_allocated_amount < c.budget_spend_amount`);
}
