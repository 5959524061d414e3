import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

// Boundaries (STYLE.md habit 2): the contract imports neither side; console and server never
// import each other. Lint enforces it so nobody has to remember it.
const BOUNDARY = 'Crosses a module boundary: see STYLE.md habit 2.';
const forbid = (...groups) => ({
  'no-restricted-imports': ['error', { patterns: groups.map((group) => ({ group, message: BOUNDARY })) }],
});
/** Each group with its own message (a group is a list of patterns). */
const forbidEach = (...rules) => ({
  'no-restricted-imports': ['error', { patterns: rules.map(([group, message]) => ({ group, message })) }],
});

/** What no server file imports: the console, tests/ and a browser. */
const SERVER_FORBIDS = [['**/console/**'], ['**/tests/**', 'playwright-core', 'playwright']];

/** The role names of SPEC.md section 3 (the contract's ROLE_TYPES), as a selector's pattern. */
const ROLE_NAMES = '/^(Super Admin|Agency Admin|Campaign Admin|Agent|Gifter)$/';

const features = readdirSync(new URL('./src/console/features', import.meta.url));

/** The app's frame (src/console/app and main.tsx): the routes, the shell and its menu, the lazy-screen loader. */
const APP_FRAME = ['**/app/App', '**/app/SignedInRoutes', '**/app/Shell', '**/app/SideMenu', '**/app/page', '**/console/main', '../../main', '../main'];

export default tseslint.config(
  // .bench: the tools and the peer app the benchmarks install (scripts/bench/lighthouse.ts, peer.ts).
  { ignores: ['dist', 'data', 'node_modules', 'coverage', 'src/server/db/migrations', '.bench'] },
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
  // Starting is not testing: the server, and what `npm start` and `npm run build` run, never load a
  // browser or anything from tests/ (budgets and browsers belong to npm test and npm run bench).
  { files: ['src/server/**'], rules: forbid(...SERVER_FORBIDS) },
  // The domain refuses with its own errors (src/server/domain/errors.ts), which name no HTTP status:
  // the domain, auth/, delivery/ and jobs/ import nothing of http/, where http/errors.ts maps each
  // error to its status.
  {
    files: ['src/server/domain/**', 'src/server/auth/**', 'src/server/delivery/**', 'src/server/jobs/**'],
    rules: forbidEach(...SERVER_FORBIDS.map((group) => [group, BOUNDARY]), [['**/http/**'], 'The domain speaks in domain/errors.ts, not HTTP: see docs/architecture.md, "Module boundaries".']),
  },
  {
    files: ['scripts/build/**', 'scripts/start.mjs', 'scripts/precompress.ts', 'vite.config.ts', 'vite.server.config.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ group: ['**/tests/**', 'playwright-core', 'playwright'], message: 'The start and the build need no browser and nothing from tests/: see DESIGN.md, "Starting is not testing".' }],
      }],
    },
  },
  // No import cycles (a cycle hides which module is the ground and which is built on it, and leaves
  // one side undefined while the other loads). Type-only imports do not count, nor do packages
  // (reading their types would double the time of a lint). The resolver is the TypeScript one, as
  // eslint-plugin-import-x's documentation asks for a TypeScript project.
  {
    files: ['src/**'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['src/console/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, ...forbid(['**/server/**', 'node:*']) },
  },
  // Shared console code never reaches into features or the app's frame, and its folders stand in
  // layers, each built only on those below it:
  //   device (what this device remembers, what its screen is) < session (the signed-in state)
  //   < http (a request with the session, its failure, connectivity, the data saver)
  //   < outbox (writes that wait) < backends (the base query and the backends' slices and endpoints).
  // address (a list's or grid's state in the address bar), components, forms, downloads and pwa
  // may use any of them; ground (the screen registry and its paths, typed hooks, configuration, the
  // caller's role), which every feature reads, stands on device, session and http only; csv (reading CSV files) and format (numbers as the console writes them)
  // use none of them. A test may drive its layer through the whole store (outbox.test.ts injects an endpoint into
  // a backend), so tests keep only the first rule.
  ...Object.entries({
    device: ['**/session/**', '**/http/**', '**/outbox/**', '**/backends/**'],
    session: ['**/http/**', '**/outbox/**', '**/backends/**'],
    http: ['**/outbox/**', '**/backends/**'],
    outbox: ['**/backends/**'],
    backends: [],
    address: [],
    components: [],
    forms: [],
    downloads: [],
    pwa: [],
    ground: ['**/outbox/**', '**/backends/**'],
    csv: ['**/session/**', '**/http/**', '**/outbox/**', '**/backends/**'],
    format: ['**/device/**', '**/session/**', '**/http/**', '**/outbox/**', '**/backends/**', '**/components/**', '**/forms/**'],
  }).flatMap(([folder, above]) => {
    const shared = [['**/server/**', 'node:*', '**/features/**', ...APP_FRAME], BOUNDARY];
    const layer = [above, `${folder}/ is built below ${above.map((pattern) => pattern.split('/')[1]).join(', ')}: see the layers in eslint.config.js.`];
    const tests = `src/console/${folder}/**/*.test.{ts,tsx}`;
    return [
      { files: [`src/console/${folder}/**`], ignores: [tests], rules: forbidEach(shared, ...(above.length > 0 ? [layer] : [])) },
      { files: [tests], rules: forbidEach(shared) },
    ];
  }),
  // Every role rule lives in the contract (src/contract/roles.ts): outside it, code asks the
  // contract's predicates (isSuperAdmin, seesEverything, mayIncludeBlacklisted, ...) and labels,
  // never compares a role name. A role name as a typed key (ROLE_TYPE_ID['Agent']) or a route's
  // declared requirement (config.requires) is checked by the compiler and allowed. Tests and the
  // demo data name the people they make.
  {
    files: ['src/server/**', 'src/console/**'],
    ignores: ['**/*.test.{ts,tsx}', 'src/console/test/**', 'src/server/db/seed/**'],
    rules: {
      'no-restricted-syntax': ['error', {
        selector: `Literal[value=${ROLE_NAMES}]:not(MemberExpression[computed=true] > Literal.property):not(Property[key.name="requires"] > Literal.value)`,
        message: 'A role name outside the contract: use a predicate or label of src/contract/roles.ts.',
      }],
    },
  },
  // A feature never imports another feature (bulletproof-react), nor anything of app/: the app
  // composes the features, and the ground they stand on (paths, typed hooks, configuration, the
  // caller's role, the screen registry) is ground/. A feature's test may build the whole store.
  ...features.flatMap((feature) => {
    const others = features.filter((other) => other !== feature).flatMap((other) => [`../${other}/**`, `**/features/${other}/**`]);
    const tests = `src/console/features/${feature}/**/*.test.{ts,tsx}`;
    return [
      { files: [`src/console/features/${feature}/**`], ignores: [tests], rules: forbid(['**/server/**', 'node:*', '**/app/**', ...others]) },
      { files: [tests], rules: forbid(['**/server/**', 'node:*', ...APP_FRAME, ...others]) },
    ];
  }),
);
