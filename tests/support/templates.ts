// vitest globalSetup of the API and browser tests. First it settles the database the suites run on:
// TEST_DATABASE_URL as given; unset, this machine's PostgreSQL at its usual address when it answers
// (started with pg_ctlcluster when it can be); 'off', PGlite only. Then it seeds each data set
// (DATA_SETS in server.ts: the default test data, and the grid suites' larger one) once, into that
// database (or a PGlite data directory), and names it in the environment the test workers inherit;
// startServer copies it instead of seeding each server again. Without PostgreSQL the run's last
// line says what did not run.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { DATA_SETS, startServer, TEMPLATE_ENV, templateVariable, type DataSet } from './server';

/** Where a Debian machine's PostgreSQL answers (trust auth), as on this workplace's machines. */
const MACHINE_POSTGRES = 'postgres://postgres@127.0.0.1:5432/test';

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** TEST_DATABASE_URL when it is usable, else this machine's PostgreSQL, started if need be; undefined without one. */
async function settlePostgres(): Promise<string | undefined> {
  const given = process.env.TEST_DATABASE_URL;
  if (given === 'off') return undefined;
  if (given) return given;
  if (await answers(MACHINE_POSTGRES)) return MACHINE_POSTGRES;
  // Installed but stopped: Debian's wrapper starts every cluster it knows of.
  await promisify(execFile)('pg_ctlcluster', ['--help']).then(
    () => promisify(execFile)('sh', ['-c', 'for c in $(pg_lsclusters -h | cut -d" " -f1,2 | tr " " "/"); do pg_ctlcluster ${c%/*} ${c#*/} start; done']),
    () => undefined,
  ).catch(() => undefined);
  return (await answers(MACHINE_POSTGRES)) ? MACHINE_POSTGRES : undefined;
}

export default async function makeTemplates(): Promise<(() => Promise<void>) | undefined> {
  // Both projects name this setup; the first one to run makes the template for the whole run.
  if (process.env[TEMPLATE_ENV.pglite] || process.env[TEMPLATE_ENV.postgres]) return undefined;
  const why = process.env.TEST_DATABASE_URL === 'off' ? 'TEST_DATABASE_URL=off' : 'no PostgreSQL answered at 127.0.0.1:5432';
  const postgres = await settlePostgres();
  if (postgres) process.env.TEST_DATABASE_URL = postgres;
  else delete process.env.TEST_DATABASE_URL;

  // Each data set's template, made side by side.
  const sets = Object.entries(DATA_SETS) as Array<[DataSet, Record<string, string>]>;
  if (postgres) {
    const databases = sets.map(([set]) => `template_${set}_${process.pid}`);
    await Promise.all(sets.map(async ([set, settings], index) => {
      const database = databases[index] as string;
      await (await startServer('postgres', settings, { makeTemplate: { database } })).stop();
      process.env[templateVariable('postgres', set)] = database;
    }));
    return async () => {
      const client = new pg.Client({ connectionString: postgres });
      await client.connect();
      for (const database of databases) await client.query(`drop database if exists ${database} with (force)`);
      await client.end();
    };
  }

  const dataDirs = await Promise.all(sets.map(async ([set, settings]) => {
    const dataDir = await mkdtemp(path.join(tmpdir(), `referral-template-${set}-`));
    await (await startServer('pglite', settings, { makeTemplate: { dataDir } })).stop();
    process.env[templateVariable('pglite', set)] = dataDir;
    return dataDir;
  }));
  return async () => {
    for (const dataDir of dataDirs) await rm(dataDir, { recursive: true, force: true });
    // After the summary, as the run's last line: a green run without PostgreSQL has not run the
    // tests that need it (each named '… (needs PostgreSQL …)' or in a suite that says so).
    process.on('exit', () => {
      process.stdout.write(
        `\n*** NOT RUN: every test that needs PostgreSQL was skipped (${why}; TEST_DATABASE_URL=postgres://… runs them).\n`,
      );
    });
  };
}
