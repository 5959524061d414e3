// Stats (issue 35): the figures and charts of a period and what needs attention, aggregated in SQL.
// Events and payments are counted from the day summaries the database keeps with every write
// (daySummaries.ts), less the rows the grids leave out by default; the other figures of a grid are
// read from the grid's own selection (defineGrid `selection`: its FROM, and its WHERE with the
// caller's scope and the link's filters). Each equals the grid its link opens (tests/api/stats.test.ts
// checks every one, for each role, on both backends); the held-back payments are the payment run
// preview's own due set (paymentRuns/dueSet.ts), the jobs the job queue's own visibility.
import { sql } from 'drizzle-orm';
import {
  BUDGET_PACE_DAYS, FRAUD_JUMP_BASELINE_DAYS, FRAUD_JUMP_DAYS, FRAUD_JUMP_FACTOR, FRAUD_JUMP_LISTED_MAX, FRAUD_JUMP_MIN,
  JOB_ATTENTION_DAYS, JOB_STUCK_MINUTES, REQUEST_DATE_MIN, STATS_CACHE_MS,
} from '../../../contract/constants';
import { addDays } from '../../../contract/dates';
import { JOB_KINDS, type JobKind } from '../../../contract/jobs';
import { budgetOf } from '../../../contract/budget';
import { amountText, requireAmount, type Money } from '../../../contract/money';
import { HELD_BACK_REASONS, type HeldBackReason } from '../../../contract/paymentRuns';
import { seesEverything, type RoleScope } from '../../../contract/roles';
import { gridQuery } from '../../../contract/schemas/gridQuery';
import {
  previousPeriod, requestPeriodOf, statsGridLink, weekWithin, type StatsAttention, type StatsCharts, type StatsFigures, type StatsLink,
  type StatsNarrowing, type StatsPeriod, type StatsTarget,
} from '../../../contract/stats';
import { visibleCampaignIds, within } from '../../auth/scope';
import { queryRows, type Database } from '../../db/client';
import { KeptValues } from '../../db/keptValues';
import { allGenerations } from '../../db/tableGenerations';
import { campaigns, campaignVersions, eventTypes, fraudEvents, users } from '../../db/schema';
import { campaignConversion } from '../grids/conversion';
import { agentsLeftOutByDefault } from '../grids/conditions';
import type { GridRequest } from '../grids/source';
import { fraudEventsReport } from '../grids/fraudEvents';
import { paymentRunsReport } from '../grids/paymentRuns';
import { dueSet } from '../paymentRuns/dueSet';
import { visibleTo } from '../reports/reportJobs';
import { activeAgents, eventDays, paymentDays, paySince } from './daySummaries';

/** Today (UTC), the day the grids' dates are read in. */
export const todayUtc = (): string => new Date().toISOString().slice(0, 10);

/** Money as the wire writes it, from a NUMERIC's text. */
const wire = (amount: string, currency: string): Money => ({ amount: amountText(requireAmount(amount)), currency });

/** A figure's link and the grid request it stands for: its body read as the grid's route reads it. */
function linked(scope: RoleScope, target: StatsTarget, period: StatsPeriod, narrow?: StatsNarrowing): { link: StatsLink; request: GridRequest } {
  const link = statsGridLink(target, period, narrow);
  if (link.to !== 'grid') throw new Error('a grid target links to a grid');
  return { link, request: { scope, body: gridQuery.parse(link.body) } };
}

// ---- the answers of recent calls -----------------------------------------------------------

/**
 * Each call's answer per caller scope and period, kept STATS_CACHE_MS while this process commits no
 * write to any table (the grid counts' rule, grids/defineGrid.ts): the tab opened again, or by each
 * of the console's tabs, reads it again in a few milliseconds instead of aggregating 200,000 events
 * again. The same answer, never an older one: the key holds every table's generation, so once a write
 * is committed the next call aggregates anew, and the figures still equal their grids. Another
 * instance's writes (and the worker's on jobs) show once the entry has expired. Calls alike made
 * together (the console's, two tabs') aggregate once (db/keptValues.ts).
 */
