// Generations of the tables this process has written, for caches of what those tables hold (the
// report grids' counts, issue 30): a cached value's key carries the generations of the tables its
// query reads, so once a write is committed the next read misses and reads again.
// A generation moves when the transaction that wrote the table has committed, not at the write: a
// count read between the two still sees the old rows, and must not be kept as the new ones.
// Per process: several instances may share PostgreSQL, and another instance's writes move nothing
// here; what they change shows when the cached value expires.
import { Column, getTableName, is, SQL, StringChunk, Subquery, Table } from 'drizzle-orm';
import type { Database } from './database';

const generations = new Map<string, number>();

/** The tables a query reads: every table and column it names, its subqueries' included. */
export function tablesOf(query: SQL): Set<string> {
  const found = new Set<string>();
  const visit = (chunk: unknown): void => {
    if (Array.isArray(chunk)) chunk.forEach(visit);
    else if (is(chunk, Table)) found.add(getTableName(chunk));
    else if (is(chunk, Column)) found.add(getTableName(chunk.table));
    else if (is(chunk, SQL)) chunk.queryChunks.forEach(visit);
    else if (is(chunk, Subquery)) visit(chunk._.sql);
    else if (is(chunk, SQL.Aliased)) visit(chunk.sql);
  };
  visit(query);
  return found;
}

/** The tables a statement of SQL text writes: each one named right after `insert into`, `update` or `delete from`. */
export function tablesWrittenBy(query: SQL): Set<string> {
  const found = new Set<string>();
  let before = '';
  const visit = (chunk: unknown): void => {
    if (Array.isArray(chunk)) chunk.forEach(visit);
    else if (is(chunk, StringChunk)) before = chunk.value.join('');
    else if (is(chunk, SQL)) chunk.queryChunks.forEach(visit);
    else {
      if (is(chunk, Table) && /\b(insert\s+into|update|delete\s+from)\s*$/i.test(before)) found.add(getTableName(chunk));
      before = '';
    }
  };
  visit(query);
  return found;
}

/** A key part that changes whenever this process has committed a write to one of `tables`. */
export function generationsOf(tables: Iterable<string>): string {
  return [...tables].sort().map((name) => `${name}:${generations.get(name) ?? 0}`).join(',');
}

/** A key part that changes whenever this process has committed a write to any table. */
export function allGenerations(): string {
  return [...generations].sort(([a], [b]) => (a < b ? -1 : 1)).map(([name, generation]) => `${name}:${generation}`).join(',');
}

/**
 * What the database keeps from a table by triggers in the same statement (migrations 0019, 0028,
 * 0029, 0031, 0034; 0037: the payments a fraud event flags, and so their summaries): written with it.
 */
const KEPT_FROM: Record<string, string[]> = {
  events: ['stats_event_days', 'agent_event_periods'],
  retention_events: ['retention_event_periods'],
  payments: ['stats_payment_days', 'pending_payment_periods'],
  invites: ['invite_periods'],
  fraud_events: ['payments', 'stats_payment_days', 'pending_payment_periods'],
};

function moved(tables: Iterable<string>): void {
  for (const name of [...tables].flatMap((table) => [table, ...(KEPT_FROM[table] ?? [])])) generations.set(name, (generations.get(name) ?? 0) + 1);
}

/** Makes a transaction (and the savepoints inside it) note the tables its insert, update and delete builders, and its SQL statements, write. */
function noting(tx: Database, written: Set<string>): void {
  const noted = <Write extends (table: never) => unknown>(write: Write): Write =>
    ((table: Table) => {
      written.add(getTableName(table));
      return write.call(tx, table as never);
    }) as unknown as Write;
  tx.insert = noted(tx.insert);
  tx.update = noted(tx.update);
  tx.delete = noted(tx.delete);
  // A statement written as SQL (a payment run's claim) notes the tables it writes too.
  const { execute } = tx;
  tx.execute = ((query: SQL) => {
    if (is(query, SQL)) for (const table of tablesWrittenBy(query)) written.add(table);
    return execute.call(tx, query);
  }) as typeof tx.execute;
  const { transaction } = tx;
  tx.transaction = ((run, config) =>
    transaction.call(tx, (nested) => {
      noting(nested as unknown as Database, written);
      return run(nested);
    }, config)) as typeof tx.transaction;
}

/**
 * `db`, whose transactions move the generations of the tables they wrote once they have committed
 * (a rolled-back one moves nothing). Only writes inside a transaction are seen, through the query
 * builders or as SQL text: a table a cache reads is written so (every write the grids' rows depend
 * on is), never by a lone statement.
 */
export function trackingWrites(db: Database): Database {
  const transaction = db.transaction;
  db.transaction = (async (run, config) => {
    const written = new Set<string>();
    const result = await transaction.call(db, (tx) => {
      noting(tx as unknown as Database, written);
      return run(tx);
    }, config);
    moved(written);
    return result;
  }) as typeof db.transaction;
  return db;
}
