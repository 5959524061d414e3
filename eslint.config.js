import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

// Boundaries (STYLE.md habit 2): the contract imports neither side; console and server never
// import each other. Lint enforces it so nobody has to remember it.
const forbid = (...groups) => ({
  'no-restricted-imports': ['error', { patterns: groups.map((group) => ({ group, message: 'Crosses a module boundary: see STYLE.md habit 2.' })) }],
});

const features = readdirSync(new URL('./src/console/features', import.meta.url));

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'coverage', 'src/server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/contract/**'],
    languageOptions: { globals: { ...globals['shared-node-browser'] } },
    rules: {
      ...forbid(['**/server/**', '**/console/**', 'node:*', 'react', 'react-dom', 'fastify', 'drizzle-orm', 'drizzle-orm/*']),
    },
  },
  { files: ['src/server/**'], rules: forbid(['**/console/**']) },
  {
    files: ['src/console/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, ...forbid(['**/server/**', 'node:*']) },
  },
  // Shared console code (api, session, components, forms, outbox, downloads) never reaches into features or the app.
  {
    files: ['src/console/{api,session,components,forms,outbox,downloads}/**'],
    rules: forbid(['**/server/**', 'node:*', '**/features/**', '**/app/App', '**/app/SignedInRoutes', '**/app/Shell']),
  },
  // A feature never imports another feature (bulletproof-react); the app composes them.
  ...features.map((feature) => ({
    files: [`src/console/features/${feature}/**`],
    rules: forbid([
      '**/server/**', 'node:*', '**/app/App', '**/app/SignedInRoutes',
      ...features.filter((other) => other !== feature).flatMap((other) => [`../${other}/**`, `**/features/${other}/**`]),
    ]),
  })),
);
