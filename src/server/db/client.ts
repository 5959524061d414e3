// Opens the database: embedded PGlite under DATA_DIR by default, PostgreSQL when DATABASE_URL is
// set. Both speak the same SQL and run the same migrations.
import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { PGlite } from '@electric-sql/pglite';
import { PROJECT_FILES } from '../projectFiles';
import * as schema from './schema';
import { trackingWrites } from './tableGenerations';

export type Schema = typeof schema;
/** The driver-neutral database handle every repository takes. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface OpenDatabase {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PostgreSQL only: the rows of a query as CSV with a header, streamed by COPY from a connection of its own. */
  copyCsv?(query: SQL): Promise<Readable>;
  /** The embedded database itself, for the job queue to share its one connection (jobs/queue.ts). */
  pglite?: PGlite;
}

const migrationsFolder = PROJECT_FILES.migrations;

export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<OpenDatabase> {
  if (options.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    // NUMERIC and DATE come back as strings (never floats, never shifted by the time zone).
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const db = drizzle(pool, { schema });
    // Several instances may start at once: one migrates, the others wait on the lock.
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock(727272)');
      await migrate(drizzle(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock(727272)').catch(() => undefined);
      client.release();
    }
    const copyCsv = async (query: SQL): Promise<Readable> => {
      const { to: copyTo } = await import('pg-copy-streams');
      const connection = await pool.connect();
      const text = `copy (${inlinedSql(query, (value) => connection.escapeLiteral(value))}) to stdout with (format csv, header)`;
      const stream = connection.query(copyTo(text));
      let released = false;
      // A stream that did not end (an error, a client that went away) leaves the connection
      // mid-COPY: it is closed, not handed back, and PostgreSQL ends the query.
      const release = (error?: Error) => {
        if (released) return;
        released = true;
        connection.release(error);
      };
      stream.once('end', () => release()).once('error', (error) => release(error)).once('close', () => release(stream.readableEnded ? undefined : new Error('export cut off')));
      return stream;
    };
    return { db: trackingWrites(db as unknown as Database), kind: 'postgres', close: () => pool.end(), copyCsv };
  }

  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  await mkdir(options.dataDir, { recursive: true });
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const client = await PGlite.create(path.join(options.dataDir, 'pglite'), { extensions: { pg_trgm } });
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  // The driver types differ only in their raw result type; repositories use the shared surface.
  return { db: trackingWrites(db as unknown as Database), kind: 'pglite', close: () => client.close(), pglite: client };
}

const dialect = new PgDialect();

/**
 * A query's text with its parameters written in as literals: COPY takes no parameters. Strings go
 * through the driver's own escaping; the values are the ones the grid module bound (dates, ids,
 * codes, a search pattern).
 */
export function inlinedSql(query: SQL, escapeLiteral: (value: string) => string): string {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return text.replace(/\$(\d+)/g, (_match, index: string) => {
    const value = params[Number(index) - 1];
    if (value === null || value === undefined) return 'null';
    if (typeof value === 'number' || typeof value === 'bigint') return String(value);
    if (typeof value === 'boolean') return value ? 'true' : 'false';
    if (value instanceof Date) return escapeLiteral(value.toISOString());
    return escapeLiteral(String(value));
  });
}

/** Rows of a raw SQL query; both drivers answer with `{ rows }`. */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** True when the database holds no users yet (the demo data has not been loaded). */
export async function isEmpty(db: Database): Promise<boolean> {
  const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from users`);
  return (row?.n ?? 0) === 0;
}