const answers = new KeptValues<unknown>(STATS_CACHE_MS, 200);

function cached<T>(key: unknown[], compute: () => Promise<T>): Promise<T> {
  // Keyed before computing: a write committed meanwhile makes a new key, never an old answer under it.
  return answers.obtain(JSON.stringify([...key, allGenerations()]), compute) as Promise<T>;
}

/**
 * A call's queries, one after another. The console asks for the three calls at once, so each call
 * is a stream of its own on the pool: three queries at a time, not fifteen. All fifteen at once on
 * two cores took 300 to 500 ms at a million events where three streams took 170 to 210 (and the
 * same queries one by one 238).
 */
async function inTurn<T extends readonly unknown[]>(steps: { [K in keyof T]: () => Promise<T[K]> }): Promise<T> {
  const results: unknown[] = [];
  for (const step of steps) results.push(await step());
  return results as unknown as T;
}

// ---- figures --------------------------------------------------------------------------------

interface PeriodFigures {
  events: number;
  agents: number;
  invites: number;
  conversions: number;
  due: Money[];
  paid: Money[];
  fraud: number;
}

/**
 * The figures of a period and of the one before it (contiguous, the same length). Events and
 * payments are read from the day summaries (daySummaries.ts) over both periods at once, split by
 * day; active agents by one probe per agent; invites and conversions, and fraud events, from the
 * grid's own selection of each period. Amounts due and paid are Agent Payments rows split by the
 * paid column, as the links' paid filter splits them.
 */
async function figuresOf(db: Database, scope: RoleScope, period: StatsPeriod, before: StatsPeriod | null): Promise<[PeriodFigures, PeriodFigures | null]> {
  const both: StatsPeriod = { start: before?.start ?? period.start, end: period.end };
  const conversionOf = async (side: StatsPeriod | null) => {
    if (!side) return undefined;
    const conversion = campaignConversion.selection(linked(scope, 'conversion', side).request);
    const [row] = await queryRows<{ invites: number; conversions: number }>(
      db,
      sql`select (${conversion.columns.invites})::int as invites, (${conversion.columns.conversions})::int as conversions from ${conversion.from} where ${conversion.where}`,
    );
    return row;
  };
  const fraudOf = async (side: StatsPeriod | null) => (side ? fraudEventsReport.count(db, linked(scope, 'fraudEvents', side).request) : 0);
  const later = sql`day >= ${period.start}::date`;
  // The agents the Agent Events Detail grid shows (its default filters).
  const shown = sql`${users.id} not in ${agentsLeftOutByDefault}`;
  const [[counted], [active], money, conversionNow, conversionBefore, fraudNow, fraudBefore] = await inTurn([
    () => queryRows<{ events: number; events_before: number }>(
      db,
      sql`with ${eventDays(scope, both)}
        select coalesce(sum(events) filter (where ${later}), 0)::int as events, coalesce(sum(events) filter (where not ${later}), 0)::int as events_before from event_days`,
    ),
    () => queryRows<{ agents: number; agents_before: number }>(
      db,
      activeAgents(scope, period, before, shown),
    ),
    () => queryRows<{ currency: string; later: boolean; due: string | null; paid: string | null }>(
      db,
      sql`with ${paymentDays(scope, both)}
        select currency_code as currency, ${later} as later,
          case when sum(payments) filter (where not paid) > 0 then (sum(amount) filter (where not paid))::text end as due,
          case when sum(payments) filter (where paid) > 0 then (sum(amount) filter (where paid))::text end as paid
        from payment_days group by 1, 2 order by 1`,
    ),
    () => conversionOf(period),
    () => conversionOf(before),
    () => fraudOf(period),
    () => fraudOf(before),
  ]);
  const amounts = (later: boolean, key: 'due' | 'paid'): Money[] =>
    money.flatMap((row) => (row.later === later && row[key] !== null ? [wire(row[key], row.currency)] : []));
  const now: PeriodFigures = {
    events: counted?.events ?? 0, agents: active?.agents ?? 0, invites: conversionNow?.invites ?? 0, conversions: conversionNow?.conversions ?? 0,
    due: amounts(true, 'due'), paid: amounts(true, 'paid'), fraud: fraudNow,
  };
  const then: PeriodFigures | null = before && {
    events: counted?.events_before ?? 0, agents: active?.agents_before ?? 0, invites: conversionBefore?.invites ?? 0, conversions: conversionBefore?.conversions ?? 0,
    due: amounts(false, 'due'), paid: amounts(false, 'paid'), fraud: fraudBefore,
  };
  return [now, then];
}

