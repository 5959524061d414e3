// People: the demo accounts of DESIGN.md (one per sign-in outcome) and the field users, agents
// and gifters, each with one role and one role campaign.
import { sql, type SQL } from 'drizzle-orm';
import * as messages from '../../../contract/messages';
import { ROLE_TYPE_ID, STATUS_TYPE_ID, type StatusTypeName } from '../../../contract/roles';
import { toInternationalMsisdn } from '../../../contract/msisdn';
import { queryRows, type Database } from '../client';
import { adminAgencyLinks, userRoleCampaigns, userRoles, users } from '../schema';
import type { SeededAgency } from './agencies';
import { bulkInsert } from './bulk';
import type { SeededCampaign } from './campaigns';
import type { Random } from './random';
import { randomMsisdn, required, RETENTION_CAMPAIGN_TYPE } from './reference';
import { DAY_MS, isoDay, isoInstant } from './units';

export const DEMO_PASSWORD = 'Referral#2026';

type DemoKey = 'super' | 'agency' | 'campaign' | 'agent' | 'norole' | 'expired' | 'super2';
interface DemoPerson {
  key: DemoKey;
  username: string;
  firstName: string;
  lastName: string;
  /** What signing in with this account does, for the startup banner. */
  outcome: string;
}

const DEMO_PEOPLE: readonly DemoPerson[] = [
  { key: 'super', username: 'super@demo.test', firstName: 'Esi', lastName: 'Amankwah', outcome: 'Super Admin' },
  { key: 'agency', username: 'agency@demo.test', firstName: 'Kwesi', lastName: 'Ansah', outcome: 'Agency Admin of one agency' },
  { key: 'campaign', username: 'campaign@demo.test', firstName: 'Wanjiru', lastName: 'Kamau', outcome: 'Campaign Admin of one campaign' },
  { key: 'agent', username: 'agent@demo.test', firstName: 'Kofi', lastName: 'Mensah', outcome: 'refused: Agent' },
  { key: 'norole', username: 'norole@demo.test', firstName: 'Nadia', lastName: 'Nkosi', outcome: `refused: ${messages.noRoleCampaigns}` },
  { key: 'expired', username: 'expired@demo.test', firstName: 'Emeka', lastName: 'Obi', outcome: 'refused: Super Admin role ended 30 days ago' },
  // A second Super Admin: approves the payment runs super@demo.test makes above the approval limit (issue 33).
  { key: 'super2', username: 'super2@demo.test', firstName: 'Abena', lastName: 'Owusu', outcome: 'Super Admin (a second one, to approve payment runs)' },
];
const SUPER_ADMINS: readonly DemoKey[] = ['super', 'super2'];

export const DEMO_ACCOUNTS: Array<{ username: string; outcome: string }> = DEMO_PEOPLE.map(({ username, outcome }) => ({
  username,
  outcome,
}));

/** Campaign owners (`updated_by`): the demo admins and one colleague. */
export const CAMPAIGN_OWNERS: readonly string[] = [
  ...DEMO_PEOPLE.filter((p) => ['super', 'agency', 'campaign'].includes(p.key)).map((p) => `${p.firstName} ${p.lastName}`),
  'Jean-Paul Mbemba',
];

export type DemoUserIds = Record<DemoKey, number>;

/** The msisdns the demo accounts own, kept out of the generated ones. */
const SUPER_MSISDN = toInternationalMsisdn('0200000001', '233');
const DEMO_AGENT_MSISDN = toInternationalMsisdn('0240000004', '233');

/**
 * The demo accounts come first (ids 1 to 7 on a fresh database), before the agencies and
 * campaigns that record who added them; their roles follow once the campaigns exist.
 */
export async function seedDemoUsers(db: Database, options: { anchorMs: number; passwordHashes: readonly string[] }): Promise<DemoUserIds> {
  const joined = new Date(options.anchorMs - 400 * DAY_MS);
  const rows = await db
    .insert(users)
    .values(
      DEMO_PEOPLE.map((p, index) => ({
        username: p.username, email: p.username, firstName: p.firstName, lastName: p.lastName,
        passwordHash: options.passwordHashes[index] ?? null,
        msisdn: p.key === 'super' ? SUPER_MSISDN : p.key === 'agent' ? DEMO_AGENT_MSISDN : null,
        countryCode: 'GH', languageCode: 'en',
        // Only the Super Admins hold the legacy super flags; the expired account relies on its (ended) role.
        // The Agency and Campaign Admins have Secure Page access (issue 16). No other demo admin can
        // sign in, so an admin without it is made by the tests that need one.
        isSuper: SUPER_ADMINS.includes(p.key), unblacklist: SUPER_ADMINS.includes(p.key), securePage: [...SUPER_ADMINS, 'agency', 'campaign'].includes(p.key),
        createdAt: joined, updatedAt: joined,
      })),
    )
    .returning({ id: users.id, username: users.username });
  const ids = new Map(rows.map((row) => [row.username, row.id]));
  const idOf = (key: DemoKey) => {
    const person = DEMO_PEOPLE.find((p) => p.key === key);
    const id = person && ids.get(person.username);
    if (id === undefined) throw new Error(`seed: demo account '${key}' was not inserted`);
    return id;
  };
  return {
    super: idOf('super'), agency: idOf('agency'), campaign: idOf('campaign'), agent: idOf('agent'), norole: idOf('norole'), expired: idOf('expired'),
    super2: idOf('super2'),
  };
}

