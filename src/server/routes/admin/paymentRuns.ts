// Legacy admin backend: payment runs (SPEC.md section 7 'POST /admin/payment_run'; issue 33). The
// preview (ours) answers what a run with these filters would pay and hold back, without writing;
// the run pays exactly that set, confirmed by the preview's fingerprint, or nothing. A Super Admin,
// or a Campaign Admin for their own campaigns (domain/paymentRuns checks the scope). A run above its
// currency's approval limit awaits a second Super Admin's approval (with a code of their own) or
// rejection; a paid run is reversed, not deleted: those steps are a Super Admin's.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as messages from '../../../contract/messages';
import {
  paymentRunApprovalCodeRequest, paymentRunApprovalCodeSent, paymentRunApproveRequest, paymentRunOutcome, paymentRunPreview,
  paymentRunPreviewRequest, paymentRunReasonRequest, paymentRunRequest, paymentRunState,
} from '../../../contract/paymentRuns';
import type { SignIn } from '../../auth/signIn';
import type { Database } from '../../db/client';
import { fieldErrors } from '../../../contract/schemas/fieldErrors';
import { paymentRunSettleFileFields, readResultsFile } from '../../../contract/payoutResultsFile';
import { paymentRunSettleRequest, paymentRunSettlement } from '../../../contract/payouts';
import { Invalid } from '../../domain/errors';
import { UPLOAD_CALL } from '../../http/routeConfig';
import { installUploads, readUploadForm } from '../../http/uploads';
import { approveRun, rejectRun, reverseRun, sendApprovalCode } from '../../domain/paymentRuns/approval';
import { settleRun } from '../../domain/paymentRuns/payouts';
import { makeRun, previewRun, type Queuing } from '../../domain/paymentRuns/paymentRuns';

/** Approval, rejection and reversal: a Super Admin's, refused to anyone else before the body is read. */
const SUPER_ADMIN_STEP = { requires: 'Super Admin', refusal: messages.paymentRunSuperOnly } as const;
/** A results file of the largest run (200,000 lines) as JSON rows: about 25 MB. */
const SETTLE_BODY_LIMIT = 48 * 1024 * 1024;

/** Previewing and making a run: never an Agency Admin's, refused before the body is read (whatever it holds). */
/** A results upload's fields, refused (400) before its file is read. */
function settleFields(fields: Record<string, string>) {
  const parsed = paymentRunSettleFileFields.safeParse(fields);
  if (!parsed.success) throw new Invalid(Object.values(fieldErrors(parsed.error)).flat().join('\n'), fieldErrors(parsed.error));
  return parsed.data;
}

export const PAYMENT_RUN_CALL = { requires: 'Payment runs', refusal: messages.paymentRunsNotAllowed } as const;

