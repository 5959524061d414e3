// A batch write is one audit entry with its count and totals: a run paying 100,000 payments must
// not add 100,000 entries to the trail.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenDatabase } from '../db/client';
import { auditLog } from '../db/schema';
import { recordBatch } from './audit';

describe('recordBatch', () => {
  let dir: string;
  let database: OpenDatabase;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'audit-test-'));
    database = await openDatabase({ dataDir: dir });
  });
  afterAll(async () => {
    await database.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('records one entry for the batch, with its row count and totals per currency', async () => {
    await database.db.transaction(async (tx) => {
      await recordBatch(tx, {
        actorId: null, action: 'create', entity: 'payment', entityId: 42, count: 100_000,
        totals: { GHS: '1500000.00', KES: '250.50' }, detail: { country: 'GH' },
      });
    });
    const entries = await database.db.select().from(auditLog);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'create', entity: 'payment', entityId: '42', before: null,
      after: { batch: true, count: 100_000, totals: { GHS: '1500000.00', KES: '250.50' }, country: 'GH' },
    });
  });

  it('keeps a deleted batch in before, and its detail cannot overwrite the count', async () => {
    await database.db.transaction(async (tx) => {
      await recordBatch(tx, { actorId: null, action: 'delete', entity: 'payment', entityId: 43, count: 2, totals: { GHS: '3.00' }, detail: { count: 999 } });
    });
    const [entry] = (await database.db.select().from(auditLog)).filter((row) => row.entityId === '43');
    expect(entry).toMatchObject({ action: 'delete', after: null, before: { batch: true, count: 2, totals: { GHS: '3.00' } } });
  });
});
