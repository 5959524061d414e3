// Run after `vite build`: what the service worker downloads at install (its precache manifest:
// every URL that dist/console/sw.js passes to precacheAndRoute), summed as files on disk, against
// the budget. Fails the build past it, or when the manifest cannot be read.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const BUDGET_BYTES = 3 * 1000 * 1000;
const dist = path.resolve(import.meta.dirname, '../dist/console');
const swFile = path.join(dist, 'sw.js');

function fail(message: string): never {
  console.error(`check-precache-size: ${message}`);
  process.exit(1);
}

if (!existsSync(swFile)) fail(`${swFile} is missing: the build made no service worker (vite-plugin-pwa in vite.config.ts)`);
const sw = readFileSync(swFile, 'utf8');
// workbox-build writes precacheAndRoute([{url:"…",revision:…}, …], …), minified or not.
const call = sw.match(/precacheAndRoute\(\s*\[([\s\S]*?)\]\s*[,)]/);
if (!call?.[1]) fail('no precacheAndRoute([...]) call in sw.js: has the Workbox output changed?');
const urls = [...call[1].matchAll(/"?url"?\s*:\s*"([^"]+)"/g)].map((m) => m[1] as string);
if (urls.length === 0) fail('the precache manifest in sw.js lists no URL');

const entries = urls.map((url) => {
  const file = path.join(dist, decodeURIComponent(url.split('?')[0] as string).replace(/^\//, ''));
  if (!existsSync(file)) fail(`the precache lists ${url}, which is not in ${dist}`);
  return { url, bytes: statSync(file).size };
});
const total = entries.reduce((sum, entry) => sum + entry.bytes, 0);
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

for (const entry of [...entries].sort((a, b) => b.bytes - a.bytes).slice(0, 8)) console.log(`  ${kb(entry.bytes).padStart(9)}  ${entry.url}`);
console.log(`service worker precache: ${entries.length} files, ${(total / 1e6).toFixed(2)} MB (budget ${(BUDGET_BYTES / 1e6).toFixed(1)} MB)`);
if (total > BUDGET_BYTES) fail(`the precache is over budget by ${kb(total - BUDGET_BYTES)}: trim globPatterns in vite.config.ts or the bundle`);
