// `npm start`: open (and migrate) the database, load the demo data on a first demo start, listen.
import { CONSOLE_VERSION, PRODUCT_TITLE } from '../contract/constants';
import { buildApp } from './app';
import { loadConfig } from './config';
import { isEmpty, openDatabase } from './db/client';
import { ensureReferenceData } from './db/reference';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from './db/seed/index';

async function main(): Promise<void> {
  const config = loadConfig();
  const startedAt = performance.now();
  const database = await openDatabase(config);
  await ensureReferenceData(database.db);
  const app = await buildApp({ config, database });

  if (config.demo && (await isEmpty(database.db))) {
    const anchorDate = config.seed.anchorDate ?? new Date().toISOString().slice(0, 10);
    app.log.info({ agents: config.seed.agents, events: config.seed.events, anchorDate }, 'loading demo data');
    const summary = await seedDemoData(database.db, { ...config.seed, anchorDate, log: (line) => app.log.info(line) });
    app.log.info({ ...summary }, 'demo data loaded');
  }

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  const address = await app.listen({ port: config.port, host: config.host });
  const url = address.replace('127.0.0.1', 'localhost').replace('[::1]', 'localhost');
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  const store = database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : config.databaseReadUrl ? 'PostgreSQL, reads on its replica' : 'PostgreSQL';
  const lines = [
    '',
    `${PRODUCT_TITLE} ${CONSOLE_VERSION} is running at ${url} (${store}${config.demo ? ', demo mode' : ''}; ready in ${seconds} s)`,
  ];
  if (config.demo) {
    lines.push(`Demo accounts, password ${DEMO_PASSWORD}:`);
    for (const account of DEMO_ACCOUNTS) lines.push(`  ${account.username.padEnd(20)} ${account.outcome}`);
    lines.push(`One-time codes go to the demo outbox: ${url}/dev/outbox.`);
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`Could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  if (process.env.LOG_LEVEL === 'debug' && error instanceof Error) process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
