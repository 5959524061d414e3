// The demo data: a deterministic year of a multi-country referral programme, loaded on the first
// demo start. Same options, same rows (ids and values) on every fresh database: all randomness
// comes from seeded streams (random.ts) and every date counts back from `anchorDate`, never from
// the clock. The caller runs ensureReferenceData (role and status types) first.
//
// Stages, in insert order (each file holds one concern):
//   reference.ts  languages, currencies, countries, event/campaign/compensation/remuneration types
//   people.ts     demo accounts (before agencies, which record who added them), later their roles
//   agencies.ts   the 15 configured country agencies + 3 super-admin-only ones, campaign type configs
//   campaigns.ts  campaigns, versions, languages, compensation configs
//   people.ts     agents and gifters with their roles
//   activity.ts   events, payments and payment runs, invites, fraud and retention events
// bulk.ts writes the big tables (unnest inserts) and checks the foreign keys once at the end.
import { sql } from 'drizzle-orm';
import { hashPassword } from '../../auth/passwords';
import type { Database } from '../client';
import { ActivitySeeder } from './activity';
import { checkForeignKeys, deferForeignKeyChecks, rebuildFraudFlags, rebuildGroupedPeriods, rebuildDaySummaries, rebuildInviteConversions } from './bulk';
import { seedAgencies } from './agencies';
import { seedCampaigns, settleCampaignBudgets } from './campaigns';
import { seedPaymentRunHistory, seedWhitelists } from './history';
import { CAMPAIGN_OWNERS, DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoRoles, seedDemoUsers, seedFieldUsers } from './people';
import { randomFor } from './random';
import { describeReference, seedReferenceData } from './reference';
import { parseAnchorDate } from './units';

export { DEMO_ACCOUNTS, DEMO_PASSWORD };

export interface SeedOptions {
  /** Field users: agents, of which every 20th is a gifter instead. */
  agents: number;
  /** Agent events over the 365 days before the anchor. */
  events: number;
  /** YYYY-MM-DD: 'today' of the data (midnight UTC). */
  anchorDate: string;
  log?: (line: string) => void;
}

export interface SeedSummary {
  countries: number;
  agencies: number;
  campaigns: number;
  agents: number;
  events: number;
  invites: number;
  payments: number;
  paymentRuns: number;
  fraudEvents: number;
  retentionEvents: number;
  ms: number;
}

function checkCount(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`seed: ${name} must be a whole number of 0 or more, got ${value}`);
}

