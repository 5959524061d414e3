// @ts-check
// The first half of `npm test`: the type check, the lint and the build (when dist/ is not current for
// the sources, scripts/build/stamp.mjs), side by side rather than one after the other, since each
// waits on files and the build on its own helpers as much as on a core. Each one's output is printed
// whole once it ends, under its name; the exit status fails if any of them failed.
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
  ['build', process.execPath, ['scripts/build/stamp.mjs', 'ensure']],
];

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
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`\n> ${name} (${[path.basename(command), ...args].join(' ')}): ${code === 0 ? 'passed' : `FAILED (${code})`} in ${seconds} s\n${output}`);
      resolve(code === 0);
    });
  });

const results = await Promise.all(CHECKS.map(run));
if (results.includes(false)) {
  process.stderr.write(`\nnpm test stopped: ${CHECKS.filter((_, index) => !results[index]).map(([name]) => name).join(', ')} failed (above).\n`);
  process.exit(1);
}
