// Opens the database: embedded PGlite under DATA_DIR by default, PostgreSQL when DATABASE_URL is
// set. Both speak the same SQL and run the same migrations.
// Two handles: `db`, the primary, for every write and every read that must see its own write (a
// transaction, a payment run's preview and confirm, sign-in, sessions, idempotency); and `reads`,
// for grids, lists, reports, Stats and exports: a streaming replica when DATABASE_READ_URL is set
// (never older than the read, readReplica.ts), else the primary itself.
import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './database';
import type { PGlite } from '@electric-sql/pglite';
import { PROJECT_FILES } from '../projectFiles';
import * as schema from './schema';
import type { ReplicaState } from '../../contract/api';
import { FreshReadPool, readRouting } from './readReplica';
import { trackingWrites } from './tableGenerations';

export type { Database, Schema } from './database';

export interface OpenDatabase {
  /** The primary: writes, transactions, and the reads that must see their own writes. */
  db: Database;
  /** Grids, lists, reports, Stats and exports: the replica (DATABASE_READ_URL) or `db`. No transaction, no write. */
  reads: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PostgreSQL only: the rows of a query as CSV with a header, streamed by COPY from a connection of its own, on the read side. */
  copyCsv?(query: SQL): Promise<Readable>;
  /** With a replica (DATABASE_READ_URL): whether a read asked for now runs on it (readReplica.ts). */
  replicaState?(): Promise<ReplicaState>;
  /** The embedded database itself, for the job queue to share its one connection (jobs/queue.ts). */
  pglite?: PGlite;
}

/** The two handles a route module is given: `db` for writes and what must see them, `reads` for lists, grids, reports and Stats. */
export type Databases = Pick<OpenDatabase, 'db' | 'reads'>;

const migrationsFolder = PROJECT_FILES.migrations;

export interface DatabaseOptions {
  databaseUrl?: string;
  /** A streaming replica of databaseUrl (PostgreSQL only). */
  databaseReadUrl?: string;
  /** How long a read waits for the replica to catch up before it reads the primary (readReplica.ts). */
  replicaCatchUpMs?: number;
  dataDir: string;
  /** Where a replica passed by is said (at most once a minute); stderr unless given. */
  warn?: (message: string) => void;
}

export async function openDatabase(options: DatabaseOptions): Promise<OpenDatabase> {
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
    const warn = options.warn ?? ((message: string) => process.stderr.write(`${message}\n`));
    // The read side: the replica's own pool, each read on it or on the primary as readReplica.ts decides.
    const replica = options.databaseReadUrl
      ? new pg.Pool({ connectionString: options.databaseReadUrl, max: 10, connectionTimeoutMillis: 5000, application_name: 'referral-reads' })
      : undefined;
    // A replica that restarts drops its idle connections: said, not a crash; the next reads reconnect.
    replica?.on('error', (error) => warn(`a replica connection failed: ${error.message}`));
    const routing = replica ? readRouting(pool, replica, warn, options.replicaCatchUpMs) : undefined;
    const poolForRead = async () => (routing ? routing.poolForRead() : pool);
    // FreshReadPool is the part of a pg.Pool the driver calls (query, and connect for a transaction, refused).
    const reads = routing ? (drizzle(new FreshReadPool(routing) as unknown as InstanceType<typeof pg.Pool>, { schema }) as unknown as Database) : undefined;
    const copyCsv = async (query: SQL): Promise<Readable> => {
      const { to: copyTo } = await import('pg-copy-streams');
      const connection = await (await poolForRead()).connect();
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
    const primary = trackingWrites(db as unknown as Database);
    const close = async () => {
      await Promise.all([pool.end(), replica?.end()]);
    };
    return { db: primary, reads: reads ?? primary, kind: 'postgres', close, copyCsv, ...(routing ? { replicaState: routing.replicaState } : {}) };
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
  const primary = trackingWrites(db as unknown as Database);
  // One connection, one database: it is its own read side.
  return { db: primary, reads: primary, kind: 'pglite', close: () => client.close(), pglite: client };
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
