// The console: the Vite build under dist/console, /config.js with the backends' base URLs, and
// index.html for every screen path (the console routes on the client).
import path from 'node:path';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

export const consoleRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../dist/console');
export async function registerConsole(app: FastifyInstance, backends: Config['backends']): Promise<boolean> {
  const configScript = `window.__CONSOLE_CONFIG__ = ${JSON.stringify(backends)};\n`;
  app.get('/config.js', { config: { public: true } }, async (_request, reply) =>
    reply.type('text/javascript').header('cache-control', 'no-cache').send(configScript),
  );
  if (!existsSync(path.join(consoleRoot, 'index.html'))) {
    app.log.warn(`no console build in ${consoleRoot}: run npm run build (npm start does)`);
    return false;
  }
  await app.register(fastifyStatic, {
    root: consoleRoot,
    wildcard: false,
    // Hashed assets never change; index.html must always be fresh.
    setHeaders: (response, filePath) => {
      response.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return true;
}
