import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The console: built into dist/console and served by the reference server (`npm start`), or
// served by Vite in development with the API proxied to the server (`npm run dev`).
const apiPort = process.env.API_PORT ?? '8080';
const api = { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false };

// react-router's package exports only its development build; production bundles take the
// production one (smaller, without dev warnings).
const reactRouterProduction = (file: string) => path.resolve(import.meta.dirname, 'node_modules/react-router/dist/production', file);

export default defineConfig(({ mode }) => ({
  root: 'src/console',
  resolve: {
    alias:
      mode === 'production'
        ? [
            { find: /^react-router$/, replacement: reactRouterProduction('index.mjs') },
            { find: /^react-router\/dom$/, replacement: reactRouterProduction('dom-export.mjs') },
          ]
        : [],
  },
  publicDir: '../../public',
  plugins: [react()],
  build: {
    outDir: '../../dist/console',
    emptyOutDir: true,
    manifest: true,
    sourcemap: true,
  },
  server: {
    port: 5173,
    proxy: { '/api': api, '/admin': api, '/service': api, '/dev': api, '/health': api, '/config.js': api },
  },
}));
