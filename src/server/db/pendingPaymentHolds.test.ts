// Migration 0037 (issue 52): every payment's fraud_flagged (its event in Fraud Events: same agent,
// campaign and customer, as paymentRuns/dueSet.ts joins them), kept by the database as payments,
// fraud events and events are written, and Pending Payments' summary summing the flagged due
// payments with the rest. Checked against the fraud events themselves, joined afresh, and the
// summary regrouped afresh, after each kind of write.
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateUpTo, ONE_CAMPAIGN, runMigration } from './migrationsUpTo';

const MIGRATION = '0037_pending_payment_holds';

/** The payments whose event is in Fraud Events, as dueSet's join finds them. */
const FLAGGED_AFRESH = `
  select distinct p.id::int from fraud_events f
    join events e on e.agent_id = f.agent_id and e.customer_msisdn = f.msisdn
    join payments p on p.event_id = e.id and p.agent_id = f.agent_id and p.campaign_id = f.campaign_id
  order by 1`;
const FLAGGED_KEPT = 'select id::int from payments where fraud_flagged order by 1';
/** The summary's flagged payments per period, regrouped from the due payments, and as kept. */
const SUMMARY = {
  regrouped: `
    select p.period, date_trunc(p.period, d.created_at at time zone 'UTC')::date::text as start, d.campaign_id, d.agent_id, d.currency_code,
           count(*)::int as payments, sum(d.amount)::text as amount, (count(*) filter (where d.fraud_flagged))::int as flagged_payments,
           coalesce(sum(d.amount) filter (where d.fraud_flagged), 0)::numeric(14, 2)::text as flagged_amount
    from payments d cross join (values ('day'), ('month'), ('year')) p(period)
    where d.status = 'due' and d.payment_run_id is null
    group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`,
  kept: `
    select period, start::text, campaign_id, agent_id, currency_code, payments::int, amount::text, flagged_payments::int,
           flagged_amount::numeric(14, 2)::text as flagged_amount
    from pending_payment_periods order by 1, 2, 3, 4, 5`,
};

