// For a migration's own test: the migrations before it run one by one, as their SQL files say, so
// the test can put in the rows the migration meets before running it (runMigration).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { PROJECT_FILES } from '../projectFiles';

/** Runs one migration's SQL file (`0013_money_currencies`), statement by statement. */
export async function runMigration(db: PGlite, tag: string): Promise<void> {
  const sql = readFileSync(path.join(PROJECT_FILES.migrations, `${tag}.sql`), 'utf8');
  for (const statement of sql.split('--> statement-breakpoint')) {
    if (statement.trim()) await db.exec(statement);
  }
}

/** The journal's migrations, in order. */
function journalTags(): string[] {
  const journal = JSON.parse(readFileSync(path.join(PROJECT_FILES.migrations, 'meta/_journal.json'), 'utf8')) as { entries: Array<{ tag: string }> };
  return journal.entries.map((entry) => entry.tag);
}

/** Where `tag` is in the journal's order. */
function indexOf(tags: string[], tag: string): number {
  if (!tags.includes(tag)) throw new Error(`no migration ${tag} in the journal`);
  return tags.indexOf(tag);
}

/** Runs every migration of the journal before `tag`, in order; `tag` itself is left to the test. */
export async function migrateUpTo(db: PGlite, tag: string): Promise<void> {
  const tags = journalTags();
  for (const earlier of tags.slice(0, indexOf(tags, tag))) await runMigration(db, earlier);
}

/** Runs the migrations from `first` through `last` (both included), in order. */
export async function runMigrations(db: PGlite, first: string, last: string): Promise<void> {
  const tags = journalTags();
  for (const tag of tags.slice(indexOf(tags, first), indexOf(tags, last) + 1)) await runMigration(db, tag);
}

/**
 * The rows most migration tests need under theirs: one campaign (Ghana, GHS) of one agency and its
 * config, event type 1 ('SIM') and user 1, a Super Admin. Ids are fixed, so a test names them.
 */
export const ONE_CAMPAIGN = `
  insert into currencies (id, code, name) values (1, 'GHS', 'Ghana cedi');
  insert into countries (id, iso_code, name, dialing_code, currency_id) values (1, 'GH', 'Ghana', '233', 1);
  insert into agencies (id, name, country_id) values (1, 'Ghana Agency', 1);
  insert into compensation_types (id, name) values (1, 'Pay Per Event');
  insert into campaign_types (id, name, compensation_type_id) values (1, 'Boost', 1);
  insert into agency_campaign_type_configs (id, agency_id, campaign_type_id, invite_window_days, total_max_invite_per_msisdn, total_max_invite_limit,
    invite_reset_window_days, next_reinvitation_lapse_period_days, compensation_eligibility_period_days, total_max_invite_limit_period_days, attribution_window_days)
    values (1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1);
  insert into campaigns (id, name, agency_campaign_type_config_id, agency_id, country_code, campaign_start_date, budget_spend_amount, currency_code)
    values (1, 'GH one', 1, 1, 'GH', '2026-01-01', '10.00', 'GHS');
  insert into event_types (id, name, pretty_name) values (1, 'sim', 'SIM');
  insert into users (id, username, email, first_name, last_name) values (1, 'super@x.org', 'super@x.org', 'S', 'A');
`;

/**
 * Pending Payments' summary (migration 0031) as the due payments make it afresh, and as the database
 * keeps it: its tests expect the two to be equal row for row.
 */
export const PENDING_PAYMENTS = {
  regrouped: `
    select p.period, date_trunc(p.period, d.created_at at time zone 'UTC')::date::text as start, d.campaign_id, d.agent_id, d.currency_code,
           count(*)::int as payments, sum(d.amount)::text as amount, min(d.created_at) as oldest
    from payments d cross join (values ('day'), ('month'), ('year')) p(period)
    where d.status = 'due' and d.payment_run_id is null
    group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`,
  kept: `
    select period, start::text, campaign_id, agent_id, currency_code, payments::int, amount::text, oldest
    from pending_payment_periods order by 1, 2, 3, 4, 5`,
};
