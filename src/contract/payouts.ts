// A paid run's payout and the provider's results (issue 52). The payout file asks the mobile-money
// provider or bank to pay one line per agent; the provider answers each line paid or failed. Every
// line keeps what it asked for (whole units of a currency without minor units: the remainder is
// carried to the agent's next line, never rounded away), its status and the provider's answer. A
// failed line's payments are due again, for a later run to pay under a new line that names it.
import { z } from 'zod';
import { currencyCode, money, moneyWithCurrency } from './money';
import { storableId } from './schemas/fields';

/** Sent: in a payout file, no result yet. Paid and failed: the provider's answer, once. */
export const PAYOUT_LINE_STATUSES = ['sent', 'paid', 'failed'] as const;
export type PayoutLineStatus = (typeof PAYOUT_LINE_STATUSES)[number];
/** The statuses a results file may give a line. */
export const PAYOUT_RESULT_STATUSES = ['paid', 'failed'] as const;

/**
 * A run's payout as its lines' results make it: Sent (some lines have no result yet, none failed),
 * Settled (every line paid), Partly failed (some failed, the others paid or still sent), Failed
 * (every line failed). A run that asks the provider for nothing (only carried remainders) is Settled.
 */
export const PAYOUT_SETTLEMENTS = ['Sent', 'Settled', 'Partly failed', 'Failed'] as const;
export type PayoutSettlement = (typeof PAYOUT_SETTLEMENTS)[number];

/**
 * What Stats' Needs attention counts (issue 52): a run whose payout has lines still without the
 * provider's result PAYOUT_FOLLOW_UP_DAYS after it was paid, or lines that failed that long ago and
 * whose payments no later run has paid again. The Payment Runs grid's Payout column says which, in
 * these words, so the figure's link (a search for them) opens exactly its runs.
 */
export const PAYOUT_FOLLOW_UP_DAYS = 7;
export const PAYOUT_RESULTS_OVERDUE = 'Results overdue';
export const PAYOUT_FAILED_UNPAID = 'Failed, not paid again';

export interface PayoutLineCounts { sent: number; paid: number; failed: number }

/** The settlement its lines' statuses make (the lines of nothing to send count as paid). */
export function payoutSettlement(lines: PayoutLineCounts): PayoutSettlement {
  if (lines.failed > 0) return lines.paid + lines.sent === 0 ? 'Failed' : 'Partly failed';
  return lines.sent > 0 ? 'Sent' : 'Settled';
}

/**
 * The columns of the provider's results file: line_id and status are required; amount and currency,
 * when given, must be the line's; provider_reference and reason are kept with the line.
 */
export const PAYOUT_RESULT_COLUMNS = ['line_id', 'status', 'amount', 'currency', 'provider_reference', 'reason'] as const;
export const PAYOUT_RESULT_REQUIRED = ['line_id', 'status'] as const;
/** The most rows a results file may hold (a run pays at most one line per agent). */
export const PAYOUT_RESULTS_MAX = 200_000;
/** How many refused rows an answer lists one by one (all of them are counted). */
export const PAYOUT_REFUSALS_LISTED_MAX = 200;

/** A cell as a spreadsheet or a provider writes it: text, trimmed; an empty one is not given. */
const cell = (max: number) => z.preprocess(
  (value) => (typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : value),
  z.string().max(max, { error: `at most ${max} characters` }),
).optional();

/** The longest each column's cell may be, in characters. */
export const PAYOUT_RESULT_CELL_MAX = { line_id: 64, status: 32, amount: 32, currency: 8, provider_reference: 200, reason: 500 } as const satisfies
  Record<(typeof PAYOUT_RESULT_COLUMNS)[number], number>;

/** One row of the results file, as read (its checks against the run's lines are the server's, row by row). */
export const payoutResultRow = z.object({
  line_id: cell(PAYOUT_RESULT_CELL_MAX.line_id),
  status: cell(PAYOUT_RESULT_CELL_MAX.status),
  amount: cell(PAYOUT_RESULT_CELL_MAX.amount),
  currency: cell(PAYOUT_RESULT_CELL_MAX.currency),
  provider_reference: cell(PAYOUT_RESULT_CELL_MAX.provider_reference),
  reason: cell(PAYOUT_RESULT_CELL_MAX.reason),
});
export type PayoutResultRow = z.input<typeof payoutResultRow>;

