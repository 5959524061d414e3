import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  test: {
    // API and browser tests start real servers (and PostgreSQL databases) on a 2-core machine.
    testTimeout: 30_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: 'node', environment: 'node', include: ['src/contract/**/*.test.ts', 'src/server/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/e2e/**/*.test.ts'] },
      },
      {
        extends: true,
        plugins: [react()],
        test: { name: 'console', environment: 'jsdom', include: ['src/console/**/*.test.{ts,tsx}'], setupFiles: ['src/console/test/setup.ts'] },
      },
    ],
  },
});
