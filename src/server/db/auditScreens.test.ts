// Migration 0018 (issue 35) on a trail written before it: each entry gets the agencies and
// campaigns its entity belongs to, read from the rows it names (a deleted campaign part from the
// campaign in its before), so a scoped admin's latest changes include the old ones; reference data
// and ids that are not numbers concern none; queued_at stays null.
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateUpTo, runMigration } from './migrationsUpTo';

const MIGRATION = '0018_audit_screens';

describe(`migration ${MIGRATION}`, () => {
  let db: PGlite;

  beforeAll(async () => {
    db = await PGlite.create({ extensions: { pg_trgm } });
    await migrateUpTo(db, MIGRATION);
    await db.exec(`
      insert into currencies (id, code, name) values (1, 'GHS', 'Ghana cedi') on conflict do nothing;
      insert into countries (id, iso_code, name, dialing_code, currency_id) values (1, 'GH', 'Ghana', '233', 1) on conflict do nothing;
      insert into languages (code, name) values ('en', 'English') on conflict do nothing;
      insert into status_types (id, name) values (1, 'Active') on conflict do nothing;
      insert into role_types (id, name) values (2, 'Agent') on conflict do nothing;
      insert into agencies (id, name, country_id) values (1, 'Agency one', 1), (2, 'Agency two', 1);
      insert into compensation_types (id, name) values (1, 'Pay Per Event');
      insert into campaign_types (id, name, compensation_type_id) values (1, 'Boost', 1);
      insert into agency_campaign_type_configs (id, agency_id, campaign_type_id, invite_window_days, total_max_invite_per_msisdn, total_max_invite_limit,
        invite_reset_window_days, next_reinvitation_lapse_period_days, compensation_eligibility_period_days, total_max_invite_limit_period_days, attribution_window_days)
        values (1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1);
      insert into campaigns (id, name, agency_campaign_type_config_id, agency_id, country_code, campaign_start_date, budget_spend_amount, currency_code)
        values (1, 'GH one', 1, 1, 'GH', '2026-01-01', '10.00', 'GHS'), (2, 'GH two', 1, 2, 'GH', '2026-01-01', '10.00', 'GHS');
      insert into campaign_languages (id, campaign_id, language_code) values (5, 2, 'en');
      insert into users (id, username, email, first_name, last_name) values (1, 'super@x.org', 'super@x.org', 'S', 'A'), (2, 'agent@x.org', null, 'A', 'G');
      insert into user_roles (id, user_id, agency_id, role_type_id, status_type_id) values (1, 2, 1, 2, 1);
      insert into user_role_campaigns (id, user_role_id, campaign_id) values (1, 1, 1);
      insert into jobs (id, kind, status, description, created_by) values (1, 'paymentrun', 'Finished', 'Payment run PR-000001', 1);
      insert into payment_runs (id, ref, reference, request_id, start_date, end_date, created_by, total, currency_code, event_count, campaign_id, job_id)
        values (1, 'PR-000001', 'ACC-1', 'r1', '2026-01-01', '2026-01-31', 1, '5.75', 'GHS', 2, 2, 1);
      insert into audit_log (id, actor_id, action, entity, entity_id, before, after) values
        (1, 1, 'update', 'campaign', '1', '{"name":"a"}', '{"name":"b"}'),
        (2, 1, 'create', 'campaign_language', '5', null, '{"id":5,"campaign":2}'),
        (3, 1, 'delete', 'campaign_language', '99', '{"id":99,"campaign":1}', null),
        (4, 1, 'create', 'payment_run', '1', null, '{"batch":true,"count":2}'),
        (5, 1, 'create', 'agent', '1', null, '{}'),
        (6, 1, 'update', 'user', '2', '{}', '{}'),
        (7, 1, 'update', 'country', '1', '{}', '{}'),
        (8, 1, 'update', 'campaign', 'not-a-number', '{}', '{}');
    `);
    await runMigration(db, MIGRATION);
  });
  afterAll(async () => db?.close());

  it('backfills the agencies and campaigns of each entry from the rows it names', async () => {
    const { rows } = await db.query('select id::int, agency_ids, campaign_ids, queued_at from audit_log order by id');
    expect(rows).toEqual([
      { id: 1, agency_ids: [1], campaign_ids: [1], queued_at: null },
      { id: 2, agency_ids: [2], campaign_ids: [2], queued_at: null },
      { id: 3, agency_ids: [1], campaign_ids: [1], queued_at: null },
      { id: 4, agency_ids: [2], campaign_ids: [2], queued_at: null },
      { id: 5, agency_ids: [1], campaign_ids: [1], queued_at: null },
      { id: 6, agency_ids: [1], campaign_ids: [1], queued_at: null },
      { id: 7, agency_ids: [], campaign_ids: [], queued_at: null },
      { id: 8, agency_ids: [], campaign_ids: [], queued_at: null },
    ]);
  });

  it('finds a scope\'s entries by its agencies or campaigns', async () => {
    const { rows } = await db.query<{ id: number }>("select id::int from audit_log where campaign_ids && '{2}'::int[] order by id");
    expect(rows.map((row) => row.id)).toEqual([2, 4]);
  });
});
