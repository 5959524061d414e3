// Migration 0025 (issue 36): a payment keeps its event's type, which Agent Payments sorts its Event
// column by. Existing payments are backfilled; the database sets it on every new payment, whatever
// the writer sends, and follows an event whose type changes.
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateUpTo, ONE_CAMPAIGN, runMigration } from './migrationsUpTo';

const MIGRATION = '0025_payment_event_types';

describe(`migration ${MIGRATION}`, () => {
  let db: PGlite;
  const typesOfPayments = async () =>
    (await db.query<{ event_id: number; event_type_id: number }>('select event_id::int, event_type_id from payments order by event_id')).rows;

  beforeAll(async () => {
    db = await PGlite.create({ extensions: { pg_trgm } });
    await migrateUpTo(db, MIGRATION);
    await db.exec(ONE_CAMPAIGN);
    await db.exec(`
      insert into event_types (id, name, pretty_name) values (2, 'topup', 'Top-up');
      insert into events (id, agent_id, campaign_id, agency_id, event_type_id, pay, created_at) values
        (1, 1, 1, 1, 1, '2.50', now()), (2, 1, 1, 1, 2, '3.25', now()), (3, 1, 1, 1, 2, '1.00', now());
      insert into payments (event_id, agent_id, campaign_id, agency_id, amount, currency_code, created_at) values
        (1, 1, 1, 1, '2.50', 'GHS', now()), (2, 1, 1, 1, '3.25', 'GHS', now());
    `);
    await runMigration(db, MIGRATION);
  });
  afterAll(async () => db?.close());

  it("gives each existing payment its event's type", async () => {
    expect(await typesOfPayments()).toEqual([{ event_id: 1, event_type_id: 1 }, { event_id: 2, event_type_id: 2 }]);
  });

  it("sets a new payment's type from its event, whatever the insert says", async () => {
    await db.exec(`insert into payments (event_id, event_type_id, agent_id, campaign_id, agency_id, amount, currency_code, created_at)
      values (3, 1, 1, 1, 1, '1.00', 'GHS', now())`);
    expect((await typesOfPayments())[2]).toEqual({ event_id: 3, event_type_id: 2 });
  });

  it("follows an event whose type changes, and leaves the other payments", async () => {
    await db.exec('update events set event_type_id = 1 where id = 2');
    expect(await typesOfPayments()).toEqual([{ event_id: 1, event_type_id: 1 }, { event_id: 2, event_type_id: 1 }, { event_id: 3, event_type_id: 2 }]);
  });
});
