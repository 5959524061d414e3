// Pending Payments' summary (migration 0031) under two writers on PostgreSQL: a run's claim and a
// payment falling due in the same periods, each waiting for the other's locks in turn. Neither
// deadlocks (each statement writes its periods in key order), neither is lost, and the summary
// equals the due payments regrouped once both have committed, whichever committed first.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { ONE_CAMPAIGN, PENDING_PAYMENTS } from './migrationsUpTo';

const ADMIN_URL = process.env.TEST_DATABASE_URL;

describe.skipIf(!ADMIN_URL)('Pending Payments\' summary with a claim and a payment falling due at once (PostgreSQL)', () => {
  const name = `scratch_pending_${process.pid}`;
  let dataDir: string;
  let url: string;
  let claimer: pg.Client;
  let ingester: pg.Client;

  /** The summary as the due payments make it now equals the one the database keeps. */
  const expectKeptAsAggregated = async () => {
    const fresh = await claimer.query(PENDING_PAYMENTS.regrouped);
    const kept = await claimer.query(PENDING_PAYMENTS.kept);
    expect(kept.rows).toEqual(fresh.rows);
  };
  /** One event and its due payment for agent 1 at event 2's time: periods a claim of agent 1's payments also writes. */
  const fallDue = (client: pg.Client, id: number) => client.query(`
    with event as (insert into events (id, agent_id, campaign_id, agency_id, event_type_id, pay, currency_code, created_at)
      select ${id}, 1, 1, 1, 1, 2.5, 'GHS', created_at from events where id = 2 returning *)
    insert into payments (event_id, agent_id, campaign_id, agency_id, amount, currency_code, created_at) select id, agent_id, campaign_id, agency_id, pay, currency_code, created_at from event`);
  const claimAll = (client: pg.Client) => client.query(`update payments set payment_run_id = 1, status = 'paid', paid_at = now()
    where status = 'due' and payment_run_id is null and event_id % 7 <> 0`);
  /** Whether `client`'s statement is waiting on a lock, as `observer` sees it. */
  const waiting = async (observer: pg.Client, client: pg.Client) => {
    const pid = (client as unknown as { processID: number }).processID;
    for (let i = 0; i < 100; i++) {
      const { rows } = await observer.query<{ wait_event_type: string | null }>(`select wait_event_type from pg_stat_activity where pid = $1`, [pid]);
      if (rows[0]?.wait_event_type === 'Lock') return true;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return false;
  };

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    await admin.end();
    const at = new URL(ADMIN_URL as string);
    at.pathname = `/${name}`;
    url = at.toString();
    dataDir = await mkdtemp(path.join(tmpdir(), 'pending-race-'));
    const database = await openDatabase({ databaseUrl: url, dataDir });
    await database.close();
    claimer = new pg.Client({ connectionString: url });
    ingester = new pg.Client({ connectionString: url });
    await Promise.all([claimer.connect(), ingester.connect()]);
    await claimer.query(ONE_CAMPAIGN);
    await claimer.query(`
      insert into users (id, username, email, first_name, last_name) values (2, 'agent@x.org', null, 'A', 'G');
      insert into jobs (id, kind, status, description, created_by) values (1, 'paymentrun', 'Finished', 'Payment runs', 1);
      insert into payment_runs (id, ref, reference, request_id, start_date, end_date, created_by, currency_code, job_id) values (1, 'PR-000001', 'ACC-1', 'r1', '2000-01-01', '2099-12-31', 1, 'GHS', 1);
      insert into events (id, agent_id, campaign_id, agency_id, event_type_id, pay, currency_code, created_at)
        select g, 1 + g % 2, 1, 1, 1, (1 + g % 5)::numeric / 2, 'GHS', now() - g * interval '5 hours' from generate_series(1, 400) g;
      insert into payments (event_id, agent_id, campaign_id, agency_id, amount, currency_code, created_at) select id, agent_id, campaign_id, agency_id, pay, currency_code, created_at from events;`);
  });
  afterAll(async () => {
    await Promise.all([claimer?.end(), ingester?.end()]);
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('a claim waits for a payment falling due in its periods, then takes what it claimed away', async () => {
    await ingester.query('begin');
    await fallDue(ingester, 1001);
    await claimer.query('begin');
    const claim = claimAll(claimer);
    expect(await waiting(ingester, claimer)).toBe(true);
    await ingester.query('commit');
    await claim;
    await claimer.query('commit');
    await expectKeptAsAggregated();
  });

  it('a payment falling due waits for a claim that emptied its periods, then adds them back', async () => {
    await claimer.query(`update payments set payment_run_id = null, status = 'due', paid_at = null`);
    await claimer.query('begin');
    await claimAll(claimer);
    await ingester.query('begin');
    const due = fallDue(ingester, 1002);
    expect(await waiting(claimer, ingester)).toBe(true);
    await claimer.query('commit');
    await due;
    await ingester.query('commit');
    await expectKeptAsAggregated();
    expect((await claimer.query(`select payments::int from pending_payment_periods where period = 'year' and agent_id = 1`)).rows.length).toBe(1);
  });
});
