// Legacy admin backend (ours, issue 33): one payment run as its row popup shows it. Its lines as a
// grid (paged, sorted, searched and exported like every grid), its summary with what the caller may
// do with it, and the payout file of a Paid run. Each checks first that the caller may see the run
// (domain/paymentRuns/runView.ts): an unknown run 404, one outside the caller's campaigns 403.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { gridPage } from '../../../contract/api';
import { GRID_EXPORT_CSV } from '../../../contract/constants';
import { gridRowSchema } from '../../../contract/gridRows';
import { paymentRunDetailGrid } from '../../../contract/grids';
import { paymentRunDetailQuery, paymentRunPayoutQuery, paymentRunStateRequest, paymentRunSummary } from '../../../contract/paymentRuns';
import { listPage } from '../../../contract/api';
import { paymentRunPayoutLinesQuery, payoutLine } from '../../../contract/payouts';
import { recordGridQuery } from '../../../contract/schemas/gridQuery';
import type { OpenDatabase } from '../../db/client';
import { paymentRunDetail } from '../../domain/grids/paymentRunDetail';
import { payoutFile, payoutLinesPage } from '../../domain/paymentRuns/payouts';
import { runSummary } from '../../domain/paymentRuns/runView';
import { visibleRun } from '../../domain/paymentRuns/visibleRun';
import { safeFilename, sendCsv } from '../../reports/csv';
import { PAYMENT_RUN_CALL } from './paymentRuns';

export const paymentRunDetailRoutes = (database: OpenDatabase): FastifyPluginAsyncZod => async (app) => {
  // The state decides what the caller may do next (approve, reject, reverse): it reads the primary.
  const { db, reads } = database;

  app.post(
    '/payment_run_detail',
    {
      config: PAYMENT_RUN_CALL,
      schema: {
        summary: "A payment run's lines grid: one row per payment it pays, a page of them and their count, or all of them as CSV",
        description: 'The grid body of the other grids; its dates are optional and ignored (the lines are the run\'s, whatever their dates), and it offers no filter but the search. With export "csv", the file payment-run-lines_<ref>.csv. 404: no such run; 403: not a run the caller may see.',
        operationId: 'listPaymentRunDetail',
        querystring: paymentRunDetailQuery,
        body: recordGridQuery,
        response: {
          200: {
            description: `${paymentRunDetailGrid.title}: a page of rows and their count; with export "csv", the whole result as a file`,
            content: { 'application/json': { schema: gridPage(gridRowSchema(paymentRunDetailGrid)) }, 'text/csv': { schema: z.string() } },
          },
        },
      },
    },
    async (request, reply) => {
      const run = await visibleRun(reads, request.caller.scope, request.query.id);
      // The grid reads no dates; the run's (always in the same place) keep its cursors and counts the same whatever a client sends.
      const { start_date: _start, end_date: _end, ...rest } = request.body;
      const body = { start_date: run.start_date, end_date: run.end_date, ...rest };
      const gridRequest = { scope: request.caller.scope, body, recordId: run.id };
      if (body.export === GRID_EXPORT_CSV) return sendCsv(reply, database, paymentRunDetail.csv(gridRequest, `${paymentRunDetailGrid.filename}_${run.ref}.csv`));
      // All rows (page_size 0) is one JSON answer: a run's lines are few next to a report grid's rows.
      return paymentRunDetail.page(reads, gridRequest);
    },
  );

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