describe(`migration ${MIGRATION}`, () => {
  let db: PGlite;
  const rows = async (query: string) => (await db.query(query)).rows;
  /** The flags and the summary the database keeps equal those made afresh; answers the flagged payments' ids. */
  const expectKeptAsJoined = async (): Promise<number[]> => {
    const flagged = (await rows(FLAGGED_AFRESH)).map((row) => (row as { id: number }).id);
    expect((await rows(FLAGGED_KEPT)).map((row) => (row as { id: number }).id)).toEqual(flagged);
    expect(await rows(SUMMARY.kept)).toEqual(await rows(SUMMARY.regrouped));
    return flagged;
  };
  /** Events of customers 0240000000 + g and their due payments, ids from `from`, agents 1 and 2, campaigns 1 and 2. */
  const fallDue = async (from: number, count: number) => {
    await db.exec(`
      insert into events (id, agent_id, campaign_id, agency_id, event_type_id, pay, currency_code, customer_msisdn, created_at)
        select ${from} + g, 1 + g % 2, 1 + g % 3 / 2, 1, 1, (1 + g % 7)::numeric / 4, 'GHS', (240000000 + g)::text,
               '2026-01-01T00:00:00Z'::timestamptz + g * interval '13 hours'
        from generate_series(0, ${count - 1}) g;
      insert into payments (event_id, agent_id, campaign_id, agency_id, amount, currency_code, created_at)
        select id, agent_id, campaign_id, agency_id, pay, currency_code, created_at from events where id >= ${from} and id < ${from + count};`);
  };
  /** A fraud event of an agent and campaign naming a customer. */
  const fraud = (id: number, agent: number, campaign: number, msisdn: string) =>
    `insert into fraud_events (id, agent_id, campaign_id, description, msisdn, created_at) values (${id}, ${agent}, ${campaign}, 'Too many invites', '${msisdn}', now())`;
  const flagOf = async (eventId: number) => (await rows(`select fraud_flagged from payments where event_id = ${eventId}`))[0];

  beforeAll(async () => {
    db = await PGlite.create({ extensions: { pg_trgm } });
    await migrateUpTo(db, MIGRATION);
    await db.exec(ONE_CAMPAIGN);
    await db.exec(`
      insert into campaigns (id, name, agency_campaign_type_config_id, agency_id, country_code, campaign_start_date, budget_spend_amount, currency_code)
        values (2, 'GH two', 1, 1, 'GH', '2026-01-01', '10.00', 'GHS');
      insert into users (id, username, email, first_name, last_name) values (2, 'agent@x.org', null, 'A', 'G');
      insert into jobs (id, kind, status, description, created_by) values (1, 'paymentrun', 'Finished', 'Payment runs', 1);
      insert into payment_runs (id, ref, reference, request_id, start_date, end_date, created_by, currency_code, job_id, approval_limit) values
        (1, 'PR-000001', 'ACC-1', 'r1', '2025-01-01', '2026-12-31', 1, 'GHS', 1, null);`);
    // Before the migration: due payments, and fraud events naming their customers: event 2's for its
    // agent and campaign (flagged); event 1's for another agent, event 5's for another campaign and
    // another agent (none of them flagged).
    await fallDue(1, 40);
    await db.exec(`${fraud(1, 2, 1, '240000000')}; ${fraud(2, 2, 1, '240000001')}; ${fraud(3, 1, 2, '240000004')}; ${fraud(4, 2, 1, '240000004')}`);
    await runMigration(db, MIGRATION);
  });
  afterAll(async () => db?.close());

  it('flags the payments already there whose event is in Fraud Events, and sums them apart in the summary', async () => {
    const flagged = await expectKeptAsJoined();
    expect(flagged).toEqual([2]);
    expect((await rows('select sum(flagged_payments)::int as n from pending_payment_periods where period = \'year\''))[0]).toEqual({ n: flagged.length });
  });

  it('flags the payments of the events a new fraud event names, in its campaign only, many at once', async () => {
    const before = await expectKeptAsJoined();
    await db.exec(`insert into fraud_events (id, agent_id, campaign_id, description, msisdn, created_at)
      select 1000 + g, 1 + g % 2, 1 + g % 5 / 3, 'velocity', (240000000 + g)::text, now() from generate_series(10, 25) g`);
    const after = await expectKeptAsJoined();
    expect(after.length).toBeGreaterThan(before.length);
  });

  it('flags a payment falling due for an event already in Fraud Events, and never takes a flag set by hand', async () => {
    await db.exec(`${fraud(100, 2, 2, '555000111')};
      insert into events (id, agent_id, campaign_id, agency_id, event_type_id, pay, currency_code, customer_msisdn, created_at)
        values (500, 2, 2, 1, 1, 3, 'GHS', '555000111', '2026-03-01T00:00:00Z'), (501, 2, 1, 1, 1, 3, 'GHS', '555000111', '2026-03-01T00:00:00Z');
      insert into payments (event_id, agent_id, campaign_id, agency_id, amount, currency_code, created_at)
        select id, agent_id, campaign_id, agency_id, pay, currency_code, created_at from events where id in (500, 501);`);
    expect([await flagOf(500), await flagOf(501)]).toEqual([{ fraud_flagged: true }, { fraud_flagged: false }]);
    await db.exec('update payments set fraud_flagged = true where event_id = 501');
    expect(await flagOf(501)).toEqual({ fraud_flagged: false });
    await expectKeptAsJoined();
  });

  it("takes a run's claim of flagged payments away from the summary, and adds back what a rejected run releases", async () => {
    await db.exec(`update payments set status = 'paid', payment_run_id = 1, paid_at = now() where event_id % 3 = 0`);
    await expectKeptAsJoined();
    await db.exec(`update payments set status = 'due', payment_run_id = null, paid_at = null where event_id % 6 = 0`);
    await expectKeptAsJoined();
  });

  it('unflags a payment once no fraud event names it, its fraud event changed or deleted', async () => {
    // Two fraud events name event 500's customer for its agent and campaign: one deleted, it stays flagged.
    await db.exec(fraud(101, 2, 2, '555000111'));
    await db.exec('delete from fraud_events where id = 100');
    expect(await flagOf(500)).toEqual({ fraud_flagged: true });
    await db.exec(`update fraud_events set msisdn = '555000999' where id = 101`);
    expect(await flagOf(500)).toEqual({ fraud_flagged: false });
    await expectKeptAsJoined();
    // An event's customer changed to the one a fraud event names: its payment flagged.
    await db.exec(`update events set customer_msisdn = '555000999' where id = 500`);
    expect(await flagOf(500)).toEqual({ fraud_flagged: true });
    await db.exec('delete from fraud_events');
    expect(await expectKeptAsJoined()).toEqual([]);
  });

  it('rebuilds flags and summary from scratch as the seed does, to the same rows', async () => {
    await db.exec(`${fraud(200, 1, 1, '240000002')}; ${fraud(201, 2, 2, '240000005')}`);
    const kept = await rows(SUMMARY.kept);
    const flagged = await rows(FLAGGED_KEPT);
    await db.exec("set session_replication_role = replica; update payments set fraud_flagged = false; delete from pending_payment_periods; set session_replication_role = origin");
    await db.query('select payments_fraud_flags_rebuild(), pending_payment_periods_rebuild()');
    expect(await rows(FLAGGED_KEPT)).toEqual(flagged);
    expect(await rows(SUMMARY.kept)).toEqual(kept);
  });
});
