import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Boundaries (STYLE.md habit 2): the contract imports neither side; console and server never
// import each other. Lint enforces it so nobody has to remember it.
const forbid = (...groups) => ({
  'no-restricted-imports': ['error', { patterns: groups.map((group) => ({ group, message: 'Crosses a module boundary: see STYLE.md habit 2.' })) }],
});

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
  { files: ['src/console/**'], rules: forbid(['**/server/**', 'node:*']) },
);
