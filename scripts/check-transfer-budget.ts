// Run by `npm run build` once the console is built: the login page's JavaScript and CSS as Chromium
// receives them from the real server (compressed, headers included), from a cold cache, against
// the budget. Fails the build past it. On a machine without Chromium (one that only builds), the
// brotli files of the login page's chunks stand in, and it says so: a hint, not the figure.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../tests/support/chromium';
import { startServer } from '../tests/support/server';
import { kb, LOGIN_BUDGET, loginPageTransfers } from './transferred';

const dist = path.resolve(import.meta.dirname, '../dist/console');

/** The brotli files of the entry and login chunks with their static imports and CSS (Vite's manifest). */
function loginFilesBrotli(): number {
  interface Chunk { file: string; isEntry?: boolean; imports?: string[]; css?: string[] }
  const manifest: Record<string, Chunk> = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const keys = new Set<string>();
  const visit = (key: string) => {
    if (keys.has(key)) return;
    keys.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  for (const key of Object.keys(manifest)) if (manifest[key]?.isEntry || key.endsWith('features/login/LoginPage.tsx')) visit(key);
  const files = new Set([...keys].flatMap((key) => [manifest[key]?.file as string, ...(manifest[key]?.css ?? [])]));
  return [...files].reduce((sum, file) => sum + readFileSync(path.join(dist, `${file}.br`)).length, 0);
}

let code: number;
if (existsSync(CHROMIUM)) {
  const server = await startServer('pglite', { LOG_LEVEL: 'warn' });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    code = (await loginPageTransfers(browser, server.url)).code;
  } finally {
    await browser.close();
    await server.stop();
  }
  console.log(`login page JavaScript and CSS on the wire, cold cache: ${kb(code)} (budget ${kb(LOGIN_BUDGET)})`);
} else {
  code = loginFilesBrotli();
  console.log(`login page JavaScript and CSS, brotli files (no ${CHROMIUM} to measure in): ${kb(code)} (budget ${kb(LOGIN_BUDGET)})`);
}
if (code > LOGIN_BUDGET) {
  console.error(`The login page is over its budget by ${kb(code - LOGIN_BUDGET)}: see docs/speed.md.`);
  process.exit(1);
}