/**
 * POST /admin/payment_run_settle (ours): a run's results, row by row in the file's order. With
 * `preview` nothing is written: the answer says what settling would do, and which rows it refuses.
 */
export const paymentRunSettleRequest = z.object({
  id: storableId('id'),
  rows: z.array(payoutResultRow).min(1, { error: 'The results file has no rows.' }).max(PAYOUT_RESULTS_MAX, { error: `A results file holds at most ${PAYOUT_RESULTS_MAX} rows.` }),
  preview: z.boolean().optional(),
});
export type PaymentRunSettleRequest = z.input<typeof paymentRunSettleRequest>;

/** A refused row: its number in the file (1: the first row under the header), its line id as given, and why. */
export const payoutRefusal = z.object({ row: z.number().int(), line_id: z.string(), reason: z.string() });
export type PayoutRefusal = z.infer<typeof payoutRefusal>;

const lineCount = z.object({ lines: z.number().int(), total: moneyWithCurrency });

/** What a results file does (preview) or did to the run. Nothing is written when any row is refused. */
export const paymentRunSettlement = z.object({
  id: z.number().int(),
  ref: z.string(),
  /** True: settled now; false: a preview, or refused. */
  written: z.boolean(),
  rows: z.number().int(),
  /** The lines the file settles as paid, and as failed (their payments due again). */
  paid: lineCount,
  failed: lineCount,
  /** Rows that repeat a line's result as it stands (the same file twice changes nothing). */
  unchanged: z.number().int(),
  refused: z.number().int(),
  /** The first PAYOUT_REFUSALS_LISTED_MAX refused rows, in file order. */
  refusals: z.array(payoutRefusal),
  /** The run's settlement after the file (as it would be, for a preview). */
  settlement: z.enum(PAYOUT_SETTLEMENTS),
  lines: z.object({ sent: z.number().int(), paid: z.number().int(), failed: z.number().int() }),
});
export type PaymentRunSettlement = z.infer<typeof paymentRunSettlement>;

/** A run's payout as its popup shows it: its settlement, what it asked the provider for, and what failed. */
export const payoutSummary = z.object({
  settlement: z.enum(PAYOUT_SETTLEMENTS),
  lines: z.object({ sent: z.number().int(), paid: z.number().int(), failed: z.number().int() }),
  /** What the payout file asks for: the lines' amounts (whole units where the currency has no minor unit). */
  asked: moneyWithCurrency,
  /** What its lines carry to each agent's next line (below one whole unit each); 0.00 in a currency with minor units. */
  carried: moneyWithCurrency,
  failed_total: moneyWithCurrency,
  /** The provider paid at least one line: money has left, so the run can no longer be reversed. */
  provider_paid: z.boolean(),
  /** A Super Admin may upload the provider's results: the run is paid and the caller is a Super Admin. */
  can_settle: z.boolean(),
});
export type PayoutSummary = z.infer<typeof payoutSummary>;

/** GET /admin/payment_run_payout_lines?id=&status=: a run's payout lines, a page of them. */
export const paymentRunPayoutLinesQuery = z.object({
  id: storableId('id'),
  status: z.enum(PAYOUT_LINE_STATUSES).optional(),
  page_size: z.coerce.number().int().min(0).max(1000).default(50),
  current_page: z.coerce.number().int().min(1).default(1),
});

/** One line of a run's payout: what it asked for and the provider's answer; a failed one names the line that paid it again. */
export const payoutLine = z.object({
  line_id: z.string(),
  agent_id: z.number().int(),
  agent: z.string(),
  msisdn: z.string().nullable(),
  payments: z.number().int(),
  /** The line's payments, summed; `amount` is what the file asks for (payments and carry, in whole units where the currency has none smaller). */
  payments_total: money,
  amount: money,
  currency: currencyCode,
  status: z.enum(PAYOUT_LINE_STATUSES),
  provider_reference: z.string().nullable(),
  reason: z.string().nullable(),
  settled_at: z.string().nullable(),
  /** The failed line this one pays again. */
  retry_of: z.string().nullable(),
  /** For a failed line: the line, and its run, that paid its payments again. */
  repaid_by: z.object({ line_id: z.string(), run_id: z.number().int(), ref: z.string() }).nullable(),
});
export type PayoutLine = z.infer<typeof payoutLine>;
