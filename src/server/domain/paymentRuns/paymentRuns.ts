// Payment runs (issue 33): the preview of what a run would pay, and the run itself, which pays
// exactly the previewed set or nothing. See docs/decisions.md 'Payment runs: exactly once'.
//
// A run is one transaction: its runs (one per currency: a run's total is never a sum across two),
// each with its paymentrun job and the request id it was made for; one guarded UPDATE claims the
// payments still due and in no run (on their own pages: migration 0038); their lines are written from what it claimed; what was claimed
// must be the previewed set, to the cent, or the whole transaction is rolled back and nothing is
// paid. A request without the preview's fingerprint (section 7's own body) is held to the set it
// counted when the transaction began: a claim that raced another writer is tried again. The database holds the rest: payment_runs.request_id is unique (a retry finds its runs),
// and a payment is on one line that is not reversed (payment_run_lines_paid_once).
//
// A run of more payments than PAYMENT_RUN_QUEUE_ABOVE is queued instead: the request's transaction
// checks the fingerprint and writes a paymentrun job with its request (payment_run_requests, request
// id unique: a retry finds the job); a worker makes the run later in this same transaction, with the
// same request id, its runs referencing that job (jobs/paymentRunJob.ts).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import * as messages from '../../../contract/messages';
import { amountText, requireAmount, type Money } from '../../../contract/money';
import {
  HELD_BACK_LISTED_MAX, HELD_BACK_REASONS, paymentRunStatus, type HeldBackPayment, type PaymentRunFilter, type PaymentRunMade, type PaymentRunOutcome,
  type PaymentRunPreview,
} from '../../../contract/paymentRuns';
import type { Caller } from '../../auth/scope';
import { queryRows, type Database } from '../../db/client';
import { postgresError } from '../../db/errors';
import { jobs, paymentRunLines, paymentRunRequests, paymentRuns, payments } from '../../db/schema';
import { Conflict } from '../errors';
import { recordBatch } from '../audit';
import { checkRunScope, dueSet, fingerprintOf } from './dueSet';
import { writePayoutLines } from './payouts';

/** Money as the wire writes it, from a NUMERIC's text. */
const wireMoney = (amount: string, currency: string): Money => ({ amount: amountText(requireAmount(amount)), currency });

/** Totals per currency of a set's rows (`amount`, `currency_code`), as JSON ordered by currency. */
const totalsJson = (set: string) => sql`(select coalesce(json_agg(json_build_object('amount', t.total::text, 'currency', t.currency_code) order by t.currency_code), '[]'::json)
  from (select currency_code, sum(amount) as total from ${sql.raw(set)} group by currency_code) t)`;

interface PreviewRow {
  payments: number;
  agents: number;
  totals: Money[];
  campaigns: Array<{ campaign_id: number; campaign_name: string; payments: number; total: Money }>;
  held_payments: number;
  held_totals: Money[];
  held_reasons: Record<(typeof HELD_BACK_REASONS)[number], number>;
  held_listed: Array<Omit<HeldBackPayment, 'payment_id'> & { payment_id: number | string }>;
  fingerprint: string;
}

