// Migration 0026 (issue 36): an event and a retention event keep their campaign's currency, which
// the detail grids sort Pay within. Existing rows are backfilled (Stats' day summaries untouched);
// the database sets it on every new row, whatever the writer sends, and follows a campaign whose
// currency changes.
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateUpTo, ONE_CAMPAIGN, runMigration } from './migrationsUpTo';

const MIGRATION = '0026_event_currencies';

describe(`migration ${MIGRATION}`, () => {
  let db: PGlite;
  let summariesBefore: unknown[];
  const currencies = async (table: string) => (await db.query<{ id: number; currency_code: string }>(`select id::int, currency_code from ${table} order by id`)).rows;
  const summaries = async () => (await db.query('select * from stats_event_days order by day, campaign_id, event_type_id')).rows;

  beforeAll(async () => {
    db = await PGlite.create({ extensions: { pg_trgm } });
    await migrateUpTo(db, MIGRATION);
    await db.exec(ONE_CAMPAIGN);
    await db.exec(`
      insert into currencies (id, code, name) values (2, 'NGN', 'Naira');
      insert into campaigns (id, name, agency_campaign_type_config_id, agency_id, country_code, campaign_start_date, budget_spend_amount, currency_code)
        values (2, 'GH two', 1, 1, 'GH', '2026-01-01', '10.00', 'NGN');
      insert into events (id, agent_id, campaign_id, agency_id, event_type_id, pay, created_at) values
        (1, 1, 1, 1, 1, '2.50', now()), (2, 1, 2, 1, 1, '3.25', now());
      insert into retention_events (id, gifter_id, campaign_id, event_type_id, giftee_msisdn, pay, giftee_activity_events, created_at) values (1, 1, 2, 1, '233200000001', '1.00', 3, now());
    `);
    summariesBefore = await summaries();
    await runMigration(db, MIGRATION);
  });
  afterAll(async () => db?.close());

  it("gives each existing event its campaign's currency, and leaves Stats' day summaries as they were", async () => {
    expect(await currencies('events')).toEqual([{ id: 1, currency_code: 'GHS' }, { id: 2, currency_code: 'NGN' }]);
    expect(await currencies('retention_events')).toEqual([{ id: 1, currency_code: 'NGN' }]);
    expect(await summaries()).toEqual(summariesBefore);
  });

  it("sets a new event's currency from its campaign, whatever the insert says", async () => {
    await db.exec(`insert into events (id, agent_id, campaign_id, agency_id, event_type_id, pay, currency_code, created_at) values (3, 1, 2, 1, 1, '1.00', 'GHS', now())`);
    await db.exec(`insert into retention_events (id, gifter_id, campaign_id, event_type_id, giftee_msisdn, pay, giftee_activity_events, created_at) values (2, 1, 1, 1, '233200000002', '1.00', 3, now())`);
    expect((await currencies('events'))[2]).toEqual({ id: 3, currency_code: 'NGN' });
    expect((await currencies('retention_events'))[1]).toEqual({ id: 2, currency_code: 'GHS' });
  });

  it("follows a campaign whose currency changes, and leaves the other campaigns' events", async () => {
    await db.exec(`update campaigns set currency_code = 'GHS' where id = 2`);
    expect(await currencies('events')).toEqual([{ id: 1, currency_code: 'GHS' }, { id: 2, currency_code: 'GHS' }, { id: 3, currency_code: 'GHS' }]);
    await db.exec(`update campaigns set currency_code = 'NGN' where id = 1`);
    expect(await currencies('events')).toEqual([{ id: 1, currency_code: 'NGN' }, { id: 2, currency_code: 'GHS' }, { id: 3, currency_code: 'GHS' }]);
    expect(await currencies('retention_events')).toEqual([{ id: 1, currency_code: 'GHS' }, { id: 2, currency_code: 'NGN' }]);
  });
});
