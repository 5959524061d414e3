// Reads from a PostgreSQL streaming replica (DATABASE_READ_URL) that are never older than the read:
// before a query runs on the replica, the replica must have replayed the primary's WAL as far as it
// went when the query was asked for (pg_current_wal_lsn). So a write committed before a read began,
// by this admin or any other, on this instance or another, is in what the read sees: an admin's own
// write is on the next screen, and a count or a Stats answer kept under the generations of the
// tables (tableGenerations.ts) is never a stale one kept under a new key.
// A replica that has not caught up within REPLICA_CATCH_UP_MS, or does not answer, is passed by:
// the query runs on the primary. docs/decisions.md, 'Reads on a replica'.
import type pg from 'pg';
import type { ReplicaState } from '../../contract/api';

/** How long a read waits for the replica to replay the primary's latest writes before it reads the primary instead (REPLICA_CATCH_UP_MS). */
export const REPLICA_CATCH_UP_MS = 250;
/** Between two looks at the replica's replay position while it catches up. */
const CATCH_UP_POLL_MS = 5;
/**
 * After a read gave up waiting, the replica is taken as lagging this long: a read it has not caught
 * up for goes to the primary after one look, without waiting. A request of several queries, or a
 * busy screen, pays the wait once a second at most while the replica lags.
 */
const LAGGING_MS = 1000;
/** After the replica failed to answer, reads go straight to the primary this long: no read waits on a replica that is down. */
const UNREACHABLE_MS = 5000;

/** A WAL position ('16/B374D848') as a number that orders as the positions do. */
export function lsnValue(lsn: string): bigint {
  const [high = '0', low = '0'] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/**
 * The primary's WAL position as of a moment after the call: callers that arrive while a look is under
 * way (it may have read the position before their write committed) share the next one, so the
 * primary answers at most one look at a time however many reads wait.
 */
function primaryPosition(primary: pg.Pool): () => Promise<bigint> {
  let current: Promise<bigint> | undefined;
  let queued: Promise<bigint> | undefined;
  const look = (): Promise<bigint> =>
    (current = primary
      .query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn')
      .then((result) => lsnValue(result.rows[0]?.lsn ?? '0/0'))
      .finally(() => (current = undefined)));
  return () => {
    if (!current) return look();
    queued ??= current.then(
      () => undefined,
      () => undefined,
    ).then(() => {
      queued = undefined;
      return current ?? look();
    });
    return queued;
  };
}

/** A replica passed by is said at most once a minute: a lagging replica passes every read by. */
const SAID_EVERY_MS = 60_000;

export interface ReadRouting {
  /** The pool a read asked for now must run on: the replica once it has caught up, else the primary. */
  poolForRead(): Promise<pg.Pool>;
  /** Where a read asked for now would run, and why (GET /health says it). */
  replicaState(): Promise<ReplicaState>;
}

export function readRouting(primary: pg.Pool, replica: pg.Pool, warn: (why: string) => void, catchUpMs = REPLICA_CATCH_UP_MS): ReadRouting {
  const position = primaryPosition(primary);
  /** The furthest the replica has been seen to replay: it only moves on, so a read behind it needs no look. */
  let replayed = -1n;
  let saidAt = -Infinity;
  let laggingUntil = -Infinity;
  let unreachableUntil = -Infinity;
  const passedBy = (why: string): pg.Pool => {
    const now = performance.now();
    laggingUntil = now + LAGGING_MS;
    if (now - saidAt >= SAID_EVERY_MS) {
      saidAt = now;
      warn(`reads go to the primary for now: ${why}`);
    }
    return primary;
  };
  const replayPosition = async (): Promise<bigint> => {
    const result = await replica.query<{ lsn: string | null }>('select pg_last_wal_replay_lsn()::text as lsn');
    const lsn = result.rows[0]?.lsn;
    // Null: not a replica (promoted, or pointed at a primary); its reads cannot be told fresh.
    if (!lsn) throw new Error('DATABASE_READ_URL is not a streaming replica (pg_last_wal_replay_lsn is null)');
    const value = lsnValue(lsn);
    if (value > replayed) replayed = value;
    return replayed;
  };
  const routing: ReadRouting = {
    async replicaState() {
      if ((await routing.poolForRead()) === replica) return 'ok';
      return performance.now() < unreachableUntil ? 'unreachable' : 'behind';
    },
    async poolForRead() {
      const wanted = await position();
      if (replayed >= wanted) return replica;
      if (performance.now() < unreachableUntil) return primary;
      const lagging = performance.now() < laggingUntil;
      const deadline = lagging ? -Infinity : performance.now() + catchUpMs;
      try {
        for (;;) {
          if ((await replayPosition()) >= wanted) return replica;
          if (lagging) return primary;
          if (performance.now() >= deadline) return passedBy(`the replica is more than ${catchUpMs} ms behind`);
          await new Promise((resolve) => setTimeout(resolve, CATCH_UP_POLL_MS));
        }
      } catch (error) {
        unreachableUntil = performance.now() + UNREACHABLE_MS;
        return passedBy(`the replica does not answer (${error instanceof Error ? error.message : String(error)})`);
      }
    },
  };
  return routing;
}

/**
 * What drizzle's node-postgres driver is given for the read side: each query runs on the pool
 * `poolForRead` chooses as it is asked. drizzle takes an object whose constructor's name holds
 * 'Pool' for a pool, and calls `query(config, values)` on it.
 */
export class FreshReadPool {
  constructor(private readonly routing: ReadRouting) {}

  async query(config: pg.QueryConfig, values?: unknown[]): Promise<pg.QueryResult> {
    const pool = await this.routing.poolForRead();
    return pool.query(config, values);
  }

  /** A read handle holds no transaction: a transaction's reads must see its own writes, on the primary (`db`). */
  connect(): never {
    throw new Error('reads take no transaction: run a transaction on db (the primary)');
  }
}