/** What a run with these filters would pay now, in the caller's scope; nothing is written. */
export async function previewRun(db: Database, caller: Caller, filter: PaymentRunFilter, approvalLimits: Record<string, string>): Promise<PaymentRunPreview> {
  checkRunScope(caller.scope, filter);
  const reasonFlags = HELD_BACK_REASONS.map((reason) => sql`case when ${sql.identifier(reason)} then ${reason}::text end`);
  const [row] = await queryRows<PreviewRow>(db, sql`with ${dueSet(caller.scope, filter)}
    select
      (select count(*)::int from pay) as payments,
      (select count(distinct agent_id)::int from pay) as agents,
      ${totalsJson('pay')} as totals,
      (select coalesce(json_agg(json_build_object('campaign_id', t.campaign_id, 'campaign_name', t.campaign_name, 'payments', t.n,
          'total', json_build_object('amount', t.total::text, 'currency', t.currency_code)) order by t.campaign_name, t.campaign_id, t.currency_code), '[]'::json)
        from (select campaign_id, campaign_name, currency_code, count(*)::int as n, sum(amount) as total from pay group by campaign_id, campaign_name, currency_code) t) as campaigns,
      (select count(*)::int from due where held) as held_payments,
      ${totalsJson('(select * from due where held) h')} as held_totals,
      (select json_build_object(${sql.join(HELD_BACK_REASONS.map((reason) => sql`${reason}::text, count(*) filter (where ${sql.identifier(reason)})`), sql`, `)}) from due) as held_reasons,
      (select coalesce(json_agg(json_build_object('payment_id', l.id::text, 'agent_id', l.agent_id, 'agent', l.agent, 'campaign_id', l.campaign_id,
          'campaign_name', l.campaign_name, 'amount', l.amount::text, 'currency', l.currency_code,
          'reasons', array_remove(array[${sql.join(reasonFlags, sql`, `)}]::text[], null)) order by l.created_at, l.id), '[]'::json)
        from (select * from due where held order by created_at, id limit ${HELD_BACK_LISTED_MAX}) l) as held_listed,
      (select ${fingerprintOf(sql`id`, sql`amount`, sql`currency_code`)} from pay) as fingerprint`);
  if (!row) throw new Error('the preview query answered no row');
  const totals = row.totals.map((total) => wireMoney(total.amount, total.currency));
  return {
    payments: row.payments,
    agents: row.agents,
    // One payment per event (payments.event_id is unique).
    events: row.payments,
    totals,
    // As the run decides it (the claim's `n.total > n.limit_amount`): above its currency's limit, it awaits approval.
    runs: totals.map((total) => {
      const limit = approvalLimits[total.currency];
      return {
        total,
        awaits_approval: limit !== undefined && requireAmount(total.amount) > requireAmount(limit),
        approval_limit: limit === undefined ? null : wireMoney(limit, total.currency),
      };
    }),
    campaigns: row.campaigns.map((campaign) => ({ ...campaign, total: wireMoney(campaign.total.amount, campaign.total.currency) })),
    held_back: {
      payments: row.held_payments,
      totals: row.held_totals.map((total) => wireMoney(total.amount, total.currency)),
      reasons: HELD_BACK_REASONS.map((reason) => ({ reason, payments: row.held_reasons[reason] })).filter((reason) => reason.payments > 0),
      listed: row.held_listed.map((held) => ({ ...held, payment_id: String(held.payment_id), ...wireMoney(held.amount, held.currency) })),
    },
    fingerprint: row.fingerprint,
  };
}

export interface RunRequest {
  filter: PaymentRunFilter;
  reference: string;
  /** The preview's fingerprint the admin confirmed; none: the due set as it stands when claimed. */
  fingerprint?: string | undefined;
  /** What names this request across retries: the caller's Idempotency-Key, else a new one. */
  requestKey: string | undefined;
  /** The approval limit of each currency (config approvalLimits): a run whose total passes it awaits approval. */
  approvalLimits: Record<string, string>;
}

/** The set a run was asked to pay is no longer the one due: nothing was paid (the transaction is rolled back). */
export class DueSetChanged extends Error {}
/**
 * A run without a fingerprint claimed another set than the one it counted a statement before (a
 * writer committed between them): rolled back and tried again, as a refusal of PostgreSQL's is.
 */
export class ClaimRaced extends Error {}

/** PostgreSQL refusals a racing run or retry causes: the transaction is tried again, and then sees why. */
const RETRIED = new Set(['23505', '40001', '40P01']);
const ATTEMPTS = 3;

/** Runs one run transaction, tried again when a racing run or retry made PostgreSQL refuse it. */
export async function inRunTransaction<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (error) {
      const code = postgresError(error)?.code;
      const retried = error instanceof ClaimRaced || (code !== undefined && RETRIED.has(code));
      if (attempt >= ATTEMPTS || !retried) throw error;
    }
  }
}

/** Hands a queued run's job to the job queue (JobQueue.send); answers its id in the queue. */
export type SendJob = (kind: 'paymentrun', jobId: number) => Promise<string | null>;

