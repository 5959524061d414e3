// The audit trail as a grid (POST /admin/audit, issue 35), a Super Admin's only: one row per entry,
// newest first, filtered by date, admin and entity, searched, paged by keyset and exported as CSV
// like every grid. Its columns' SQL is shared with the entry popup and the latest changes
// (domain/auditTrail.ts), so a change reads the same on the Audit screen and on the Stats tab.
import { sql, type SQL } from 'drizzle-orm';
import { auditGrid } from '../../../contract/grids';
import * as messages from '../../../contract/messages';
import { seesEverything } from '../../../contract/roles';
import { auditEntityLabelOf } from '../../db/schema';
import { superAdminOnly } from '../../http/errors';
import { defineGrid } from './defineGrid';

/** The trail and who made each entry: `l` and `u`. */
export const AUDIT_FROM = sql.raw('audit_log l left join users u on u.id = l.actor_id');

const entityLabel = auditEntityLabelOf(sql.raw('l.entity'));

/** Every admin who made an entry: the next actor after the last, by index, once each (the trail's admins are few, its entries many). */
const ACTORS = sql.raw(`with recursive a(id) as (
    select min(actor_id) from audit_log
    union all select (select min(actor_id) from audit_log where actor_id > a.id) from a where a.id is not null
  ) select id from a where id is not null`);

/** The record's name, when it has one people know it by (never a mobile number or an email). */
const NAME_KEYS = ['pretty_name', 'name', 'campaign_name', 'agency_name', 'country', 'language_code'];
const nameOf = (row: string) => `coalesce(${NAME_KEYS.map((key) => `${row}->>'${key}'`).join(', ')})`;
const named = (row: string) => `coalesce(' ' || ${nameOf(row)}, '')`;

/**
 * What a change did, in words: a payment run's making and its later steps (approved, rejected,
 * reversed, with the reason), a batch's count, the record added or removed, or the fields an edit
 * changed (updated_at and updated_by left out: every edit changes them).
 */
const SUMMARY = sql.raw(`case
  when l.entity = 'payment_run' and l.after->>'step' is not null then
    initcap(l.after->>'step') || ' run ' || coalesce(l.after->>'ref', l.entity_id) || coalesce(': ' || (l.after->>'reason'), '')
  when l.entity = 'payment_run' and l.action = 'create' then
    'Made run ' || coalesce(l.after->>'ref', l.entity_id) || ': ' || coalesce(l.after->>'count', '0') || ' payments, '
      || coalesce((select string_agg((t.value #>> '{}') || ' ' || t.key, ', ' order by t.key) from jsonb_each(case when jsonb_typeof(l.after->'totals') = 'object' then l.after->'totals' else '{}'::jsonb end) t), '')
  when coalesce(l.after, l.before)->>'batch' = 'true' then
    initcap(l.action) || ': ' || coalesce(coalesce(l.after, l.before)->>'count', '0') || ' rows'
  when l.action = 'create' then 'Added' || ${named('l.after')}
  when l.action = 'delete' then 'Removed' || ${named('l.before')}
  when jsonb_typeof(l.before) = 'object' and jsonb_typeof(l.after) = 'object' then
    coalesce('Changed ' || (select string_agg(a.key, ', ' order by a.key) from jsonb_each(l.after) a
      where a.key not in ('updated_at', 'updated_by') and (l.before -> a.key) is distinct from a.value), 'Saved without changes')
  else 'Changed'
end`);

/** Each column of a change, as the grid, the entry and the latest changes read it. */
export const AUDIT_COLUMNS = {
  at: sql`l.at`,
  admin: sql.raw(`coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.username)`),
  action: sql`l.action`,
  entity: entityLabel,
  entity_id: sql`l.entity_id`,
  summary: SUMMARY,
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
  // Nothing scopes an entry here: the trail is a Super Admin's (a scoped admin reads /admin/audit/latest).
  checkScope: (scope) => {
    if (!seesEverything(scope)) throw superAdminOnly(messages.auditSuperOnly);
  },
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
