// `npm run reset-data`: deletes the embedded database under DATA_DIR; the next start loads the
// demo data again. It never touches PostgreSQL.
import { rm } from 'node:fs/promises';
import { loadConfig } from './config';

const config = loadConfig();
if (config.databaseUrl) {
  process.stderr.write('DATABASE_URL is set: reset-data only deletes the embedded database. Drop the PostgreSQL database yourself.\n');
  process.exit(1);
}
await rm(config.dataDir, { recursive: true, force: true });
process.stdout.write(`Deleted ${config.dataDir}. The next start creates a fresh database with demo data.\n`);
