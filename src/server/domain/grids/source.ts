// What a grid module declares (domain/grids/*.ts): its source (the tables it reads, each column's
// SQL, what the shared filters look at), its search lookups and walks, and how it is asked for.
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { z } from 'zod';
import type { GridDeclaration } from '../../../contract/grids';
import type { RoleScope } from '../../../contract/roles';
import type { GridBody } from '../../../contract/schemas/gridQuery';
import type { Database } from '../../db/client';
import type { GridFacets, GroupFacets } from './conditions';
import type { KEY_TEXTS } from './formats';

/** What a grid reads: its tables, each column's value, and what the shared filters look at. */
export interface GridSource<D extends GridDeclaration> {
  /** FROM and its joins. Lookups are LEFT JOINs, so a count leaves out those it does not read. */
  from: SQL;
  /** The row's unique key: the last key of every order, the keyset cursor's anchor and the row's id. */
  key: SQL;
  keyType: keyof typeof KEY_TEXTS;
  /** The grid's own condition on every row, before the filters (pending payments: only what is due). */
  condition?: SQL;
  /** A grid of one record's rows (a payment run's lines): the rows of the request's `recordId`. */
  recordCondition?: (recordId: number) => SQL;
  /** Grouped grids (one row per agent and event, ...): the GROUP BY; columns then aggregate. */
  groupBy?: SQL;
  /** The groups a grouped grid shows, of those its rows make (a summary's groups whose events were all deleted are not). */
  having?: SQL;
  /** Each column's value, before it is formatted for JSON or CSV. */
  columns: Record<D['columns'][number]['key'], SQL>;
  /** How its search finds rows through indexes; without it, the text columns are searched as one text of the joined row. */
  search?: GridSearch;
  /** A column's sort where it differs from its value (a nullable time sorts with NULLs first). */
  sorts?: Partial<Record<D['columns'][number]['key'], SQL>>;
  /** An amount's currency as the row keeps it (indexed with the amount), where its Currency column reads a joined record's. */
  groups?: Partial<Record<D['columns'][number]['key'], SQL>>;
  /** Text columns read from a joined record (a campaign's name, an agent's): how a page walks those records in order. */
  walks?: Partial<Record<D['columns'][number]['key'], ParentWalk>>;
  /** A column sorted as another one is (a currency as its amounts: by currency, then the amount), by that one's index. */
  sortsAs?: Partial<Record<D['columns'][number]['key'], D['columns'][number]['key']>>;
  /** What the report filter model's filters read on a row before any grouping. */
  facets: GridFacets;
  /** What the filters read on a grouped grid's group, after grouping (its HAVING). */
  groupFacets?: GroupFacets;
}

/**
 * How a grid's search finds its rows through indexes (issue 36), instead of reading the text of
 * every joined row: a row matches when its own text does (one expression its table's trigram index
 * is on, schema.ts) or a row it names by key does (its campaign, its agent, its event type, each
 * looked up in its own, smaller table). Case is ignored, accents are not, as before. A term that
 * spans two of them (a campaign's name and its agent's) no longer matches (docs/decisions.md).
 */
export interface GridSearch {
  /** The row's own text columns as one text, exactly as its trigram index reads them. */
  own?: SQL;
  /** The rows this one names whose text matches: the key the row holds, and the select of their keys (`id`) for an ILIKE pattern. */
  lookups: SearchLookup[];
}

export interface SearchLookup {
  key: SQL;
  /** The key's SQL type ('bigint' for every id). */
  keyType?: 'bigint' | 'text';
  ids: (pattern: string) => SQL;
}

/** A lookup: `key` is one of the `id`s of `table` whose `text` contains the term. */
export const searchLookup = (key: SQL, table: SQLWrapper, id: SQLWrapper, text: SQL, keyType: SearchLookup['keyType'] = 'bigint'): SearchLookup => ({
  key,
  keyType,
  ids: (pattern) => sql`select ${id} as id from ${table} where ${text} ilike ${pattern}`,
});

/**
 * A text column read from the record a row refers to (its campaign, its agent), sorted without
 * sorting the filtered rows: a page walks the records in the column's order (an index on the
 * record's folded value, or a sort of a few thousand) and reads each one's rows by an index on
 * (reference, key) until the page is full. Rows of one record tie, so the order is (value, record,
 * key) everywhere: the page, its cursors and the CSV. Only for a grid keyed by a bigint. A row
 * without the record (an `optional` reference) walks as record 0, of no value: first, or last
 * descending, as the sorted set has it; (coalesce(reference, 0), key) is then the index.
 */
export interface ParentWalk {
  /** The record's table; the column's SQL reads it alone. */
  table: SQL;
  /** The record's id. */
  id: SQL;
  /** The row's reference to it. */
  reference: SQL;
  /** The reference may be NULL (record ids are positive). */
  optional?: boolean;
  /** The records that have rows, where few of the table's do (the admins among the users): only these are walked. */
  ids?: SQL;
  /**
   * The column's sort read on the record, where the row keeps its own copy of it (a payment is paid,
   * and when, as its run was): every row of a record sorts as the record does. Else the column's SQL.
   */
  sort?: SQL;
  /** The sort of a row on no record (an `optional` reference), where it is not the column's NULL. */
  none?: SQL;
  /**
   * The row's key as kept by the joined table that holds `reference` (at most one of it a row: an
   * event's payment, which names its run): a record's rows are read by that table's index on
   * (reference, key), and the rows on no record (`reference` NULL) in the key's own order.
   */
  throughKey?: SQL;
}

/** How the grid's result is asked for: the body, and who asks. */
export interface GridRequest {
  scope: RoleScope;
  body: GridBody;
  /** The record whose rows a grid with a `recordCondition` lists (checked visible to the caller by its route). */
  recordId?: number;
}

/** The record a grid of one record's rows lists them for, as its caller may see it. */
export interface OpenedRecord {
  id: number;
  /** The dates its rows are read between, whatever the body says: its cursors and counts stay the same. */
  start_date: string;
  end_date: string;
  /** Its CSV file's name. */
  filename: string;
}

/** How a grid of one record's rows (a run's lines) opens that record from its call's `?id=`. */
export interface GridRecord {
  query: z.ZodType<{ id: number }>;
  /** The record, or NotFound, or Refused when it is beyond the caller's scope. */
  open(reads: Database, scope: RoleScope, id: number): Promise<OpenedRecord>;
}
