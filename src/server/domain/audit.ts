// The audit trail: every change made through the console, written in the transaction of the change
// itself, so a change without its record (or a record without its change) cannot exist.
import { sql } from 'drizzle-orm';
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
  /** When the admin made it, for a write queued offline and replayed (Caller.queuedAt); else undefined. */
  queuedAt?: Date | undefined;
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
  const [entry] = await tx.insert(auditLog).values({
    actorId: change.actorId,
    action: change.action,
    entity: change.entity,
    entityId: String(change.entityId),
    before: change.before === undefined || change.before === null ? null : withoutSecrets(change.before),
    after: change.after === undefined || change.after === null ? null : withoutSecrets(change.after),
    queuedAt: change.queuedAt ?? null,
  }).returning({ id: auditLog.id });
  if (!entry) throw new Error('audit entry insert returned no row');
  // Read from the rows as this transaction leaves them: the change's own row is there (a delete's, in its `before`).
  await tx.execute(sql.raw(concernsUpdate(`e.id = ${Number(entry.id)}`)));
}

/**
 * Fills an entry's agency_ids and campaign_ids: the agencies and campaigns its entity belongs to,
 * read by the entity's id (a campaign, its parts, a whitelist entry, a payment run, an agent's
 * role and its campaigns). A deleted campaign part is found by the `campaign` of its `before`.
 * Reference data and admin users concern none: a Super Admin's only. Migration 0018 backfilled the
 * trail with this very statement (entries: `true`); keep the two the same.
 */
export const concernsUpdate = (entries: string): string => `update audit_log l set agency_ids = p.agency_ids, campaign_ids = p.campaign_ids
from (
  select e.id,
    coalesce(array_agg(distinct x.agency_id order by x.agency_id) filter (where x.agency_id is not null), '{}') as agency_ids,
    coalesce(array_agg(distinct x.campaign_id order by x.campaign_id) filter (where x.campaign_id is not null), '{}') as campaign_ids
  from audit_log e
  cross join lateral (select case when e.entity_id ~ '^[0-9]{1,9}$' then e.entity_id::int end as n,
    case when coalesce(e.after, e.before)->>'campaign' ~ '^[0-9]{1,9}$' then (coalesce(e.after, e.before)->>'campaign')::int end as hint) k
  cross join lateral (
    select c.agency_id, c.id as campaign_id from campaigns c where c.id = case
      when e.entity = 'campaign' then k.n
      when e.entity = 'campaign_version' then (select v.campaign_id from campaign_versions v where v.id = k.n)
      when e.entity = 'campaign_language' then coalesce((select cl.campaign_id from campaign_languages cl where cl.id = k.n), k.hint)
      when e.entity = 'event_compensation_config' then coalesce((select ec.campaign_id from event_compensation_configs ec where ec.id = k.n), k.hint)
      when e.entity = 'whitelist' then (select w.campaign_id from whitelists w where w.id = k.n)
      when e.entity = 'payment_run' then (select r.campaign_id from payment_runs r where r.id = k.n)
    end
    union all
    select r.agency_id, urc.campaign_id from user_roles r left join user_role_campaigns urc on urc.user_role_id = r.id
    where (e.entity = 'user' and r.user_id = k.n) or (e.entity = 'user_role' and r.id = k.n)
    union all
    select r.agency_id, urc.campaign_id from user_role_campaigns urc join user_roles r on r.id = urc.user_role_id
    where e.entity in ('agent', 'user_role_campaign') and urc.id = k.n
    union all
    select k.n, null::int where e.entity = 'agency'
  ) x
  where ${entries}
  group by e.id
) p
where p.id = l.id`;

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
