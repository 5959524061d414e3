// Run after `vite build`: the JavaScript a first visit to the login page needs (the entry chunk,
// the login screen's chunk, and everything they import statically), gzipped, against the budget.
// Fails the build past it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 170 * 1000;
const dist = path.resolve(import.meta.dirname, '../dist/console');

interface ManifestChunk { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] }
const manifest: Record<string, ManifestChunk> = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

/** The chunk and every chunk it imports statically. */
function withStaticImports(key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  into.add(key);
  for (const imported of manifest[key]?.imports ?? []) withStaticImports(imported, into);
  return into;
}

const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
const login = Object.keys(manifest).find((key) => key.endsWith('features/login/LoginPage.tsx'));
if (!entry || !login) throw new Error('check-bundle-size: entry or login chunk not found in the Vite manifest');

const chunks = withStaticImports(login, withStaticImports(entry));
const sizes = [...chunks].map((key) => {
  const file = manifest[key]?.file as string;
  return { file, gzip: gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length };
});
const total = sizes.reduce((sum, s) => sum + s.gzip, 0);
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

for (const s of sizes.sort((a, b) => b.gzip - a.gzip)) console.log(`  ${kb(s.gzip).padStart(9)}  ${s.file}`);
console.log(`login page JavaScript, gzipped: ${kb(total)} (${total} bytes; budget ${kb(BUDGET_BYTES)})`);
if (total > BUDGET_BYTES) {
  console.error(`The login page's JavaScript is over budget by ${kb(total - BUDGET_BYTES)}.`);
  process.exit(1);
}
