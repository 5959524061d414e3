// Legacy admin backend (ours, issue 52): Pending Payments' totals per currency, split into what a
// payment run would pay and what it would hold back, over every row the grid's body selects. The
// grid's own body and scope: what the caller may read of the grid is what the totals add up.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pendingPaymentTotals } from '../../../contract/pendingPayments';
import { gridQuery } from '../../../contract/schemas/gridQuery';
import type { Databases } from '../../db/client';
import { pendingPaymentTotals as totalsOf } from '../../domain/grids/pendingPaymentTotals';

export const pendingPaymentTotalsRoutes = ({ reads }: Databases): FastifyPluginAsyncZod => async (app) => {
  app.post(
    '/pending_payments_totals',
    {
      schema: {
        summary: "Pending Payments' totals per currency: what a payment run would pay and hold back of every row the grid's filters select",
        description:
          "The body of POST /admin/pending_payments (its paging, order, cursor and export are ignored), scoped as the grid is. Per currency, the payments a run would pay and their total, and those it would hold back (agent blacklisted or suspended, event in Fraud Events, no valid mobile number) and theirs; the payable total is what POST /admin/payment_run over the same dates, country, campaign and search pays.",
        operationId: 'pendingPaymentTotals',
        body: gridQuery,
        response: { 200: pendingPaymentTotals },
      },
    },
    async (request) => totalsOf(reads, { scope: request.caller.scope, body: request.body }),
  );
};
