// `npm run worker`: report workers without a web server, so production runs as many of each as it
// needs on one PostgreSQL. PGlite is one process's database: its workers run inside `npm start`.
import pino from 'pino';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { startJobQueue } from './jobs/queue';
import { loggerOptions } from './http/logging';

async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl) throw new Error('npm run worker needs DATABASE_URL (PostgreSQL); with the embedded database the workers run inside npm start');
  // The web server's serializers and redactions, so the worker's log keeps no secret either.
  const log = pino(loggerOptions(config.logLevel) as pino.LoggerOptions);
  const database = await openDatabase({ ...config, warn: (message) => log.warn(message) });
  const jobs = await startJobQueue(database, { databaseUrl: config.databaseUrl, workers: Math.max(1, config.reportWorkers), log });
  const shutdown = async (signal: string) => {
    log.info({ signal }, 'worker shutting down');
    await jobs.stop();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  log.info({ workers: Math.max(1, config.reportWorkers) }, 'report worker is running');
}

main().catch((error: unknown) => {
  process.stderr.write(`Could not start the worker: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
