// Legacy admin backend (ours, issue 33): one payment run as its row popup shows it, beside its lines'
// grid (POST /admin/payment_run_detail?id=, a grid call of routes/admin/grids.ts): its summary with
// what the caller may do with it, its payout lines and the payout file of a Paid run. Each checks
// first that the caller may see the run (domain/paymentRuns/runView.ts): an unknown run 404, one
// outside the caller's campaigns 403.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paymentRunPayoutQuery, paymentRunStateRequest, paymentRunSummary } from '../../../contract/paymentRuns';
import { listPage } from '../../../contract/api';
import { paymentRunPayoutLinesQuery, payoutLine } from '../../../contract/payouts';
import type { OpenDatabase } from '../../db/client';
import { payoutFile, payoutLinesPage } from '../../domain/paymentRuns/payouts';
import { runSummary } from '../../domain/paymentRuns/runView';
import { safeFilename } from '../../reports/csv';
import { PAYMENT_RUN_CALL } from './paymentRuns';

export const paymentRunDetailRoutes = (database: OpenDatabase): FastifyPluginAsyncZod => async (app) => {
  // The state decides what the caller may do next (approve, reject, reverse): it reads the primary.
  const { db, reads } = database;

  app.post(
    '/payment_run_state',
    {
      config: PAYMENT_RUN_CALL,
      schema: {
        summary: 'One payment run with its steps by name, its filters, and what the caller may do with it now',
        description: 'can_approve, can_reject, can_reverse and payout_ready are decided here for the caller. 404: no such run; 403: not a run the caller may see.',
        operationId: 'getPaymentRunState',
        body: paymentRunStateRequest,
        response: { 200: paymentRunSummary },
      },
    },
    async (request) => runSummary(db, request.caller, request.body.id),
  );

  app.get(
    '/payment_run_payout_lines',
    {
      config: PAYMENT_RUN_CALL,
      schema: {
        summary: "A run's payout lines: what each asks the provider for, and the provider's result",
        description: 'In the payout file\'s order, a page of them (page_size 0: all), `status` sent, paid or failed for those only. A failed line names the line and run that paid it again (`repaid_by`), a line paying a failed one again names it (`retry_of`). 404: no such run; 403: not a run the caller may see.',
        operationId: 'listPaymentRunPayoutLines',
        querystring: paymentRunPayoutLinesQuery,
        response: { 200: listPage(payoutLine) },
      },
    },
    // It reads the primary: a settlement's results are on the next screen.
    async (request) => payoutLinesPage(db, request.caller, request.query),
  );

  app.get(
    '/payment_run_payout',
    {
      config: PAYMENT_RUN_CALL,
      schema: {
        summary: "A paid payment run's payout file: one line per agent, then the control total line",
        description: 'CSV, payout_<ref>.csv: msisdn, agent_name, amount, currency, run_reference, line_id; the last line\'s line_id is CONTROL_TOTAL, its amount the run\'s total. 409: the run is not Paid; 404: no such run; 403: not a run the caller may see.',
        operationId: 'downloadPaymentRunPayout',
        querystring: paymentRunPayoutQuery,
        response: { 200: { description: 'The payout file', content: { 'text/csv': { schema: z.string() } } } },
      },
    },
    async (request, reply) => {
      const file = await payoutFile(reads, request.caller, request.query.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${safeFilename(file.filename)}"`)
        .send(file.text);
    },
  );
};
