// One run of a paymentrun job (issue 33): a payment run of more than PAYMENT_RUN_QUEUE_ABOVE
// payments, queued by POST /admin/payment_run with its request (payment_run_requests). The run is
// made as the request would have made it (domain/paymentRuns runOnce): its creator as the caller,
// with the scope they had, the same request id, exactly the previewed set or nothing.
//
// Made once, never twice: the run claims the job with a token (as report runs do, reportRun.ts) and
// makes the runs and marks the job Finished in ONE transaction, only while the token is still its
// own. A worker killed mid-run leaves nothing (the transaction rolls back, the job stays Started);
// the queue notices its heartbeat stopped and retries, and the retry makes it, or finds it made by
// its request id.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import * as messages from '../../contract/messages';
import type { PaymentRunFilter } from '../../contract/paymentRuns';
import type { RoleScope } from '../../contract/roles';
import { queryRows, type OpenDatabase } from '../db/client';
import { DueSetChanged, inRunTransaction, runOnce } from '../domain/paymentRuns/paymentRuns';
import { RunSuperseded } from './reportRun';

/** The detail of a queued run whose payments changed before a worker made it: it failed, and is not tried again. */
export const PAYMENT_RUN_CHANGED_DETAIL = 'the payments due changed since the preview; nothing was paid';
/** The detail of a job while a worker makes its run. */
export const PAYMENT_RUN_MAKING_DETAIL = 'paying the previewed payments';

interface Claimed {
  request_id: string;
  filter: PaymentRunFilter;
  reference: string;
  /** Null: the request sent none (the run pays the due set as it stands). */
  fingerprint: string | null;
  user_id: number;
  scope: RoleScope;
  approval_limits: Record<string, string>;
}

/**
 * Makes the job's run: answers 'made', 'empty', 'changed' (the job Failed, not retried) or 'done
 * already'. Throws when it fails (the queue retries it) or RunSuperseded.
 */
export async function runPaymentRunJob(database: OpenDatabase, jobId: number): Promise<'made' | 'empty' | 'changed' | 'done already'> {
  const { db } = database;
  const token = randomUUID();
  // A Failed job is not claimed: its payments changed (it would fail again), or the queue gave up on it.
  const [claimed] = await queryRows<Claimed>(
    db,
    sql`with claimed as (
        update jobs set run_token = ${token}, attempts = attempts + 1, status = 'Started', detail = ${PAYMENT_RUN_MAKING_DETAIL}, started_at = now()
        where id = ${jobId} and kind = 'paymentrun' and status not in ('Finished', 'Failed') returning id)
      select r.request_id, r.filter, r.reference, r.fingerprint, r.user_id, r.scope, r.approval_limits
      from claimed join payment_run_requests r on r.job_id = claimed.id`,
  );
  if (!claimed) return 'done already';
  const superseded = () => new RunSuperseded(`payment run job ${jobId}: a newer run took it over`);

  try {
    return await inRunTransaction(db, async (tx) => {
      const outcome = await runOnce(tx, {
        caller: { userId: claimed.user_id, sessionId: null, scope: claimed.scope },
        userId: claimed.user_id,
        request: {
          filter: claimed.filter, reference: claimed.reference, fingerprint: claimed.fingerprint ?? undefined, requestKey: claimed.request_id,
          approvalLimits: claimed.approval_limits,
        },
        requestId: claimed.request_id,
        jobId,
      });
      const empty = outcome.runs.length === 0;
      // Finished by this run alone, in the transaction that made its runs, or not at all.
      const [row] = await queryRows<{ id: number }>(tx, sql`update jobs set status = 'Finished', detail = ${empty ? messages.paymentRunEmpty : null},
        finished_at = now() where id = ${jobId} and run_token = ${token} returning id`);
      if (!row) throw superseded();
      return empty ? 'empty' : 'made';
    });
  } catch (error) {
    if (!(error instanceof DueSetChanged)) throw error;
    // Not tried again: the admin previews anew and confirms the new set.
    const [row] = await queryRows<{ id: number }>(db, sql`update jobs set status = 'Failed', detail = ${PAYMENT_RUN_CHANGED_DETAIL}, finished_at = now()
      where id = ${jobId} and run_token = ${token} returning id`);
    if (!row) throw superseded();
    return 'changed';
  }
}
