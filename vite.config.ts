import { readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA, type VitePWAOptions } from 'vite-plugin-pwa';
import { partGroup } from './scripts/build/chunks';
import { iconNamesWithoutChangeCase, rtkQueryMarkerWithoutStack, withoutDarkTheme } from './scripts/build/libraries';
import { SERVER_PATH_PREFIXES } from './src/contract/constants';
import { CONSOLE_CONFIG_CACHE, REFERENCE_DATA_CACHE } from './src/console/pwa/caches';

// The console: built into dist/console and served by the reference server (`npm start`), or
// served by Vite in development with the API proxied to the server (`npm run dev`).
const apiPort = process.env.API_PORT ?? '8080';
const api = {
  target: `http://127.0.0.1:${apiPort}`,
  changeOrigin: false,
};
/** The server's paths (the contract lists them once): proxied in development, never a screen. */
const serverPaths = [...SERVER_PATH_PREFIXES, '/config.js'];
const escaped = (prefix: string) => prefix.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * The PWA, configured here and only here (excalidraw's habit). generateSW, not injectManifest:
 * the worker only precaches the shell, answers navigations with index.html and caches a few GETs
 * with a stock strategy, all of which Workbox generates from this declaration; the outbox of
 * offline writes lives in the page (the persisted store), not in the worker, so no hand-written
 * worker code is needed. A worker of our own (injectManifest) becomes worth it the day the worker
 * must run logic, e.g. Background Sync.
 *
 * The matchers below are serialised into sw.js with Function#toString: they must not use anything
 * from this file's scope.
 */
/** The reference-data cache (src/console/pwa/caches.ts names it; logout deletes it). */
const referenceDataCache = {
  cacheName: REFERENCE_DATA_CACHE,
  cacheableResponse: { statuses: [200] },
  expiration: { maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600 },
  // Cached by URL alone: the token changes every few minutes.
  matchOptions: { ignoreVary: true },
};

/** Exported for its test (src/console/pwa/runtimeCaching.test.ts); Vite reads the default export only. */
export const pwa: Partial<VitePWAOptions> = {
  strategies: 'generateSW',
  // A new version waits until the admin clicks Reload in the toast (src/console/pwa): nothing
  // reloads under a half-typed form.
  registerType: 'prompt',
  // Registered by src/console/pwa/registerServiceWorker.ts (production builds only).
  injectRegister: false,
  manifest: {
    name: 'Referral Campaign Admin',
    short_name: 'Referral Admin',
    description: 'Back office of the agent referral programme: admins, agents, campaigns, reports and payments.',
    lang: 'en',
    theme_color: '#215db0',
    background_color: '#f6f7f9',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    // Made from public/favicon.svg by `npm run icons` (scripts/make-icons.ts).
    icons: [
      { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/maskable-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  // The icons (public/, copied into the build) are precached by globPatterns below; listing them
  // here too would add each twice.
  includeManifestIcons: false,
  workbox: {
    // The whole shell, every screen's chunk included, so a screen not visited yet opens offline
    // too. Budget: 3 MB in all, of the device's storage, checked by npm test (tests/e2e/pwa.test.ts).
    globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
    // Source maps are for debugging, not for offline use.
    globIgnores: ['**/*.map', 'sw.js', 'workbox-*.js'],
    cleanupOutdatedCaches: true,
    // Nor does the service worker: /sw.js.map would carry Workbox's sources and ours.
    sourcemap: false,
    // The first visit's page is taken over at once, so the reference data it reads is cached for
    // offline use from the first session. An update still waits for the admin's click.
    clientsClaim: true,
    skipWaiting: false,
    // Screen paths (/agents, /campaigns/7) open the shell, also offline; the backends' paths and
    // files never do (the server draws the same line: src/server/http/paths.ts).
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [...serverPaths.map((prefix) => new RegExp(`^${escaped(prefix)}(?:[/?]|$)`)), /^[^?]*\.[a-z0-9]+(?:\?.*)?$/i],
    // Only the answers below are cached, and never a secure report's call (/admin/*secure*,
    // /service/payments-secure-page/): secure reports are never kept on the device
    // (src/console/pwa/runtimeCaching.test.ts holds every rule to that).
    runtimeCaching: [
      {
        // Reference data that is the same for every admin and that nobody edits from the console
        // (status types, languages): stale-while-revalidate, the cached answer at once and a fresh
        // one fetched behind it for next time. Deleted at logout (clearOfflineCaches).
        urlPattern: ({ url }) => /\/api\/v1\/(?:status-types|translations)\/?$/.test(url.pathname),
        method: 'GET',
        handler: 'StaleWhileRevalidate',
        options: referenceDataCache,
      },
      {
        // Reference data scoped by role or edited from the console (countries, agencies,
        // campaigns, event types): network first, the cache only when the network fails. An online
        // read must reach the server: an edit must be seen by the list read right after it, and
        // an admin's scope is the server's to apply, not a cached copy's. No timeout: on a hanging
        // connection a cached answer would reach the page looking fresh, with no offline banner,
        // while the console's persisted store already shows the last data, marked by its time.
        urlPattern: ({ url }) => /\/admin\/(?:countries|agencies|campaigns|event_types)\/?$/.test(url.pathname),
        method: 'GET',
        handler: 'NetworkFirst',
        options: referenceDataCache,
      },
      {
        // The deployment's backend URLs (written by the server): fresh when online, the last
        // copy offline, so the shell opened offline still calls the right backends.
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname === '/config.js',
        method: 'GET',
        handler: 'NetworkFirst',
        options: { cacheName: CONSOLE_CONFIG_CACHE, networkTimeoutSeconds: 3, cacheableResponse: { statuses: [200] } },
      },
    ],
  },
  devOptions: { enabled: false },
};

/**
 * The UI kit's modules: Blueprint and the libraries it draws with; of its icons, the shared parts
 * (names, the SVG container, the loader) and those Blueprint's own components draw (a select's
 * carets, a dialog's cross, a callout's warning sign), not the others, each of which comes with the
 * screens drawing it, nor the table of every icon's paths (allPaths), which only a screen drawing
 * icons by name loads. Blueprint's stylesheet comes with it, as the kit's CSS file.
 */
const kitIcons = 'double-caret-vertical|small-tick|cross|warning-sign|small-cross|caret-down|chevron-right|chevron-down|tick';
const uiKit = new RegExp(
  String.raw`node_modules[\\/](?:(?:@blueprintjs[\\/]core|@floating-ui|@popperjs|@babel[\\/]runtime|react-popper|react-transition-group|classnames|react-fast-compare|dom-helpers|warning|tslib|react-uid)[\\/]` +
    String.raw`|@blueprintjs[\\/]icons[\\/]lib[\\/]esm[\\/](?!allPaths)(?:\w+\.js|generated[\\/]\w+[\\/]blueprint-icons-\d+\.js` +
    String.raw`|generated[\\/](?:components|16px[\\/]paths|20px[\\/]paths)[\\/](?:${kitIcons})\.js` +
    // The shell's own icons (a menu's caret, the offline banner's and a toast's signs): their components only.
    String.raw`|generated[\\/]components[\\/](?:caret-right|error|info-sign)\.js)$)`,
);

/**
 * The favicon (public/favicon.svg, a quarter of a kilobyte) written into index.html: asked for as a
 * file it was one more request of the login page, asked again (and revalidated) at each navigation.
 */
const inlineFavicon: Plugin = {
  name: 'inline-favicon',
  transformIndexHtml(html) {
    const link = 'href="/favicon.svg"';
    if (!html.includes(link)) throw new Error(`index.html no longer links the favicon as ${link}: update inlineFavicon (vite.config.ts).`);
    return html.replace(link, `href="data:image/svg+xml,${encodeURIComponent(readFileSync(path.resolve(import.meta.dirname, 'public/favicon.svg'), 'utf8'))}"`);
  },
};

export default defineConfig({
  root: 'src/console',
  resolve: {
    alias: [
      // zod set jitless before any schema is made (the module says why).
      { find: /^zod$/, replacement: path.resolve(import.meta.dirname, 'src/console/app/zodWithoutEval.ts') },
    ],
  },
  publicDir: '../../public',
  css: { postcss: { plugins: [withoutDarkTheme] } },
  // The libraries' shipped code changed where it measurably pays (scripts/build/libraries.ts).
  plugins: [react(), VitePWA(pwa), inlineFavicon, iconNamesWithoutChangeCase(), rtkQueryMarkerWithoutStack()],
  build: {
    outDir: '../../dist/console',
    emptyOutDir: true,
    // Source maps carry the whole source: a production build ships none (npm run dev has its own).
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Vendor groups only: no rule names a console file, so moving or renaming one never moves it
        // to another page. The console's own code is split where the screens are, at the route
        // registry's import()s (app/screenPages.tsx), Rolldown's default: each screen's file, and the
        // modules two screens share in files of their own.
        // What every page runs first (React, the store, the router) in one file rather than seven:
        // on HTTP/1.1 each response costs its headers, and one file compresses better than its parts.
        codeSplitting: {
          groups: [
            { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|react-redux|react-router|react-router-dom|@reduxjs|immer|redux|redux-thunk|reselect|redux-persist|use-sync-external-store|@standard-schema)[\\/]/ },
            // The UI kit likewise, the signed-in side's first request: in a dozen pieces it cost the
            // tablet's main thread about a millisecond a request (Chromium's own work of asking), and
            // more bytes of headers. React, which it imports, stays in the framework's file.
            { name: 'kit', includeDependenciesRecursively: false, test: uiKit },
            // zod in a file of its own: the login form fetches it with the first key, and the
            // signed-in side's file then stays what the shell and its screens share.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            // The login page and everything it reaches in one file, whichever other part shares a
            // piece of it (scripts/build/chunks.ts says why): found from App.tsx's /login route.
            { name: partGroup(path.resolve(import.meta.dirname, 'src/console/features/login/LoginPage.tsx'), 'LoginPage'), includeDependenciesRecursively: false },
            // The signed-in side's routes and everything they reach, the pieces its screens share with them included.
            { name: partGroup(path.resolve(import.meta.dirname, 'src/console/app/SignedInRoutes.tsx'), 'SignedInRoutes'), includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(serverPaths.map((prefix) => [prefix, api])),
  },
});