export interface DemoScope {
  /** The Agency Admin's agency: the first configured country agency. */
  agency: SeededAgency;
  /** The Campaign Admin's campaign: the first active campaign of a country agency in another agency. */
  campaign: SeededCampaign;
}

export async function seedDemoRoles(
  db: Database,
  options: { anchorMs: number; ids: DemoUserIds; agencies: SeededAgency[]; campaigns: SeededCampaign[] },
): Promise<DemoScope> {
  const { anchorMs, ids, agencies, campaigns } = options;
  const agency = agencies.find((a) => a.isCountryAgency && a.active);
  const agencyCampaigns = campaigns.filter((c) => c.agency === agency);
  const campaign = campaigns.find((c) => c.active && c.agency.isCountryAgency && c.agency !== agency);
  const firstCampaign = campaigns.find((c) => c.active);
  const agentCampaign = agencyCampaigns.find((c) => c.active) ?? agencyCampaigns[0];
  if (!agency || !campaign || !firstCampaign || !agentCampaign) throw new Error('seed: no agency or campaign for the demo accounts');

  const day = (offsetDays: number) => isoDay(anchorMs + offsetDays * DAY_MS);
  const current = { statusTypeId: STATUS_TYPE_ID.Active, roleStartDate: day(-365), roleEndDate: day(365), updatedAt: new Date(anchorMs - 365 * DAY_MS) };
  const roles: Array<{ userId: number; agencyId: number | null; roleTypeId: number; campaignIds: number[]; dates?: Partial<typeof current> }> = [
    { userId: ids.super, agencyId: null, roleTypeId: ROLE_TYPE_ID['Super Admin'], campaignIds: [firstCampaign.id] },
    { userId: ids.super2, agencyId: null, roleTypeId: ROLE_TYPE_ID['Super Admin'], campaignIds: [firstCampaign.id] },
    { userId: ids.agency, agencyId: agency.id, roleTypeId: ROLE_TYPE_ID['Agency Admin'], campaignIds: agencyCampaigns.map((c) => c.id) },
    { userId: ids.campaign, agencyId: campaign.agency.id, roleTypeId: ROLE_TYPE_ID['Campaign Admin'], campaignIds: [campaign.id] },
    { userId: ids.agent, agencyId: agentCampaign.agency.id, roleTypeId: ROLE_TYPE_ID.Agent, campaignIds: [agentCampaign.id] },
    {
      userId: ids.expired, agencyId: null, roleTypeId: ROLE_TYPE_ID['Super Admin'], campaignIds: [firstCampaign.id],
      dates: { roleStartDate: day(-400), roleEndDate: day(-30) },
    },
  ];
  // norole@demo.test has no role at all: the console refuses it with messages.noRoleCampaigns.
  for (const role of roles) {
    const [inserted] = await db
      .insert(userRoles)
      .values({ userId: role.userId, agencyId: role.agencyId, roleTypeId: role.roleTypeId, ...current, ...role.dates })
      .returning({ id: userRoles.id });
    if (!inserted) throw new Error('seed: a demo role was not inserted');
    await db.insert(userRoleCampaigns).values(role.campaignIds.map((campaignId) => ({ userRoleId: inserted.id, campaignId })));
  }

  await db.insert(adminAgencyLinks).values([
    ...agencies.flatMap((a) => [{ userId: ids.super, agencyId: a.id }, { userId: ids.super2, agencyId: a.id }]),
    { userId: ids.agency, agencyId: agency.id },
    { userId: ids.campaign, agencyId: campaign.agency.id },
    { userId: ids.expired, agencyId: agency.id },
  ]);
  return { agency, campaign };
}

// ---- field users ------------------------------------------------------------------------------

export interface FieldUser {
  id: number;
  msisdn: string;
  campaign: SeededCampaign;
  isGifter: boolean;
  status: StatusTypeName;
  /** Midnight UTC of role_start_date: the user earns nothing before it. */
  startMs: number;
  /** How much activity the user generates relative to the others; 0: none (never validated). */
  activity: number;
}

const AGENT_STATUSES: ReadonlyArray<readonly [StatusTypeName, number]> = [
  ['Active', 86], ['InActive', 5], ['Blacklisted', 3], ['Suspended', 3], ['Unvalidated', 3],
];
const GIFTER_STATUSES: ReadonlyArray<readonly [StatusTypeName, number]> = [['Active', 95], ['InActive', 5]];
/** Every GIFTER_EVERY-th field user is a gifter (5 %): retention events need gifters, not agents. */
const GIFTER_EVERY = 20;

