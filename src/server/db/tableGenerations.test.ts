// Table generations on a fresh PGlite database: what a query reads, and when a write moves them
// (once its transaction has committed; never for a rolled-back one).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenDatabase } from './client';
import { campaigns, events, paymentRunLines, paymentRuns, payments, userRoles, users } from './schema';
import { generationsOf, tablesOf, tablesWrittenBy } from './tableGenerations';

describe('table generations', () => {
  let dir: string;
  let database: OpenDatabase;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'generations-test-'));
    database = await openDatabase({ dataDir: dir });
  });
  afterAll(async () => {
    await database?.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** A write that names the table and changes no row: the builder is what is noted. */
  const touch = (db: OpenDatabase['db'], table: typeof users | typeof campaigns) =>
    db.update(table).set({ updatedAt: sql`updated_at` }).where(sql`false`);

  it('names every table a query reads, its subqueries included', () => {
    const query = sql`select count(*) from ${payments} left join ${users} on ${users.id} = ${payments.agentId}
      where exists (select 1 from ${userRoles} where ${userRoles.userId} = ${sql`${payments.agentId}`})`;
    expect([...tablesOf(query)].sort()).toEqual(['payments', 'user_roles', 'users']);
  });

  it('moves a table’s generation when the transaction that wrote it has committed, not before', async () => {
    const before = generationsOf(['users']);
    const campaignsBefore = generationsOf(['campaigns']);
    await database.db.transaction(async (tx) => {
      await touch(tx, users);
      expect(generationsOf(['users'])).toBe(before);
    });
    expect(generationsOf(['users'])).not.toBe(before);
    expect(generationsOf(['campaigns'])).toBe(campaignsBefore);
  });

  it('moves nothing for a rolled-back transaction, and counts a savepoint’s writes at the commit', async () => {
    const before = generationsOf(['campaigns']);
    await expect(database.db.transaction(async (tx) => {
      await touch(tx, campaigns);
      throw new Error('rolled back');
    })).rejects.toThrow('rolled back');
    expect(generationsOf(['campaigns'])).toBe(before);

    await database.db.transaction(async (tx) => {
      await tx.transaction(async (savepoint) => {
        await touch(savepoint, campaigns);
      });
      expect(generationsOf(['campaigns'])).toBe(before);
    });
    expect(generationsOf(['campaigns'])).not.toBe(before);
  });

  it('names the tables a statement of SQL text writes, not those it reads', () => {
    const due = sql`due as (select ${payments.id} from ${payments} join ${users} on ${users.id} = ${payments.agentId})`;
    const claim = sql`with ${due}, claimed as (update ${payments} p set payment_run_id = r.id from ${paymentRuns} r where p.id in (select id from due) returning p.id)
      insert into ${paymentRunLines} (payment_id) select id from claimed`;
    expect([...tablesWrittenBy(claim)].sort()).toEqual(['payment_run_lines', 'payments']);
    expect([...tablesWrittenBy(sql`DELETE FROM ${users} where ${users.id} in (select 1 from ${campaigns})`)]).toEqual(['users']);
    expect([...tablesWrittenBy(sql`select * from ${payments} where ${payments.status} = 'update'`)]).toEqual([]);
  });

  it('moves the generation of a table written by SQL text in a transaction (a payment run claims its payments so)', async () => {
    const [paymentsBefore, pendingBefore, usersBefore] = [generationsOf(['payments']), generationsOf(['pending_payment_periods']), generationsOf(['users'])];
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`update ${payments} set status = status where false`);
      await tx.execute(sql`select count(*) from ${users}`);
    });
    expect(generationsOf(['payments'])).not.toBe(paymentsBefore);
    expect(generationsOf(['pending_payment_periods'])).not.toBe(pendingBefore);
    expect(generationsOf(['users'])).toBe(usersBefore);
  });

  it('moves the summaries the database keeps from a table with it (Agent Grouped Events reads events through one)', async () => {
    const periods = generationsOf(['agent_event_periods']);
    const statsDays = generationsOf(['stats_payment_days']);
    await database.db.transaction(async (tx) => {
      await tx.update(events).set({ pay: sql`pay` }).where(sql`false`);
    });
    expect(generationsOf(['agent_event_periods'])).not.toBe(periods);
    expect(generationsOf(['stats_payment_days'])).toBe(statsDays);
  });
});
