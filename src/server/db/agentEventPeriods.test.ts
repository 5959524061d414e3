// Migration 0028 (issue 36): each agent's events per campaign, event type, UTC day and UTC month,
// kept by the database on every insert, update and delete of events, existing events backfilled.
// Checked against the events themselves, aggregated afresh, after each kind of write.
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateUpTo, ONE_CAMPAIGN, runMigration } from './migrationsUpTo';

const MIGRATION = '0028_agent_event_periods';

/** The summary as the events make it now, and as the database keeps it (groups of no events left out). */
const AGGREGATED = `
  select p.period, case p.period when 'day' then (e.created_at at time zone 'UTC')::date else date_trunc('month', e.created_at at time zone 'UTC')::date end::text as start,
         e.campaign_id, e.agent_id, e.event_type_id, count(*)::int as events, sum(e.pay)::text as pay
  from events e cross join (values ('day'), ('month')) p(period) group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`;
const KEPT = `
  select period, start::text, campaign_id, agent_id, event_type_id, events::int, pay::text
  from agent_event_periods where events <> 0 order by 1, 2, 3, 4, 5`;

describe(`migration ${MIGRATION}`, () => {
  let db: PGlite;
  const expectKeptAsAggregated = async () => {
    const [aggregated, kept] = await Promise.all([db.query(AGGREGATED), db.query(KEPT)]);
    expect(kept.rows).toEqual(aggregated.rows);
    return kept.rows.length;
  };

  beforeAll(async () => {
    db = await PGlite.create({ extensions: { pg_trgm } });
    await migrateUpTo(db, MIGRATION);
    await db.exec(ONE_CAMPAIGN);
    await db.exec(`
      insert into event_types (id, name, pretty_name) values (2, 'topup', 'Top-up');
      insert into campaigns (id, name, agency_campaign_type_config_id, agency_id, country_code, campaign_start_date, budget_spend_amount, currency_code)
        values (2, 'GH two', 1, 1, 'GH', '2026-01-01', '10.00', 'GHS');
      -- Existing events: two in one day, one at its last moment, one on the next month's first.
      insert into events (id, agent_id, campaign_id, agency_id, event_type_id, pay, created_at) values
        (1, 1, 1, 1, 1, '2.50', '2026-01-31T08:00:00Z'), (2, 1, 1, 1, 1, '1.25', '2026-01-31T23:59:59.999Z'),
        (3, 1, 1, 1, 2, '3.00', '2026-02-01T00:00:00Z');
    `);
    await runMigration(db, MIGRATION);
  });
  afterAll(async () => db?.close());

  it('sums the existing events per day and per month', async () => {
    expect(await expectKeptAsAggregated()).toBe(4);
    expect((await db.query(`select events::int, pay::text from agent_event_periods where period = 'month' and start = '2026-01-01'`)).rows)
      .toEqual([{ events: 2, pay: '3.75' }]);
  });

  it('adds the events of an insert of many rows, whatever their days and groups', async () => {
    await db.exec(`insert into events (id, agent_id, campaign_id, agency_id, event_type_id, pay, created_at)
      select 100 + g, 1, 1 + g % 2, 1, 1 + g % 3 / 2, (g % 7)::numeric / 4, '2026-01-20T00:00:00Z'::timestamptz + g * interval '9 hours' from generate_series(1, 200) g`);
    expect(await expectKeptAsAggregated()).toBeGreaterThan(50);
  });

  it('moves an updated event to its new day, month, campaign and pay, and takes deleted events away', async () => {
    await db.exec(`update events set created_at = created_at + interval '40 days', campaign_id = 2, pay = pay + 1 where id % 5 = 0`);
    await expectKeptAsAggregated();
    await db.exec(`delete from events where id % 3 = 0`);
    await expectKeptAsAggregated();
    // A group left with no events keeps a row of none, which the grid leaves out.
    await db.exec('delete from events where id = 1 or id = 2');
    expect((await db.query(`select events::int, pay::text from agent_event_periods where period = 'day' and start = '2026-01-31' and campaign_id = 1 and event_type_id = 1`)).rows)
      .toEqual([{ events: 0, pay: '0.00' }]);
  });
});
