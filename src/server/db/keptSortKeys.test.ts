// Migration 0033 (issue 36): each name a grouped grid sorts by, kept folded beside it by the database.
// A grouped grid sorts by the kept key, the row grids by their indexes on sortableText(name): the
// two must be the same text, or one grid would order a name apart from the other. Checked on names
// the migration meets, on names written after it, and against the console's own fold.
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldText } from '../../contract/text';
import { sortableText } from './foldedText';
import { migrateUpTo, ONE_CAMPAIGN, runMigration } from './migrationsUpTo';

const MIGRATION = '0033_kept_sort_keys';

/** Each kept key with the column it folds. */
const KEPT = [
  { table: 'campaigns', column: 'name' },
  { table: 'countries', column: 'name' },
  { table: 'event_types', column: 'pretty_name' },
  { table: 'users', column: 'first_name' },
  { table: 'users', column: 'last_name' },
  { table: 'users', column: 'msisdn' },
  { table: 'users', column: 'agent_code' },
] as const;

const dialect = new PgDialect();
/** sortableText of a column, as the row grids' indexes and sorts write it. */
const folded = (column: string) => dialect.sqlToQuery(sortableText(sql.raw(`"${column}"`))).sql;

describe(`migration ${MIGRATION}`, () => {
  let db: PGlite;
  /** Every row's kept key, beside the fold computed afresh and the console's fold of its name. */
  const keys = async (table: string, column: string) =>
    (await db.query<{ name: string | null; kept: string; fresh: string }>(
      `select "${column}" as name, "${column}_sort_key" as kept, ${folded(column)} as fresh from ${table} order by id`,
    )).rows;

  beforeAll(async () => {
    db = await PGlite.create({ extensions: { pg_trgm } });
    await migrateUpTo(db, MIGRATION);
    await db.exec(ONE_CAMPAIGN);
    // Names the migration meets: capitals, accents, a missing mobile number and agent code.
    await db.exec(`
      insert into users (id, username, first_name, last_name, msisdn, agent_code) values
        (2, 'emile', 'Émile', 'Ndiaye-Sørensen', '233201234567', 'AG-Ç01'), (3, 'eli', 'eli', 'ÅBERG', null, null);
      update campaigns set name = 'Ça Marche Étape 2' where id = 1;
      update event_types set pretty_name = 'Enregistrement Réussi' where id = 1;
      update countries set name = 'Côte d''Ivoire' where id = 1;`);
    await runMigration(db, MIGRATION);
  });
  afterAll(async () => db?.close());

  it('keeps each name folded as the grids sort it, for the rows it met', async () => {
    for (const { table, column } of KEPT) {
      for (const row of await keys(table, column)) {
        expect(row.kept, `${table}.${column} ${row.name}`).toBe(row.fresh);
        expect(row.kept).toBe(foldText(row.name ?? ''));
      }
    }
    expect((await keys('users', 'first_name')).map((row) => row.kept)).toEqual(['s', 'emile', 'eli']);
    expect((await keys('campaigns', 'name'))[0]?.kept).toBe('ca marche etape 2');
  });

  it('follows a name as it is written or changed', async () => {
    await db.exec(`
      insert into users (id, username, first_name, last_name, msisdn, agent_code) values (4, 'zoe', 'ZOË', 'Łukasz', '22507000000', 'ŽZ-9');
      update users set first_name = 'Émilie', agent_code = null where id = 2;
      insert into event_types (id, name, pretty_name) values (2, 'topup', 'Top-Up Ñapa');`);
    for (const { table, column } of KEPT) {
      for (const row of await keys(table, column)) expect(row.kept, `${table}.${column} ${row.name}`).toBe(foldText(row.name ?? ''));
    }
    expect((await keys('users', 'first_name')).map((row) => row.kept)).toEqual(['s', 'emilie', 'eli', 'zoe']);
    expect((await keys('users', 'agent_code')).map((row) => row.kept)).toEqual(['', '', '', 'zz-9']);
  });

  it('refuses a key written by hand', async () => {
    await expect(db.exec(`update campaigns set name_sort_key = 'a' where id = 1`)).rejects.toThrow(/can only be updated to DEFAULT/);
  });
});
