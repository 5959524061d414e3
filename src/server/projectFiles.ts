// The files the server reads at run time, found from the project's root: the same from the sources
// (src/server, run by tsx in `npm run dev`) and from the build (dist/server, `npm start`
// and `npm run serve`), whose one bundle no longer sits where each source module did.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function projectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${fileURLToPath(import.meta.url)}: run the server from its project`);
    dir = parent;
  }
  return dir;
}

const root = projectRoot();

export const PROJECT_FILES = {
  packageJson: path.join(root, 'package.json'),
  /** SQL migrations: source files, read by both drivers' migrators at every start. */
  migrations: path.join(root, 'src/server/db/migrations'),
  countryAgencies: path.join(root, 'config/country-agencies.json'),
  /** The console's build (`npm run build`). */
  console: path.join(root, 'dist/console'),
};
