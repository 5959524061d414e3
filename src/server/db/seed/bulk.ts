// Bulk inserts for the big tables. One statement per chunk, each column sent as ONE array
// parameter and spread back into rows by unnest(): a 25,000-row chunk costs one round trip and a
// handful of parameters, where a multi-row VALUES list would need a parameter per cell (and
// PostgreSQL allows 65,535 per statement). The plain `select from unnest(...)` keeps the array
// order, so serial ids follow the order of `rows`: the same input gives the same ids.
import { getTableName, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { queryRows, type Database } from '../client';

export type Cell = string | number | boolean | null;
/** A column of the table and how to read its value from a generated row. */
export type BulkColumn<Row> = readonly [column: PgColumn, value: (row: Row) => Cell];

export const BULK_CHUNK_ROWS = 25_000;

export async function bulkInsert<Row>(
  db: Database,
  table: PgTable,
  rows: readonly Row[],
  columns: ReadonlyArray<BulkColumn<Row>>,
): Promise<number> {
  const names = sql.join(columns.map(([column]) => sql.identifier(column.name)), sql`, `);
  for (let start = 0; start < rows.length; start += BULK_CHUNK_ROWS) {
    const chunk = rows.slice(start, start + BULK_CHUNK_ROWS);
    // The array's element type is the column's own type, e.g. `numeric(14, 2)[]`.
    const arrays = columns.map(
      ([column, value]) => sql`${sql.param(chunk.map(value))}::${sql.raw(column.getSQLType())}[]`,
    );
    await db.execute(
      sql`insert into ${sql.identifier(getTableName(table))} (${names}) select * from unnest(${sql.join(arrays, sql`, `)})`,
    );
  }
  return rows.length;
}

/**
 * Switches PostgreSQL's row-by-row foreign key triggers off for the rest of the transaction
 * (`set local session_replication_role = replica`, what `pg_restore --disable-triggers` does). On
 * PGlite those per-row checks are over half the cost of loading 200,000 events and their
 * payments; checkForeignKeys then checks every key once, set-based, before the commit. A role
 * that may not change the setting (a PostgreSQL non-superuser) keeps the triggers: slower, as
 * safe. Returns whether the triggers are off, that is whether checkForeignKeys must run.
 */
export async function deferForeignKeyChecks(db: Database): Promise<boolean> {
  const [role] = await queryRows<{ superuser: boolean }>(db, sql`select current_setting('is_superuser') = 'on' as superuser`);
  if (!role?.superuser) return false;
  await db.execute(sql`set local session_replication_role = replica`);
  return true;
}

/**
 * Turns the triggers back on and checks every single-column foreign key of the schema with one
 * anti-join each; a dangling reference throws, and the seed's transaction rolls back.
 * Returns the number of foreign keys checked.
 */
export async function checkForeignKeys(db: Database): Promise<number> {
  await db.execute(sql`set local session_replication_role = origin`);
  const keys = await queryRows<{ constraint: string; child: string; column: string; parent: string; key: string }>(
    db,
    sql`select c.conname as constraint, child.relname as child, a.attname as column, parent.relname as parent, pa.attname as key
        from pg_constraint c
        join pg_class child on child.oid = c.conrelid
        join pg_class parent on parent.oid = c.confrelid
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
        join pg_attribute pa on pa.attrelid = c.confrelid and pa.attnum = c.confkey[1]
        where c.contype = 'f' and cardinality(c.conkey) = 1 and child.relnamespace = to_regnamespace(current_schema())
        order by c.conname`,
  );
  for (const fk of keys) {
    const [orphans] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${sql.identifier(fk.child)} t
          where t.${sql.identifier(fk.column)} is not null
            and not exists (select 1 from ${sql.identifier(fk.parent)} p where p.${sql.identifier(fk.key)} = t.${sql.identifier(fk.column)})`,
    );
    if (orphans && orphans.n > 0) throw new Error(`seed: ${orphans.n} rows of ${fk.child} break foreign key ${fk.constraint}`);
  }
  return keys.length;
}

/**
 * Rebuilds the Stats day summaries (migration 0019) from every event and payment: their statement
 * triggers were off with the others while the seed loaded (deferForeignKeyChecks). The same
 * grouping as the migration's backfill. Returns the number of summary rows.
 */
export async function rebuildDaySummaries(db: Database): Promise<number> {
  await db.execute(sql`delete from stats_event_days`);
  await db.execute(sql`delete from stats_payment_days`);
  await db.execute(sql`insert into stats_event_days (day, campaign_id, event_type_id, events, pay)
    select (created_at at time zone 'UTC')::date, campaign_id, event_type_id, count(*), sum(pay) from events group by 1, 2, 3`);
  await db.execute(sql`insert into stats_payment_days (day, campaign_id, currency_code, paid, payments, amount)
    select (created_at at time zone 'UTC')::date, campaign_id, currency_code, status = 'paid', count(*), sum(amount) from payments group by 1, 2, 3, 4`);
  const [row] = await queryRows<{ n: number }>(db, sql`select (select count(*) from stats_event_days) + (select count(*) from stats_payment_days) as n`);
  return Number(row?.n ?? 0);
}

/**
 * Rebuilds the grouped grids' periods (migrations 0028, 0029, 0031, 0034) from every event, retention
 * event, due payment and invite (its conversion marked first: rebuildInviteConversions), as
 * rebuildDaySummaries does the Stats days. Returns their rows.
 */
export async function rebuildGroupedPeriods(db: Database): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select agent_event_periods_rebuild() + retention_event_periods_rebuild() + pending_payment_periods_rebuild() + invite_periods_rebuild() as n`);
  return Number(row?.n ?? 0);
}

/**
 * Flags each payment whose event is in Fraud Events (migration 0037) from every fraud event: the
 * triggers that keep the flags were off with the others while the seed loaded. The migration's
 * backfill. Returns the payments flagged.
 */
export async function rebuildFraudFlags(db: Database): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select payments_fraud_flags_rebuild() as n`);
  return Number(row?.n ?? 0);
}

/**
 * Marks each invite converted or not (migration 0023) from every event: the triggers that keep it
 * were off with the others while the seed loaded. The migration's backfill. Returns the converted.
 */
export async function rebuildInviteConversions(db: Database): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`with marked as (update invites set converted = true where invite_converted(agent_id, campaign_id, recipient_msisdn, invite_datetime) returning 1)
      select count(*)::int as n from marked`,
  );
  return row?.n ?? 0;
}