/** When a run is queued instead of made while the request waits (config paymentRunQueueAbove). */
export interface Queuing {
  /** A run of more payments than this is queued. */
  above: number;
  send: SendJob;
}

/**
 * Pays the due payments of the filter in the caller's scope, if they are still the set the preview
 * fingerprinted: 'New Payment Run Created' with its runs (one per currency), or 'Payment Run was
 * Empty' with nothing written. A run of more payments than `queuing.above` is queued instead: 'New
 * Payment Run Queued' with its paymentrun job, which a worker makes (jobs/paymentRunJob.ts). A
 * request already made or queued (the same request key) answers its runs, or its job, again.
 */
export async function makeRun(db: Database, caller: Caller, request: RunRequest, queuing?: Queuing): Promise<PaymentRunOutcome> {
  checkRunScope(caller.scope, request.filter);
  if (caller.userId === null) throw new Error('a payment run needs a signed-in caller');
  const userId = caller.userId;
  const requestId = request.requestKey ?? randomUUID();
  let outcome: RunOutcome;
  try {
    outcome = await inRunTransaction(db, (tx) => runOnce(tx, { caller, userId, request, requestId, queueAbove: queuing?.above }));
  } catch (error) {
    if (error instanceof DueSetChanged || error instanceof ClaimRaced) {
      throw Conflict.outdated(await previewRun(db, caller, request.filter, request.approvalLimits), messages.paymentRunChanged);
    }
    throw error;
  }
  const { queuedNow, ...answer } = outcome;
  if (queuedNow && queuing && answer.job !== undefined) {
    try {
      const queueJobId = await queuing.send('paymentrun', answer.job);
      await db.execute(sql`update ${jobs} set queue_job_id = ${queueJobId} where id = ${answer.job}`);
    } catch (error) {
      // Nothing will make it: it is taken back (its request with it), so a retry of the same request
      // queues it anew instead of answering a job no worker will run. Its payments stay due.
      await db.execute(sql`delete from ${jobs} where id = ${answer.job} and status = 'Queued'`);
      throw error;
    }
  }
  return answer;
}

/** A run as made, with its steps' columns for its status. */
const MADE = sql`id, ref, reference, currency_code as currency, total::text as total, event_count as events,
  approval_limit::text as approval_limit, approved_at::text as approved_at, rejected_at::text as rejected_at, reversed_at::text as reversed_at`;
type MadeRow = Omit<PaymentRunMade, 'status'> & Parameters<typeof paymentRunStatus>[0];
const made = ({ approval_limit, approved_at, rejected_at, reversed_at, ...run }: MadeRow): PaymentRunMade => ({
  ...run, total: amountText(requireAmount(run.total)), status: paymentRunStatus({ approval_limit, approved_at, rejected_at, reversed_at }),
});

/** The runs of a request id, one per currency ('<request id> <currency>'). */
async function runsOf(tx: Database, requestId: string): Promise<PaymentRunMade[]> {
  const rows = await queryRows<MadeRow>(tx, sql`
    select ${MADE} from ${paymentRuns} where left(request_id, ${requestId.length + 1}) = ${`${requestId} `} order by currency_code`);
  return rows.map(made);
}

/**
 * Runs are made one at a time, on every instance sharing the database (a transaction's advisory
 * lock): a run waits for the one before it, then finds its set paid or changed, instead of racing
 * claims waiting on each other's payments (possibly in different orders). The guarded claim, the
 * fingerprint check and the lines' index hold without it.
 */
const RUN_LOCK = 727_233;

/** An outcome, and whether this transaction queued its job (it is sent to the queue once committed). */
type RunOutcome = PaymentRunOutcome & { queuedNow?: boolean };

export interface RunTask {
  caller: Caller;
  /** Who makes it: the caller, or a queued run's creator. */
  userId: number;
  request: RunRequest;
  requestId: string;
  /** A run of more payments than this is queued (a jobs row and its request) instead of made. */
  queueAbove?: number;
  /** The queued job making the run: its runs reference it (none is inserted). */
  jobId?: number;
}

