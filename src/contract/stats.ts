// Stats (issue 35): the programme at a glance and what needs attention, three calls of the legacy
// admin backend, one per card group: GET /admin/stats/attention, /admin/stats/figures and
// /admin/stats/charts (the last two take a period, start_date and end_date as the grids take them).
// Every figure carries the link to where its rows are: a grid and the very grid body whose rows it
// counts or sums (statsGridLink, the one place a link is made), so the console opens that grid with
// those filters and a test can post the body to the grid and find the same figure. Amounts are the
// money module's, one per currency, never summed across two.
import { z } from 'zod';
import { REQUEST_DATE_MIN, STATS_DEFAULT_DAYS } from './constants';
import { addDays, daysIn, toRequestDate } from './dates';
import { agentEventDetailsGrid, agentPaymentsGrid, campaignConversionGrid, fraudEventsGrid, GRIDS, paymentRunsGrid, pendingPaymentsGrid, type GridId } from './grids';
import { JOB_KINDS } from './jobs';
import { moneyWithCurrency } from './money';
import { HELD_BACK_REASONS } from './paymentRuns';
import { PAYOUT_FAILED_UNPAID, PAYOUT_RESULTS_OVERDUE } from './payouts';
import { endBeforeStart, endNotBeforeStartDate } from './schemas/fields';
import { HOLDS_FILTER_VALUES, type HoldsFilter } from './gridFilters';
import { reportFilterFields } from './schemas/gridQuery';

/** A period as ISO dates, both counted in full. */
export interface StatsPeriod {
  start: string;
  end: string;
}

/**
 * GET /admin/stats/figures and /admin/stats/charts: the period (DD-MMM-YYYY, as the grids take
 * it); left out, the last STATS_DEFAULT_DAYS days ending today.
 */
export const statsQuery = z
  .object({ start_date: reportFilterFields.shape.start_date.optional(), end_date: reportFilterFields.shape.end_date.optional() })
  .refine((q) => endNotBeforeStartDate({ start_date: q.start_date ?? '', end_date: q.end_date ?? '' }), endBeforeStart);
export type StatsQuery = z.input<typeof statsQuery>;

/** The period asked for, a missing end being today and a missing start STATS_DEFAULT_DAYS days before it (today: ISO, UTC). */
export function statsPeriod(query: { start_date?: string; end_date?: string }, today: string): StatsPeriod {
  const end = query.end_date ?? (query.start_date && query.start_date > today ? query.start_date : today);
  const start = query.start_date ?? addDays(end, 1 - STATS_DEFAULT_DAYS);
  return { start, end };
}

/**
 * The period of the same length just before (the figures' 'previous period'), from REQUEST_DATE_MIN
 * at the earliest; null when it would end before it (no record lies there, and no grid takes it).
 */
export function previousPeriod(period: StatsPeriod): StatsPeriod | null {
  const days = daysIn(period);
  const end = addDays(period.start, -1);
  if (end < REQUEST_DATE_MIN) return null;
  const start = addDays(period.start, -days);
  return { start: start < REQUEST_DATE_MIN ? REQUEST_DATE_MIN : start, end };
}

/** The Monday-starting week of `weekStart` as far as it lies in the period (a chart's bar and its link). */
export const weekWithin = (weekStart: string, period: StatsPeriod): StatsPeriod => ({
  start: weekStart < period.start ? period.start : weekStart,
  end: addDays(weekStart, 6) > period.end ? period.end : addDays(weekStart, 6),
});

// ---- links ----------------------------------------------------------------------------------

/** The grid filters a figure's link carries: the grid body (contract schemas gridQuery) less paging. */
export const statsGridBody = z.object({
  start_date: z.string().describe('DD-MMM-YYYY'),
  end_date: z.string().describe('DD-MMM-YYYY'),
  paid: z.boolean().optional(),
  campaign: z.array(z.number().int()).optional(),
  search: z.string().optional(),
  /** The money grids' rows in one currency (an amount's link). */
  currency: z.string().optional(),
  /** Pending Payments' rows a run would hold back (the held-back count's link). */
  holds: z.enum(HOLDS_FILTER_VALUES).optional(),
  /** With blacklisted agents' rows: a Super Admin's held-back link (blacklisting holds a payment back). */
  blacklisted: z.boolean().optional(),
});
export type StatsGridBody = z.infer<typeof statsGridBody>;

/** Where a figure's rows are: a grid with its body, a job queue, the Campaigns list. */
export const statsLink = z.discriminatedUnion('to', [
  z.object({ to: z.literal('grid'), grid: z.enum(GRIDS.map((grid) => grid.id) as [GridId, ...GridId[]]).describe('The grid id (contract grids.ts GRIDS)'), path: z.string(), body: statsGridBody }),
  z.object({ to: z.literal('jobQueue'), path: z.literal('/admin/list_job_queue'), job: z.enum(JOB_KINDS) }),
  z.object({ to: z.literal('campaigns') }),
]);
export type StatsLink = z.infer<typeof statsLink>;

