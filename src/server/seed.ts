// `npm run seed`: migrates the configured database and loads the demo data when it is empty
// (the way to get demo data on PostgreSQL without starting the server with DEMO=1).
import { loadConfig } from './config';
import { isEmpty, openDatabase } from './db/client';
import { ensureReferenceData } from './db/reference';
import { seedDemoData } from './db/seed/index';

const config = loadConfig();
const database = await openDatabase(config);
try {
  await ensureReferenceData(database.db);
  if (!(await isEmpty(database.db))) {
    process.stdout.write('The database already has users: demo data not loaded.\n');
  } else {
    const anchorDate = config.seed.anchorDate ?? new Date().toISOString().slice(0, 10);
    const summary = await seedDemoData(database.db, { ...config.seed, anchorDate, log: (line: string) => process.stdout.write(`${line}\n`) });
    process.stdout.write(`Demo data loaded in ${(summary.ms / 1000).toFixed(1)} s.\n`);
  }
} finally {
  await database.close();
}
