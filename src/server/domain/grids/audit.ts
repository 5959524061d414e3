// The audit trail as a grid (POST /admin/audit, issue 35), a Super Admin's only: one row per entry,
// newest first, filtered by date, admin and entity, searched, paged by keyset and exported as CSV
// like every grid. Its columns' SQL is shared with the entry popup and the latest changes
// (domain/auditTrail.ts), so a change reads the same on the Audit screen and on the Stats tab.
import { sql, type SQL } from 'drizzle-orm';
import { auditGrid } from '../../../contract/grids';
import { auditEntityLabelOf, auditLog, auditSummaryOf, users } from '../../db/schema';
import { defineGrid } from './defineGrid';

/**
 * The trail and who made each entry: `l` and `u`. Named as tables, not raw text, so a count kept
 * for a filter is keyed with their generations: a change made here is counted at the next read.
 */
export const AUDIT_FROM = sql`${auditLog} l left join ${users} u on u.id = l.actor_id`;

/** Every admin who made an entry: the next actor after the last, by index, once each (the trail's admins are few, its entries many). */
const ACTORS = sql.raw(`with recursive a(id) as (
    select min(actor_id) from audit_log
    union all select (select min(actor_id) from audit_log where actor_id > a.id) from a where a.id is not null
  ) select id from a where id is not null`);

/** The entry's columns as the trail's alias `l` names them. */
const ENTRY = { entity: sql.raw('l.entity'), action: sql.raw('l.action'), entityId: sql.raw('l.entity_id'), before: sql.raw('l.before'), after: sql.raw('l.after') };

/** Each column of a change, as the grid, the entry and the latest changes read it. */
export const AUDIT_COLUMNS = {
  at: sql`l.at`,
  admin: sql.raw(`coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.username)`),
  action: sql`l.action`,
  entity: auditEntityLabelOf(ENTRY.entity),
  entity_id: sql`l.entity_id`,
  // What it did, in words: a run's making and its steps, a batch's count, the record added or removed, the fields an edit changed.
  summary: auditSummaryOf(ENTRY),
  offline: sql`l.queued_at is not null`,
  made_at: sql`l.queued_at`,
} satisfies Record<(typeof auditGrid.columns)[number]['key'], SQL>;

export const auditTrail = defineGrid(auditGrid, {
  from: AUDIT_FROM,
  key: sql`l.id`,
  keyType: 'bigint',
  columns: AUDIT_COLUMNS,
  sorts: { made_at: sql`coalesce(l.queued_at, '-infinity'::timestamptz)` },
  // By admin: the admins who made entries in name order (found by audit_log_actor, a lookup per admin), an entry of no admin (a logged-out registration) first.
  walks: { admin: { table: sql.raw('users u'), id: sql`u.id`, reference: sql`l.actor_id`, optional: true, ids: ACTORS } },
  // A term in the entry's own text (kept in search_text, under audit_log_search), or in the name of an admin who made entries.
  search: {
    own: sql`l.search_text`,
    lookups: [{ key: sql`l.actor_id`, ids: (pattern) => sql`select u.id as id from users u where u.id in (${ACTORS}) and ${AUDIT_COLUMNS.admin} ilike ${pattern}` }],
  },
  // Nothing scopes an entry here: the trail is a Super Admin's (a scoped admin reads /admin/audit/latest).
  facets: {
    time: sql`l.at`,
    // Not offered (a Super Admin's grid): the report filter model's agency, campaign and agent read nothing here.
    campaignId: sql`null::int`,
    agentId: sql`null::int`,
    blacklisted: sql`false`,
    adminId: sql`l.actor_id`,
    entity: sql`l.entity`,
  },
});
