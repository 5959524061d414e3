// Starts the real server as a child process on a free port with a fresh database: a new PGlite
// directory, or a new PostgreSQL database on TEST_DATABASE_URL. The server is the build people run
// (dist/server/main.js, with Node alone), built first when it is not current for the sources (the
// build stamp, scripts/build/stamp.mjs): a test meets what `npm start` serves, and a server starts in
// a second less than through a TypeScript loader.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { request as httpRequest } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestContext } from 'vitest';
import type { LoginResponse, OutboxMessage } from '../../src/contract/api';
import { ensureBuilt } from '../../scripts/build/stamp.mjs';
import { LOGIN, SEND } from './calls';

export type Backend = 'pglite' | 'postgres';

/**
 * The database the API and browser suites run on: PostgreSQL when TEST_DATABASE_URL names one (CI,
 * and `npm test` finds this machine's, tests/support/templates.ts), PGlite otherwise. The embedded
 * default is proven on its own (tests/api/embedded.test.ts, tests/api/start.test.ts), not by running
 * every suite twice. Read in the test workers, after the global setup has settled the URL.
 */
export const backend: Backend = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
/** The suites' `describe.each(backends)`: the one backend above. */
export const backends: Backend[] = [backend];
/**
 * Why a test stops, reported skipped, where it reads the database over SQL and the database is
 * PGlite (held by the server process): `needsSql(server, skip)`, never an `if` that passes silently.
 */
export const NEEDS_POSTGRES = 'needs PostgreSQL: reads the database over SQL, and PGlite is held by the server';

/** Stops the test here, reported skipped with NEEDS_POSTGRES, unless the server's database can be read over SQL. */
export function needsSql(server: TestServer, skip: TestContext['skip']): asserts server is TestServer & { sql: pg.Pool } {
  skip(!server.sql, NEEDS_POSTGRES);
}

/** Settings for suites that sign each role in and keep its token for the whole file. */
export const SIGNED_IN_SUITE = {
  OTP_SEND_LIMIT_PER_15MIN: '1000', OTP_SEND_LIMIT_PER_ADDRESS_15MIN: '10000', ACCESS_TOKEN_TTL_SECONDS: '3600',
} as const;

export interface Answer<T = Record<string, unknown>> { status: number; body: T; headers: Headers }

export interface TestServer {
  url: string;
  backend: Backend;
  /** A SQL connection to the server's database (PostgreSQL only; PGlite is held by the server). */
  sql?: pg.Pool;
  /** The server's database (PostgreSQL only), for tools such as psql. */
  databaseUrl?: string;
  /** The server process, whose memory a benchmark reads. */
  pid: number;
  request<T = Record<string, unknown>>(method: string, path: string, options?: { body?: unknown; token?: string; headers?: Record<string, string> }): Promise<Answer<T>>;
  post<T = Record<string, unknown>>(path: string, body?: unknown, token?: string): Promise<Answer<T>>;
  get<T = Record<string, unknown>>(path: string, token?: string): Promise<Answer<T>>;
  /**
   * A request written byte for byte as given: an encoded path ('/%61dmin/...') or an absolute-form
   * target ('http://host/admin/...'), which fetch would normalise away.
   */
  raw(method: string, target: string, options?: { body?: string; headers?: Record<string, string> }): Promise<{ status: number; body: string }>;
  outbox(): Promise<OutboxMessage[]>;
  /** The newest code sent to an address for a code type. */
  latestCode(to: string, otpType: string): Promise<string>;
  /** Everything the server has written to its log so far. */
  log(): string;
  /**
   * The log once it holds `text` (or after 5 s): the log is a pipe, read after the answer came,
   * so a line written as the request ends may not have arrived yet.
   */
  logWith(text: string): Promise<string>;
  /** Stops the server, then checks its log holds no secret it handed out (see secretsIn). */
  stop(): Promise<void>;
}

/**
 * What a server log must never hold (issue 10): the demo password, any password hash, any
 * one-time code the server sent, any token it gave out. Returns the leaks found, named, not shown.
 */
export function secretsIn(log: string, handedOut: { codes: Iterable<string>; tokens: Iterable<string>; hashes?: Iterable<string> }): string[] {
  const leaks: string[] = [];
  // The demo banner names the demo password on purpose (it is in the README too); log records never.
  const records = log.split('\n').filter((line) => line.startsWith('{')).join('\n');
  if (records.includes(DEMO_PASSWORD)) leaks.push('the demo password');
  if (/scrypt\$\d+\$/.test(log)) leaks.push('a password hash');
  if (/eyJ[\w-]{10,}\.eyJ[\w-]{10,}/.test(log)) leaks.push('a JSON web token');
  for (const hash of handedOut.hashes ?? []) if (log.includes(hash)) leaks.push('a stored password hash');
  for (const token of handedOut.tokens) if (token.length > 8 && log.includes(token)) leaks.push('a refresh or access token');
  // A 4-digit code is short: look for it as a value, not as any four digits (ports, times).
  for (const code of handedOut.codes) {
    if (new RegExp(`(?:code|otp)\\W{1,4}${code}\\b|"${code}"`, 'i').test(log)) leaks.push(`a one-time code`);
  }
  return [...new Set(leaks)];
}

