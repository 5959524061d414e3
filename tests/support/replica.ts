// A PostgreSQL primary and its streaming replica of our own, on this machine, for the tests of reads
// on a replica (issue 36): `initdb` (as the postgres user when run as root) into a temporary folder,
// a primary with wal_level = replica on a port and socket folder of its own, then `pg_basebackup -R
// -X stream` into a second folder, started as a hot standby on another port. Every statement is
// logged (with its parameters), so a test reads which server ran a query. fsync is off: the pair
// proves where reads and writes go, not what survives a crash.
import { execFile, execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, mkdtemp, readFile, rm, writeFile, appendFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/** Where Debian puts PostgreSQL 15's programs (POSTGRES_BIN to look elsewhere). */
export const POSTGRES_BIN = process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';
const PROGRAMS = ['initdb', 'pg_ctl', 'pg_basebackup', 'postgres'];
const asRoot = process.getuid?.() === 0;

/** Why no pair can be made here, or undefined when it can. */
export function replicaUnavailable(): string | undefined {
  const missing = PROGRAMS.filter((program) => !existsSync(path.join(POSTGRES_BIN, program)));
  if (missing.length > 0) return `no PostgreSQL programs in ${POSTGRES_BIN} (${missing.join(', ')} missing; POSTGRES_BIN names another folder)`;
  if (asRoot) {
    try {
      execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' });
    } catch {
      return 'running as root without a postgres user to run PostgreSQL as';
    }
  }
  return undefined;
}

export interface ReplicaPair {
  /** Takes a base backup of the primary as it is now and starts it as a streaming replica; resolves once it answers as one. */
  startReplica(): Promise<void>;
  /** A connection string to a database on the primary, or on the replica. */
  primaryUrl(database: string): string;
  replicaUrl(database: string): string;
  /** Everything each server has logged so far (every statement, with its parameters). */
  primaryLog(): Promise<string>;
  replicaLog(): Promise<string>;
  /** Stops both servers and removes their folders (safe to call twice, and after a failed start). */
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** A PostgreSQL program, as the postgres user when this runs as root (PostgreSQL refuses to run as root). */
async function postgresProgram(program: string, args: string[]): Promise<string> {
  const command = path.join(POSTGRES_BIN, program);
  const [file, fileArgs] = asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  try {
    const { stdout } = await run(file, fileArgs, { timeout: 60_000 });
    return stdout;
  } catch (error) {
    const failure = error as { stderr?: string; message: string };
    throw new Error(`${program} failed: ${failure.stderr || failure.message}`);
  }
}

const serverSettings = (port: number, socketDir: string) => `
listen_addresses = '127.0.0.1'
port = ${port}
unix_socket_directories = '${socketDir}'
wal_level = replica
max_wal_senders = 4
hot_standby = on
fsync = off
full_page_writes = off
shared_buffers = 32MB
max_connections = 60
log_statement = 'all'
log_line_prefix = '%m [%p] %a '
`;

/**
 * Starts the primary with `databases` made (empty); its replica starts with `startReplica()`, which
 * may run while something writes to the primary: it streams what it missed.
 */
export async function startPrimary(databases: string[]): Promise<ReplicaPair> {
  const root = await mkdtemp(path.join(tmpdir(), 'referral-replica-'));
  const primaryDir = path.join(root, 'primary');
  const replicaDir = path.join(root, 'replica');
  const started: string[] = [];
  let stopped = false;
  const stopNow = () => {
    // At exit too, should a test run be cut short: nothing is left running.
    for (const dir of started.splice(0).reverse()) {
      try {
        execFileSync(asRoot ? 'runuser' : path.join(POSTGRES_BIN, 'pg_ctl'), [
          ...(asRoot ? ['-u', 'postgres', '--', path.join(POSTGRES_BIN, 'pg_ctl')] : []), '-D', dir, '-m', 'immediate', '-w', 'stop',
        ], { stdio: 'ignore', timeout: 30_000 });
      } catch {
        // already stopped
      }
    }
  };
  process.once('exit', stopNow);
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    stopNow();
    process.off('exit', stopNow);
    await rm(root, { recursive: true, force: true });
  };

  try {
    if (asRoot) {
      const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
      await chown(root, uid, gid);
    }
    const [primaryPort, replicaPort] = [await freePort(), await freePort()];
    await postgresProgram('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
    await appendFile(path.join(primaryDir, 'postgresql.conf'), serverSettings(primaryPort, root));
    await writeFile(path.join(primaryDir, 'pg_hba.conf'), [
      'local all all trust',
      'host all all 127.0.0.1/32 trust',
      'host replication all 127.0.0.1/32 trust',
      '',
    ].join('\n'));
    await postgresProgram('pg_ctl', ['-D', primaryDir, '-l', path.join(root, 'primary.log'), '-w', '-t', '60', 'start']);
    started.push(primaryDir);
    const url = (port: number) => (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
    const admin = new pg.Client({ connectionString: url(primaryPort)('postgres') });
    await admin.connect();
    for (const database of databases) await admin.query(`create database ${database}`);
    await admin.end();

    const startReplica = async () => {
      await postgresProgram('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', replicaDir, '-R', '-X', 'stream', '-c', 'fast', '--no-sync']);
      // The replica's copy of the primary's settings, on a port of its own (the last line of a setting wins).
      await appendFile(path.join(replicaDir, 'postgresql.conf'), `port = ${replicaPort}\n`);
      await postgresProgram('pg_ctl', ['-D', replicaDir, '-l', path.join(root, 'replica.log'), '-w', '-t', '60', 'start']);
      started.push(replicaDir);
      // Streaming, not just started: the replica answers as a standby.
      const check = new pg.Client({ connectionString: url(replicaPort)('postgres') });
      await check.connect();
      const { rows } = await check.query<{ standby: boolean }>('select pg_is_in_recovery() as standby');
      await check.end();
      if (!rows[0]?.standby) throw new Error('the replica is not in recovery: it does not stream from the primary');
    };
    return {
      startReplica,
      primaryUrl: url(primaryPort),
      replicaUrl: url(replicaPort),
      primaryLog: () => readFile(path.join(root, 'primary.log'), 'utf8'),
      replicaLog: () => readFile(path.join(root, 'replica.log'), 'utf8'),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