/** What a figure counts or sums, and the grid whose rows those are. */
export const STATS_TARGETS = {
  /** Agent Events Detail: its rows (events), its distinct agents (active agents). */
  events: { grid: agentEventDetailsGrid },
  /** Campaign Conversion Stats: the sums of its Invites and Conversions columns. */
  conversion: { grid: campaignConversionGrid },
  /** Agent Payments, paid or not: the rows a week's two bars split. */
  payments: { grid: agentPaymentsGrid },
  /** Agent Payments, unpaid: the sum of Pay per currency. */
  due: { grid: agentPaymentsGrid, paid: false },
  /** Agent Payments, paid: the sum of Pay per currency. */
  paid: { grid: agentPaymentsGrid, paid: true },
  /** Fraud Events: its rows. */
  fraudEvents: { grid: fraudEventsGrid },
  /** Payment Runs awaiting approval: its rows searched by that status (the grid offers no status filter). */
  awaitingApproval: { grid: paymentRunsGrid, search: 'Awaiting approval' },
  /** Payment Runs whose provider's results are overdue, and those whose failed lines no run has paid again (their Payout column). */
  payoutsOverdue: { grid: paymentRunsGrid, search: PAYOUT_RESULTS_OVERDUE },
  payoutsFailed: { grid: paymentRunsGrid, search: PAYOUT_FAILED_UNPAID },
  /** Pending Payments' rows with something a run would hold back: the sums of their Held Back column per currency. */
  heldBack: { grid: pendingPaymentsGrid, holds: 'held_back' },
} as const;
export type StatsTarget = keyof typeof STATS_TARGETS;

/** What narrows a figure's link: a campaign's bar, an agent's search, a currency's amount, blacklisted agents for a Super Admin. */
export interface StatsNarrowing { campaign?: number; search?: string; currency?: string; blacklisted?: boolean }

/** The one way a figure's link is made: its grid and the grid body (dates, paid, campaign, search, currency, holds) the figure equals. */
export function statsGridLink(target: StatsTarget, period: StatsPeriod, narrow: StatsNarrowing = {}): StatsLink {
  const spec: { grid: { id: GridId; path: string }; paid?: boolean; search?: string; holds?: HoldsFilter } = STATS_TARGETS[target];
  const search = narrow.search ?? spec.search;
  return {
    to: 'grid',
    grid: spec.grid.id,
    path: spec.grid.path,
    body: {
      start_date: toRequestDate(period.start),
      end_date: toRequestDate(period.end),
      ...(spec.paid === undefined ? {} : { paid: spec.paid }),
      ...(narrow.campaign === undefined ? {} : { campaign: [narrow.campaign] }),
      ...(search === undefined ? {} : { search }),
      ...(narrow.currency === undefined ? {} : { currency: narrow.currency }),
      ...(spec.holds === undefined ? {} : { holds: spec.holds }),
      ...(narrow.blacklisted ? { blacklisted: true } : {}),
    },
  };
}

/** The same link to one currency's rows (an amount of a money figure). */
export function linkInCurrency(link: StatsLink, currency: string): StatsLink {
  return link.to === 'grid' ? { ...link, body: { ...link.body, currency } } : link;
}

// ---- answers --------------------------------------------------------------------------------

const count = z.number().int().nonnegative();
const isoDate = z.string().describe('YYYY-MM-DD');
const requestPeriod = z.object({ start_date: z.string().describe('DD-MMM-YYYY'), end_date: z.string().describe('DD-MMM-YYYY') });
/** One amount per currency that has any, ordered by currency; none: an empty list, not a zero. */
const perCurrency = z.array(moneyWithCurrency);

