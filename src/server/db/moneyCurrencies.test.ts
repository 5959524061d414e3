// Migration 0013 (issue 32) on a database holding money without its currency: the migrations
// before it run on an in-memory PGlite, campaigns, versions, compensations and payment runs go in,
// 0013 runs, and every money row carries the currency its campaign, payments or country tell.
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateUpTo, runMigration } from './migrationsUpTo';

const MIGRATION = '0013_money_currencies';

describe(`migration ${MIGRATION}`, () => {
  let db: PGlite;
  const currencies = async (table: string) =>
    Object.fromEntries((await db.query<{ id: number; currency_code: string }>(`select id, currency_code from ${table} order by id`)).rows.map((r) => [r.id, r.currency_code]));

  beforeAll(async () => {
    db = await PGlite.create({ extensions: { pg_trgm } });
    await migrateUpTo(db, MIGRATION);
    await db.exec(`
      insert into currencies (id, code, name) values (1, 'GHS', 'Ghana cedi'), (2, 'KES', 'Kenyan shilling');
      insert into countries (id, iso_code, name, dialing_code, currency_id) values
        (1, 'GH', 'Ghana', '233', 1), (2, 'KE', 'Kenya', '254', 2), (3, 'MZ', 'Mozambique', '258', null);
      insert into agencies (id, name, country_id) values (1, 'Ghana Agency', 1), (2, 'Kenya Agency', 2), (3, 'Maputo Agency', 3);
      insert into compensation_types (id, name) values (1, 'Pay Per Event');
      insert into campaign_types (id, name, compensation_type_id) values (1, 'Boost', 1);
      insert into agency_campaign_type_configs (id, agency_id, campaign_type_id, invite_window_days, total_max_invite_per_msisdn, total_max_invite_limit,
        invite_reset_window_days, next_reinvitation_lapse_period_days, compensation_eligibility_period_days, total_max_invite_limit_period_days, attribution_window_days)
        values (1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1), (2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1), (3, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1);
      -- Campaign 3's agency is in a country without a currency, but its campaign code names Kenya; campaign 4's names none.
      insert into campaigns (id, name, agency_campaign_type_config_id, agency_id, country_code, campaign_start_date, budget_spend_amount) values
        (1, 'GH one', 1, 1, 'GH', '2026-01-01', '10.00'), (2, 'KE one', 2, 2, 'KE', '2026-01-01', '20.00'),
        (3, 'MZ as KE', 3, 3, 'KE', '2026-01-01', '0'), (4, 'MZ', 3, 3, 'MZ', '2026-01-01', '0');
      insert into campaign_versions (id, campaign_id, version, max_agent_count, budget_allocated_amount) values
        (1, 1, 1, 10, '100.00'), (2, 2, 1, 10, '200.00'), (3, 4, 1, 10, '1.00');
      insert into event_types (id, name, pretty_name) values (1, 'sim', 'SIM');
      insert into remuneration_types (id, name) values (1, 'Airtime');
      insert into event_compensation_configs (id, campaign_id, campaign_version_id, event_type_id, remuneration_type_id, compensation_earning_event_day, compensation_earning_event_value)
        values (1, 1, 1, 1, 1, 0, '2.50'), (2, 2, 2, 1, 1, 0, '3.00');
      insert into users (id, username, email, first_name, last_name) values (1, 'super@x.org', 'super@x.org', 'S', 'A');
      insert into events (id, agent_id, campaign_id, agency_id, event_type_id, pay, created_at) values
        (1, 1, 1, 1, 1, '2.50', now()), (2, 1, 2, 2, 1, '3.00', now()), (3, 1, 1, 1, 1, '2.50', now());
      -- Run 1 paid Ghana; run 2 has no payments but a Kenyan campaign; run 3 only a country; run 4 mixed two currencies; run 5 nothing to tell.
      insert into payment_runs (id, ref, reference, request_id, start_date, end_date, country_code, campaign_id, created_by, total) values
        (1, 'PR-1', 'A', 'r1', '2026-01-01', '2026-01-31', null, null, 1, '2.50'),
        (2, 'PR-2', 'B', 'r2', '2026-01-01', '2026-01-31', 'GH', 2, 1, '0'),
        (3, 'PR-3', 'C', 'r3', '2026-01-01', '2026-01-31', 'KE', null, 1, '0'),
        (4, 'PR-4', 'D', 'r4', '2026-01-01', '2026-01-31', null, null, 1, '5.50'),
        (5, 'PR-5', 'E', 'r5', '2026-01-01', '2026-01-31', 'MZ', null, 1, '0');
      insert into payments (event_id, agent_id, campaign_id, agency_id, amount, currency_code, status, payment_run_id, created_at) values
        (1, 1, 1, 1, '2.50', 'GHS', 'paid', 1, now()), (2, 1, 2, 2, '3.00', 'KES', 'paid', 4, now()), (3, 1, 1, 1, '2.50', 'GHS', 'paid', 4, now());
    `);
    await runMigration(db, MIGRATION);
  });
  afterAll(async () => db?.close());

  it("gives a campaign its agency's country's currency, else its campaign code's, else 'XXX'", async () => {
    expect(await currencies('campaigns')).toEqual({ 1: 'GHS', 2: 'KES', 3: 'KES', 4: 'XXX' });
  });

  it("gives versions and compensations their campaign's currency", async () => {
    expect(await currencies('campaign_versions')).toEqual({ 1: 'GHS', 2: 'KES', 3: 'XXX' });
    expect(await currencies('event_compensation_configs')).toEqual({ 1: 'GHS', 2: 'KES' });
  });

  it("gives a run its payments' one currency, else its campaign's, else its country's; a mixed run is 'XXX'", async () => {
    expect(await currencies('payment_runs')).toEqual({ 1: 'GHS', 2: 'KES', 3: 'KES', 4: 'XXX', 5: 'XXX' });
  });

  it('refuses a missing or malformed currency from now on', async () => {
    await expect(db.exec(`update campaigns set currency_code = null where id = 1`)).rejects.toThrow(/null/);
    await expect(db.exec(`update payment_runs set currency_code = 'ghs' where id = 1`)).rejects.toThrow(/payment_runs_currency_code_iso/);
  });
});
