// Migration 0010 (issue 17) on a database holding numbers stored as the forms once took them: the
// migrations before it run on an in-memory PGlite, national rows go in, 0010 runs, and every number
// whose country can be told reads as the contract's storedMsisdn makes it.
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedMsisdn } from '../../contract/msisdn';
import { migrateUpTo, runMigration } from './migrationsUpTo';

const MIGRATION = '0010_stored_msisdn';

describe(`migration ${MIGRATION}`, () => {
  let db: PGlite;
  const msisdnOf = async (table: 'users' | 'whitelists', id: number) =>
    (await db.query<{ msisdn: string; country_code: string | null }>(`select msisdn, country_code from ${table} where id = $1`, [id])).rows[0];

  beforeAll(async () => {
    db = await PGlite.create({ extensions: { pg_trgm } });
    await migrateUpTo(db, MIGRATION);
    await db.exec(`
      insert into countries (id, iso_code, name, dialing_code) values (1, 'GH', 'Ghana', '233'), (2, 'CG', 'Republic of the Congo', '242'), (3, 'KE', 'Kenya', '254');
      insert into agencies (id, name, country_id) values (1, 'Ghana Agency', 1), (2, 'Accra Agency', 1), (3, 'Kenya Agency', 3);
      insert into users (id, username, email, first_name, last_name, msisdn, country_code) values
        (1, 'gh@x.org', 'gh@x.org', 'A', 'A', '0241110001', 'GH'),
        (2, 'cg@x.org', 'cg@x.org', 'B', 'B', '061110002', 'CG'),
        (3, 'linked@x.org', 'linked@x.org', 'C', 'C', '0241110003', null),
        (4, 'both@x.org', 'both@x.org', 'D', 'D', '0241110004', null),
        (5, 'intl@x.org', 'intl@x.org', 'E', 'E', '254711110005', 'GH'),
        (6, 'ke@x.org', 'ke@x.org', 'F', 'F', '0241110006', 'KE'),
        (7, 'held@x.org', 'held@x.org', 'G', 'G', '233241110007', null),
        (8, 'twin@x.org', 'twin@x.org', 'H', 'H', '0241110007', 'GH');
      insert into admin_agency_links (user_id, agency_id) values (3, 1), (3, 2), (4, 1), (4, 3);
      insert into whitelists (id, msisdn, country_code, campaign_id) values
        (1, '0241110001', 'GH', null), (2, '061110002', 'CG', null), (3, '254711110005', 'KE', null),
        (4, '0241110009', 'GH', null), (5, '233241110009', 'GH', null);
    `);
    await runMigration(db, MIGRATION);
  });
  afterAll(async () => db?.close());

  it.each([
    [1, '0241110001', '233', 'GH', 'its own country'],
    [2, '061110002', '242', 'CG', 'its own country, 242 keeping the 0'],
    [3, '0241110003', '233', 'GH', 'the one country of its linked agencies, now its country'],
    [6, '0241110006', '254', 'KE', 'its own country, whatever the number looks like'],
  ])('a user number stored nationally is now international: user %i (%s, by %s)', async (id, national, code, country) => {
    expect(await msisdnOf('users', id)).toEqual({ msisdn: storedMsisdn(national, code), country_code: country });
  });

  it('leaves a number whose country cannot be told, one already international, and one whose international form is taken', async () => {
    // Linked to agencies in Ghana and Kenya: no country to tell.
    expect(await msisdnOf('users', 4)).toEqual({ msisdn: '0241110004', country_code: null });
    expect(await msisdnOf('users', 5)).toEqual({ msisdn: '254711110005', country_code: 'GH' });
    // 233241110007 belongs to user 7 already.
    expect(await msisdnOf('users', 8)).toEqual({ msisdn: '0241110007', country_code: 'GH' });
  });

  it("rewrites whitelist numbers with their entry's country, and leaves one whose international form is already whitelisted", async () => {
    expect((await msisdnOf('whitelists', 1))?.msisdn).toBe('233241110001');
    expect((await msisdnOf('whitelists', 2))?.msisdn).toBe('242061110002');
    expect((await msisdnOf('whitelists', 3))?.msisdn).toBe('254711110005');
    expect((await msisdnOf('whitelists', 4))?.msisdn).toBe('0241110009');
  });

  it('lets a whitelist number be as long as a user number', async () => {
    const [column] = (await db.query<{ n: number }>(
      `select character_maximum_length as n from information_schema.columns where table_name = 'whitelists' and column_name = 'msisdn'`,
    )).rows;
    expect(column?.n).toBe(30);
  });
});
