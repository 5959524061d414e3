// Pending Payments' totals (issue 52): over every row the grid's filters select in the caller's
// scope, not a page, per currency, what a payment run would pay and what it would hold back. The
// grid's own groups are summed (its scope, filters and holds filter, from its summary), so the totals
// are the sums of the rows it lists; the payable total is what a run over the same filters pays.
import { sql } from 'drizzle-orm';
import { amountText, requireAmount, type Money } from '../../../contract/money';
import type { PendingPaymentTotals } from '../../../contract/pendingPayments';
import { queryRows, type Database } from '../../db/client';
import type { GridRequest } from './source';
import { pendingPayments, pendingShares } from './payments';

const wire = (amount: string, currency: string): Money => ({ amount: amountText(requireAmount(amount)), currency });

export async function pendingPaymentTotals(db: Database, request: GridRequest): Promise<PendingPaymentTotals> {
  const groups = pendingPayments.groups(request, {
    currency: pendingShares.currency,
    payable: pendingShares.payable,
    payable_payments: pendingShares.payablePayments,
    held: pendingShares.held,
    held_payments: pendingShares.heldPayments,
  });
  const rows = await queryRows<{ currency: string; payable: string; payable_payments: number; held: string; held_payments: number }>(
    db,
    sql`select g.currency, sum(g.payable)::text as payable, sum(g.payable_payments)::int as payable_payments,
        sum(g.held)::text as held, sum(g.held_payments)::int as held_payments
      from (${groups}) g group by g.currency order by g.currency`,
  );
  return {
    currencies: rows.map((row) => ({
      currency: row.currency,
      payable: { payments: row.payable_payments, total: wire(row.payable, row.currency) },
      held_back: { payments: row.held_payments, total: wire(row.held, row.currency) },
    })),
  };
}
