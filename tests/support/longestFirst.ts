// The order the test files start in (vitest's `sequence.sequencer`). Two workers share every project's
// files; a run ends when the last file does, so the longest files go first and the short ones fill
// the end. vitest's own order knows durations only from its results cache, which a clean clone (CI)
// has none of: it fell back to file size and started the 200-second accessibility walk last, with the
// other worker idle. The seconds each file took in a full run are committed beside this file
// (`fileSeconds.json`, remade by fileSecondsReporter.ts); a file
// not in it yet is taken at UNKNOWN_SECONDS.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** A new file's guess: after the long browser and API files, before the quick unit tests. */
const UNKNOWN_SECONDS = 20;

export const FILE_SECONDS_PATH = path.join(import.meta.dirname, 'fileSeconds.json');
const fileSeconds: Record<string, number> = JSON.parse(readFileSync(FILE_SECONDS_PATH, 'utf8'));

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const seconds = (spec: TestSpecification) => fileSeconds[path.relative(root, spec.moduleId)] ?? UNKNOWN_SECONDS;
    return [...files].sort((a, b) => seconds(b) - seconds(a));
  }
}
