import { defineConfig } from 'vite';

// The reference server, built into dist/server as plain JavaScript: `npm start` and `npm run serve`
// run it with Node alone, no TypeScript loader, and production installs no dev dependency. Each
// program is one entry; packages stay in node_modules (an SSR build leaves them external).
export default defineConfig({
  // The console's public files belong to its build, not the server's.
  publicDir: false,
  build: {
    ssr: true,
    outDir: 'dist/server',
    emptyOutDir: true,
    target: 'node20',
    // A stack trace from production points at the sources.
    sourcemap: true,
    rolldownOptions: {
      input: {
        main: 'src/server/main.ts',
        worker: 'src/server/worker.ts',
        seed: 'src/server/seed.ts',
        'reset-data': 'src/server/resetData.ts',
      },
      output: { format: 'esm', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
    },
  },
});
