// @ts-check
// `npm start`, `npm run serve`, `npm run worker`, `seed` and `reset-data`: one of the built server's
// programs (dist/server/<program>.js), run by Node alone. `npm start` first builds the console and
// the server when dist/ is not current for the sources (scripts/build/stamp.mjs), so a second start
// builds nothing. With NODE_ENV=production (`npm run serve`) it never builds: production installs no
// build tools, so it runs what `npm run build` made, or says to make it.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuilt } from './build/stamp.mjs';

const PROGRAMS = ['main', 'worker', 'seed', 'reset-data'];
const program = process.argv[2] ?? 'main';
if (!PROGRAMS.includes(program)) {
  process.stderr.write(`usage: node scripts/start.mjs ${PROGRAMS.join('|')}\n`);
  process.exit(2);
}
const file = path.resolve(import.meta.dirname, `../dist/server/${program}.js`);

if (process.env.NODE_ENV === 'production') {
  if (!existsSync(file)) {
    process.stderr.write(`${path.relative(process.cwd(), file)} is missing: run npm run build first (where the dev dependencies are installed), then npm run serve.\n`);
    process.exit(1);
  }
} else if (!ensureBuilt()) {
  process.stderr.write('The build failed (above): nothing was started.\n');
  process.exit(1);
}

// Stack traces point at the sources (the build writes source maps).
process.setSourceMapsEnabled(true);
await import(pathToFileURL(file).href);
