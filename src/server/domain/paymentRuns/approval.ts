// A payment run's later steps (issue 33), a Super Admin's each (the routes refuse anyone else):
// approving a run that awaits approval (a second Super Admin, with a code of their own for this run),
// rejecting it (its payments due again, never paid), and reversing a paid run (its payments due
// again). Each step is one guarded change of the run (taken once: a replay or a racing step finds it
// taken and changes nothing, 409), its lines and its payments, in one transaction, with its audit
// entry. See docs/decisions.md 'Payment runs: approval and reversal'.
import { sql, type SQL } from 'drizzle-orm';
import * as messages from '../../../contract/messages';
import type { PaymentRunState } from '../../../contract/paymentRuns';
import type { CodeCheck } from '../../auth/codes';
import type { Caller } from '../../auth/scope';
import { codeRefused, type SignIn } from '../../auth/signIn';
import { queryRows, type Database } from '../../db/client';
import { paymentRunLines, paymentRuns, payments } from '../../db/schema';
import { Conflict, Refused } from '../errors';
import { recordBatch } from '../audit';
import { providerPaid, writePayoutLines } from './payouts';
import { runIs, runState, STATE, withStatus, type StateRow } from './status';

/** What a run's approval code opens: this run's approval, nothing else. */
const subjectOf = (runId: number) => `payment_run_approval:${runId}`;

const signedIn = (caller: Caller): number => {
  if (caller.userId === null) throw new Refused(messages.paymentRunSuperOnly);
  return caller.userId;
};

/** The run, if it awaits approval by this caller: not awaiting, 409; the caller made it, 403. */
async function awaitingApprovalBy(db: Database, runId: number, approver: number): Promise<PaymentRunState> {
  const run = await runState(db, runId);
  if (run.status !== 'Awaiting approval') throw new Conflict(messages.paymentRunNotAwaitingApproval, 'edit_conflict');
  if (run.created_by === approver) throw new Refused(messages.paymentRunOwnApproval);
  return run;
}

/** POST /admin/payment_run_approval_code: a code that approves this run only, by email to the second Super Admin. */
export async function sendApprovalCode(db: Database, signIn: SignIn, caller: Caller, runId: number, address: string): Promise<void> {
  const approver = signedIn(caller);
  const run = await awaitingApprovalBy(db, runId, approver);
  await signIn.sendBoundCode({ userId: approver, subject: subjectOf(runId), address, purpose: `approving payment run ${run.ref}` });
}

/** One step's change of the run, its lines and its payments, and its audit entry, in one transaction. */
async function takeStep(db: Database, runId: number, actor: number, step: {
  /** The guarded change of the run: `where` names the status it must still have. */
  set: ReturnType<typeof sql>; where: ReturnType<typeof sql>;
  /** The change of its payments (those on its lines). */
  payments: ReturnType<typeof sql>;
  /** Its lines are reversed (rejection, reversal). */
  reverseLines: boolean;
  audit: string; reason?: string; refusal: string;
  /** What refuses the step first, read under the run's row lock (a settlement waits for it, and it for a settlement). */
  refuses?: SQL; refusedWith?: string;
  /** What the step writes once taken (approval: the payout lines). */
  then?: (tx: Database, runId: number) => Promise<void>;
}): Promise<PaymentRunState> {
  return db.transaction(async (tx) => {
    if (step.refuses) {
      await tx.execute(sql`select id from ${paymentRuns} where id = ${runId} for update`);
      const [refused] = await queryRows<{ refused: boolean }>(tx, sql`select ${step.refuses} as refused`);
      if (refused?.refused) throw new Conflict(step.refusedWith ?? step.refusal, 'edit_conflict');
    }
    const [taken] = await queryRows<StateRow>(tx, sql`update ${paymentRuns} set ${step.set} where id = ${runId} and ${step.where} returning ${STATE}`);
    // Not in the status the step needs (any more): a replay, or another Super Admin was first.
    if (!taken) throw new Conflict(step.refusal, 'edit_conflict');
    // The run's payments by its lines it holds (payment_run_lines_held), before they are reversed.
    await tx.execute(sql`update ${payments} set ${step.payments}
      where ${payments.id} in (select ${paymentRunLines.paymentId} from ${paymentRunLines} where ${paymentRunLines.paymentRunId} = ${runId} and ${paymentRunLines.reversedAt} is null)
        and ${payments.paymentRunId} = ${runId}`);
    if (step.reverseLines) {
      await tx.execute(sql`update ${paymentRunLines} set reversed_at = now() where ${paymentRunLines.paymentRunId} = ${runId} and ${paymentRunLines.reversedAt} is null`);
    }
    await step.then?.(tx, runId);
    const run = withStatus(taken);
    await recordBatch(tx, {
      actorId: actor, action: 'update', entity: 'payment_run', entityId: run.id, count: run.events, totals: { [run.currency]: run.total },
      detail: { step: step.audit, ref: run.ref, reference: run.reference, status: run.status, ...(step.reason === undefined ? {} : { reason: step.reason }) },
    });
    return run;
  });
}

const AWAITING = runIs('Awaiting approval');

/** POST /admin/payment_run_approve: a second Super Admin's code for this run pays its payments. */
export async function approveRun(db: Database, signIn: SignIn, caller: Caller, request: { runId: number; code: string; address: string }): Promise<PaymentRunState> {
  const approver = signedIn(caller);
  await awaitingApprovalBy(db, request.runId, approver);
  const check: CodeCheck = await signIn.checkBoundCode({ userId: approver, subject: subjectOf(request.runId), code: request.code, address: request.address });
  if (check !== 'ok') throw codeRefused(check);
  return takeStep(db, request.runId, approver, {
    set: sql`approved_by = ${approver}, approved_at = now()`,
    where: sql`${AWAITING} and created_by <> ${approver}`,
    payments: sql`status = 'paid', paid_at = now()`,
    reverseLines: false,
    then: (tx, runId) => writePayoutLines(tx, [runId]),
    audit: 'approved',
    refusal: messages.paymentRunNotAwaitingApproval,
  });
}

/** POST /admin/payment_run_reject: a run awaiting approval is never paid; its payments are due again. */
export async function rejectRun(db: Database, caller: Caller, request: { runId: number; reason: string }): Promise<PaymentRunState> {
  const actor = signedIn(caller);
  await runState(db, request.runId);
  return takeStep(db, request.runId, actor, {
    set: sql`rejected_by = ${actor}, rejected_at = now(), rejection_reason = ${request.reason}`,
    where: AWAITING,
    payments: sql`payment_run_id = null`,
    reverseLines: true,
    audit: 'rejected',
    reason: request.reason,
    refusal: messages.paymentRunNotAwaitingApproval,
  });
}

/** POST /admin/payment_run_reverse: a paid run is undone; its payments are due again, for another run to pay. */
export async function reverseRun(db: Database, caller: Caller, request: { runId: number; reason: string }): Promise<PaymentRunState> {
  const actor = signedIn(caller);
  await runState(db, request.runId);
  return takeStep(db, request.runId, actor, {
    set: sql`reversed_by = ${actor}, reversed_at = now(), reversal_reason = ${request.reason}`,
    where: runIs('Paid'),
    // Once the provider has paid a line, the money has left: a reversal would pay it twice.
    refuses: providerPaid(request.runId),
    refusedWith: messages.payoutRunSettled,
    payments: sql`status = 'due', payment_run_id = null, paid_at = null`,
    reverseLines: true,
    audit: 'reversed',
    reason: request.reason,
    refusal: messages.paymentRunNotReversible,
  });
}
