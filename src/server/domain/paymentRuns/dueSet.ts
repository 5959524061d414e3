// The due payments a run's filters select in the caller's scope, each with why it would be held
// back, as one SQL query the preview and the run both read: what the preview shows is what the run
// pays. A payment is due when its status is due and no run holds it.
import { inArray, sql, type SQL } from 'drizzle-orm';
import { addDays } from '../../../contract/dates';
import * as messages from '../../../contract/messages';
import type { PaymentRunFilter } from '../../../contract/paymentRuns';
import { STATUS_TYPE_ID, type RoleScope } from '../../../contract/roles';
import { campaigns, countries, events, fraudEvents, payments, userRoles, users } from '../../db/schema';
import { Refused } from '../errors';
import { FIELD_ROLE_TYPE_IDS } from '../agents/agentRows';
import { containing } from '../lists';

/**
 * A number as it is stored: international form, its country code first (never 0), digits only, 8
 * to 23 of them. The length is compared apart: PostgreSQL's regex engine takes about 5 µs a row on
 * '{7,22}', half a second over 100,000 payments.
 */
const validMsisdn = (msisdn: SQL) => sql`(${msisdn} ~ '^[1-9][0-9]*$' and length(${msisdn}) between 8 and 23)`;

/**
 * The agents holding a field role blacklisted or suspended, one row each, and the distinct
 * (agent, campaign, customer) of Fraud Events: joined once, by hash, to the due payments. (Correlated
 * EXISTS subqueries per flag were planned at a cost past PostgreSQL's JIT threshold, and compiling
 * them took longer than running them: a 100,000-payment preview took 7 s, see docs/speed.md.)
 */
export const agentStatus = sql`(select ${userRoles.userId} as agent_id,
    bool_or(${userRoles.statusTypeId} = ${STATUS_TYPE_ID.Blacklisted}) as blacklisted, bool_or(${userRoles.statusTypeId} = ${STATUS_TYPE_ID.Suspended}) as suspended
  from ${userRoles}
  where ${inArray(userRoles.roleTypeId, FIELD_ROLE_TYPE_IDS)} and ${inArray(userRoles.statusTypeId, [STATUS_TYPE_ID.Blacklisted, STATUS_TYPE_ID.Suspended])}
  group by ${userRoles.userId})`;
/**
 * The events in Fraud Events (same agent, campaign and customer), found from the fraud events by
 * events_agent_customer: Stats' held-back count finds the flagged payments by them (a few pages a
 * fraud event, a lateral subquery kept apart by `offset 0`) instead of reading every due payment.
 */
const flaggedEvents = sql`(select distinct flagged.event_id
    from ${fraudEvents} cross join lateral (select ${events.id} as event_id from ${events}
      where ${events.agentId} = ${fraudEvents.agentId} and ${events.customerMsisdn} = ${fraudEvents.msisdn} offset 0) flagged)`;

/**
 * Why a due payment is held back, one flag per reason (contract HELD_BACK_REASONS): its agent is
 * blacklisted or suspended, its event (same agent, campaign and customer) is in Fraud Events, or its
 * agent has no valid number to be paid on. The fraud flag is the one the database keeps on the
 * payment (migration 0037), the same Pending Payments' summary sums: joining the fraud events to
 * every event instead read them all, whatever the filter, and could say otherwise than the grid.
 */
export const HOLDS = {
  agent_blacklisted: sql`coalesce(agent_status.blacklisted, false)`,
  agent_suspended: sql`coalesce(agent_status.suspended, false)`,
  fraud_flagged: sql`${payments.fraudFlagged}`,
  no_valid_msisdn: sql`(${users.msisdn} is null or not ${validMsisdn(sql`${users.msisdn}`)})`,
};

/**
 * Only a Super Admin and a Campaign Admin (their own campaigns) make runs (DESIGN.md); a campaign
 * asked for must be one of the caller's.
 */
export function checkRunScope(scope: RoleScope, filter: Pick<PaymentRunFilter, 'campaign'>): void {
  if (scope.kind === 'agencies') throw new Refused(messages.paymentRunsNotAllowed);
  if (scope.kind === 'campaigns' && filter.campaign !== undefined && !scope.campaignIds.includes(filter.campaign)) {
    throw Refused.outOfScope(messages.paymentRunsNotAllowed);
  }
}

