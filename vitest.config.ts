import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import LongestFirst from './tests/support/longestFirst';

// The console tests' libraries, each bundled into one module once (Vite's dependency optimizer) and
// not loaded file by file again for each of the isolated test files: about half their set-up time.
const CONSOLE_LIBRARIES = [
  'react', 'react/jsx-runtime', 'react/jsx-dev-runtime', 'react-dom', 'react-dom/client', 'react-redux', 'react-router-dom', 'redux-persist',
  '@reduxjs/toolkit', '@reduxjs/toolkit/query/react', '@blueprintjs/core', '@blueprintjs/icons', '@blueprintjs/table', '@blueprintjs/datetime2',
  '@testing-library/react', '@testing-library/user-event', 'papaparse',
];

export default defineConfig({
  test: {
    // API and browser tests start real servers (and PostgreSQL databases) on a 2-core machine.
    testTimeout: 30_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
    // Every project's files in one queue, the longest first (tests/support/longestFirst.ts).
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        extends: true,
        // The contract's, the server's and the scripts' own tests: pure functions and in-memory PGlite,
        // which no file changes for another, so a worker keeps its modules (PGlite's WebAssembly
        // included) from one file to the next instead of loading them again: 63 s to 40 s here.
        test: { name: 'unit', environment: 'node', include: ['src/contract/**/*.test.ts', 'src/server/**/*.test.ts', 'scripts/**/*.test.ts'], isolate: false },
      },
      {
        extends: true,
        test: {
          name: 'api', environment: 'node', include: ['tests/api/**/*.test.ts'],
          // The default test data, seeded once per run and copied for each server (tests/support/templates.ts).
          globalSetup: ['tests/support/templates.ts'],
        },
      },
      {
        extends: true,
        // One retry, for the browser tests only: Chromium's offline emulation has let a request
        // through a reload at times (seen once in four CI runs of tests/e2e/offline.test.ts). A real
        // failure fails twice; the flake is noted for its own fix.
        // Not isolated: a worker keeps its modules and its one Chromium (tests/support/browser.ts,
        // sharedBrowser) from one file to the next; each test has a browser context of its own.
        test: { name: 'e2e', environment: 'node', include: ['tests/e2e/**/*.test.ts'], retry: 1, isolate: false, globalSetup: ['tests/support/templates.ts'] },
      },
      {
        extends: true,
        plugins: [react()],
        test: {
          name: 'console', environment: 'jsdom', deps: { optimizer: { client: { enabled: true, include: CONSOLE_LIBRARIES } } },
          include: ['src/console/**/*.test.{ts,tsx}'], setupFiles: ['src/console/test/setup.ts'],
        },
      },
    ],
  },
});