const root = path.resolve(import.meta.dirname, '../..');

/**
 * The seeded databases tests/support/templates.ts makes once per run (vitest's globalSetup): a
 * server with the default test data starts from a copy instead of migrating and seeding again,
 * 1.8 s instead of 7.5 on PGlite. Unset (a bench, a lone script): every server seeds its own.
 */
export const TEMPLATE_ENV = { pglite: 'TEST_PGLITE_TEMPLATE', postgres: 'TEST_POSTGRES_TEMPLATE' } as const;
/** Settings that change what the demo seed writes: a server given one seeds its own data, unless they are a data set's. */
const DATA_SETTINGS = ['DEMO', 'DEMO_AGENTS', 'DEMO_EVENTS', 'DEMO_ANCHOR_DATE'] as const;
/**
 * The data a run seeds once as templates: the default, and the larger set the grid and stats suites
 * read (enough rows that counts are estimated, searches walk indexes and sorts walk their records),
 * which took 15 s of each of their servers' start to seed.
 */
export const DATA_SETS = { default: {}, large: { DEMO_AGENTS: '600', DEMO_EVENTS: '20000' } } as const satisfies Record<string, Partial<Record<(typeof DATA_SETTINGS)[number], string>>>;
export type DataSet = keyof typeof DATA_SETS;
/** The suites' larger data set's settings, given to startServer or useSignedInServer. */
export const LARGE_DATA = DATA_SETS.large;
/** The environment variable naming a data set's template on a backend. */
export const templateVariable = (backend: Backend, set: DataSet): string => (set === 'default' ? TEMPLATE_ENV[backend] : `${TEMPLATE_ENV[backend]}_${set.toUpperCase()}`);
/** The data set a server's settings ask for, if they ask for one. */
function dataSetOf(env: Record<string, string>): DataSet | undefined {
  const sets = Object.entries(DATA_SETS) as Array<[DataSet, Partial<Record<string, string>>]>;
  return sets.find(([, settings]) => DATA_SETTINGS.every((setting) => env[setting] === settings[setting]))?.[0];
}

/** The URL of the database `name` on TEST_DATABASE_URL's server. */
export function databaseUrl(name: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  url.pathname = `/${name}`;
  return url.toString();
}

