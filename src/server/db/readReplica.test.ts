import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { lsnValue, readRouting, REPLICA_CATCH_UP_MS } from './readReplica';

/** A pool that answers the one query readRouting sends it with the position `lsn()` gives, and counts them. */
function fakePool(lsn: () => string | Error) {
  const pool = {
    looks: 0,
    async query() {
      pool.looks++;
      await new Promise((resolve) => setTimeout(resolve, 1));
      const value = lsn();
      if (value instanceof Error) throw value;
      return { rows: [{ lsn: value }] };
    },
  };
  return pool;
}
const asPool = (pool: ReturnType<typeof fakePool>) => pool as unknown as pg.Pool;

describe('reads on a replica', () => {
  it('orders WAL positions as PostgreSQL does', () => {
    expect(lsnValue('0/10') < lsnValue('0/FF')).toBe(true);
    expect(lsnValue('1/0') > lsnValue('0/FFFFFFFF')).toBe(true);
    expect(lsnValue('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
  });

  it('reads the replica once it has replayed what the primary had written when the read was asked for', async () => {
    let replayed = '0/100';
    const primary = fakePool(() => '0/200');
    const replica = fakePool(() => replayed);
    const routing = readRouting(asPool(primary), asPool(replica), () => undefined);
    setTimeout(() => (replayed = '0/200'), 20);
    expect(await routing.poolForRead()).toBe(asPool(replica));
    expect(replica.looks).toBeGreaterThan(1);
  });

  it('reads the primary when the replica lags past the wait, without waiting again for a while, and says so once', async () => {
    const primary = fakePool(() => '0/200');
    const replica = fakePool(() => '0/100');
    const said: string[] = [];
    const routing = readRouting(asPool(primary), asPool(replica), (why) => said.push(why));
    const startedAt = performance.now();
    expect(await routing.poolForRead()).toBe(asPool(primary));
    expect(performance.now() - startedAt).toBeGreaterThanOrEqual(REPLICA_CATCH_UP_MS - 5);
    const again = performance.now();
    expect(await routing.poolForRead()).toBe(asPool(primary));
    expect(performance.now() - again).toBeLessThan(REPLICA_CATCH_UP_MS / 2);
    expect(said).toEqual([`reads go to the primary for now: the replica is more than ${REPLICA_CATCH_UP_MS} ms behind`]);
  });

  it('waits as long as REPLICA_CATCH_UP_MS says: a distant replica may be given longer', async () => {
    const primary = fakePool(() => '0/200');
    let replayed = '0/100';
    const replica = fakePool(() => replayed);
    const routing = readRouting(asPool(primary), asPool(replica), () => undefined, 600);
    setTimeout(() => (replayed = '0/200'), REPLICA_CATCH_UP_MS + 100);
    expect(await routing.poolForRead()).toBe(asPool(replica));
  });

  it('reads the primary when the replica does not answer, or is no replica', async () => {
    const primary = fakePool(() => '0/200');
    const unreachable = fakePool(() => new Error('connection refused'));
    const down = readRouting(asPool(primary), asPool(unreachable), () => undefined);
    expect(await down.poolForRead()).toBe(asPool(primary));
    // Not asked again for a while: no read waits on a replica that is down.
    expect(await down.poolForRead()).toBe(asPool(primary));
    expect(unreachable.looks).toBe(1);
    const promoted = fakePool(() => null as unknown as string);
    expect(await readRouting(asPool(primary), asPool(promoted), () => undefined).poolForRead()).toBe(asPool(primary));
  });

  it('asks the primary once for reads asked together, and never answers a read with a position looked up before it', async () => {
    let position = 0x100;
    const primary = fakePool(() => `0/${(position += 0x10).toString(16)}`);
    const replica = fakePool(() => '0/FFFF');
    const routing = readRouting(asPool(primary), asPool(replica), () => undefined);
    await Promise.all(Array.from({ length: 20 }, () => routing.poolForRead()));
    // The first look, and one more shared by every read asked while it was under way.
    expect(primary.looks).toBe(2);
  });
});