/**
 * `due`: the due payments the filter selects in the scope, with `held` (any reason) and a column per
 * reason; `pay`: those a run pays. Read `with ${dueSet(...)} select ... from pay`. `heldOnly` (Stats'
 * held-back count): `due` keeps only its held rows, the same rows `due where held` reads, without
 * carrying every payment to be paid through the query.
 */
export function dueSet(scope: RoleScope, filter: PaymentRunFilter, options: { heldOnly?: boolean } = {}): SQL {
  const holds = { ...HOLDS, no_valid_msisdn: sql`agent_number.no_valid_msisdn` };
  const conditions: SQL[] = [
    sql`${payments.status} = 'due'`,
    sql`${payments.paymentRunId} is null`,
    sql`${payments.createdAt} >= ${`${filter.start_date}T00:00:00Z`}::timestamptz`,
    // Up to the start of the next day: the end date counts in full.
    sql`${payments.createdAt} < ${`${addDays(filter.end_date, 1)}T00:00:00Z`}::timestamptz`,
  ];
  if (scope.kind !== 'all') conditions.push(scope.kind === 'campaigns' && scope.campaignIds.length > 0 ? inArray(payments.campaignId, scope.campaignIds) : sql`false`);
  if (filter.campaign !== undefined) conditions.push(sql`${payments.campaignId} = ${filter.campaign}`);
  if (filter.country !== undefined) conditions.push(sql`${campaigns.countryCode} = ${filter.country}`);
  // What the Pending Payments grid searches: country, campaign, agent and currency.
  if (filter.search) {
    conditions.push(sql`concat_ws(' ', ${countries.name}, ${campaigns.name}, ${users.firstName}, ${users.lastName}, ${users.msisdn}, ${users.agentCode}, ${payments.currencyCode}) ilike ${containing(filter.search)}`);
  }
  if (options.heldOnly) {
    // Found by index from the few held agents' payments and the flagged events' payments, not by
    // reading every due payment (194 to 105 ms at a million events): the exact reasons below then keep the held ones.
    const heldAgents = sql`select agent_id from ${agentStatus} s union all select ${users.id} from ${users} where ${HOLDS.no_valid_msisdn}`;
    conditions.push(sql`(${payments.agentId} = any(array(${heldAgents})) or ${payments.eventId} = any(array(select event_id from flagged)))`);
    conditions.push(sql`(${sql.join(Object.values(holds), sql` or `)})`);
  }
  const reasons = Object.entries(holds).map(([reason, held]) => sql`${held} as ${sql.identifier(reason)}`);
  const flagged = options.heldOnly ? sql`flagged as materialized ${flaggedEvents},` : sql``;
  // An agent's number checked once, not once a payment (the regex was a fifth of a 100,000-payment preview).
  return sql`${flagged} agent_number as materialized (select ${users.id} as agent_id, ${HOLDS.no_valid_msisdn} as no_valid_msisdn from ${users}),
    due as (
      select d.*, (${sql.join(Object.keys(holds).map((reason) => sql`d.${sql.identifier(reason)}`), sql` or `)}) as held
      from (
        select ${payments.id} as id, ${payments.agentId} as agent_id, ${payments.campaignId} as campaign_id,
          ${campaigns.name} as campaign_name, ${users.firstName} || ' ' || ${users.lastName} as agent,
          ${payments.amount} as amount, ${payments.currencyCode} as currency_code, ${payments.createdAt} as created_at,
          ${sql.join(reasons, sql`, `)}
        from ${payments}
          join ${users} on ${users.id} = ${payments.agentId}
          join ${campaigns} on ${campaigns.id} = ${payments.campaignId}
          left join ${countries} on ${countries.isoCode} = ${campaigns.countryCode}
          left join ${agentStatus} agent_status on agent_status.agent_id = ${payments.agentId}
          join agent_number on agent_number.agent_id = ${payments.agentId}
        where ${sql.join(conditions, sql` and `)}
      ) d
    ),
    pay as (select * from due where not held)`;
}

/** SHA-256 of a set's payments in id order ('id:amount:currency', comma separated): its fingerprint, an aggregate. */
export const fingerprintOf = (id: SQL, amount: SQL, currency: SQL): SQL =>
  sql`encode(sha256(convert_to(coalesce(string_agg(${id}::text || ':' || ${amount}::text || ':' || ${currency}, ',' order by ${id}), ''), 'UTF8')), 'hex')`;
