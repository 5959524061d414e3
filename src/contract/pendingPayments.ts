// Pending Payments and what a payment run would make of it (issue 52): each row's due amount split
// into what a run pays and what it holds back, why in HELD_BACK_REASON_TEXT's words, and the totals
// of every row the grid's filters select, per currency (never summed across two). The payable total
// is the promise: to the cent, what a run over the same filters pays.
import { z } from 'zod';
import { currencyCode, moneyWithCurrency } from './money';
import { HELD_BACK_REASON_TEXT, HELD_BACK_REASONS, type HeldBackReason } from './paymentRuns';

/** Between two reasons of one row in its Why Held Back column. */
export const HELD_BACK_REASONS_SEPARATOR = '; ';

/** A row's reasons in words, in HELD_BACK_REASONS' order: '' when nothing of it is held back. */
export const heldBackReasonsText = (reasons: Iterable<HeldBackReason>): string => {
  const held = new Set(reasons);
  return HELD_BACK_REASONS.filter((reason) => held.has(reason)).map((reason) => HELD_BACK_REASON_TEXT[reason]).join(HELD_BACK_REASONS_SEPARATOR);
};

/** How many due payments, and their total. */
const paymentsShare = z.object({ payments: z.number().int(), total: moneyWithCurrency });
export type PaymentsShare = z.infer<typeof paymentsShare>;

/**
 * POST /admin/pending_payments_totals (ours; the Pending Payments grid's body, its paging and order
 * ignored): over every row its filters select in the caller's scope, per currency, what a run would
 * pay and what it would hold back.
 */
export const pendingPaymentTotals = z.object({
  /** One entry per currency with something due, by currency code. */
  currencies: z.array(z.object({ currency: currencyCode, payable: paymentsShare, held_back: paymentsShare })),
});
export type PendingPaymentTotals = z.infer<typeof pendingPaymentTotals>;
