// Migration 0031 (issue 36): the payments still due and on no run, per agent, campaign, currency and
// UTC day, month and year, with the oldest one's time, kept by the database as payments fall due,
// are claimed by runs (all of a period or part of it), released by a rejected run and deleted.
// Checked against the payments themselves, regrouped afresh, after each kind of write.
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateUpTo, ONE_CAMPAIGN, PENDING_PAYMENTS, runMigration } from './migrationsUpTo';

const MIGRATION = '0031_pending_payment_periods';

describe(`migration ${MIGRATION}`, () => {
  let db: PGlite;
  /** The summary as the due payments make it now equals the one the database keeps. */
  const expectKeptAsAggregated = async () => {
    const [fresh, summed] = await Promise.all([db.query(PENDING_PAYMENTS.regrouped), db.query(PENDING_PAYMENTS.kept)]);
    expect(summed.rows).toEqual(fresh.rows);
    return summed.rows.length;
  };
  /** Events and their due payments, ids from `from`, each `hours` after the last, agents 1 and 2, GHS and USD. */
  const fallDue = async (from: number, count: number, first: string, hours: number) => {
    await db.exec(`
      insert into events (id, agent_id, campaign_id, agency_id, event_type_id, pay, currency_code, created_at)
        select ${from} + g, 1 + g % 2, 1 + g % 3 / 2, 1, 1, (1 + g % 7)::numeric / 4, case when g % 3 / 2 = 1 then 'USD' else 'GHS' end,
               '${first}'::timestamptz + g * interval '${hours} hours'
        from generate_series(0, ${count - 1}) g;
      insert into payments (event_id, agent_id, campaign_id, agency_id, amount, currency_code, created_at)
        select id, agent_id, campaign_id, agency_id, pay, currency_code, created_at from events where id >= ${from} and id < ${from + count};`);
  };

  beforeAll(async () => {
    db = await PGlite.create({ extensions: { pg_trgm } });
    await migrateUpTo(db, MIGRATION);
    await db.exec(ONE_CAMPAIGN);
    await db.exec(`
      insert into currencies (id, code, name) values (2, 'USD', 'US dollar');
      insert into campaigns (id, name, agency_campaign_type_config_id, agency_id, country_code, campaign_start_date, budget_spend_amount, currency_code)
        values (2, 'GH dollars', 1, 1, 'GH', '2026-01-01', '10.00', 'USD');
      insert into users (id, username, email, first_name, last_name) values (2, 'agent@x.org', null, 'A', 'G');
      insert into jobs (id, kind, status, description, created_by) values (1, 'paymentrun', 'Finished', 'Payment runs', 1);
      insert into payment_runs (id, ref, reference, request_id, start_date, end_date, created_by, currency_code, job_id, approval_limit) values
        (1, 'PR-000001', 'ACC-1', 'r1', '2025-01-01', '2026-12-31', 1, 'GHS', 1, null),
        (2, 'PR-000002', 'ACC-2', 'r2', '2025-01-01', '2026-12-31', 1, 'GHS', 1, '1.00');`);
    // Existing payments: due ones over the turn of a year, one already paid.
    await fallDue(1, 12, '2025-12-31T20:00:00Z', 2);
    await db.exec(`update payments set status = 'paid', payment_run_id = 1, paid_at = now() where event_id = 1`);
    await runMigration(db, MIGRATION);
  });
  afterAll(async () => db?.close());

  it('sums the due payments already there per day, month and year, the oldest of each', async () => {
    expect(await expectKeptAsAggregated()).toBeGreaterThan(6);
    // 2025 held two, one of them paid: its oldest is the other's.
    const years = `select start::text, sum(payments)::int as payments, min(oldest) as oldest from pending_payment_periods where period = 'year' group by start order by start`;
    expect((await db.query(years)).rows).toEqual([
      { start: '2025-01-01', payments: 1, oldest: new Date('2025-12-31T22:00:00Z') },
      { start: '2026-01-01', payments: 10, oldest: new Date('2026-01-01T00:00:00Z') },
    ]);
  });

  it('adds payments falling due, many at once, whatever their days, agents and currencies', async () => {
    await fallDue(100, 300, '2026-01-20T00:00:00Z', 9);
    expect(await expectKeptAsAggregated()).toBeGreaterThan(100);
  });

  it("takes a run's claim away, finding each period's next oldest where some stay due", async () => {
    // Part of each period: every fourth payment is held back and stays due.
    await db.exec(`update payments set status = 'paid', payment_run_id = 1, paid_at = now()
      where status = 'due' and payment_run_id is null and currency_code = 'GHS' and created_at < '2026-03-10T00:00:00Z' and event_id % 4 <> 0`);
    await expectKeptAsAggregated();
    // A run awaiting approval holds its payments (still due, on a run): they leave the due set too.
    await db.exec(`update payments set payment_run_id = 2 where status = 'due' and payment_run_id is null and currency_code = 'GHS' and created_at < '2026-04-01T00:00:00Z'`);
    await expectKeptAsAggregated();
  });

  it('deletes a period once none is due in it, and adds back what a rejected run releases', async () => {
    const march = `select count(*)::int as n from pending_payment_periods where period = 'month' and start = '2026-03-01' and currency_code = 'GHS'`;
    expect((await db.query(march)).rows).toEqual([{ n: 0 }]);
    await db.exec(`update payments set payment_run_id = null where payment_run_id = 2`);
    expect((await db.query(march)).rows).not.toEqual([{ n: 0 }]);
    await expectKeptAsAggregated();
  });

  it('moves a due payment changed to another day, amount or agent, and takes deleted ones away', async () => {
    await db.exec(`update payments set created_at = created_at - interval '50 days', amount = amount + 1, agent_id = 3 - agent_id where event_id % 5 = 0`);
    await expectKeptAsAggregated();
    await db.exec(`delete from payments where event_id % 3 = 0`);
    await expectKeptAsAggregated();
    await db.exec(`delete from payments`);
    expect(await expectKeptAsAggregated()).toBe(0);
  });
});
