// For a migration's own test: the migrations before it run one by one, as their SQL files say, so
// the test can put in the rows the migration meets before running it (runMigration).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { PROJECT_FILES } from '../projectFiles';

/** Runs one migration's SQL file (`0013_money_currencies`), statement by statement. */
export async function runMigration(db: PGlite, tag: string): Promise<void> {
  const sql = readFileSync(path.join(PROJECT_FILES.migrations, `${tag}.sql`), 'utf8');
  for (const statement of sql.split('--> statement-breakpoint')) {
    if (statement.trim()) await db.exec(statement);
  }
}

/** Runs every migration of the journal before `tag`, in order; `tag` itself is left to the test. */
export async function migrateUpTo(db: PGlite, tag: string): Promise<void> {
  const journal = JSON.parse(readFileSync(path.join(PROJECT_FILES.migrations, 'meta/_journal.json'), 'utf8')) as { entries: Array<{ tag: string }> };
  const tags = journal.entries.map((entry) => entry.tag);
  if (!tags.includes(tag)) throw new Error(`no migration ${tag} in the journal`);
  for (const earlier of tags.slice(0, tags.indexOf(tag))) await runMigration(db, earlier);
}
