// A grid's kept count is keyed with the generations of the tables its query names (defineGrid's
// countOf, db/tableGenerations.ts): a table written in raw SQL text is invisible there, and a change
// to it would be counted up to GRID_COUNT_CACHE_MS late (the Audit grid's, until 2026-11-29). So
// every table a grid call's selection reads is named as a drizzle table: read from the SQL itself,
// with no list per grid to keep.
import { getTableName, is, sql, Table } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import type { GridBody } from '../../../contract/schemas/gridQuery';
import * as schema from '../../db/schema';
import { tablesOf } from '../../db/tableGenerations';
import { GRID_CALLS } from './gridCalls';

const BODY = { start_date: '2026-01-01', end_date: '2026-01-31', page_size: 20, current_page: 1, orderby: '', search: 'abc' } as unknown as GridBody;
const TABLES = (Object.values(schema) as unknown[]).filter((value): value is Table => is(value, Table)).map((table) => getTableName(table));
const dialect = new PgDialect();

/** The tables a query's text reads by bare name (`from audit_log l`), not as a drizzle table (`"audit_log"`). */
const bareTables = (text: string) => TABLES.filter((name) => new RegExp(`(?<![\\w".])${name}(?![\\w".])`).test(text));

describe("a grid's count is keyed with the tables it reads", () => {
  it('finds a table written as bare text', () => {
    expect(bareTables('select 1 from audit_log l join "users" u on u.id = l.actor_id')).toEqual(['audit_log']);
  });

  it.each(GRID_CALLS.map(({ grid }) => [grid.declaration.id, grid] as const))('%s names every table it reads', (_id, grid) => {
    const { from, where } = grid.selection({ scope: { kind: 'all' }, body: BODY, recordId: 1 });
    const query = sql`select 1 from ${from} where ${where}`;
    const named = tablesOf(query);
    expect(named.size).toBeGreaterThan(0);
    expect(bareTables(dialect.sqlToQuery(query).sql).filter((name) => !named.has(name))).toEqual([]);
  });
});
