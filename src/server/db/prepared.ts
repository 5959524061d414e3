// Lookups every call makes (the session check on each request): prepared by name, so PostgreSQL
// parses and plans them once per connection, not on every call, where planning was most of their
// cost. Only for lookups by key, whose one generic plan is right whatever the value.
import type { Database } from './client';

const statements = new WeakMap<Database, Map<string, unknown>>();

/** The statement `name` of this database handle, prepared the first time it is asked for. */
export function preparedOn<Statement>(db: Database, name: string, prepare: () => Statement): Statement {
  let named = statements.get(db);
  if (!named) statements.set(db, (named = new Map()));
  if (!named.has(name)) named.set(name, prepare());
  return named.get(name) as Statement;
}
