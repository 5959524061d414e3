// Remakes tests/support/fileSeconds.json, the order `npm test` starts its files in (longest first,
// tests/support/longestFirst.ts), from a full run's vitest JSON report:
//   npm test -- --reporter=default --reporter=json --outputFile.json=/tmp/vitest.json
//   npx tsx scripts/test-seconds.ts /tmp/vitest.json [the checkout it ran in, when another]
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { FILE_SECONDS_PATH } from '../tests/support/longestFirst';

interface Report {
  testResults: Array<{ name: string; startTime: number; endTime: number }>;
}

const reportPath = process.argv[2];
if (!reportPath) throw new Error('usage: npx tsx scripts/test-seconds.ts <vitest JSON report>');
const report = JSON.parse(readFileSync(reportPath, 'utf8')) as Report;
const root = path.resolve(process.argv[3] ?? path.join(import.meta.dirname, '..'));
const seconds = Object.fromEntries(
  report.testResults
    .map((file) => [path.relative(root, file.name), Math.round((file.endTime - file.startTime) / 100) / 10] as const)
    .sort(([a], [b]) => (a < b ? -1 : 1)),
);
writeFileSync(FILE_SECONDS_PATH, `${JSON.stringify(seconds, null, 1)}\n`);
process.stdout.write(`${Object.keys(seconds).length} files, ${Object.values(seconds).reduce((sum, s) => sum + s, 0).toFixed(0)} file-seconds, written to ${FILE_SECONDS_PATH}\n`);