/** GET /admin/stats/attention: what needs attention now, each a count with the link to where it is dealt with. */
export const statsAttention = z.object({
  /** Payment runs awaiting a second Super Admin's approval; null for a caller who does not see runs (Agency Admin). */
  awaiting_approval: z.object({ runs: count, link: statsLink }).nullable(),
  /**
   * Paid runs whose payout needs following up (PAYOUT_FOLLOW_UP_DAYS after): results not back, and
   * failed lines whose payments no run has paid again; null as awaiting_approval.
   */
  payouts: z.object({
    overdue: z.object({ runs: count, link: statsLink }),
    failed: z.object({ runs: count, link: statsLink }),
  }).nullable(),
  /** Per job kind: jobs Failed in the last JOB_ATTENTION_DAYS, and jobs Started more than JOB_STUCK_MINUTES ago. */
  jobs: z.array(z.object({ kind: z.enum(JOB_KINDS), failed: count, stuck: count, link: statsLink })),
  /** Campaigns that have spent BUDGET_WARNING_PERCENT or more of their allocation (or spend without one). */
  budgets: z.object({ campaigns: count, link: statsLink }),
  /** Due payments a run would hold back now, and why (a payment may have several reasons); null as awaiting_approval. */
  held_back: z
    .object({
      payments: count,
      totals: perCurrency,
      reasons: z.array(z.object({ reason: z.enum(HELD_BACK_REASONS), payments: count })),
      link: statsLink,
    })
    .nullable(),
  /** Agents whose fraud events in the last FRAUD_JUMP_DAYS jumped against the FRAUD_JUMP_BASELINE_DAYS before. */
  fraud_jumps: z.object({
    agents: count,
    /** The most jumping first, at most FRAUD_JUMP_LISTED_MAX. */
    listed: z.array(
      z.object({
        agent_id: z.number().int(),
        agent: z.string(),
        msisdn: z.string().nullable(),
        recent: count.describe('Fraud events in the last FRAUD_JUMP_DAYS'),
        baseline: count.describe('Fraud events in the FRAUD_JUMP_BASELINE_DAYS before'),
        link: statsLink,
      }),
    ),
    /** Fraud Events of the last FRAUD_JUMP_DAYS and the baseline before them: the rows the jumps are read from. */
    link: statsLink,
  }),
});
export type StatsAttention = z.infer<typeof statsAttention>;

/** A figure of the period and of the previous one (previous and previous_link null when there is none: previousPeriod). */
const countFigure = z.object({ value: count, previous: count.nullable(), link: statsLink, previous_link: statsLink.nullable() });
const moneyFigure = z.object({ value: perCurrency, previous: perCurrency.nullable(), link: statsLink, previous_link: statsLink.nullable() });

/** GET /admin/stats/figures: the headline figures of the period, each beside the previous period's. */
export const statsFigures = z.object({
  period: requestPeriod,
  previous_period: requestPeriod.nullable(),
  /** Agent Events Detail's rows. */
  events: countFigure,
  /** The distinct agents of those rows. */
  active_agents: countFigure,
  /** Campaign Conversion Stats: the sum of its Invites column. */
  invites: countFigure,
  /** Campaign Conversion Stats: the sum of its Conversions column. */
  conversions: countFigure,
  /** Agent Payments not paid (fell due in the period): Pay per currency. */
  due: moneyFigure,
  /** Agent Payments paid (fell due in the period): Pay per currency. */
  paid: moneyFigure,
  /** Fraud Events' rows. */
  fraud_events: countFigure,
});
export type StatsFigures = z.infer<typeof statsFigures>;

/** GET /admin/stats/charts: the charts of the period. */
export const statsCharts = z.object({
  period: requestPeriod,
  /** Events per day (UTC) and event type; days without events are left out. */
  events_per_day: z.object({
    days: z.array(z.object({ date: isoDate, event: z.string(), events: count })),
    link: statsLink,
  }),
  /** Per currency, per week (starting Monday, clipped to the period): due against paid. */
  payments_per_week: z.array(
    z.object({
      currency: z.string(),
      weeks: z.array(z.object({ week_start: isoDate, due: moneyWithCurrency, paid: moneyWithCurrency, due_link: statsLink, paid_link: statsLink })),
    }),
  ),
  /** Every campaign the caller sees, those at BUDGET_WARNING_PERCENT or more first (most spent first). */
  budgets: z.array(
    z.object({
      campaign_id: z.number().int(),
      campaign_name: z.string(),
      spent: moneyWithCurrency,
      /** Its latest version's allocation; null: none. */
      allocated: moneyWithCurrency.nullable(),
      /** Whole percent spent; null without an allocation. */
      percent: z.number().int().nullable(),
      warning: z.boolean(),
      /** The day the allocation runs out at the pace of the last BUDGET_PACE_DAYS; null: no pace, or already spent. */
      runs_out_on: isoDate.nullable(),
      link: statsLink,
    }),
  ),
  /** Per campaign with events or fraud events in the period: fraud events per 1,000 events. */
  fraud_rate: z.array(
    z.object({
      campaign_id: z.number().int(),
      campaign_name: z.string(),
      fraud_events: count,
      events: count,
      /** One decimal ('12.5'); null when the campaign had no events. */
      per_thousand: z.string().nullable(),
      link: statsLink,
      events_link: statsLink,
    }),
  ),
});
export type StatsCharts = z.infer<typeof statsCharts>;

/** A period as the answers echo it. */
export const requestPeriodOf = (period: StatsPeriod) => ({ start_date: toRequestDate(period.start), end_date: toRequestDate(period.end) });
