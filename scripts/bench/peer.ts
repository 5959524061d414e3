// `npm run bench`: our login page against a react-admin 5 app's (issue 18: "login page transferred
// bytes ≤ 0.4× the peer's"). The peer is the smallest app react-admin's own tutorial leads to: an
// <Admin> with an authProvider (so a visitor not signed in gets react-admin's default login page),
// ra-data-simple-rest as its dataProvider, one resource (users) with a plain list, a production
// `vite build`. It is installed and built on first use into .bench/peer-react-admin (ignored by
// git; `npm ci` stays lean), and again only when its sources below change. Its build is
// precompressed by scripts/precompress.ts as ours is, and served as ours is: Fastify with
// @fastify/static's preCompressed mode, hashed assets immutable, index.html for every other path.
// Both login pages are opened in the same run, in Debian's Chromium, each in a new context (cold
// cache, service workers blocked) until the network is idle and the password field shows; the
// figure is their JavaScript and CSS on the wire (scripts/transferred.ts). Needs `npm run build`.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../../tests/support/chromium';
import { startServer } from '../../tests/support/server';
import { kb, loginPageTransfers, type Transfer } from '../transferred';

const RATIO_BUDGET = 0.4;
const root = path.resolve(import.meta.dirname, '../..');
const peer = path.join(root, '.bench/peer-react-admin');
const peerDist = path.join(peer, 'dist');
const out = (line: string) => process.stdout.write(`${line}\n`);

// The peer app. React 18.3 as ours, so the comparison is not about React's own size.
const PEER_FILES: Record<string, string> = {
  'package.json': `${JSON.stringify({
    private: true,
    type: 'module',
    dependencies: { 'react-admin': '5.15.4', 'ra-data-simple-rest': '5.15.3', react: '18.3.1', 'react-dom': '18.3.1' },
    devDependencies: { vite: '8.3.8', '@vitejs/plugin-react': '6.3.0' },
  }, null, 2)}\n`,
  'vite.config.js': `import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({ plugins: [react()] });
`,
  'index.html': `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>react-admin peer</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/src/main.jsx"></script>
  </body>
</html>
`,
  'src/main.jsx': `import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';

createRoot(document.getElementById('root')).render(<StrictMode><App /></StrictMode>);
`,
  'src/App.jsx': `import { Admin, Datagrid, EmailField, List, Resource, TextField } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import { authProvider } from './authProvider';

const dataProvider = simpleRestProvider('/api');

const UserList = () => (
  <List>
    <Datagrid>
      <TextField source="id" />
      <TextField source="name" />
      <EmailField source="email" />
    </Datagrid>
  </List>
);

export const App = () => (
  <Admin dataProvider={dataProvider} authProvider={authProvider}>
    <Resource name="users" list={UserList} />
  </Admin>
);
`,
  'src/authProvider.js': `// Signed in once any username and password are given; the session is a key in localStorage.
export const authProvider = {
  async login({ username, password }) {
    if (!username || !password) throw new Error('Invalid username or password');
    localStorage.setItem('username', username);
  },
  async logout() {
    localStorage.removeItem('username');
  },
  async checkAuth() {
    if (!localStorage.getItem('username')) throw new Error('Not signed in');
  },
  async checkError(error) {
    if (error?.status === 401 || error?.status === 403) throw error;
  },
  async getIdentity() {
    const username = localStorage.getItem('username');
    return { id: username, fullName: username };
  },
};
`,
};

/** Writes the file if its content differs; whether it did. */
function writeIfChanged(file: string, content: string): boolean {
  if (existsSync(file) && readFileSync(file, 'utf8') === content) return false;
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  return true;
}

