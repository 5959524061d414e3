// The audit trail: every change made through the console, written in the transaction of the change
// itself, so a change without its record (or a record without its change) cannot exist.
import type { Database } from '../db/client';
import { auditLog } from '../db/schema';

export type AuditAction = (typeof auditLog.action.enumValues)[number];

export interface Change {
  /** The signed-in user; null for the logged-out /register page. */
  actorId: number | null;
  action: AuditAction;
  /** admin_user, whitelist, event_type, country, country_sms, ... */
  entity: string;
  entityId: number | string;
  before: unknown;
  after: unknown;
}

const SECRET_KEYS = new Set(['password', 'password_hash', 'passwordHash']);

/** A copy without password (hash) keys at any depth: the trail must never hold a credential. */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).filter(([key]) => !SECRET_KEYS.has(key)).map(([key, inner]) => [key, withoutSecrets(inner)]),
    );
  }
  return value;
}

/** Records a change; `tx` must be the transaction that makes it. */
export async function recordChange(tx: Database, change: Change): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: change.actorId,
    action: change.action,
    entity: change.entity,
    entityId: String(change.entityId),
    before: change.before === undefined || change.before === null ? null : withoutSecrets(change.before),
    after: change.after === undefined || change.after === null ? null : withoutSecrets(change.after),
  });
}

export interface BatchChange {
  actorId: number | null;
  action: AuditAction;
  /** The entity of the rows written: payment, ... */
  entity: string;
  /** What names the batch as a whole: a payment run's id. */
  entityId: number | string;
  /** How many rows the batch wrote. */
  count: number;
  /** Its sums (per currency for money), as decimal strings: money is never a float. */
  totals: Record<string, string>;
  /** Anything else that tells the batch apart: its country, its period. */
  detail?: Record<string, unknown>;
}

/**
 * Records a batch write as one entry with its row count and totals, never one per row (a run paying
 * 100,000 payments is one entry). The summary sits in `after` (in `before` for a delete), so the
 * trail keeps its columns.
 */
export async function recordBatch(tx: Database, batch: BatchChange): Promise<void> {
  const summary = { ...batch.detail, batch: true, count: batch.count, totals: batch.totals };
  const deleted = batch.action === 'delete';
  await recordChange(tx, {
    actorId: batch.actorId, action: batch.action, entity: batch.entity, entityId: batch.entityId,
    before: deleted ? summary : null, after: deleted ? null : summary,
  });
}
