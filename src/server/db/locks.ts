// Row locks inside a transaction: an update reads its 'before' (for the rules and the audit trail)
// after locking the row, so two concurrent updates of one row cannot both start from the same state.
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client';
import { isStorableId } from './errors';

/** Locks the row `id` of `table` (a table with an `id` primary key) until the transaction ends. */
export async function lockRow(tx: Database, table: PgTable, id: number): Promise<void> {
  if (!isStorableId(id)) return;
  await tx.execute(sql`select 1 from ${table} where id = ${id} for update`);
}
