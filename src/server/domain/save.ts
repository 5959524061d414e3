// One audited save for every editable entity: lock, read, check the copy, write, read back, audit,
// in one transaction, and a unique violation answered as the entity's 409. The entity brings its
// own reading, rules and write; the order lives here once.
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Caller } from '../auth/scope';
import type { Database } from '../db/client';
import { uniqueViolation } from '../db/errors';
import { lockRow } from '../db/locks';
import { NotFound } from './errors';
import { recordChange } from './audit';
import { requireUnchanged } from './edits';

export interface Save<Row> {
  caller: Caller;
  /** The entity's name in the audit trail: 'country', 'whitelist', ... */
  entity: string;
  /** The table whose row an edit locks (one with an `id` primary key). */
  table: PgTable;
  /** The row edited; undefined adds one. */
  id: number | undefined;
  /** The `updated_at` of the copy the client edited (edits.ts); undefined: the last write wins. */
  updatedAt?: string | undefined;
  /** The row as the caller sees it; undefined (or its own 404) when it is absent or out of sight. */
  find: (tx: Database, id: number) => Promise<Row | undefined>;
  /** Reads the saved row back when the caller's view is not enough (say, a logged-out add); else `find`. */
  findSaved?: (tx: Database, id: number) => Promise<Row | undefined>;
  /** The entity's 404 message. */
  notFound: string;
  /** Refusals of an edit whatever copy it was made on (a 403), answered before a 409. */
  mayEdit?: (before: Row) => void;
  /** The row as the caller's list shows it, answered with a 409; else the row itself. */
  shown?: (current: Row) => unknown;
  /** The entity's rules and write: answers the row's id (an add's new one), or 'unchanged' to record nothing. */
  write: (tx: Database, before: Row | undefined) => Promise<number | 'unchanged'>;
  /** The row as the audit trail keeps it; else the row itself. */
  recorded?: (row: Row, side: 'before' | 'after') => unknown;
  /** The entity's 409 for the unique index a write hit; undefined answers the error as it is. */
  duplicate?: (index: string, error: unknown) => unknown;
}

/** Adds (no id) or edits a row the one way every entity does: see Save. Answers the row as saved. */
export async function auditedSave<Row>(db: Database, save: Save<Row>): Promise<Row> {
  const { id, caller } = save;
  try {
    return await db.transaction(async (tx) => {
      let before: Row | undefined;
      if (id !== undefined) {
        // Locked, then read: a concurrent change cannot slip between the checks and the write.
        await lockRow(tx, save.table, id);
        before = await save.find(tx, id);
        if (before === undefined) throw new NotFound(save.notFound);
        save.mayEdit?.(before);
        const current = before as { updated_at?: string };
        if (current.updated_at !== undefined) requireUnchanged(save.updatedAt, { updated_at: current.updated_at }, save.shown ? save.shown(before) : before);
      }
      const written = await save.write(tx, before);
      const savedId = written === 'unchanged' ? id : written;
      if (savedId === undefined) throw new Error(`${save.entity} add wrote no row`);
      const after = await (save.findSaved ?? save.find)(tx, savedId);
      if (after === undefined) throw new Error(`saved ${save.entity} not found`);
      if (written !== 'unchanged') {
        const recorded = save.recorded ?? ((row: Row) => row);
        await recordChange(tx, {
          actorId: caller.userId, action: before === undefined ? 'create' : 'update', entity: save.entity, entityId: savedId,
          before: before === undefined ? null : recorded(before, 'before'), after: recorded(after, 'after'), queuedAt: caller.queuedAt,
        });
      }
      return after;
    });
  } catch (error) {
    const index = uniqueViolation(error);
    const refusal = index === undefined || !save.duplicate ? undefined : await save.duplicate(index, error);
    throw refusal ?? error;
  }
}
