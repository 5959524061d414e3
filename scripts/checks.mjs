// @ts-check
// `npm test`: the type check, the lint and the build (when dist/ is not current for the sources,
// scripts/build/stamp.mjs) side by side, and vitest as soon as the build is there, while the type
// check and the lint go on: vitest's first minute (seeding the test data's templates, starting
// servers and Chromium) waits on files and processes as much as on a core, and the checks fill it.
// vitest's output streams as it runs; each check's is printed whole once it ends, under its name,
// and their verdicts again after vitest's summary. The exit status fails if any of them failed.
// Arguments go to vitest (`npm test -- tests/api/grids.test.ts`).
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
/**
 * package.json's own scripts, so each command is written once; the build only when dist/ is stale.
 * @type {Array<[name: string, command: string, args: string[]]>}
 */
const CHECKS = [
  ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
  ['lint', 'npm', ['run', '--silent', 'lint']],
];
/** @type {[name: string, command: string, args: string[]]} */
const BUILD = ['build', process.execPath, ['scripts/build/stamp.mjs', 'ensure']];

/** @type {string[]} */
const verdicts = [];

/** @param {[name: string, command: string, args: string[]]} check @returns {Promise<boolean>} */
const run = ([name, command, args]) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => (output += `${error.message}\n`));
    child.on('close', (code) => {
      const verdict = `> ${name} (${[path.basename(command), ...args].join(' ')}): ${code === 0 ? 'passed' : `FAILED (${code})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`;
      verdicts.push(verdict);
      process.stdout.write(`\n${verdict}\n${output}`);
      resolve(code === 0);
    });
  });

/** vitest, its output straight to the terminal. @returns {Promise<boolean>} */
const vitest = () =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
    child.on('error', () => resolve(false));
    child.on('close', (code) => resolve(code === 0));
  });

const checks = CHECKS.map(run);
const tested = run(BUILD).then((built) => (built ? vitest() : false));
const results = await Promise.all([...checks, tested]);
if (verdicts.length > 0) process.stdout.write(`\n${verdicts.join('\n')}\n`);
if (results.includes(false)) {
  const failed = [...CHECKS.map(([name]) => name).filter((_, index) => !results[index]), ...(results.at(-1) ? [] : ['build or vitest'])];
  process.stderr.write(`\nnpm test failed: ${failed.join(', ')} (above).\n`);
  process.exit(1);
}