async function createDatabase(options: { name?: string; template?: string } = {}): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = new URL(process.env.TEST_DATABASE_URL as string);
  const name = options.name ?? `api_${process.pid}_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`create database ${name}${options.template ? ` template ${options.template}` : ''}`);
  await client.end();
  return {
    url: databaseUrl(name),
    async drop() {
      const c = new pg.Client({ connectionString: admin.toString() });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

interface StartOptions {
  /** How long the first start may take (a bench's large seed takes minutes). */
  startTimeoutMs?: number;
  /** Make a template (templates.ts): seed into this data directory or database, and keep it at stop. */
  makeTemplate?: { dataDir: string } | { database: string };
  /** PostgreSQL: this database, as it is (seeded by the first server on it), left in place at stop. */
  databaseUrl?: string;
}

/** Whether this process found the build current, or made it (once: vitest's globalSetup does it first, alone). */
let builtOnce: boolean | undefined;

export async function startServer(backend: Backend, env: Record<string, string> = {}, options: StartOptions = {}): Promise<TestServer> {
  const making = options.makeTemplate;
  const given = options.databaseUrl;
  const dataSet = dataSetOf(env);
  const template = making || given || !dataSet ? undefined : process.env[templateVariable(backend, dataSet)];
  const dataDir = making && 'dataDir' in making ? making.dataDir : await mkdtemp(path.join(tmpdir(), 'referral-api-'));
  // cp(1), not fs.cp: the data directory's 1,400 files copy in 0.6 s instead of 1.8 s.
  if (backend === 'pglite' && template) await promisify(execFile)('cp', ['-R', `${template}/.`, dataDir]);
  const database = given
    ? { url: given, drop: async () => undefined }
    : backend === 'postgres'
      ? await createDatabase(making && 'database' in making ? { name: making.database } : { template })
      : undefined;
  builtOnce ??= ensureBuilt();
  if (!builtOnce) throw new Error('npm run build failed: no server to test (see above)');
  // SERVER_CPU_PROFILE_DIR: each server writes a V8 CPU profile there as it stops (a bench's server under load).
  const profiled = process.env.SERVER_CPU_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.SERVER_CPU_PROFILE_DIR}`] : [];
  const child: ChildProcess = spawn(process.execPath, [...profiled, '--enable-source-maps', 'dist/server/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      DATA_DIR: dataDir,
      // Every request is logged, so the check at stop reads what production would keep.
      LOG_LEVEL: 'info',
      DEMO_AGENTS: '60',
      DEMO_EVENTS: '1500',
      RATE_LIMIT_PER_MINUTE: '10000',
      ...(database ? { DATABASE_URL: database.url, DEMO: '1' } : { DATABASE_URL: '' }),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in time:\n${output}`)), options.startTimeoutMs ?? 90_000);
    const onData = () => {
      const match = output.match(/is running at (http:\/\/\S+)/);
      if (match?.[1]) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });

  const sqlPool = database ? new pg.Pool({ connectionString: database.url, max: 2 }) : undefined;
  /** What the server handed out through this harness: checked against its log at stop. */
  const handedOut = { codes: new Set<string>(), tokens: new Set<string>() };
  const remember = (body: unknown) => {
    if (!body || typeof body !== 'object') return;
    for (const field of ['access', 'refresh'] as const) {
      const value = (body as Record<string, unknown>)[field];
      if (typeof value === 'string') handedOut.tokens.add(value);
    }
  };

  const request: TestServer['request'] = async (method, route, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.body !== undefined) headers['content-type'] ??= 'application/json';
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const response = await fetch(url + route, {
      method,
      headers,
      body: options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    remember(body);
    return { status: response.status, body: body as never, headers: response.headers };
  };

  const server: TestServer = {
    url,
    backend,
    sql: sqlPool,
    request,
    post: (route, body, token) => request('POST', route, { body: body ?? {}, token }),
    get: (route, token) => request('GET', route, { token }),
    raw(method, target, options = {}) {
      const { hostname, port } = new URL(url);
      return new Promise((resolve, reject) => {
        const sent = httpRequest({ host: hostname, port, method, path: target, headers: options.headers }, (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        });
        sent.on('error', reject);
        sent.end(options.body);
      });
    },
    async outbox() {
      const answer = await request<OutboxMessage[]>('GET', '/dev/outbox');
      if (Array.isArray(answer.body)) for (const message of answer.body) handedOut.codes.add(message.code);
      return answer.body;
    },
    log: () => output,
    async logWith(text) {
      for (const deadline = Date.now() + 5000; !output.includes(text) && Date.now() < deadline; ) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return output;
    },
    databaseUrl: database?.url,
    pid: child.pid as number,
    async latestCode(to, otpType) {
      const message = (await server.outbox()).find((m) => m.to === to && m.otp_type === otpType);
      if (!message) throw new Error(`no ${otpType} code for ${to} in the outbox`);
      return message.code;
    },
    async stop() {
      const hashes = sqlPool
        ? (await sqlPool.query<{ h: string }>('select distinct password_hash as h from users where password_hash is not null').catch(() => ({ rows: [] }))).rows.map((row) => row.h)
        : [];
      await sqlPool?.end();
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      if (!making) {
        await database?.drop();
        await rm(dataDir, { recursive: true, force: true });
      }
      const leaks = secretsIn(output, { ...handedOut, hashes });
      if (leaks.length > 0) throw new Error(`the server log holds ${leaks.join(', ')} (issue 10: logs never hold secrets)`);
    },
  };
  return server;
}

/** The demo accounts' password. */
export const DEMO_PASSWORD = 'Referral#2026';

/** Signs an account in the way the console does: LOGIN code by email, read from the outbox, then login. */
export async function signIn(server: TestServer, username: string, password = DEMO_PASSWORD): Promise<Answer<LoginResponse>> {
  const sent = await server.post(SEND, { username, password, otp_type: 'LOGIN', medium: 'EMAIL' });
  if (sent.status !== 200) return sent as unknown as Answer<LoginResponse>;
  const otp = await server.latestCode(username, 'LOGIN');
  return server.post<LoginResponse>(LOGIN, { username, password, otp_type: 'LOGIN', otp });
}

/** The access token of a signed-in account; fails loudly when the sign-in does not succeed. */
export async function accessToken(server: TestServer, username: string, password = DEMO_PASSWORD): Promise<string> {
  const login = await signIn(server, username, password);
  if (login.status !== 200) throw new Error(`sign-in of ${username} failed: ${login.status} ${JSON.stringify(login.body)}`);
  return login.body.access;
}

/** The ids of the demo agencies and campaigns by name, as a Super Admin lists them. */
export async function demoIds(server: TestServer, superToken: string): Promise<{ agency: Record<string, number>; campaign: Record<string, number> }> {
  const agencies = await server.get<{ data: Array<{ id: number; agency_name: string }> }>('/admin/agencies?page_size=0', superToken);
  const campaigns = await server.get<{ data: Array<{ id: number; campaign_name: string }> }>('/admin/campaigns?page_size=0', superToken);
  return {
    agency: Object.fromEntries(agencies.body.data.map((a) => [a.agency_name, a.id])),
    campaign: Object.fromEntries(campaigns.body.data.map((c) => [c.campaign_name, c.id])),
  };
}