/** GET /admin/stats/figures. */
export function statsFigures(db: Database, scope: RoleScope, period: StatsPeriod): Promise<StatsFigures> {
  return cached(['figures', scope, period], () => figures(db, scope, period));
}

async function figures(db: Database, scope: RoleScope, period: StatsPeriod): Promise<StatsFigures> {
  const before = previousPeriod(period);
  const [now, then] = await figuresOf(db, scope, period, before);
  const figure = <K extends keyof PeriodFigures>(target: StatsTarget, key: K) => ({
    value: now[key], previous: then ? then[key] : null, link: statsGridLink(target, period), previous_link: before && statsGridLink(target, before),
  });
  return {
    period: requestPeriodOf(period),
    previous_period: before && requestPeriodOf(before),
    events: figure('events', 'events'),
    active_agents: figure('events', 'agents'),
    invites: figure('conversion', 'invites'),
    conversions: figure('conversion', 'conversions'),
    due: figure('due', 'due'),
    paid: figure('paid', 'paid'),
    fraud_events: figure('fraudEvents', 'fraud'),
  };
}

// ---- charts ---------------------------------------------------------------------------------

interface BudgetRow {
  campaign_id: number;
  campaign_name: string;
  currency: string;
  spent: string;
  allocated: string | null;
  percent: number | null;
  warning: boolean;
  runs_out_on: string | null;
}

/** How far a budget is spent, as a fraction to compare: none without an allocation (contract/budget.ts). */
type Spent = { spent: bigint; allocated: bigint | null };
const hasAllocation = (budget: Spent): budget is { spent: bigint; allocated: bigint } => budget.allocated !== null && budget.allocated > 0n;

/**
 * Every campaign the caller sees with its budget, marked by the Campaigns screens' own rule
 * (budgetOf): those at BUDGET_WARNING_PERCENT or more first, then the most spent (none allocated
 * first), then by name.
 */
function budgets(db: Database, scope: RoleScope, today: string): Promise<BudgetRow[]> {
  // Both the attention and the charts show them: the tab reads them once.
  return cached(['budgets', scope, today], () => budgetsOf(db, scope, today));
}

