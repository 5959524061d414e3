// The demo seed on two fresh PGlite databases: the same rows on both (determinism), and the
// shape the specification, DESIGN.md and the demo accounts need.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../auth/passwords';
import { openDatabase, queryRows, type OpenDatabase } from '../client';
import { ensureReferenceData } from '../reference';
import { readCountryAgencies } from './agencies';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData, type SeedSummary } from './index';

const ANCHOR = '2026-03-10';
const OPTIONS = { agents: 300, events: 6000, anchorDate: ANCHOR };

interface Seeded {
  dir: string;
  database: OpenDatabase;
  summary: SeedSummary;
}
const seeded: Seeded[] = [];

async function seedFresh(): Promise<Seeded> {
  const dir = await mkdtemp(path.join(tmpdir(), 'seed-test-'));
  const database = await openDatabase({ dataDir: dir });
  await ensureReferenceData(database.db);
  const summary = await seedDemoData(database.db, OPTIONS);
  return { dir, database, summary };
}

const rows = <T>(query: SQL) => queryRows<T>(first().database.db, query);
const first = (): Seeded => {
  const s = seeded[0];
  if (!s) throw new Error('not seeded');
  return s;
};

beforeAll(async () => {
  // One after the other: PGlite is single-threaded, and the second run must not depend on the first.
  seeded.push(await seedFresh());
  seeded.push(await seedFresh());
}, 60_000);

afterAll(async () => {
  for (const s of seeded) {
    await s.database.close();
    await rm(s.dir, { recursive: true, force: true });
  }
});

