// @ts-check
// The build stamp: a hash of everything `npm run build` reads (the sources, the public files, the
// build's configuration, the locked packages and the VITE_* settings baked into the console),
// written beside dist/ when a build completes. `npm start` rebuilds only when it differs, so a
// second start costs no build. Plain JavaScript: it runs before anything is built, with Node alone.
//
//   node scripts/build/stamp.mjs begin    the build starts: forget the old stamp, note the new one
//   node scripts/build/stamp.mjs end      the build completed: the noted stamp is dist/'s
//   node scripts/build/stamp.mjs ensure   build (npm run build) unless dist/ is current
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
/** What the build reads, folders and files, relative to the root. */
export const BUILD_INPUTS = [
  'src', 'public', 'scripts/build', 'scripts/precompress.ts',
  'package.json', 'package-lock.json', 'tsconfig.json', 'vite.config.ts', 'vite.server.config.ts',
];
const stampFile = path.join(root, 'dist/build-stamp');
const pendingFile = `${stampFile}.pending`;

/** A file, or the files under a folder, relative to the root. @param {string} relative @returns {string[]} */
function filesOf(relative) {
  const full = path.join(root, relative);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [relative];
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

/** The hash of the build's inputs as they are now. */
export function currentStamp() {
  const hash = createHash('sha256');
  for (const file of BUILD_INPUTS.flatMap(filesOf).sort()) {
    hash.update(`${file}\0`).update(readFileSync(path.join(root, file))).update('\0');
  }
  for (const name of Object.keys(process.env).filter((key) => key.startsWith('VITE_')).sort()) hash.update(`${name}=${process.env[name]}\0`);
  return hash.digest('hex');
}

/** Whether dist/ was built, completely, from the inputs as they are now. */
export function buildIsCurrent() {
  return existsSync(stampFile) && readFileSync(stampFile, 'utf8').trim() === currentStamp();
}

/** Builds unless dist/ is current; false when the build failed. */
export function ensureBuilt() {
  if (buildIsCurrent()) return true;
  process.stdout.write('The console or the server changed since the last build (or none was made): building (npm run build).\n');
  // A production build whoever asks: Vite keeps a NODE_ENV it inherits (vitest's 'test' would bundle
  // React's development build).
  const env = { ...process.env };
  delete env.NODE_ENV;
  return spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', env }).status === 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const verb = process.argv[2];
  if (verb === 'begin') {
    // A build that stops half way leaves no stamp, so the next start builds again.
    rmSync(stampFile, { force: true });
    mkdirSync(path.dirname(stampFile), { recursive: true });
    writeFileSync(pendingFile, currentStamp());
  } else if (verb === 'end') {
    renameSync(pendingFile, stampFile);
  } else if (verb === 'ensure') {
    process.exitCode = ensureBuilt() ? 0 : 1;
  } else {
    process.stderr.write('usage: node scripts/build/stamp.mjs begin|end|ensure\n');
    process.exitCode = 2;
  }
}
