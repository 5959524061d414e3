// Migrations 0028 and 0029 (issue 36): each agent's events, and each gifter's retention events, per
// campaign, event type, UTC day and UTC month, and from 0032 per UTC year too, kept by the database
// on every insert, update and delete, existing rows backfilled. Checked against the rows themselves, regrouped afresh, after
// each kind of write.
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateUpTo, ONE_CAMPAIGN, runMigrations } from './migrationsUpTo';

/** The years' rows, added to both summaries. */
const YEARS = '0032_event_period_years';

const SUMMARIES = [
  { migration: '0028_agent_event_periods', summary: 'agent_event_periods', rows: 'events', agent: 'agent_id', sums: ['pay'], extra: 'agency_id', extraValue: '1' },
  {
    migration: '0029_retention_event_periods', summary: 'retention_event_periods', rows: 'retention_events', agent: 'gifter_id',
    sums: ['giftee_activity_events', 'pay'], extra: 'giftee_msisdn', extraValue: `'233240000000'`,
  },
];

describe.each(SUMMARIES)('migration $migration', ({ migration, summary, rows, agent, sums, extra, extraValue }) => {
  let db: PGlite;
  /** The summary as the rows make it now, and as the database keeps it (groups of none left out). */
  const aggregated = `
    select p.period, date_trunc(p.period, e.created_at at time zone 'UTC')::date::text as start,
           e.campaign_id, e.${agent} as agent, e.event_type_id, count(*)::int as events, ${sums.map((column) => `sum(e.${column})::text as ${column}`).join(', ')}
    from ${rows} e cross join (values ('day'), ('month'), ('year')) p(period) group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`;
  const kept = `
    select period, start::text, campaign_id, ${agent} as agent, event_type_id, events::int, ${sums.map((column) => `${column}::text`).join(', ')}
    from ${summary} where events <> 0 order by 1, 2, 3, 4, 5`;
  const expectKeptAsAggregated = async () => {
    const [fresh, summed] = await Promise.all([db.query(aggregated), db.query(kept)]);
    expect(summed.rows).toEqual(fresh.rows);
    return summed.rows.length;
  };
  const insert = (values: string) => db.exec(`insert into ${rows} (id, ${agent}, campaign_id, ${extra}, event_type_id, pay, created_at) ${values}`);

  beforeAll(async () => {
    db = await PGlite.create({ extensions: { pg_trgm } });
    await migrateUpTo(db, migration);
    await db.exec(ONE_CAMPAIGN);
    await db.exec(`
      insert into event_types (id, name, pretty_name) values (2, 'topup', 'Top-up');
      insert into campaigns (id, name, agency_campaign_type_config_id, agency_id, country_code, campaign_start_date, budget_spend_amount, currency_code)
        values (2, 'GH two', 1, 1, 'GH', '2026-01-01', '10.00', 'GHS');`);
    // Existing rows: two in one day, one at its last moment, one on the next month's first.
    await insert(`values (1, 1, 1, ${extraValue}, 1, '2.50', '2026-01-31T08:00:00Z'), (2, 1, 1, ${extraValue}, 1, '1.25', '2026-01-31T23:59:59.999Z'),
      (3, 1, 1, ${extraValue}, 2, '3.00', '2026-02-01T00:00:00Z')`);
    // The summary's migration and those after it, through the years' (0031 is Pending Payments').
    await runMigrations(db, migration, YEARS);
  });
  afterAll(async () => db?.close());

  it('sums the existing rows per day, month and year', async () => {
    expect(await expectKeptAsAggregated()).toBe(6);
    expect((await db.query(`select events::int, pay::text from ${summary} where period = 'month' and start = '2026-01-01'`)).rows).toEqual([{ events: 2, pay: '3.75' }]);
  });

  it('adds the rows of an insert of many, whatever their days and groups', async () => {
    await insert(`select 100 + g, 1, 1 + g % 2, ${extraValue}, 1 + g % 3 / 2, (g % 7)::numeric / 4, '2026-01-20T00:00:00Z'::timestamptz + g * interval '9 hours'
      from generate_series(1, 200) g`);
    if (sums.includes('giftee_activity_events')) await db.exec(`update ${rows} set giftee_activity_events = id % 11`);
    expect(await expectKeptAsAggregated()).toBeGreaterThan(50);
  });

  it('moves an updated row to its new day, month, campaign and pay, and takes deleted rows away', async () => {
    await db.exec(`update ${rows} set created_at = created_at + interval '40 days', campaign_id = 2, pay = pay + 1 where id % 5 = 0`);
    await expectKeptAsAggregated();
    await db.exec(`delete from ${rows} where id % 3 = 0`);
    await expectKeptAsAggregated();
    // A group left with no rows keeps a row of none, which the grid leaves out.
    await db.exec(`delete from ${rows} where id = 1 or id = 2`);
    expect((await db.query(`select events::int, pay::text from ${summary} where period = 'day' and start = '2026-01-31' and campaign_id = 1 and event_type_id = 1`)).rows)
      .toEqual([{ events: 0, pay: '0.00' }]);
  });
});