describe('seedDemoData', () => {
  it('writes the same rows on every fresh database', async () => {
    // password_hash is salted, so it differs by design; everything else must match.
    const digests = {
      users: sql`select md5(string_agg((t.id, t.username, t.email, t.msisdn, t.first_name, t.last_name, t.password_hash is null,
        t.country_code, t.language_code, t.agent_code, t.is_gifting, t.is_super, t.added_by, t.created_at, t.updated_at)::text, ',' order by t.id)) as d from users t`,
      campaigns: sql`select md5(string_agg(t::text, ',' order by t.id)) as d from campaigns t`,
      versions: sql`select md5(string_agg(t::text, ',' order by t.id)) as d from campaign_versions t`,
      configs: sql`select md5(string_agg(t::text, ',' order by t.id)) as d from event_compensation_configs t`,
      roles: sql`select md5(string_agg(t::text, ',' order by t.id)) as d from user_roles t`,
      events: sql`select md5(string_agg(t::text, ',' order by t.id)) as d from events t`,
      payments: sql`select md5(string_agg(t::text, ',' order by t.id)) as d from payments t`,
      runs: sql`select md5(string_agg(t::text, ',' order by t.id)) as d from payment_runs t`,
      invites: sql`select md5(string_agg(t::text, ',' order by t.id)) as d from invites t`,
      fraud: sql`select md5(string_agg(t::text, ',' order by t.id)) as d from fraud_events t`,
      retention: sql`select md5(string_agg(t::text, ',' order by t.id)) as d from retention_events t`,
    };
    for (const [table, query] of Object.entries(digests)) {
      const [a, b] = await Promise.all(seeded.map((s) => queryRows<{ d: string | null }>(s.database.db, query)));
      expect(a?.[0]?.d, table).toBeTruthy();
      expect(a?.[0]?.d, table).toBe(b?.[0]?.d);
    }
    const { ms: _a, ...summaryA } = seeded[0]?.summary ?? ({} as SeedSummary);
    const { ms: _b, ...summaryB } = seeded[1]?.summary ?? ({} as SeedSummary);
    expect(summaryA).toEqual(summaryB);
  });

  it('reports what it wrote', async () => {
    const [counts] = await rows<Record<string, number>>(sql`select
      (select count(*)::int from users where password_hash is null) as agents,
      (select count(*)::int from events) as events, (select count(*)::int from payments) as payments,
      (select count(*)::int from invites) as invites, (select count(*)::int from fraud_events) as fraud,
      (select count(*)::int from retention_events) as retention, (select count(*)::int from payment_runs) as runs`);
    const { summary } = first();
    expect(summary).toMatchObject({
      agents: OPTIONS.agents, events: OPTIONS.events, payments: counts?.payments, paymentRuns: counts?.runs,
      invites: counts?.invites, fraudEvents: counts?.fraud, retentionEvents: counts?.retention,
    });
    expect(counts?.agents).toBe(OPTIONS.agents);
    expect(counts?.events).toBe(OPTIONS.events);
    expect(summary.invites).toBe(OPTIONS.events / 4);
    expect(summary.fraudEvents).toBe(OPTIONS.events / 100);
    expect(summary.retentionEvents).toBe(OPTIONS.events / 10);
  });

  it('seeds countries with currencies, SMS settings and languages, including 242 and 225', async () => {
    const countries = await rows<{ iso: string; dialing: string; currency: string | null; sms_from: string; language: string | null; languages: number; prefixes: number }>(sql`
      select c.iso_code as iso, c.dialing_code as dialing, cur.code as currency, c.sms_from, c.default_language as language,
             count(cl.id)::int as languages, count(*) filter (where cl.url_prefix <> '')::int as prefixes
      from countries c left join currencies cur on cur.id = c.currency_id left join country_languages cl on cl.country_id = c.id
      group by c.id, cur.code order by c.id`);
    expect(countries.length).toBeGreaterThanOrEqual(6);
    expect(countries.map((c) => c.dialing)).toEqual(expect.arrayContaining(['242', '225']));
    for (const country of countries) {
      expect(country.currency, country.iso).toBeTruthy();
      expect(country.sms_from, country.iso).not.toBe('');
      expect(country.language, country.iso).toBeTruthy();
      expect(country.languages, country.iso).toBeGreaterThan(0);
    }
    const [prefixes] = await rows<{ set: number; empty: number; bad: number }>(sql`
      select count(*) filter (where url_prefix <> '')::int as set, count(*) filter (where url_prefix = '')::int as empty,
             (select count(*)::int from languages where length(code) not between 2 and 5) as bad
      from country_languages`);
    expect(prefixes?.set).toBeGreaterThan(0);
    expect(prefixes?.empty).toBeGreaterThan(0);
    expect(prefixes?.bad).toBe(0);
  });

  it("gives every money row its campaign's country's currency, and every run one currency", async () => {
    const [wrong] = await rows<Record<string, number>>(sql`
      with campaign_currency as (
        select c.id, cur.code from campaigns c join agencies a on a.id = c.agency_id
        join countries co on co.id = a.country_id join currencies cur on cur.id = co.currency_id)
      select
        (select count(*)::int from campaigns c join campaign_currency cc on cc.id = c.id where c.currency_code <> cc.code) as campaigns,
        (select count(*)::int from campaign_versions v join campaign_currency cc on cc.id = v.campaign_id where v.currency_code <> cc.code) as versions,
        (select count(*)::int from event_compensation_configs e join campaign_currency cc on cc.id = e.campaign_id where e.currency_code <> cc.code) as configs,
        (select count(*)::int from payments p join campaign_currency cc on cc.id = p.campaign_id where p.currency_code <> cc.code) as payments,
        (select count(*)::int from payment_runs r join payments p on p.payment_run_id = r.id where p.currency_code <> r.currency_code) as runs,
        (select count(*)::int from campaigns where currency_code = 'XXX') + (select count(*)::int from payment_runs where currency_code = 'XXX') as unknown,
        (select count(*)::int from campaigns) as all_campaigns, (select count(*)::int from payment_runs) as all_runs`);
    expect(wrong).toMatchObject({ campaigns: 0, versions: 0, configs: 0, payments: 0, runs: 0, unknown: 0 });
    expect(wrong?.all_campaigns).toBeGreaterThan(0);
    expect(wrong?.all_runs).toBeGreaterThan(0);
  });

  it('seeds the 15 configured country agencies and 3 more, one inactive', async () => {
    const configured = readCountryAgencies();
    expect(configured).toHaveLength(15);
    const agencies = await rows<{ name: string; iso: string; active_flag: boolean; lokalise_key: string | null }>(sql`
      select a.name, c.iso_code as iso, a.active_flag, a.lokalise_key from agencies a join countries c on c.id = a.country_id order by a.id`);
    expect(agencies).toHaveLength(18);
    for (const agency of configured) {
      expect(agencies).toContainEqual(expect.objectContaining({ name: agency.name, iso: agency.country, active_flag: true }));
    }
    expect(agencies.filter((a) => !a.active_flag)).toHaveLength(1);
    expect(agencies.every((a) => a.lokalise_key)).toBe(true);
  });

  it('seeds at least 30 campaigns, each with a version, languages and compensation configs', async () => {
    const campaigns = await rows<{ id: number; versions: number; languages: number; configs_per_version: number; started: string; budget: string }>(sql`
      select c.id, c.campaign_start_date as started, c.budget_spend_amount::text as budget,
        (select count(*)::int from campaign_versions v where v.campaign_id = c.id) as versions,
        (select count(*)::int from campaign_languages l where l.campaign_id = c.id) as languages,
        (select min(n)::int from (select count(e.id) as n from campaign_versions v
           left join event_compensation_configs e on e.campaign_version_id = v.id where v.campaign_id = c.id group by v.id) s) as configs_per_version
      from campaigns c order by c.id`);
    expect(campaigns.length).toBeGreaterThanOrEqual(30);
    for (const campaign of campaigns) {
      expect(campaign.versions, `campaign ${campaign.id}`).toBeGreaterThanOrEqual(1);
      expect(campaign.versions, `campaign ${campaign.id}`).toBeLessThanOrEqual(3);
      expect(campaign.languages, `campaign ${campaign.id}`).toBeGreaterThan(0);
      expect(campaign.configs_per_version, `campaign ${campaign.id}`).toBeGreaterThan(0);
      expect(campaign.started < ANCHOR && campaign.started >= '2025-03-10', `campaign ${campaign.id} start`).toBe(true);
    }
    const [over] = await rows<{ n: number }>(sql`
      select count(*)::int as n from campaigns c join campaign_versions v on v.campaign_id = c.id
      where v.version = (select max(version) from campaign_versions w where w.campaign_id = c.id)
        and v.budget_allocated_amount < c.budget_spend_amount`);
    expect(over?.n).toBe(0);
  });

  it('gives each demo account its role', async () => {
    const roles = await rows<{ username: string; role: string | null; status: string | null; agency_id: number | null; start: string | null; end: string | null; campaigns: number[] | null }>(sql`
      select u.username, rt.name as role, st.name as status, r.agency_id, r.role_start_date as start, r.role_end_date as end,
             array_agg(urc.campaign_id order by urc.campaign_id) filter (where urc.id is not null) as campaigns
      from users u
      left join user_roles r on r.user_id = u.id
      left join role_types rt on rt.id = r.role_type_id
      left join status_types st on st.id = r.status_type_id
      left join user_role_campaigns urc on urc.user_role_id = r.id
      where u.username like '%@demo.test'
      group by u.id, r.id, rt.name, st.name order by u.id, r.id`);
    const of = (username: string) => roles.filter((r) => r.username === username);
    expect(DEMO_ACCOUNTS.map((a) => a.username)).toEqual([
      'super@demo.test', 'agency@demo.test', 'campaign@demo.test', 'agent@demo.test', 'norole@demo.test', 'expired@demo.test', 'super2@demo.test',
    ]);

    const current = (r: { start: string | null; end: string | null }) => !!r.start && r.start < ANCHOR && !!r.end && r.end > ANCHOR;
    const [superRole] = of('super@demo.test');
    expect(superRole).toMatchObject({ role: 'Super Admin', status: 'Active' });
    expect(superRole?.campaigns).toHaveLength(1);
    expect(superRole && current(superRole)).toBe(true);
    expect(of('super2@demo.test')).toMatchObject([{ role: 'Super Admin', status: 'Active' }]);

    const agencyRoles = of('agency@demo.test');
    expect(agencyRoles).toHaveLength(1);
    const agencyRole = agencyRoles[0];
    expect(agencyRole).toMatchObject({ role: 'Agency Admin', status: 'Active' });
    expect(agencyRole && current(agencyRole)).toBe(true);
    const agencyCampaigns = await rows<{ id: number; name: string }>(
      sql`select c.id, a.name from campaigns c join agencies a on a.id = c.agency_id where c.agency_id = ${agencyRole?.agency_id ?? -1} order by c.id`,
    );
    expect(agencyCampaigns.length).toBeGreaterThan(0);
    expect(agencyRole?.campaigns).toEqual(agencyCampaigns.map((c) => c.id));
    expect(readCountryAgencies().map((a) => a.name)).toContain(agencyCampaigns[0]?.name);

    const [campaignRole] = of('campaign@demo.test');
    expect(campaignRole).toMatchObject({ role: 'Campaign Admin', status: 'Active' });
    expect(campaignRole?.campaigns).toHaveLength(1);
    const [campaign] = await rows<{ agency_id: number }>(sql`select agency_id from campaigns where id = ${campaignRole?.campaigns?.[0] ?? -1}`);
    expect(campaignRole?.agency_id).toBe(campaign?.agency_id);

    const [agentRole] = of('agent@demo.test');
    expect(agentRole).toMatchObject({ role: 'Agent', status: 'Active' });
    expect(agentRole?.campaigns).toHaveLength(1);

    expect(of('norole@demo.test')).toEqual([expect.objectContaining({ role: null, campaigns: null })]);

    const [expiredRole] = of('expired@demo.test');
    expect(expiredRole).toMatchObject({ role: 'Super Admin', status: 'Active', end: '2026-02-08' });
    expect(expiredRole?.campaigns).toHaveLength(1);

    const [admins] = await rows<{ super_flag: boolean; links: number; linked_users: number }>(sql`
      select (select is_super from users where username = 'super@demo.test') as super_flag,
             (select count(*)::int from admin_agency_links l join users u on u.id = l.user_id where u.username = 'super@demo.test') as links,
             (select count(distinct user_id)::int from admin_agency_links) as linked_users`);
    expect(admins).toEqual({ super_flag: true, links: 18, linked_users: 5 });
  });

  it('hashes the demo password for every demo account', async () => {
    const accounts = await rows<{ username: string; password_hash: string | null }>(
      sql`select username, password_hash from users where username like '%@demo.test' order by id`,
    );
    expect(accounts).toHaveLength(DEMO_ACCOUNTS.length);
    const [one] = accounts;
    expect(await verifyPassword(DEMO_PASSWORD, one?.password_hash ?? null)).toBe(true);
    expect(accounts.every((a) => a.password_hash?.startsWith('scrypt$'))).toBe(true);
  });

  it('seeds agents and gifters with unique msisdns in international form of their country', async () => {
    const [agents] = await rows<{ total: number; msisdns: number; codes: number; wrong_country: number; gifters: number; gifting_flag_mismatch: number; statuses: string[] }>(sql`
      select count(*)::int as total, count(distinct u.msisdn)::int as msisdns, count(distinct u.agent_code)::int as codes,
             count(*) filter (where u.msisdn not like co.dialing_code || '%' or u.country_code <> co.iso_code)::int as wrong_country,
             count(*) filter (where r.role_type_id = 5)::int as gifters,
             count(*) filter (where (r.role_type_id = 5) <> u.is_gifting)::int as gifting_flag_mismatch,
             array_agg(distinct st.name order by st.name) as statuses
      from users u join user_roles r on r.user_id = u.id join status_types st on st.id = r.status_type_id
      join user_role_campaigns urc on urc.user_role_id = r.id join campaigns c on c.id = urc.campaign_id
      join countries co on co.iso_code = c.country_code
      where u.password_hash is null`);
    expect(agents?.total).toBe(OPTIONS.agents);
    expect(agents?.msisdns).toBe(OPTIONS.agents);
    expect(agents?.codes).toBe(OPTIONS.agents - (agents?.gifters ?? 0));
    expect(agents?.wrong_country).toBe(0);
    expect(agents?.gifters).toBe(OPTIONS.agents / 20);
    expect(agents?.gifting_flag_mismatch).toBe(0);
    expect(agents?.statuses).toEqual(expect.arrayContaining(['Active', 'InActive', 'Blacklisted', 'Suspended', 'Unvalidated']));
    // 242 and 225 keep the national 0 after the dialing code (SPEC.md section 9).
    const keptZero = await rows<{ msisdn: string }>(sql`select msisdn from users where msisdn like '242%' or msisdn like '225%'`);
    expect(keptZero.length).toBeGreaterThan(0);
    expect(keptZero.every((u) => /^(242|225)0/.test(u.msisdn))).toBe(true);
  });

  it('dates every event within the 365 days before the anchor, paid from its campaign\'s current version', async () => {
    const [events] = await rows<{ outside: number; wrong_agency: number; wrong_pay: number; by_gifters: number; media: string[] }>(sql`
      select
        count(*) filter (where e.created_at < timestamptz '2025-03-10T00:00:00Z' or e.created_at >= timestamptz '2026-03-10T00:00:00Z')::int as outside,
        count(*) filter (where e.agency_id <> c.agency_id)::int as wrong_agency,
        count(*) filter (where cfg.id is null or cfg.compensation_earning_event_value <> e.pay)::int as wrong_pay,
        count(*) filter (where u.is_gifting)::int as by_gifters,
        array_agg(distinct e.medium order by e.medium) as media
      from events e
      join campaigns c on c.id = e.campaign_id
      join users u on u.id = e.agent_id
      left join event_compensation_configs cfg on cfg.event_type_id = e.event_type_id and cfg.campaign_version_id =
        (select v.id from campaign_versions v where v.campaign_id = c.id order by v.version desc limit 1)`);
    expect(events).toEqual({ outside: 0, wrong_agency: 0, wrong_pay: 0, by_gifters: 0, media: ['SMS', 'USSD', 'WHATSAPP'] });
  });

  it('pays old events through payment runs, leaves recent ones due, and never pays an event twice', async () => {
    const [payments] = await rows<{ paid: number; due: number; paying_events: number; payments: number; distinct_events: number; paid_without_run: number; due_with_run: number; recent_paid: number }>(sql`
      select count(*) filter (where p.status = 'paid')::int as paid, count(*) filter (where p.status = 'due')::int as due,
             (select count(*)::int from events where pay > 0) as paying_events,
             count(*)::int as payments, count(distinct p.event_id)::int as distinct_events,
             count(*) filter (where p.status = 'paid' and p.payment_run_id is null)::int as paid_without_run,
             count(*) filter (where p.status = 'due' and p.payment_run_id is not null)::int as due_with_run,
             count(*) filter (where p.status = 'paid' and p.created_at >= timestamptz '2026-01-24T00:00:00Z')::int as recent_paid
      from payments p`);
    expect(payments?.paid).toBeGreaterThan(0);
    expect(payments?.due).toBeGreaterThan(0);
    expect(payments?.payments).toBe(payments?.paying_events);
    expect(payments?.distinct_events).toBe(payments?.payments);
    expect(payments).toMatchObject({ paid_without_run: 0, due_with_run: 0, recent_paid: 0 });

    const runs = await rows<{ ref: string; reference: string; request_id: string; total: string; event_count: number; sum: string; n: number; creator: string; outside: number }>(sql`
      select r.ref, r.reference, r.request_id, r.total::text, r.event_count, coalesce(sum(p.amount), 0)::text as sum, count(p.id)::int as n,
             u.username as creator,
             count(*) filter (where p.created_at < r.start_date::timestamp at time zone 'UTC'
                                 or p.created_at >= (r.end_date + 1)::timestamp at time zone 'UTC')::int as outside
      from payment_runs r join users u on u.id = r.created_by left join payments p on p.payment_run_id = r.id
      group by r.id, u.username order by r.id`);
    expect(runs.length).toBeGreaterThan(0);
    expect(runs[0]?.ref).toBe('PR-000001');
    expect(new Set(runs.map((r) => r.request_id)).size).toBe(runs.length);
    for (const run of runs) {
      expect(run.reference, run.ref).toMatch(/^ACC-\d{4}-\d{2}-[A-Z]{2}$/);
      expect(run.request_id, run.ref).toMatch(/^seed-/);
      expect(run.total, run.ref).toBe(run.sum);
      expect(run.event_count, run.ref).toBe(run.n);
      expect(run.n, run.ref).toBeGreaterThan(0);
      expect(run.creator, run.ref).toBe('super@demo.test');
      expect(run.outside, run.ref).toBe(0);
    }
    // Each run is its own job of kind paymentrun, Finished when the run was made, by its creator.
    const [jobs] = await rows<{ runs: number; matching: number; jobs: number }>(sql`
      select (select count(*)::int from payment_runs) as runs,
        (select count(*)::int from payment_runs r join jobs j on j.id = r.job_id
           where j.kind = 'paymentrun' and j.status = 'Finished' and j.description = 'Payment run ' || r.ref
             and j.created_by = r.created_by and j.finished_at = r.created_at) as matching,
        (select count(*)::int from jobs where kind = 'paymentrun') as jobs`);
    expect(jobs).toEqual({ runs: runs.length, matching: runs.length, jobs: runs.length });
  });

  it('records invites, fraud events (some blacklisted) and retention events by gifters', async () => {
    const [activity] = await rows<{ invite_extra: number; blacklisted: number; not_blacklisted: number; retention_by_non_gifters: number; retention_outside: number }>(sql`
      select
        (select count(*)::int from invites i join campaigns c on c.id = i.campaign_id join agencies a on a.id = c.agency_id
           where i.extra_data ->> 'campaign_name' = c.name and i.extra_data ->> 'agency_name' = a.name) as invite_extra,
        (select count(*)::int from fraud_events where blacklisted) as blacklisted,
        (select count(*)::int from fraud_events where not blacklisted) as not_blacklisted,
        (select count(*)::int from retention_events r join users u on u.id = r.gifter_id where not u.is_gifting) as retention_by_non_gifters,
        (select count(*)::int from retention_events where created_at < timestamptz '2025-03-10T00:00:00Z' or created_at >= timestamptz '2026-03-10T00:00:00Z') as retention_outside`);
    expect(activity?.invite_extra).toBe(first().summary.invites);
    expect(activity?.blacklisted).toBeGreaterThan(0);
    expect(activity?.not_blacklisted).toBeGreaterThan(0);
    expect(activity).toMatchObject({ retention_by_non_gifters: 0, retention_outside: 0 });
  });

  it('refuses an anchor date that is not a real day', async () => {
    await expect(seedDemoData(first().database.db, { ...OPTIONS, anchorDate: '2026-02-30' })).rejects.toThrow(/anchorDate/);
  });
});
