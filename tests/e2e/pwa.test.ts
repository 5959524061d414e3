// The console as an installable PWA, in the browser against the built console (dist/console): the
// web app manifest and its icons, the service worker's files and headers, a page controlled by the
// worker and what it stores on the device against its budget, the app shell opening offline, the reference data answering offline from the worker's
// cache, and the update prompt when a new worker waits (served through a small proxy that can
// change sw.js, as a new deployment would).
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE_DATA_CACHE } from '../../src/console/pwa/caches';
import { RELOAD_ACTION, UPDATE_AVAILABLE_MESSAGE } from '../../src/console/pwa/updatePrompt';
import { CHROMIUM, CHROMIUM_ARGS, signIn, toast, useBrowser, WAIT_MS } from '../support/browser';
import { backend, startServer, type TestServer } from '../support/server';

/** What the service worker may store at install: the whole console, every screen's files (vite.config.ts, globPatterns). */
const PRECACHE_BUDGET = 3 * 1000 * 1000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Width and height from a PNG's IHDR chunk; fails on anything that is not a PNG. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(bytes.subarray(0, 8).equals(signature), 'PNG signature').toBe(true);
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Opens the login page and waits until the service worker is active and controls the page. */
async function openControlled(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/login`);
  await page.locator('#email').waitFor();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  // A reload: the page and everything it loads now go through the worker (/config.js included).
  await page.reload();
  await page.locator('#email').waitFor();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: WAIT_MS });
}

/** Whether the page can reach the server at all (a path the worker never answers). */
const reachesServer = (page: Page) =>
  page.evaluate(() => fetch(`/health?probe=${Date.now()}`).then(() => true, () => false));

/**
 * A reverse proxy in front of the test server, on an origin of its own: the browser sees one
 * deployment whose sw.js changes when `deployNewVersion` is called (Playwright cannot intercept
 * the browser's own fetch of a service worker script).
 */
async function startDeploymentProxy(target: string): Promise<{ url: string; deployNewVersion(): void; close(): Promise<void> }> {
  let version = 1;
  const proxy: Server = createServer((request, response) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const isWorker = request.url?.split('?')[0] === '/sw.js';
      // A new deployment's sw.js is a new file: no 304 for the browser's conditional request.
      const dropped = ['host', 'connection', 'content-length', ...(isWorker ? ['if-none-match', 'if-modified-since'] : [])];
      const headers = Object.fromEntries(
        Object.entries(request.headers).flatMap(([name, value]) =>
          dropped.includes(name) || value === undefined ? [] : [[name, Array.isArray(value) ? value.join(', ') : value]],
        ),
      );
      const upstream = await fetch(target + (request.url ?? '/'), {
        method: request.method,
        headers,
        body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
        redirect: 'manual',
      });
      let body = Buffer.from(await upstream.arrayBuffer());
      if (isWorker && upstream.ok && version > 1) body = Buffer.concat([body, Buffer.from(`\n// deployment ${version}\n`)]);
      const out: Record<string, string> = {};
      upstream.headers.forEach((value, name) => {
        if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(name)) out[name] = value;
      });
      response.writeHead(upstream.status, { ...out, 'content-length': String(body.length) });
      response.end(body);
    })().catch((error: unknown) => {
      response.writeHead(502).end(String(error));
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    deployNewVersion: () => {
      version += 1;
    },
    close: () => new Promise((resolve) => proxy.close(() => resolve())),
  };
}