/** A queued run's job and its request (payment_run_requests), in the transaction that decided to queue it. */
async function queueRun(tx: Database, task: RunTask): Promise<number> {
  const { caller, userId, request, requestId } = task;
  const scopeCampaignIds = caller.scope.kind === 'campaigns' ? caller.scope.campaignIds : null;
  const [job] = await tx.insert(jobs)
    .values({ kind: 'paymentrun', status: 'Queued', description: `Payment run ${request.reference}`, createdBy: userId, scopeCampaignIds })
    .returning({ id: jobs.id });
  const jobId = (job as { id: number }).id;
  await tx.insert(paymentRunRequests).values({
    jobId, requestId, filter: request.filter, reference: request.reference, fingerprint: request.fingerprint ?? null, userId, scope: caller.scope,
    approvalLimits: request.approvalLimits,
  });
  return jobId;
}

/**
 * The run transaction, the request's and a queued job's alike: the request's runs if made already,
 * its queued job if queued already (a request), else the due set checked against the fingerprint
 * and then queued (a request above queueAbove) or paid.
 */
export async function runOnce(tx: Database, task: RunTask): Promise<RunOutcome> {
  const { caller, userId, request, requestId } = task;
  await tx.execute(sql`select pg_advisory_xact_lock(${RUN_LOCK})`);
  const before = await runsOf(tx, requestId);
  if (before.length > 0) return { message: messages.paymentRunCreated, runs: before };
  if (task.jobId === undefined) {
    const [queued] = await queryRows<{ job_id: number }>(tx, sql`select job_id from ${paymentRunRequests} where request_id = ${requestId}`);
    if (queued) return { message: messages.paymentRunQueued, runs: [], job: queued.job_id };
  }

  const { filter } = request;
  // The due set, read once (the dueSet query is most of a preview's time): counted, fingerprinted,
  // totalled per currency and claimed from this copy, dropped with the transaction.
  await tx.execute(sql`create temporary table run_set on commit drop as with ${dueSet(caller.scope, filter)} select id, amount, currency_code from pay`);
  const [asked] = await queryRows<{ payments: number; fingerprint: string }>(tx, sql`
    select count(*)::int as payments, ${fingerprintOf(sql`id`, sql`amount`, sql`currency_code`)} as fingerprint from run_set`);
  if (!asked || asked.payments === 0) return { message: messages.paymentRunEmpty, runs: [] };
  if (request.fingerprint !== undefined && asked.fingerprint !== request.fingerprint) throw new DueSetChanged();
  // What the claim must take: the confirmed preview's set, or the one just counted.
  const expected = request.fingerprint ?? asked.fingerprint;
  const changed = () => (request.fingerprint === undefined ? new ClaimRaced() : new DueSetChanged());
  if (task.jobId === undefined && task.queueAbove !== undefined && asked.payments > task.queueAbove) {
    return { message: messages.paymentRunQueued, runs: [], job: await queueRun(tx, task), queuedNow: true };
  }

  // One run per currency, each with its ref from its id (six digits at least, every digit past them) and its job: the queued job making them, or
  // one of its own (Finished: it is made here, not queued). One whose total passes its currency's
  // limit keeps that limit: it awaits approval.
  const scopeCampaignIds = caller.scope.kind === 'campaigns' ? caller.scope.campaignIds : null;
  const runs = await queryRows<{ id: number }>(tx, sql`
    with made as (
      select n.id, n.currency_code, 'PR-' || lpad(n.id::text, greatest(6, length(n.id::text)), '0') as ref, case when n.total > n.limit_amount then n.limit_amount end as approval_limit
      from (
        select nextval(pg_get_serial_sequence('payment_runs', 'id'))::int as id, currency_code, total,
          (${JSON.stringify(request.approvalLimits)}::jsonb ->> currency_code)::numeric as limit_amount
        from (select currency_code, sum(amount) as total from run_set group by currency_code) c
      ) n
    )${task.jobId !== undefined ? sql`` : sql`,
    job as (
      insert into ${jobs} (kind, status, description, created_by, scope_campaign_ids, started_at, finished_at)
      select 'paymentrun', 'Finished', 'Payment run ' || ref, ${userId}::int,
        ${scopeCampaignIds === null ? sql`null` : sql`${`{${scopeCampaignIds.join(',')}}`}`}::int[], now(), now()
      from made
      returning id, description
    )`}
    insert into ${paymentRuns} (id, ref, reference, request_id, start_date, end_date, country_code, campaign_id, search, created_by, currency_code, job_id, approval_limit)
    select made.id, made.ref, ${request.reference}::text, ${`${requestId} `}::text || made.currency_code, ${filter.start_date}::date, ${filter.end_date}::date,
      ${filter.country ?? null}::text, ${filter.campaign ?? null}::int, ${filter.search || null}::text, ${userId}::int, made.currency_code,
      ${task.jobId !== undefined ? sql`${task.jobId}::int` : sql`job.id`}, made.approval_limit
    from made ${task.jobId !== undefined ? sql`` : sql`join job on job.description = 'Payment run ' || made.ref`}
    returning id`);

  // The claim: only a payment still due and in no run becomes this run's; a racing writer's payment
  // is waited for and then found taken. Its lines are what it claimed. A run awaiting approval holds
  // its payments (no other run pays them) but leaves them due until it is approved. No index names
  // what it writes of a payment (migration 0038): each stays on its page with no index entry. Each
  // run keeps the campaigns it paid (a report filtered by one of them lists it).
  await tx.execute(sql`
    with claimed as (
      update ${payments} p set payment_run_id = r.id,
        status = case when r.approval_limit is null then 'paid' else 'due' end, paid_at = case when r.approval_limit is null then now() end
      from ${paymentRuns} r, run_set s
      where r.id in (${sql.join(runs.map((run) => sql`${run.id}`), sql`, `)}) and r.currency_code = p.currency_code
        and p.id = s.id and p.status = 'due' and p.payment_run_id is null
      returning p.id, p.payment_run_id, p.event_id, p.amount, p.currency_code, p.campaign_id
    ),
    paid_campaigns as (
      update ${paymentRuns} r set campaign_ids = c.ids
      from (select payment_run_id, array_agg(distinct campaign_id order by campaign_id) as ids from claimed group by payment_run_id) c
      where r.id = c.payment_run_id
    )
    insert into ${paymentRunLines} (payment_run_id, payment_id, event_id, amount, currency_code)
    select payment_run_id, id, event_id, amount, currency_code from claimed order by id`);

  // Paid exactly what was previewed, or nothing.
  const runIds = sql.join(runs.map((run) => sql`${run.id}`), sql`, `);
  const [paid] = await queryRows<{ fingerprint: string }>(tx, sql`
    select ${fingerprintOf(sql`payment_id`, sql`amount`, sql`currency_code`)} as fingerprint from ${paymentRunLines} where payment_run_id in (${runIds})`);
  if (paid?.fingerprint !== expected) throw changed();

  // Each run's total is the sum of its lines, in this transaction.
  const totals = await queryRows<MadeRow>(tx, sql`
    update ${paymentRuns} r set total = l.line_total, event_count = l.lines
    from (select payment_run_id, sum(amount) as line_total, count(*)::int as lines from ${paymentRunLines} where payment_run_id in (${runIds}) group by payment_run_id) l
    where r.id = l.payment_run_id
    returning ${MADE}`);
  const outcome = totals.map(made).sort((a, b) => a.currency.localeCompare(b.currency));
  // A run paid now has its payout lines now; one awaiting approval has them once approved.
  await writePayoutLines(tx, outcome.filter((run) => run.status === 'Paid').map((run) => run.id));
  for (const run of outcome) {
    await recordBatch(tx, {
      actorId: userId, action: 'create', entity: 'payment_run', entityId: run.id, count: run.events, totals: { [run.currency]: run.total },
      detail: {
        ref: run.ref, reference: run.reference, status: run.status, previewed: request.fingerprint !== undefined, start_date: filter.start_date, end_date: filter.end_date,
        country: filter.country ?? null, campaign: filter.campaign ?? null, search: filter.search || null,
      },
    });
  }
  return { message: messages.paymentRunCreated, runs: outcome };
}
