// The database handle's type, apart from the module that opens it (client.ts), so what wraps the
// handle (tableGenerations.ts) and what opens it do not import each other.
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

export type Schema = typeof schema;
/** The driver-neutral database handle every repository takes. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