async function budgetsOf(db: Database, scope: RoleScope, today: string): Promise<BudgetRow[]> {
  const visible = await visibleCampaignIds(db, scope);
  const paceFrom = addDays(today, 1 - BUDGET_PACE_DAYS);
  const rows = await queryRows<Omit<BudgetRow, 'percent' | 'warning'>>(
    db,
    sql`select b.campaign_id, b.campaign_name, b.currency, b.spent, b.allocated,
        case when b.pace > 0 and b.allocated_n > b.spent_n
          then to_char(${today}::date + ceil((b.allocated_n - b.spent_n) * ${BUDGET_PACE_DAYS} / b.pace)::int, 'YYYY-MM-DD') end as runs_out_on
      from (
        select ${campaigns.id} as campaign_id, ${campaigns.name} as campaign_name, ${campaigns.currencyCode} as currency,
          ${campaigns.budgetSpendAmount} as spent_n, ${campaigns.budgetSpendAmount}::text as spent, v.amount as allocated_n, v.amount::text as allocated,
          coalesce(p.pace, 0) as pace
        from ${campaigns}
          left join (${paySince(paceFrom)}) p on p.campaign_id = ${campaigns.id}
          left join lateral (select ${campaignVersions.budgetAllocatedAmount} as amount from ${campaignVersions}
            where ${campaignVersions.campaignId} = ${campaigns.id} order by ${campaignVersions.version} desc limit 1) v on true
        where ${within(campaigns.id, visible)}
      ) b
      order by b.campaign_name, b.campaign_id`,
  );
  const read = rows.map((row) => ({ row, budget: budgetOf(row.spent, row.allocated) }));
  // A stable sort: campaigns alike in mark and share spent keep the database's order by name.
  read.sort((a, b) => {
    if (a.budget.nearlySpent !== b.budget.nearlySpent) return a.budget.nearlySpent ? -1 : 1;
    if (!hasAllocation(a.budget) || !hasAllocation(b.budget)) return Number(hasAllocation(a.budget)) - Number(hasAllocation(b.budget));
    const difference = b.budget.spent * a.budget.allocated - a.budget.spent * b.budget.allocated;
    return difference > 0n ? 1 : difference < 0n ? -1 : 0;
  });
  return read.map(({ row, budget }) => ({ ...row, percent: budget.percent, warning: budget.nearlySpent }));
}

/** GET /admin/stats/charts. */
export function statsCharts(db: Database, scope: RoleScope, period: StatsPeriod, today = todayUtc()): Promise<StatsCharts> {
  return cached(['charts', scope, period, today], () => charts(db, scope, period, today));
}

async function charts(db: Database, scope: RoleScope, period: StatsPeriod, today: string): Promise<StatsCharts> {
  const eventLink = linked(scope, 'events', period);
  const fraudRows = fraudEventsReport.selection(linked(scope, 'fraudEvents', period).request);
  const [days, weekly, rates, budgetRows] = await inTurn([
    () => queryRows<{ date: string; event: string; events: number }>(
      db,
      // The grid's event column is the event type's pretty name: types alike in name are one series.
      sql`with ${eventDays(scope, period)}
        select to_char(d.day, 'YYYY-MM-DD') as date, d.event, d.events from (
          select e.day, coalesce(${eventTypes.prettyName}, '') as event, sum(e.events)::int as events
          from event_days e left join ${eventTypes} on ${eventTypes.id} = e.event_type_id group by 1, 2 having sum(e.events) > 0
        ) d order by d.day, d.event`,
    ),
    // Both bars of a week are Agent Payments rows (not paid, paid), split by the paid column.
    () => queryRows<{ week_start: string; currency: string; due: string; paid: string }>(
      db,
      sql`with ${paymentDays(scope, period)}
        select to_char(w.week, 'YYYY-MM-DD') as week_start, w.currency, w.due, w.paid from (
          select date_trunc('week', day::timestamp) as week, currency_code as currency,
            coalesce(sum(amount) filter (where not paid), 0)::text as due, coalesce(sum(amount) filter (where paid), 0)::text as paid
          from payment_days group by 1, 2 having sum(payments) > 0
        ) w order by w.currency, w.week`,
    ),
    () => queryRows<{ campaign_id: number; campaign_name: string; fraud_events: number; events: number; per_thousand: string | null }>(
      db,
      sql`with ${eventDays(scope, period)},
          f as (select ${fraudEvents.campaignId} as campaign_id, count(*)::int as n from ${fraudRows.from} where ${fraudRows.where} group by 1),
          e as (select campaign_id, sum(events)::int as n from event_days group by 1 having sum(events) > 0)
        select c.id as campaign_id, c.name as campaign_name, coalesce(f.n, 0) as fraud_events, coalesce(e.n, 0) as events,
          case when e.n > 0 then round(1000.0 * coalesce(f.n, 0) / e.n, 1)::text end as per_thousand
        from f full join e on e.campaign_id = f.campaign_id join ${campaigns} c on c.id = coalesce(f.campaign_id, e.campaign_id)
        order by (case when e.n > 0 then 1.0 * coalesce(f.n, 0) / e.n end) desc nulls first, c.name, c.id`,
    ),
    () => budgets(db, scope, today),
  ]);
  const currencies = [...new Set(weekly.map((row) => row.currency))];

  return {
    period: requestPeriodOf(period),
    events_per_day: { days, link: eventLink.link },
    payments_per_week: currencies.map((currency) => ({
      currency,
      weeks: weekly.filter((row) => row.currency === currency).map((row) => {
        const week = weekWithin(row.week_start, period);
        return {
          week_start: row.week_start,
          due: wire(row.due, currency),
          paid: wire(row.paid, currency),
          due_link: statsGridLink('due', week, { currency }),
          paid_link: statsGridLink('paid', week, { currency }),
        };
      }),
    })),
    budgets: budgetRows.map((row) => ({
      campaign_id: row.campaign_id,
      campaign_name: row.campaign_name,
      spent: wire(row.spent, row.currency),
      allocated: row.allocated === null ? null : wire(row.allocated, row.currency),
      percent: row.percent,
      warning: row.warning,
      runs_out_on: row.runs_out_on,
      link: { to: 'campaigns' },
    })),
    fraud_rate: rates.map((row) => ({
      ...row,
      link: statsGridLink('fraudEvents', period, { campaign: row.campaign_id }),
      events_link: statsGridLink('events', period, { campaign: row.campaign_id }),
    })),
  };
}