describe('the installable console (PWA)', { timeout: 120_000 }, () => {
  const b = useBrowser({ serviceWorkers: 'allow' });
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(backend);
  });
  afterAll(async () => server?.stop());

  it('links a web app manifest with the product name, colours, start URL, scope and 192, 512 and maskable PNG icons', async () => {
    const { page } = b;
    await page.goto(`${server.url}/login`);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBeTruthy();
    const answer = await page.request.get(new URL(href as string, page.url()).href);
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await answer.json()) as Record<string, unknown> & { icons: Array<{ src: string; sizes: string; type: string; purpose?: string }> };
    expect(manifest).toMatchObject({
      name: 'Referral Campaign Admin',
      short_name: 'Referral Admin',
      theme_color: '#215db0',
      start_url: '/',
      scope: '/',
      display: 'standalone',
    });
    expect(manifest.description).toEqual(expect.any(String));
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);

    const purposeOf = (icon: { purpose?: string }) => icon.purpose ?? 'any';
    const wanted = [
      { sizes: '192x192', purpose: 'any' },
      { sizes: '512x512', purpose: 'any' },
      { sizes: '512x512', purpose: 'maskable' },
    ];
    for (const want of wanted) {
      const icon = manifest.icons.find((i) => i.sizes === want.sizes && purposeOf(i).split(' ').includes(want.purpose));
      expect(icon, `${want.purpose} icon ${want.sizes}`).toBeDefined();
      const image = await page.request.get(new URL((icon as { src: string }).src, page.url()).href);
      expect(image.status()).toBe(200);
      expect(image.headers()['content-type']).toBe('image/png');
      const [width, height] = want.sizes.split('x').map(Number);
      expect(pngSize(await image.body())).toEqual({ width, height });
    }
  });

  it('serves the service worker, its Workbox runtime and the manifest fresh, hashed assets immutable, under a CSP that allows them', async () => {
    const sw = await fetch(`${server.url}/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    const csp = sw.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");

    const runtime = (await sw.text()).match(/["']\.\/(workbox-[\w-]+)["']/)?.[1];
    expect(runtime, 'sw.js names its Workbox runtime').toBeTruthy();
    const workbox = await fetch(`${server.url}/${runtime}.js`);
    expect(workbox.status).toBe(200);
    expect(workbox.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(workbox.headers.get('cache-control')).toBe('no-cache');

    const manifest = await fetch(`${server.url}/manifest.webmanifest`);
    expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');

    const index = await (await fetch(`${server.url}/login`)).text();
    const asset = index.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    expect(asset).toBeTruthy();
    expect((await fetch(server.url + (asset as string))).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it(`is controlled by the service worker after a reload, and stores the whole console for offline use within ${PRECACHE_BUDGET / 1e6} MB of the device`, async () => {
    const { page } = b;
    await openControlled(page, server.url);
    const controller = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);
    expect(controller).toBe(`${server.url}/sw.js`);
    // What the installed worker keeps on the tablet: every precached answer's body in Cache Storage,
    // read back by the page, against the budget (the build once checked files on disk instead).
    const stored = await page.evaluate(async () => {
      const name = (await caches.keys()).find((key) => key.startsWith('workbox-precache'));
      if (!name) return { entries: 0, bytes: 0 };
      const cache = await caches.open(name);
      const responses = await Promise.all((await cache.keys()).map((request) => cache.match(request)));
      const sizes = await Promise.all(responses.map(async (response) => (response ? (await response.arrayBuffer()).byteLength : 0)));
      return { entries: sizes.length, bytes: sizes.reduce((sum, size) => sum + size, 0) };
    });
    const listed = (await (await fetch(`${server.url}/sw.js`)).text()).match(/revision:/g)?.length ?? 0;
    expect(stored.entries).toBeGreaterThan(20); // the shell and every screen's files, not a stub
    expect(stored.entries).toBe(listed);
    expect(stored.bytes).toBeGreaterThan(1e6);
    expect(stored.bytes, `precache of ${(stored.bytes / 1e6).toFixed(2)} MB over ${PRECACHE_BUDGET / 1e6} MB: trim globPatterns in vite.config.ts or the bundle`).toBeLessThanOrEqual(PRECACHE_BUDGET);
  });

  it("passes Chromium's own installability check", async () => {
    // In a real profile: Chromium never offers to install from an incognito window, which is what
    // the other tests' fresh contexts are.
    const profile = await mkdtemp(path.join(tmpdir(), 'pwa-profile-'));
    const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await openControlled(page, server.url);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: Array<{ errorId: string }>;
      };
      expect(installabilityErrors.map((error) => error.errorId)).toEqual([]);
    } finally {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    }
  });

  it('opens the app shell offline: the login page on a reload, and a screen path not visited yet', async () => {
    const { page, context } = b;
    await openControlled(page, server.url);
    await context.setOffline(true);
    expect(await reachesServer(page)).toBe(false); // really offline: the server cannot be reached

    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    await page.locator('#email').waitFor();
    await page.getByRole('button', { name: 'Log In' }).waitFor();

    // A deep link never opened online: the worker answers it with the shell, the router shows it.
    const deepLink = await page.goto(`${server.url}/reset`);
    expect(deepLink?.fromServiceWorker()).toBe(true);
    await page.getByRole('heading', { name: 'Reset Password' }).waitFor();
    await context.setOffline(false);
  });

  it('keeps the reference data the console read, and answers it offline from the cache', async () => {
    const { page, context } = b;
    await openControlled(page, server.url);
    await signIn(page, server, 'super@demo.test');
    const cached = async () =>
      page.evaluate(async (name) => {
        const cache = await caches.open(name);
        return (await cache.keys()).map((request) => new URL(request.url).pathname);
      }, REFERENCE_DATA_CACHE);
    await expect.poll(cached, { timeout: WAIT_MS }).toEqual(expect.arrayContaining(['/api/v1/status-types', '/api/v1/translations/']));

    // Stale-while-revalidate: online, a slow server does not hold the status types back; the
    // cached answer comes at once and the fresh one is fetched behind it.
    let revalidated = 0;
    await context.route(/\/api\/v1\/status-types$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 4_000));
      revalidated += 1;
      await route.fallback();
    });
    const quick = await page.evaluate(async () => {
      const started = performance.now();
      const answer = await fetch('/api/v1/status-types', { headers: { authorization: 'Bearer any' } });
      return { status: answer.status, ms: performance.now() - started };
    });
    expect(quick.status).toBe(200);
    expect(quick.ms).toBeLessThan(3_000);
    await expect.poll(() => revalidated, { timeout: WAIT_MS }).toBe(1);
    await context.unroute(/\/api\/v1\/status-types$/);

    await context.setOffline(true);
    expect(await reachesServer(page)).toBe(false);
    const offline = await page.evaluate(async () => {
      const answer = await fetch('/api/v1/status-types', { headers: { authorization: 'Bearer offline' } });
      return { status: answer.status, body: (await answer.text()).length };
    });
    // The answer the console read while online (a request with any token: the cache is by URL).
    expect(offline.status).toBe(200);
    expect(offline.body).toBeGreaterThan(2);
    await context.setOffline(false);
  });

  it('offers a new version in a toast and reloads only when Reload is clicked', async () => {
    const { page } = b;
    const deployment = await startDeploymentProxy(server.url);
    try {
      await openControlled(page, deployment.url);
      const firstWorker = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
      expect(firstWorker).toBe(`${deployment.url}/sw.js`);
      await page.evaluate(() => Object.assign(window, { __beforeUpdate: true }));

      deployment.deployNewVersion();
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      const prompt = toast(page, UPDATE_AVAILABLE_MESSAGE);
      await prompt.waitFor();
      await expect.poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(true);

      // Nothing happens under the admin's hands: the page stays as it is while the toast waits.
      await sleep(2_000);
      expect(await page.evaluate(() => '__beforeUpdate' in window)).toBe(true);
      expect(await prompt.count()).toBe(1);

      const reloaded = page.waitForEvent('load', { timeout: WAIT_MS });
      await prompt.getByRole('button', { name: RELOAD_ACTION }).click();
      await reloaded;
      await page.locator('#email').waitFor();
      expect(await page.evaluate(() => '__beforeUpdate' in window)).toBe(false);
      // The new worker controls the page and none waits any more, so no prompt either.
      const registration = await page.evaluate(async () => {
        const r = await navigator.serviceWorker.getRegistration();
        return { waiting: Boolean(r?.waiting), active: r?.active?.state, controlled: navigator.serviceWorker.controller !== null };
      });
      expect(registration).toEqual({ waiting: false, active: 'activated', controlled: true });
      await sleep(500);
      expect(await toast(page, UPDATE_AVAILABLE_MESSAGE).count()).toBe(0);
    } finally {
      await deployment.close();
    }
  });
});
