// The console: the Vite build under dist/console (with its service worker and web app manifest),
// /config.js with the backends' base URLs, and index.html for every screen path (the console
// routes on the client). Every route registered here is the console's own file: public, and not
// counted by the rate limit (routeConfig.ts), declared once by this context's onRoute hook.
import path from 'node:path';
import { existsSync } from 'node:fs';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { PROJECT_FILES } from '../projectFiles';
import '../http/routeConfig';

/** The service worker files and the manifest, by name (vite-plugin-pwa's output). */
function pwaContentType(fileName: string): string | undefined {
  if (fileName === 'manifest.webmanifest') return 'application/manifest+json; charset=utf-8';
  if (fileName === 'sw.js' || /^workbox-[\w-]+\.js$/.test(fileName)) return 'text/javascript; charset=utf-8';
  return undefined;
}

/**
 * What helmet says of documents (and of workers, which take their policy from their own script)
 * and means nothing on a script, a stylesheet or an image: left off the hashed assets, where it
 * was more bytes than many of the login page's chunks (HTTP/1.1 does not compress headers), and
 * off /config.js (32 bytes of script under 870 of headers).
 * `nosniff` and CORP stay.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy', 'cross-origin-opener-policy', 'origin-agent-cluster', 'referrer-policy', 'x-dns-prefetch-control',
  'x-download-options', 'x-frame-options', 'x-permitted-cross-domain-policies', 'x-xss-protection',
  // HSTS is read from any response of the origin (the page's carries it); a file cached for good
  // is never asked again, so its validators and ranges serve nothing.
  'strict-transport-security', 'etag', 'last-modified', 'accept-ranges',
];
/** The hashed assets and /config.js: what a page loads, not a document or a worker. */
const isSubresource = (url: string) => {
  const pathname = url.split('?')[0] ?? '';
  return pathname === '/config.js' || (pathname.startsWith('/assets/') && !/\.worker[^/]*\.js$/.test(pathname));
};

export const consoleRoot = PROJECT_FILES.console;

const files: FastifyStaticOptions = {
  root: consoleRoot,
  wildcard: false,
  // The build writes each text file brotli- and gzip-compressed beside itself
  // (scripts/precompress.ts): sent as the browser accepts, with `Vary: Accept-Encoding`.
  preCompressed: true,
  // Hashed assets never change; everything else (index.html, the service worker, its Workbox
  // runtime, the web app manifest, the icons) is checked with the server at each use, so a new
  // build reaches the browser, which then offers the update.
  setHeaders: (response, filePath) => {
    response.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
  },
};

/** Whether `npm run build` has put the console in place. */
export const consoleIsBuilt = (): boolean => existsSync(path.join(consoleRoot, 'index.html'));

export async function registerConsole(app: FastifyInstance, backends: Config['backends']): Promise<void> {
  const configScript = `window.__CONSOLE_CONFIG__ = ${JSON.stringify(backends)};\n`;
  const built = consoleIsBuilt();
  if (!built) app.log.warn(`no console build in ${consoleRoot}: run npm run build (npm start does)`);
  // reply.sendFile for the not-found handler, which answers screen paths with index.html.
  else await app.register(fastifyStatic, { ...files, serve: false });

  await app.register(async (consoleFiles) => {
    consoleFiles.addHook('onRoute', (route) => {
      route.config = { ...route.config, public: true, consoleFile: true };
    });
    // The PWA's files typed by name, after @fastify/static (which types a precompressed copy itself).
    consoleFiles.addHook('onSend', async (request, reply, payload) => {
      const type = pwaContentType(path.posix.basename(request.url.split('?')[0] ?? ''));
      if (type) reply.header('content-type', type);
      if (isSubresource(request.url)) for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
      return payload;
    });
    // Not part of any backend: hidden from the API document (@fastify/static hides its files too).
    consoleFiles.get('/config.js', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/javascript').header('cache-control', 'no-cache').send(configScript),
    );
    if (built) await consoleFiles.register(fastifyStatic, { ...files, decorateReply: false });
  });
}