export async function seedFieldUsers(
  db: Database,
  random: Random,
  options: { anchorMs: number; count: number; campaigns: SeededCampaign[]; addedBy: number },
): Promise<FieldUser[]> {
  const { anchorMs, campaigns } = options;
  // Active campaigns recruit more agents; gifters join retention campaigns.
  const pickAgentCampaign = random.weighted(campaigns, (c) => (c.active ? 3 : 1));
  const retention = campaigns.filter((c) => c.type.name === RETENTION_CAMPAIGN_TYPE && c.compensated.retention.length > 0);
  const pickGifterCampaign = retention.length > 0 ? random.weighted(retention, (c) => (c.active ? 3 : 1)) : pickAgentCampaign;
  const pickAgentStatus = random.weighted(AGENT_STATUSES, ([, weight]) => weight);
  const pickGifterStatus = random.weighted(GIFTER_STATUSES, ([, weight]) => weight);

  const taken = new Set([SUPER_MSISDN, DEMO_AGENT_MSISDN]);
  const planned = Array.from({ length: options.count }, (_, index) => {
    const isGifter = index % GIFTER_EVERY === GIFTER_EVERY - 1;
    const campaign = isGifter ? pickGifterCampaign() : pickAgentCampaign();
    const country = campaign.country;
    let msisdn = randomMsisdn(country, random);
    while (taken.has(msisdn)) msisdn = randomMsisdn(country, random);
    taken.add(msisdn);
    const [status] = isGifter ? pickGifterStatus() : pickAgentStatus();
    const daysLeft = Math.floor((anchorMs - campaign.startMs) / DAY_MS);
    const startMs = campaign.startMs + random.int(0, Math.max(0, Math.min(30, daysLeft - 7))) * DAY_MS;
    return {
      msisdn, campaign, isGifter, status, startMs,
      firstName: random.pick(country.names.first),
      lastName: random.pick(country.names.last),
      languageCode: random.chance(0.7) ? country.defaultLanguage : random.pick(country.languages).code,
      agentCode: isGifter ? null : `${country.iso}${String(index + 1).padStart(6, '0')}`,
      endMs: anchorMs + random.int(180, 720) * DAY_MS,
      joinedMs: startMs + random.int(7, 19) * 3_600_000,
      activity: status === 'Unvalidated' ? 0 : 0.2 + 4 * random.float() ** 2,
    };
  });

  // Field users sign in nowhere: no password, and the msisdn is their username.
  await bulkInsert(db, users, planned, [
    [users.username, (u) => u.msisdn],
    [users.msisdn, (u) => u.msisdn],
    [users.firstName, (u) => u.firstName],
    [users.lastName, (u) => u.lastName],
    [users.countryCode, (u) => u.campaign.country.iso],
    [users.languageCode, (u) => u.languageCode],
    [users.agentCode, (u) => u.agentCode],
    [users.isGifting, (u) => u.isGifter],
    [users.addedBy, () => options.addedBy],
    [users.createdAt, (u) => isoInstant(u.joinedMs)],
    [users.updatedAt, (u) => isoInstant(u.joinedMs)],
  ]);
  const userIds = await idsBy(db, sql`select id, msisdn as key from users where msisdn = any(${sql.param(planned.map((u) => u.msisdn))}::text[])`);
  const withIds = planned.map((u) => ({ ...u, id: required(userIds, u.msisdn, 'field user') }));

  await bulkInsert(db, userRoles, withIds, [
    [userRoles.userId, (u) => u.id],
    [userRoles.agencyId, (u) => u.campaign.agency.id],
    [userRoles.roleTypeId, (u) => (u.isGifter ? ROLE_TYPE_ID.Gifter : ROLE_TYPE_ID.Agent)],
    [userRoles.statusTypeId, (u) => STATUS_TYPE_ID[u.status]],
    [userRoles.roleStartDate, (u) => isoDay(u.startMs)],
    [userRoles.roleEndDate, (u) => isoDay(u.endMs)],
    [userRoles.updatedAt, (u) => isoInstant(u.joinedMs)],
  ]);
  const roleIds = await idsBy(db, sql`select id, user_id::text as key from user_roles where user_id = any(${sql.param(withIds.map((u) => u.id))}::int[])`);
  await bulkInsert(db, userRoleCampaigns, withIds, [
    [userRoleCampaigns.userRoleId, (u) => required(roleIds, String(u.id), 'role of field user')],
    [userRoleCampaigns.campaignId, (u) => u.campaign.id],
  ]);

  return withIds.map((u) => ({
    id: u.id, msisdn: u.msisdn, campaign: u.campaign, isGifter: u.isGifter, status: u.status, startMs: u.startMs, activity: u.activity,
  }));
}

async function idsBy(db: Database, query: SQL): Promise<Map<string, number>> {
  const rows = await queryRows<{ id: number; key: string }>(db, query);
  return new Map(rows.map((row) => [row.key, row.id]));
}
