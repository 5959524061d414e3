// Legacy admin backend: payment runs (SPEC.md section 7 'POST /admin/payment_run'; issue 33). The
// preview (ours) answers what a run with these filters would pay and hold back, without writing;
// the run pays exactly that set, confirmed by the preview's fingerprint, or nothing. A Super Admin,
// or a Campaign Admin for their own campaigns (domain/paymentRuns checks the scope).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentRunOutcome, paymentRunPreview, paymentRunPreviewRequest, paymentRunRequest } from '../../../contract/paymentRuns';
import type { Database } from '../../db/client';
import { makeRun, previewRun } from '../../domain/paymentRuns/paymentRuns';

export const paymentRunRoutes = (db: Database): FastifyPluginAsyncZod => async (app) => {
  app.post(
    '/payment_run_preview',
    {
      schema: {
        summary: 'Preview a payment run: what it would pay and hold back, and the fingerprint to confirm it with',
        description: 'Totals per currency and per campaign, the payments held back and why; nothing is written.',
        operationId: 'previewPaymentRun',
        body: paymentRunPreviewRequest,
        response: { 200: paymentRunPreview },
      },
    },
    async (request) => previewRun(db, request.caller, request.body),
  );

  app.post(
    '/payment_run',
    {
      schema: {
        summary: "Make a payment run: pay the due payments of the filters in the caller's scope, exactly the preview's set",
        operationId: 'makePaymentRun',
        description: 'One run per currency of the payments paid. An Idempotency-Key makes a retry answer the runs it made instead of paying again. A 409 (edit_conflict): the payments due changed since the preview, nothing was paid, and `current` holds the new preview.',
        body: paymentRunRequest,
        response: {
          200: paymentRunOutcome.describe('Payment Run was Empty: nothing was due, nothing was written'),
          201: paymentRunOutcome.describe('New Payment Run Created'),
        },
      },
    },
    async (request, reply) => {
      const { reference, fingerprint, ...filter } = request.body;
      const claim = request.idempotencyClaim;
      const outcome = await makeRun(db, request.caller, {
        filter, reference, fingerprint, requestKey: claim ? `${claim.scope}:${claim.key}` : undefined,
      });
      return reply.code(outcome.runs.length > 0 ? 201 : 200).send(outcome);
    },
  );
};
