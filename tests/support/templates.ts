// vitest globalSetup of the API and browser tests: seeds the default test data once per run, into a
// PGlite data directory and (with TEST_DATABASE_URL) a PostgreSQL database, and names them in the
// environment the test workers inherit; startServer then copies them instead of seeding each
// server again. Removed when the run ends, which says so loudly when PostgreSQL was not there.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { backends, startServer, TEMPLATE_ENV } from './server';

export default async function makeTemplates(): Promise<(() => Promise<void>) | undefined> {
  // Both projects name this setup; the first one to run makes the templates for the whole run.
  if (process.env[TEMPLATE_ENV.pglite]) return undefined;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'referral-template-'));
  await (await startServer('pglite', {}, { makeTemplate: { dataDir } })).stop();
  process.env[TEMPLATE_ENV.pglite] = dataDir;

  const database = `template_${process.pid}`;
  if (backends.includes('postgres')) {
    await (await startServer('postgres', {}, { makeTemplate: { database } })).stop();
    process.env[TEMPLATE_ENV.postgres] = database;
  }

  return async () => {
    // Said at the end of the run, where the summary is read: a green run without PostgreSQL has not
    // run the tests that need it (hostile bodies, security, a role's end date, ...).
    if (!backends.includes('postgres')) {
      process.stdout.write(
        '\n*** TEST_DATABASE_URL is not set: the API tests ran on PGlite only, and every test that needs\n' +
          '*** PostgreSQL was skipped. Set TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test to run them.\n\n',
      );
    }
    await rm(dataDir, { recursive: true, force: true });
    if (!backends.includes('postgres')) return;
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    await client.query(`drop database if exists ${database} with (force)`);
    await client.end();
  };
}