// ---- needs attention ------------------------------------------------------------------------

/** GET /admin/stats/attention. */
export function statsAttention(db: Database, scope: RoleScope, today = todayUtc()): Promise<StatsAttention> {
  return cached(['attention', scope, today], () => attention(db, scope, today));
}

async function attention(db: Database, scope: RoleScope, today: string): Promise<StatsAttention> {
  // Runs and their previews are a Super Admin's and a Campaign Admin's (paymentRuns/dueSet checkRunScope).
  const seesRuns = scope.kind !== 'agencies';
  const sinceEver: StatsPeriod = { start: REQUEST_DATE_MIN, end: today };

  const awaitingOf = async (): Promise<StatsAttention['awaiting_approval']> => {
    if (!seesRuns) return null;
    const { link, request } = linked(scope, 'awaitingApproval', sinceEver);
    return { runs: await paymentRunsReport.count(db, request), link };
  };

  // Counted as the Payment Runs grid finds them by its Payout column: the link opens exactly these runs.
  const payoutsOf = async (): Promise<StatsAttention['payouts']> => {
    if (!seesRuns) return null;
    const overdue = linked(scope, 'payoutsOverdue', sinceEver);
    const failed = linked(scope, 'payoutsFailed', sinceEver);
    return {
      overdue: { runs: await paymentRunsReport.count(db, overdue.request), link: overdue.link },
      failed: { runs: await paymentRunsReport.count(db, failed.request), link: failed.link },
    };
  };

  const jobsOf = async (): Promise<StatsAttention['jobs']> => {
    const visible = await visibleTo(db, scope);
    const jobRows = await queryRows<{ kind: JobKind; failed: number; stuck: number }>(
      db,
      sql`select j.kind, count(*) filter (where j.status = 'Failed')::int as failed, count(*) filter (where j.status = 'Started')::int as stuck
        from jobs j
        where ((j.status = 'Failed' and j.created_at >= ${`${addDays(today, 1 - JOB_ATTENTION_DAYS)}T00:00:00Z`}::timestamptz)
            or (j.status = 'Started' and j.started_at < now() - make_interval(mins => ${JOB_STUCK_MINUTES})))
          and ${visible}
        group by j.kind`,
    );
    return JOB_KINDS.map((kind) => {
      const row = jobRows.find((candidate) => candidate.kind === kind);
      return { kind, failed: row?.failed ?? 0, stuck: row?.stuck ?? 0, link: { to: 'jobQueue', path: '/admin/list_job_queue', job: kind } as const };
    });
  };

  const heldBackOf = async (): Promise<StatsAttention['held_back']> => {
    if (!seesRuns) return null;
    const reasons = HELD_BACK_REASONS.map((reason) => sql`count(*) filter (where ${sql.identifier(reason)})::int as ${sql.identifier(reason)}`);
    // As the Pending Payments rows its link opens: a blacklisted agent's are a Super Admin's only
    // ('Include Blacklisted', SPEC.md section 6), so nobody else is counted them either.
    const superAdmin = seesEverything(scope);
    // One pass over `due`, per currency: the counts and the totals together, not `due` read twice.
    const perCurrency = await queryRows<Record<HeldBackReason, number> & { currency: string; payments: number; total: string }>(
      db,
      sql`with ${dueSet(scope, { start_date: sinceEver.start, end_date: sinceEver.end, search: '' }, { heldOnly: true })}
        select currency_code as currency, count(*)::int as payments, ${sql.join(reasons, sql`, `)}, sum(amount)::text as total
        from due where held ${superAdmin ? sql`` : sql`and not agent_blacklisted`} group by currency_code order by currency_code`,
    );
    const sum = (key: HeldBackReason | 'payments') => perCurrency.reduce((total, row) => total + row[key], 0);
    return {
      payments: sum('payments'),
      totals: perCurrency.map((row) => wire(row.total, row.currency)),
      reasons: HELD_BACK_REASONS.map((reason) => ({ reason, payments: sum(reason) })),
      link: statsGridLink('heldBack', sinceEver, { blacklisted: superAdmin }),
    };
  };

  // Fraud jumps: the Fraud Events rows of the baseline and the last days, per agent.
  const recentStart = addDays(today, 1 - FRAUD_JUMP_DAYS);
  const jumpPeriod: StatsPeriod = { start: addDays(recentStart, -FRAUD_JUMP_BASELINE_DAYS), end: today };
  const jumpLink = linked(scope, 'fraudEvents', jumpPeriod);
  const fraudRows = fraudEventsReport.selection(jumpLink.request);
  const recent = sql`${fraudEvents.createdAt} >= ${`${recentStart}T00:00:00Z`}::timestamptz`;
  const jumpsOf = () => queryRows<{ total: number; agent_id: number; agent: string; msisdn: string | null; recent: number; baseline: number }>(
    db,
    sql`select count(*) over ()::int as total, j.* from (
        select ${fraudEvents.agentId} as agent_id, min(${users.firstName} || ' ' || ${users.lastName}) as agent, min(${users.msisdn}) as msisdn,
          count(*) filter (where ${recent})::int as recent, count(*) filter (where not ${recent})::int as baseline
        from ${fraudRows.from} where ${fraudRows.where}
        group by 1
      ) j
      where j.recent >= ${FRAUD_JUMP_MIN} and j.recent * ${FRAUD_JUMP_BASELINE_DAYS} > ${FRAUD_JUMP_FACTOR} * j.baseline * ${FRAUD_JUMP_DAYS}
      order by j.recent::numeric - (j.baseline * ${FRAUD_JUMP_DAYS})::numeric / ${FRAUD_JUMP_BASELINE_DAYS} desc, j.agent_id
      limit ${FRAUD_JUMP_LISTED_MAX}`,
  );

  const [awaiting, payouts, jobs, budgetRows, heldBack, jumps] = await inTurn([awaitingOf, payoutsOf, jobsOf, () => budgets(db, scope, today), heldBackOf, jumpsOf]);

  return {
    awaiting_approval: awaiting,
    payouts,
    jobs,
    budgets: { campaigns: budgetRows.filter((row) => row.warning).length, link: { to: 'campaigns' } },
    held_back: heldBack,
    fraud_jumps: {
      agents: jumps[0]?.total ?? 0,
      listed: jumps.map(({ total: _total, ...row }) => ({
        ...row,
        link: statsGridLink('fraudEvents', { start: recentStart, end: today }, { search: row.msisdn ?? row.agent }),
      })),
      link: jumpLink.link,
    },
  };
}
