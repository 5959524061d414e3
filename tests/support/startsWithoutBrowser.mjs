// @ts-check
// Loaded with `node --import` into `npm start` by tests/api/start.test.ts: a module hook that refuses
// to load a browser driver or anything from tests/, so the start is proved to need neither, as on a
// machine that has no browser at all.
import { register } from 'node:module';
import { isMainThread } from 'node:worker_threads';

const BROWSER_DRIVER = /\/node_modules\/(?:playwright-core|playwright|puppeteer[^/]*)\//;
/** This project's tests/ folder. */
const TESTS = new URL('..', import.meta.url).href;

/**
 * @param {string} specifier
 * @param {unknown} context
 * @param {(specifier: string, context: unknown) => Promise<{ url: string }>} nextResolve
 */
export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  if (BROWSER_DRIVER.test(resolved.url) || (resolved.url.startsWith(TESTS) && resolved.url !== import.meta.url)) {
    throw new Error(`starting loaded ${resolved.url}: npm start must need no browser and nothing from tests/`);
  }
  return resolved;
}

// In the page's thread, install this file as the hook; the hooks' own thread only exports it.
if (isMainThread) register(import.meta.url);
