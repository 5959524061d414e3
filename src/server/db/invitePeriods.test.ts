// Migration 0034 (issue 36): each agent's invites per campaign and UTC day, month and year, and how
// many converted, kept by the database on every insert, update and delete of invites, the
// conversions that events make and undo included (migration 0023 marks them on the invites);
// existing invites backfilled. Checked against the invites themselves, regrouped afresh.
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateUpTo, ONE_CAMPAIGN, runMigration } from './migrationsUpTo';

const MIGRATION = '0034_invite_periods';

/** The summary as the invites make it now, and as the database keeps it (periods of none left out). */
const REGROUPED = `
  select p.period, date_trunc(p.period, i.invite_datetime at time zone 'UTC')::date::text as start, i.campaign_id, i.agent_id,
         count(*)::int as invites, (count(*) filter (where i.converted))::int as conversions
  from invites i cross join (values ('day'), ('month'), ('year')) p(period) group by 1, 2, 3, 4 order by 1, 2, 3, 4`;
const KEPT = `
  select period, start::text, campaign_id, agent_id, invites::int, conversions::int
  from invite_periods where invites <> 0 or conversions <> 0 order by 1, 2, 3, 4`;

describe(`migration ${MIGRATION}`, () => {
  let db: PGlite;
  const expectKeptAsRegrouped = async () => {
    const [fresh, kept] = await Promise.all([db.query(REGROUPED), db.query(KEPT)]);
    expect(kept.rows).toEqual(fresh.rows);
    return kept.rows;
  };
  const conversionsOf = async (period: string, start: string) =>
    (await db.query<{ invites: number; conversions: number }>(
      `select sum(invites)::int as invites, sum(conversions)::int as conversions from invite_periods where period = $1 and start = $2`, [period, start],
    )).rows[0];
  /** Invites by agent `agent` to customers 2332400000<n>, from id `from`, `hours` apart. */
  const invite = (from: number, count: number, agent: number, first: string, hours: number) => db.exec(`
    insert into invites (id, agent_id, campaign_id, invite_datetime, recipient_msisdn, extra_data)
      select ${from} + g, ${agent}, 1 + g % 2, '${first}'::timestamptz + g * interval '${hours} hours', '2332400000' || (${from} + g), '{}'::jsonb
      from generate_series(0, ${count - 1}) g`);
  /** An event of agent `agent` for the customer of invite `id`, `hours` after that invite (the window is 1 day). */
  const eventFor = (eventId: number, id: number, agent: number, hours: number) => db.exec(`
    insert into events (id, agent_id, campaign_id, agency_id, event_type_id, customer_msisdn, pay, currency_code, created_at)
      select ${eventId}, ${agent}, campaign_id, 1, 1, recipient_msisdn, 1, 'GHS', invite_datetime + interval '${hours} hours' from invites where id = ${id}`);

  beforeAll(async () => {
    db = await PGlite.create({ extensions: { pg_trgm } });
    await migrateUpTo(db, MIGRATION);
    await db.exec(ONE_CAMPAIGN);
    await db.exec(`
      insert into campaigns (id, name, agency_campaign_type_config_id, agency_id, country_code, campaign_start_date, budget_spend_amount, currency_code)
        values (2, 'GH two', 1, 1, 'GH', '2026-01-01', '10.00', 'GHS');
      insert into users (id, username, email, first_name, last_name) values (2, 'agent@x.org', null, 'A', 'G'), (3, 'agent3@x.org', null, 'B', 'H');`);
    // Existing invites over the turn of a year, one of them converted by an event the next hour.
    await invite(1, 6, 2, '2025-12-31T20:00:00Z', 2);
    await eventFor(1, 1, 2, 1);
    await runMigration(db, MIGRATION);
  });
  afterAll(async () => db?.close());

  it('sums the existing invites and their conversions per day, month and year', async () => {
    const kept = await expectKeptAsRegrouped();
    expect(kept.length).toBeGreaterThan(6);
    expect(await conversionsOf('year', '2025-01-01')).toEqual({ invites: 2, conversions: 1 });
    expect(await conversionsOf('year', '2026-01-01')).toEqual({ invites: 4, conversions: 0 });
  });

  it('adds an insert of many invites, each converted or not as it is written', async () => {
    await eventFor(2, 6, 2, 30); // 30 hours after invite 6: outside its one-day window
    await invite(100, 40, 3, '2026-01-20T00:00:00Z', 9);
    await db.exec(`insert into events (id, agent_id, campaign_id, agency_id, event_type_id, customer_msisdn, pay, currency_code, created_at)
      values (3, 3, 1, 1, 1, '2332400000200', 1, 'GHS', now())`);
    // An invite written after the event that converts it: converted on insert.
    await db.exec(`insert into invites (id, agent_id, campaign_id, invite_datetime, recipient_msisdn, extra_data)
      select 200, 3, 1, created_at - interval '2 hours', customer_msisdn, '{}'::jsonb from events where id = 3`);
    await expectKeptAsRegrouped();
    expect((await db.query<{ converted: boolean }>('select converted from invites where id = 200')).rows[0]?.converted).toBe(true);
  });

  it('follows conversions that events make and undo', async () => {
    await eventFor(4, 101, 3, 5);
    await eventFor(5, 102, 3, 20);
    expect((await db.query<{ n: number }>('select count(*)::int as n from invites where converted')).rows[0]?.n).toBe(4);
    await expectKeptAsRegrouped();
    // The event moved out of the window, then deleted: the conversions go.
    await db.exec(`update events set created_at = created_at + interval '3 days' where id = 4`);
    await db.exec('delete from events where id = 5');
    expect((await db.query<{ n: number }>('select count(*)::int as n from invites where converted')).rows[0]?.n).toBe(2);
    await expectKeptAsRegrouped();
  });

  it('moves invites across days, months, campaigns and agents, and takes deleted ones away', async () => {
    await db.exec(`update invites set invite_datetime = invite_datetime + interval '40 days', campaign_id = 2 where id between 100 and 110`);
    await db.exec('update invites set agent_id = 2 where id between 120 and 125');
    await expectKeptAsRegrouped();
    await db.exec('delete from invites where id >= 130 or id = 1');
    await expectKeptAsRegrouped();
    expect(await conversionsOf('year', '2025-01-01')).toEqual({ invites: 1, conversions: 0 });
  });
});