export async function seedDemoData(db: Database, options: SeedOptions): Promise<SeedSummary> {
  const startedAt = performance.now();
  const anchorMs = parseAnchorDate(options.anchorDate);
  checkCount('agents', options.agents);
  checkCount('events', options.events);
  const log = options.log ?? (() => undefined);

  /** Runs one stage and logs one line: what it wrote and how long it took. */
  const stage = async <T>(name: string, run: () => Promise<T>, describe: (result: T) => string): Promise<T> => {
    const stageStart = performance.now();
    const result = await run();
    log(`seed: ${name}: ${describe(result)} in ${Math.round(performance.now() - stageStart)} ms`);
    return result;
  };

  // scrypt is slow by design: hash before the transaction opens, in parallel.
  const passwordHashes = await stage(
    'demo passwords',
    () => Promise.all(DEMO_ACCOUNTS.map(() => hashPassword(DEMO_PASSWORD))),
    (hashes) => `${hashes.length} hashed`,
  );

  // One transaction: a crash or a failed stage leaves no half-loaded demo, so the next start seeds again.
  const summary = await db.transaction(async (tx) => {
    const foreignKeysDeferred = await deferForeignKeyChecks(tx);
    const ref = await stage('reference data', () => seedReferenceData(tx, anchorMs), describeReference);
    const demoIds = await stage('demo accounts', () => seedDemoUsers(tx, { anchorMs, passwordHashes }), (ids) => `${Object.keys(ids).length} users`);
    const agencies = await stage(
      'agencies',
      () => seedAgencies(tx, randomFor('agencies'), ref, { anchorMs, addedBy: demoIds.super }),
      (list) => `${list.length} (${list.filter((a) => a.isCountryAgency).length} country agencies)`,
    );
    const campaigns = await stage(
      'campaigns',
      () => seedCampaigns(tx, randomFor('campaigns'), ref, { anchorMs, agencies, owners: CAMPAIGN_OWNERS }),
      (list) => `${list.length} with versions, languages and compensation configs`,
    );
    await stage(
      'demo roles',
      () => seedDemoRoles(tx, { anchorMs, ids: demoIds, agencies, campaigns }),
      (scope) => `Agency Admin of '${scope.agency.name}', Campaign Admin of '${scope.campaign.name}'`,
    );
    const fieldUsers = await stage(
      'agents',
      () => seedFieldUsers(tx, randomFor('agents'), { anchorMs, count: options.agents, campaigns, addedBy: demoIds.super }),
      (list) => `${list.length} (${list.filter((u) => u.isGifter).length} gifters)`,
    );

    const activity = new ActivitySeeder(tx, randomFor('activity'), anchorMs);
    const generated = await stage('events', () => activity.events(fieldUsers, options.events), (rows) => `${rows.length}`);
    const paid = await stage(
      'payments',
      () => activity.paymentsAndRuns(demoIds.super),
      (counts) => `${counts.payments} in ${counts.paymentRuns} payment runs`,
    );
    await stage('whitelists', () => seedWhitelists(tx, { anchorMs, addedBy: demoIds.super }), (n) => `${n} entries, each in the audit trail`);
    await stage('payment runs in the audit trail', () => seedPaymentRunHistory(tx), (n) => `${n} entries`);
    const invites = await stage('invites', () => activity.invites(fieldUsers, generated), String);
    const fraudEvents = await stage('fraud events', () => activity.fraudEvents(fieldUsers, generated), String);
    const retentionEvents = await stage('retention events', () => activity.retentionEvents(fieldUsers, generated.length), String);
    await stage('budgets', () => settleCampaignBudgets(tx), () => 'campaign budget spent from events');
    if (foreignKeysDeferred) {
      // The triggers that keep them were off with the foreign keys' (the seed writes events and payments
      // after the migrations). Conversions are marked while they are still off (the summaries' update
      // triggers would sum every marked invite only to be rebuilt), and before Campaign Conversion's
      // periods, which sum them. The payments' fraud flags likewise, before Pending Payments' periods.
      await stage('invite conversions', () => rebuildInviteConversions(tx), (n) => `${n} converted`);
      await stage('fraud flags', () => rebuildFraudFlags(tx), (n) => `${n} payments flagged`);
      await stage('foreign keys', () => checkForeignKeys(tx), (n) => `${n} checked, no dangling reference`);
      await stage('stats day summaries', () => rebuildDaySummaries(tx), (n) => `${n} rows`);
      await stage('grouped grids\' periods', () => rebuildGroupedPeriods(tx), (n) => `${n} rows`);
    }

    return {
      countries: ref.countries.length,
      agencies: agencies.length,
      campaigns: campaigns.length,
      agents: fieldUsers.length,
      events: generated.length,
      invites,
      payments: paid.payments,
      paymentRuns: paid.paymentRuns,
      fraudEvents,
      retentionEvents,
    };
  });

  // Fresh tables have no statistics: the planner would guess one row each and loop over thousands.
  // PostgreSQL's autovacuum would gather them in time; PGlite has none, so gather them now.
  await stage('statistics', () => db.execute(sql`analyze`), () => 'gathered (ANALYZE)');

  const ms = Math.round(performance.now() - startedAt);
  log(`seed: done in ${ms} ms`);
  return { ...summary, ms };
}
