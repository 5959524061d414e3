// Remakes tests/support/fileSeconds.json, the order `npm test` starts its files in (longest first,
// longestFirst.ts), from a full run, each file's whole time: its hooks (a server started, roles
// signed in) as well as its tests, which vitest's JSON report leaves out of a file's span. Run it
// where CI runs (a clean clone, PostgreSQL found), then copy the file back:
//   npm test -- --reporter=default --reporter=./tests/support/fileSecondsReporter.ts
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import { FILE_SECONDS_PATH } from './longestFirst';

export default class FileSecondsReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const root = path.resolve(import.meta.dirname, '../..');
    const seconds = Object.fromEntries(
      testModules
        .map((module) => {
          const { duration, setupDuration, collectDuration, prepareDuration } = module.diagnostic();
          return [path.relative(root, module.moduleId), Math.round((duration + setupDuration + collectDuration + prepareDuration) / 100) / 10] as const;
        })
        .sort(([a], [b]) => (a < b ? -1 : 1)),
    );
    writeFileSync(FILE_SECONDS_PATH, `${JSON.stringify(seconds, null, 1)}\n`);
    const total = Object.values(seconds).reduce((sum, s) => sum + s, 0);
    process.stdout.write(`${Object.keys(seconds).length} files, ${total.toFixed(0)} file-seconds, written to ${FILE_SECONDS_PATH}\n`);
  }
}
