// The audit trail as the console reads it (issue 35): the Audit grid (grids.ts auditGrid), one
// entry's before and after, the admins who made changes (the grid's admin filter), and the latest
// changes in the caller's scope (the Stats tab's 'What changed'). The entities the trail names,
// with the words the screens show for them.
import { z } from 'zod';
import { AUDIT_LATEST_DEFAULT, AUDIT_LATEST_MAX } from './constants';
import { isoDate } from './entities';

export { AUDIT_ENTITIES, AUDIT_ENTITY_KEYS, auditEntityLabel, type AuditEntity } from './auditEntities';

/** One change as the latest changes list it. */
export const auditChange = z.object({
  id: z.string().describe('The entry\'s id (GET /admin/audit/entry?id=)'),
  at: isoDate.describe('When the change arrived and was made on the server'),
  made_at: isoDate.nullable().describe('When the admin made it, for a write queued offline and replayed; null: sent at once'),
  offline: z.boolean().describe('Made offline and replayed from the outbox'),
  admin_id: z.number().int().nullable(),
  admin: z.string().nullable().describe('Who made it (first and last name); null: a logged-out registration'),
  action: z.enum(['create', 'update', 'delete']),
  entity: z.string(),
  entity_label: z.string(),
  entity_id: z.string(),
  summary: z.string().describe('What changed, in words: the fields changed, a payment run\'s step'),
});
export type AuditChange = z.infer<typeof auditChange>;

/** GET /admin/audit/entry?id=: one entry, with the record before and after the change. */
export const auditEntry = auditChange.extend({
  before: z.unknown().describe('The record before the change; null for a create'),
  after: z.unknown().describe('The record after it; null for a delete'),
});
export type AuditEntry = z.infer<typeof auditEntry>;

const entryId = z.coerce
  .number({ error: 'id must be an audit entry id' })
  .int({ error: 'id must be an audit entry id' })
  .min(1, { error: 'id must be an audit entry id' })
  .max(Number.MAX_SAFE_INTEGER, { error: 'id must be an audit entry id' });
export const auditEntryQuery = z.object({ id: entryId });

/** GET /admin/audit/latest?limit=: the latest changes the caller may see (SPEC.md section 6), newest first. */
export const auditLatestQuery = z.object({
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${AUDIT_LATEST_MAX}` })
    .int({ error: `limit must be a whole number from 1 to ${AUDIT_LATEST_MAX}` })
    .min(1, { error: `limit must be a whole number from 1 to ${AUDIT_LATEST_MAX}` })
    .max(AUDIT_LATEST_MAX, { error: `limit must be a whole number from 1 to ${AUDIT_LATEST_MAX}` })
    .default(AUDIT_LATEST_DEFAULT),
});
export type AuditLatestQuery = z.input<typeof auditLatestQuery>;
export const auditLatest = z.object({ data: z.array(auditChange) });

/** GET /admin/audit/admins: who has made changes, for the Audit grid's admin filter, by name. */
export const auditAdmins = z.object({ data: z.array(z.object({ id: z.number().int(), name: z.string() })) });
export type AuditAdmin = z.infer<typeof auditAdmins>['data'][number];
