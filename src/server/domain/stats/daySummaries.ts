// Stats (issue 35): a period's events and payments per UTC day and campaign, read from the day
// summaries the database keeps in the same transaction as every write (migration 0019), instead of
// every row. The summaries count every agent's rows; the grids, under the filters Stats links with
// (the defaults: no 'Include Blacklisted', no 'Gifting'), leave out the rows of blacklisted and of
// gifting agents: those few agents' rows of the period are read (by events_agent_created and
// payments_agent_created) and taken away, so each count still equals the grid its link opens. They
// are looked up as an array: a set (`in (select ...)`) was hashed against every row of the period.
import { sql, type SQL } from 'drizzle-orm';
import { addDays } from '../../../contract/dates';
import type { RoleScope } from '../../../contract/roles';
import type { StatsPeriod } from '../../../contract/stats';
import { events, payments, statsEventDays, statsPaymentDays, users } from '../../db/schema';
import { agentsLeftOutByDefault } from '../grids/conditions';
import { scopeWhere } from '../grids/defineGrid';

/** A row's creation time within a period's UTC days, as the grids read a start and an end date. */
export const createdWithin = (createdAt: SQL, period: StatsPeriod): SQL =>
  sql`${createdAt} >= ${`${period.start}T00:00:00Z`}::timestamptz and ${createdAt} < ${`${addDays(period.end, 1)}T00:00:00Z`}::timestamptz`;

const dayWithin = (day: SQL, period: StatsPeriod): SQL => sql`${day} between ${period.start}::date and ${period.end}::date`;
const inScope = (scope: RoleScope, campaignId: SQL): SQL => scopeWhere(scope, campaignId) ?? sql`true`;
const utcDay = (createdAt: SQL): SQL => sql`(${createdAt} at time zone 'UTC')::date`;

/**
 * `event_days (day, campaign_id, event_type_id, events)`: the Agent Events Detail rows of the period
 * in the scope, counted per day, campaign and event type, to be summed: the summaries' counts, and
 * the left-out agents' rows as negative counts (a key's sum is never below 0; a reader listing keys
 * keeps those whose sum is above 0). Not grouped here: a total needs no grouping by key first (on
 * PGlite the grouping took longer than the sum). Read `with ${eventDays(...)} ...`.
 */
export function eventDays(scope: RoleScope, period: StatsPeriod): SQL {
  return sql`event_days as (
      select ${statsEventDays.day} as day, ${statsEventDays.campaignId} as campaign_id, ${statsEventDays.eventTypeId} as event_type_id, ${statsEventDays.events} as events
        from ${statsEventDays} where ${dayWithin(sql`${statsEventDays.day}`, period)} and ${inScope(scope, sql`${statsEventDays.campaignId}`)}
      union all
      select ${utcDay(sql`${events.createdAt}`)}, ${events.campaignId}, ${events.eventTypeId}, -count(*)
        from ${events}
        where ${events.agentId} = any(array${agentsLeftOutByDefault}) and ${createdWithin(sql`${events.createdAt}`, period)} and ${inScope(scope, sql`${events.campaignId}`)}
        group by 1, 2, 3)`;
}

/**
 * `payment_days (day, campaign_id, currency_code, paid, payments, amount)`: the Agent Payments rows
 * of the period in the scope, counted and summed per day, campaign, currency and paid or not, to be
 * summed as event_days is (a key whose payments sum to 0 sums to 0 in amount too). Read `with ${paymentDays(...)} ...`.
 */
export function paymentDays(scope: RoleScope, period: StatsPeriod): SQL {
  const paid = sql`(${payments.status} = 'paid')`;
  return sql`payment_days as (
      select ${statsPaymentDays.day} as day, ${statsPaymentDays.campaignId} as campaign_id, ${statsPaymentDays.currencyCode} as currency_code,
          ${statsPaymentDays.paid} as paid, ${statsPaymentDays.payments} as payments, ${statsPaymentDays.amount} as amount
        from ${statsPaymentDays} where ${dayWithin(sql`${statsPaymentDays.day}`, period)} and ${inScope(scope, sql`${statsPaymentDays.campaignId}`)}
      union all
      select ${utcDay(sql`${payments.createdAt}`)}, ${payments.campaignId}, ${payments.currencyCode}, ${paid}, -count(*), -sum(${payments.amount})
        from ${payments}
        where ${payments.agentId} = any(array${agentsLeftOutByDefault}) and ${createdWithin(sql`${payments.createdAt}`, period)} and ${inScope(scope, sql`${payments.campaignId}`)}
        group by 1, 2, 3, 4)`;
}

/** Each campaign's pay earned since `day` (its events', every agent's), for the budgets' pace: `campaign_id, pace`. */
export const paySince = (day: string): SQL =>
  sql`select ${statsEventDays.campaignId} as campaign_id, sum(${statsEventDays.pay}) as pace from ${statsEventDays}
    where ${statsEventDays.day} >= ${day}::date group by 1`;

/**
 * How many agents have an Agent Events Detail row in the period (and in `before`), in the scope, among
 * those the grid shows (`shown`): `agents, agents_before`. A Super Admin's, by one probe per agent
 * (events_agent_created) rather than by reading every event of the periods; a scoped admin's, by
 * reading their campaigns' events of the periods (events_campaign_created), since probing every
 * agent would read the events of agents outside the scope.
 */
export function activeAgents(scope: RoleScope, period: StatsPeriod, before: StatsPeriod | null, shown: SQL): SQL {
  if (scope.kind === 'all') {
    const activeIn = (side: StatsPeriod) =>
      sql`count(*) filter (where exists (select 1 from ${events} where ${events.agentId} = ${users.id} and ${createdWithin(sql`${events.createdAt}`, side)}))::int`;
    return sql`select ${activeIn(period)} as agents, ${before ? activeIn(before) : sql`0`} as agents_before from ${users} where ${shown}`;
  }
  const within = (side: StatsPeriod) => createdWithin(sql`${events.createdAt}`, side);
  return sql`select count(distinct ${events.agentId}) filter (where ${within(period)})::int as agents,
      ${before ? sql`count(distinct ${events.agentId}) filter (where ${within(before)})::int` : sql`0`} as agents_before
    from ${events} where ${inScope(scope, sql`${events.campaignId}`)} and (${before ? sql`${within(period)} or ${within(before)}` : within(period)})
      and ${events.agentId} in (select ${users.id} from ${users} where ${shown})`;
}
