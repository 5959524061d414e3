// The audit trail read back (issue 35): one entry with its before and after, the admins who made
// changes (the Audit grid's admin filter), and the latest changes in a caller's scope (the Stats
// tab's 'What changed'). The grid itself is domain/grids/audit.ts; the columns are its.
import { sql, type SQL } from 'drizzle-orm';
import type { AuditAdmin, AuditChange, AuditEntry } from '../../contract/audit';
import * as messages from '../../contract/messages';
import type { RoleScope } from '../../contract/roles';
import { queryRows, type Database } from '../db/client';
import { NotFound } from './errors';
import { AUDIT_COLUMNS, AUDIT_FROM } from './grids/audit';

const instant = (value: SQL) => sql`to_char((${value}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const CHANGE = sql`l.id::text as id, ${instant(AUDIT_COLUMNS.at)} as at, ${instant(AUDIT_COLUMNS.made_at)} as made_at,
  ${AUDIT_COLUMNS.offline} as offline, l.actor_id as admin_id, ${AUDIT_COLUMNS.admin} as admin, l.action, l.entity,
  ${AUDIT_COLUMNS.entity} as entity_label, l.entity_id, ${AUDIT_COLUMNS.summary} as summary`;

const intArray = (ids: readonly number[]) => sql`array[${sql.join(ids.map((id) => sql`${id}`), sql`, `)}]::int[]`;

/**
 * The entries a scope sees (SPEC.md section 6): a Super Admin every one; an Agency Admin those
 * concerning one of their agencies; a Campaign Admin those concerning one of their campaigns, or
 * one of their roles' agencies as a whole (no campaign named). An entry concerning none (reference
 * data, admin users) is a Super Admin's only.
 */
export function auditScope(scope: RoleScope): SQL {
  if (scope.kind === 'all') return sql`true`;
  if (scope.kind === 'agencies') return scope.agencyIds.length === 0 ? sql`false` : sql`l.agency_ids && ${intArray(scope.agencyIds)}`;
  const campaigns = scope.campaignIds.length === 0 ? sql`false` : sql`l.campaign_ids && ${intArray(scope.campaignIds)}`;
  const agencies = scope.agencyIds.length === 0 ? sql`false` : sql`(l.campaign_ids = '{}' and l.agency_ids && ${intArray(scope.agencyIds)})`;
  return sql`(${campaigns} or ${agencies})`;
}

/** GET /admin/audit/latest: the newest changes the caller may see, newest first. */
export async function latestChanges(db: Database, scope: RoleScope, limit: number): Promise<AuditChange[]> {
  return queryRows<AuditChange>(db, sql`select ${CHANGE} from ${AUDIT_FROM} where ${auditScope(scope)} order by l.at desc, l.id desc limit ${limit}`);
}

/** GET /admin/audit/entry?id=: one entry with the record before and after; 404 when there is none. */
export async function auditEntry(db: Database, id: number): Promise<AuditEntry> {
  const [entry] = await queryRows<AuditEntry>(db, sql`select ${CHANGE}, l.before, l.after from ${AUDIT_FROM} where l.id = ${id}`);
  if (!entry) throw new NotFound(messages.auditEntryNotFound);
  return entry;
}

/** GET /admin/audit/admins: every user with an entry in the trail, by name. */
export async function auditAdmins(db: Database): Promise<AuditAdmin[]> {
  return queryRows<AuditAdmin>(db, sql`select u.id, ${AUDIT_COLUMNS.admin} as name from users u
    where exists (select 1 from audit_log l where l.actor_id = u.id) order by 2, 1`);
}
