// `npm run bench`: the first start of the demo, measured. A fresh PGlite in a temp directory,
// migrations, reference data and the full demo seed (5,000 agents, 200,000 events); prints the
// time of each part, then deletes the directory. The budget: under 60 s on a 2-core machine.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/server/db/client';
import { ensureReferenceData } from '../../src/server/db/reference';
import { seedDemoData } from '../../src/server/db/seed/index';

const AGENTS = 5_000;
const EVENTS = 200_000;
const ANCHOR_DATE = '2026-01-15';

const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-seed-'));
const seconds = (ms: number) => (ms / 1000).toFixed(1);
try {
  const startedAt = performance.now();
  const database = await openDatabase({ dataDir });
  try {
    await ensureReferenceData(database.db);
    const openedAt = performance.now();
    const summary = await seedDemoData(database.db, {
      agents: AGENTS, events: EVENTS, anchorDate: ANCHOR_DATE, log: (line) => process.stdout.write(`  ${line}\n`),
    });
    const total = performance.now() - startedAt;
    process.stdout.write(
      `seed: ${summary.agents} agents, ${summary.events} events, ${summary.payments} payments in ${summary.paymentRuns} runs, ` +
        `${summary.invites} invites, ${summary.fraudEvents} fraud events, ${summary.retentionEvents} retention events, ` +
        `${summary.campaigns} campaigns, ${summary.agencies} agencies, ${summary.countries} countries ` +
        `in ${seconds(total)} s (first start: open+migrate ${seconds(openedAt - startedAt)} s, seed ${seconds(summary.ms)} s)\n`,
    );
  } finally {
    await database.close();
  }
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