/** Installs and builds the peer when missing or when its sources changed; precompresses the build. */
function preparePeer(): void {
  const changed = Object.entries(PEER_FILES).filter(([name, content]) => writeIfChanged(path.join(peer, name), content)).map(([name]) => name);
  if (changed.includes('package.json') || !existsSync(path.join(peer, 'node_modules/react-admin/package.json'))) {
    out('bench-peer: installing the react-admin app into .bench/peer-react-admin ...');
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--silent'], { cwd: peer, stdio: 'inherit' });
  }
  const precompressed = existsSync(path.join(peerDist, 'assets')) && readdirSync(path.join(peerDist, 'assets')).some((name) => name.endsWith('.br'));
  if (changed.length > 0 || !existsSync(path.join(peerDist, 'index.html')) || !precompressed) {
    out('bench-peer: building it (vite build) ...');
    execFileSync(process.execPath, [path.join(peer, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: peer, stdio: 'inherit' });
    execFileSync('npx', ['tsx', path.join(root, 'scripts/precompress.ts'), peerDist], { cwd: root, stdio: 'inherit' });
  }
}

const version = (name: string): string =>
  (JSON.parse(readFileSync(path.join(peer, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;

/** The peer's build as our server serves ours (src/server/routes/console.ts), and a users list for ra-data-simple-rest. */
async function servePeer(): Promise<{ url: string; close(): Promise<void> }> {
  const app = Fastify();
  await app.register(fastifyStatic, {
    root: peerDist,
    wildcard: false,
    preCompressed: true,
    setHeaders: (response, filePath) => {
      response.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const users = Array.from({ length: 25 }, (_, i) => ({ id: i + 1, name: `User ${i + 1}`, email: `user${i + 1}@peer.test` }));
  app.get('/api/users', async (request, reply) => {
    const [start, end] = JSON.parse((request.query as { range?: string }).range ?? '[0,9]') as [number, number];
    const rows = users.slice(start, end + 1);
    return reply.header('content-range', `users ${start}-${start + rows.length - 1}/${users.length}`).send(rows);
  });
  app.setNotFoundHandler((_request, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url, close: () => app.close() };
}

function describe(title: string, transfers: Transfer[], code: number): void {
  const total = transfers.reduce((sum, t) => sum + t.bytes, 0);
  out(`${title}: JavaScript and CSS ${kb(code)}; ${kb(total)} in all in ${transfers.length} responses`);
  for (const t of [...transfers].sort((a, b) => b.bytes - a.bytes).slice(0, Number(process.env.BENCH_TRANSFER_LIST ?? 6))) {
    out(`  ${kb(t.bytes).padStart(9)}  ${t.type.padEnd(10)} ${(t.encoding ?? 'identity').padEnd(8)} ${new URL(t.url).pathname}`);
  }
}

if (!existsSync(path.join(root, 'dist/console/index.html'))) {
  out('bench-peer: no console build in dist/console: run npm run build first');
  process.exit(1);
}
preparePeer();
out(`the peer: react-admin ${version('react-admin')} (ra-ui-materialui ${version('ra-ui-materialui')}, MUI ${version('@mui/material')}, `
  + `react-router ${version('react-router')}), ra-data-simple-rest ${version('ra-data-simple-rest')}, React ${version('react-dom')}, Vite ${version('vite')}`);

const passwordShows = (page: Page) => page.locator('input[type="password"]').first().waitFor({ state: 'visible' });
const server = await startServer('pglite', { LOG_LEVEL: 'warn' });
const peerServer = await servePeer();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
let ratio = Number.NaN;
try {
  const ours = await loginPageTransfers(browser, server.url, { ready: passwordShows });
  // react-admin routes by hash: its login page is /#/login (/ redirects there when signed out).
  const theirs = await loginPageTransfers(browser, peerServer.url, { path: '/#/login', ready: passwordShows });
  describe('ours, /login, cold cache', ours.transfers, ours.code);
  describe('react-admin 5, /#/login, cold cache', theirs.transfers, theirs.code);
  ratio = ours.code / theirs.code;
  out(`login page JavaScript and CSS: ours ${kb(ours.code)}, react-admin's ${kb(theirs.code)}: ${ratio.toFixed(3)}x (budget ${RATIO_BUDGET}x)`);
} finally {
  await browser.close();
  await peerServer.close();
  await server.stop();
}
const passed = ratio <= RATIO_BUDGET;
out(passed ? 'bench-peer: PASS' : 'bench-peer: FAIL');
process.exit(passed ? 0 : 1);