export const paymentRunRoutes = (db: Database, signIn: SignIn, approvalLimits: Record<string, string>, queuing: Queuing): FastifyPluginAsyncZod => async (app) => {
  app.post(
    '/payment_run_preview',
    {
      config: PAYMENT_RUN_CALL,
      schema: {
        summary: 'Preview a payment run: what it would pay and hold back, and the fingerprint to confirm it with',
        description: 'Totals per currency and per campaign, the payments held back and why; nothing is written.',
        operationId: 'previewPaymentRun',
        body: paymentRunPreviewRequest,
        response: { 200: paymentRunPreview },
      },
    },
    async (request) => previewRun(db, request.caller, request.body, approvalLimits),
  );

  app.post(
    '/payment_run',
    {
      config: PAYMENT_RUN_CALL,
      schema: {
        summary: "Make a payment run: pay the due payments of the filters in the caller's scope",
        operationId: 'makePaymentRun',
        description: 'One run per currency of the payments paid; a run whose total passes its currency\'s approval limit (PAYMENT_RUN_APPROVAL_LIMITS) is Awaiting approval: it holds its payments but pays them only once a second Super Admin approves it. A run of more than PAYMENT_RUN_QUEUE_ABOVE payments is queued (202): a paymentrun job, listed by /admin/list_job_queue?job=paymentrun, makes it. With `fingerprint` (the preview\'s, optional) the run pays exactly the previewed set or nothing: a 409 (edit_conflict) when the payments due changed since the preview, nothing paid, and `current` holds the new preview (a queued job Failed instead); without it, the run pays the due set as it stands when its payments are claimed. An Idempotency-Key makes a retry answer the runs it made, or the job it queued, instead of paying again.',
        body: paymentRunRequest,
        response: {
          200: paymentRunOutcome.describe('Payment Run was Empty: nothing was due, nothing was written'),
          201: paymentRunOutcome.describe('New Payment Run Created'),
          202: paymentRunOutcome.describe('New Payment Run Queued: `job` is the paymentrun job that makes it'),
        },
      },
    },
    async (request, reply) => {
      const { reference, fingerprint, ...filter } = request.body;
      const claim = request.idempotencyClaim;
      const outcome = await makeRun(db, request.caller, {
        filter, reference, fingerprint, requestKey: claim ? `${claim.scope}:${claim.key}` : undefined, approvalLimits,
      }, queuing);
      return reply.code(outcome.job !== undefined ? 202 : outcome.runs.length > 0 ? 201 : 200).send(outcome);
    },
  );

  app.post(
    '/payment_run_approval_code',
    {
      config: SUPER_ADMIN_STEP,
      schema: {
        summary: 'Send the caller a one-time code that approves this payment run only (a Super Admin who did not make it)',
        description: 'By email, as a secure report\'s code (SECURE_PAGES, bound to this run). 409: the run is not awaiting approval; 403: the caller made it.',
        operationId: 'sendPaymentRunApprovalCode',
        body: paymentRunApprovalCodeRequest,
        response: { 200: paymentRunApprovalCodeSent },
      },
    },
    async (request) => {
      await sendApprovalCode(db, signIn, request.caller, request.body.id, request.ip);
      return { message: messages.paymentRunApprovalCodeSent };
    },
  );

  app.post(
    '/payment_run_approve',
    {
      config: SUPER_ADMIN_STEP,
      schema: {
        summary: 'Approve a payment run awaiting approval with the approver\'s code: its payments are paid',
        description: 'A second Super Admin, not its maker (403), with the code /admin/payment_run_approval_code sent them. 409: the run is not awaiting approval (approved once: a replay changes nothing).',
        operationId: 'approvePaymentRun',
        body: paymentRunApproveRequest,
        response: { 200: paymentRunState },
      },
    },
    async (request) => approveRun(db, signIn, request.caller, { runId: request.body.id, code: request.body.otp, address: request.ip }),
  );

  app.post(
    '/payment_run_reject',
    {
      config: SUPER_ADMIN_STEP,
      schema: {
        summary: 'Reject a payment run awaiting approval, with a reason: it pays nothing and its payments are due again',
        description: '409: the run is not awaiting approval.',
        operationId: 'rejectPaymentRun',
        body: paymentRunReasonRequest,
        response: { 200: paymentRunState },
      },
    },
    async (request) => rejectRun(db, request.caller, { runId: request.body.id, reason: request.body.reason }),
  );

  app.post(
    '/payment_run_settle',
    {
      config: { requires: 'Super Admin', refusal: messages.payoutSettleSuperOnly },
      bodyLimit: SETTLE_BODY_LIMIT,
      schema: {
        summary: "Settle a paid run's payout lines with the provider's results, all of a file or none",
        description: "The rows of the provider's results file (line_id, status paid or failed, and optionally amount, currency, provider_reference, reason), in the file's order. Each is checked against the run's payout lines: a line the run does not have, a line listed twice, a status other than paid or failed, an amount or currency other than the line's, or a line already settled the other way is refused with its row and reason, and then nothing of the file is written (422 `unprocessable`, the check in `current`). With `preview` nothing is written and the answer says what settling would do. A failed line's payments are due again at once, for a later run to pay under a new line naming it. A row repeating a line's result changes nothing: the same file twice settles once. 409: the run is not Paid.",
        operationId: 'settlePaymentRun',
        body: paymentRunSettleRequest,
        response: { 200: paymentRunSettlement },
      },
    },
    async (request) => settleRun(db, request.caller, { runId: request.body.id, rows: request.body.rows, preview: request.body.preview === true }),
  );

  // The same, as the console sends it: the file itself, which the browser streams from the disk
  // (no 100,000 rows turned into JSON on the page), read here as the JSON rows are checked.
  await app.register(async (uploads) => {
    await installUploads(uploads);
    uploads.post(
      '/payment_run_settle_file',
      {
        config: { ...UPLOAD_CALL.config, requires: 'Super Admin', refusal: messages.payoutSettleSuperOnly },
        schema: {
          summary: "Settle a paid run with the provider's results file itself (multipart), all of it or none",
          description: 'multipart/form-data: id, preview (true or false, optional), then one file: the provider\'s results as CSV (UTF-8, comma or semicolon separated, a header row naming line_id and status, and optionally amount, currency, provider_reference, reason). Read and checked as POST /admin/payment_run_settle checks its rows, with the same answers.',
          operationId: 'settlePaymentRunFile',
          response: { 200: paymentRunSettlement },
        },
      },
      async (request) => {
        // The id, sent before the file (as the console sends it), is checked before the file is read.
        const form = await readUploadForm(request, async (fields) => void (Object.hasOwn(fields, 'id') && settleFields(fields)));
        const { id, preview } = settleFields(form.fields);
        if (!form.file || form.file.size === 0) throw new Invalid(messages.payoutFileRequired, { file: [messages.payoutFileRequired] });
        const { rows, error } = readResultsFile(new TextDecoder('utf-8').decode(form.file.bytes));
        if (error) throw new Invalid(error, { file: [error] });
        return settleRun(db, request.caller, { runId: id, rows, preview: preview === 'true' });
      },
    );
  });

  app.post(
    '/payment_run_reverse',
    {
      config: SUPER_ADMIN_STEP,
      schema: {
        summary: 'Reverse a paid payment run, with a reason: its lines are reversed and its payments due again, for another run to pay',
        description: '409: the run is not paid (awaiting approval, rejected, or already reversed), or the provider has paid a line of it (money has left).',
        operationId: 'reversePaymentRun',
        body: paymentRunReasonRequest,
        response: { 200: paymentRunState },
      },
    },
    async (request) => reverseRun(db, request.caller, { runId: request.body.id, reason: request.body.reason }),
  );
};
