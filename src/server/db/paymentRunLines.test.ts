// Migration 0015 (issue 33) on a database holding payment runs and their payments: each paid
// payment becomes its run's line, the index lets a payment be on one active line only, and a line
// may be reversed but never changed otherwise or deleted.
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateUpTo, ONE_CAMPAIGN, runMigration } from './migrationsUpTo';

const MIGRATION = '0015_payment_run_lines';

describe(`migration ${MIGRATION}`, () => {
  let db: PGlite;

  beforeAll(async () => {
    db = await PGlite.create({ extensions: { pg_trgm } });
    await migrateUpTo(db, MIGRATION);
    await db.exec(ONE_CAMPAIGN);
    await db.exec(`
      insert into jobs (id, kind, status, description, created_by) values (1, 'paymentrun', 'Finished', 'Payment run PR-000001', 1);
      insert into payment_runs (id, ref, reference, request_id, start_date, end_date, created_by, total, currency_code, event_count, job_id)
        values (1, 'PR-000001', 'ACC-1', 'r1', '2026-01-01', '2026-01-31', 1, '5.75', 'GHS', 2, 1);
      insert into events (id, agent_id, campaign_id, agency_id, event_type_id, pay, created_at) values
        (1, 1, 1, 1, 1, '2.50', now()), (2, 1, 1, 1, 1, '3.25', now()), (3, 1, 1, 1, 1, '1.00', now());
      insert into payments (id, event_id, agent_id, campaign_id, agency_id, amount, currency_code, status, payment_run_id, created_at) values
        (1, 1, 1, 1, 1, '2.50', 'GHS', 'paid', 1, now()), (2, 2, 1, 1, 1, '3.25', 'GHS', 'paid', 1, now()), (3, 3, 1, 1, 1, '1.00', 'GHS', 'due', null, now());
    `);
    await runMigration(db, MIGRATION);
  });
  afterAll(async () => db?.close());

  it('gives each run a line per payment it paid, with its amount and currency, and none to a due payment', async () => {
    const { rows } = await db.query('select payment_run_id, payment_id::int, amount::text, currency_code, reversed_at from payment_run_lines order by payment_id');
    expect(rows).toEqual([
      { payment_run_id: 1, payment_id: 1, amount: '2.50', currency_code: 'GHS', reversed_at: null },
      { payment_run_id: 1, payment_id: 2, amount: '3.25', currency_code: 'GHS', reversed_at: null },
    ]);
  });

  it('refuses a second active line for a payment, and allows one once the first is reversed', async () => {
    await expect(db.exec(`insert into payment_run_lines (payment_run_id, payment_id, amount, currency_code) values (1, 1, '2.50', 'GHS')`))
      .rejects.toMatchObject({ code: '23505' });
    await db.exec(`update payment_run_lines set reversed_at = now() where payment_id = 2`);
    await db.exec(`insert into payment_run_lines (payment_run_id, payment_id, amount, currency_code) values (1, 2, '3.25', 'GHS')`);
    const { rows } = await db.query<{ n: number }>('select count(*)::int as n from payment_run_lines where payment_id = 2');
    expect(rows[0]?.n).toBe(2);
  });

  it('never changes a line but to reverse it, and never deletes one', async () => {
    await expect(db.exec(`update payment_run_lines set amount = '9.99' where payment_id = 1`)).rejects.toMatchObject({ code: '23001' });
    await expect(db.exec(`update payment_run_lines set reversed_at = null where payment_id = 2 and reversed_at is not null`)).rejects.toMatchObject({ code: '23001' });
    await expect(db.exec(`delete from payment_run_lines where payment_id = 1`)).rejects.toMatchObject({ code: '23001' });
  });
});
