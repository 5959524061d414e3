// Payment runs (SPEC.md sections 3, 4, 5 and 7 'POST /admin/payment_run'; issue 33): what a run
// pays is previewed first, and the run is made with the preview's fingerprint, so it pays exactly
// the payments the admin saw or nothing. Amounts are the money module's decimal strings with their
// currency, totalled per currency and never across.
import { z } from 'zod';
import * as messages from './messages';
import { currencyCode, money, moneyWithCurrency } from './money';
import { payoutSummary } from './payouts';
import { paymentRunForm } from './schemas/adminForms';
import { endBeforeStart, endNotBeforeStartDate, SECURE_OTP_PATTERN, storableId } from './schemas/fields';
import { reportFilterFields } from './schemas/gridQuery';

/** A legacy client leaves a filter out as '' or null: the same as not sending it. */
const leftOut = (value: unknown) => (value === '' || value === null ? undefined : value);

/** The filters of a run (section 7): the due payments of a date range, a country, a campaign and a search. */
const runFilterFields = z.object({
  start_date: reportFilterFields.shape.start_date,
  end_date: reportFilterFields.shape.end_date,
  country: z.preprocess(leftOut, reportFilterFields.shape.country),
  campaign: z.preprocess(leftOut, storableId('campaign').optional()),
  search: z.preprocess(leftOut, reportFilterFields.shape.search),
});

/** POST /admin/payment_run_preview (ours): the run's filters, without the reference. */
export const paymentRunPreviewRequest = runFilterFields.refine(endNotBeforeStartDate, endBeforeStart);
export type PaymentRunPreviewRequest = z.input<typeof paymentRunPreviewRequest>;
export type PaymentRunFilter = z.output<typeof paymentRunPreviewRequest>;

/** The fingerprint of a set of payments: SHA-256 (hex) of its payments' ids, amounts and currencies. */
export const paymentSetFingerprint = z.string().regex(/^[0-9a-f]{64}$/, { error: 'fingerprint must be the preview\'s fingerprint' });

/**
 * POST /admin/payment_run: section 7's filters and accounting reference (section 5's rule), and,
 * optionally (ours), the fingerprint of the preview the admin confirmed. Sent, the run pays exactly
 * that set or nothing (409); left out, it pays the due set as it stands when its payments are claimed.
 */
export const paymentRunRequest = runFilterFields
  .extend({
    reference: z.preprocess((value) => value ?? '', paymentRunForm.shape.reference),
    fingerprint: z.preprocess(leftOut, paymentSetFingerprint.optional()),
  })
  .refine(endNotBeforeStartDate, endBeforeStart);
export type PaymentRunRequest = z.input<typeof paymentRunRequest>;

/** Why a due payment is held back from a run. */
export const HELD_BACK_REASONS = ['agent_blacklisted', 'agent_suspended', 'fraud_flagged', 'no_valid_msisdn'] as const;
export type HeldBackReason = (typeof HELD_BACK_REASONS)[number];

/** The reasons in words. */
export const HELD_BACK_REASON_TEXT: Record<HeldBackReason, string> = {
  agent_blacklisted: 'The agent is blacklisted',
  agent_suspended: 'The agent is suspended',
  fraud_flagged: 'The event is flagged in Fraud Events',
  no_valid_msisdn: 'The agent has no valid mobile number',
};

/** How many held-back payments a preview lists one by one (all of them are counted and totalled). */
export const HELD_BACK_LISTED_MAX = 200;

export const heldBackPayment = z.object({
  payment_id: z.string().describe('The payment id (a bigint, as text)'),
  agent_id: z.number().int(),
  agent: z.string(),
  campaign_id: z.number().int(),
  campaign_name: z.string(),
  amount: money,
  currency: currencyCode,
  reasons: z.array(z.enum(HELD_BACK_REASONS)).min(1),
});
export type HeldBackPayment = z.infer<typeof heldBackPayment>;

export const campaignTotal = z.object({
  campaign_id: z.number().int(),
  campaign_name: z.string(),
  payments: z.number().int(),
  total: moneyWithCurrency,
});

/** What a run with these filters would pay now, and what it would hold back and why. Nothing is written. */
export const paymentRunPreview = z.object({
  payments: z.number().int(),
  agents: z.number().int(),
  events: z.number().int(),
  /** One total per currency, by currency code. */
  totals: z.array(moneyWithCurrency),
  /**
   * The runs Confirm makes (ours, issue 53): one per currency of `totals`, in its order, each saying
   * whether its total passes its currency's approval limit (then it awaits a second Super Admin).
   */
  runs: z.array(z.object({
    total: moneyWithCurrency,
    awaits_approval: z.boolean(),
    /** The currency's approval limit; null: none set. */
    approval_limit: moneyWithCurrency.nullable(),
  })),
  /** One total per campaign and currency. */
  campaigns: z.array(campaignTotal),
  held_back: z.object({
    payments: z.number().int(),
    totals: z.array(moneyWithCurrency),
    /** Each reason with how many payments it holds back (a payment may have several). */
    reasons: z.array(z.object({ reason: z.enum(HELD_BACK_REASONS), payments: z.number().int() })),
    /** The first HELD_BACK_LISTED_MAX of them, oldest first. */
    listed: z.array(heldBackPayment),
  }),
  /** Send it back with the run: the run pays exactly this set of payments, or nothing. */
  fingerprint: paymentSetFingerprint,
});
export type PaymentRunPreview = z.infer<typeof paymentRunPreview>;

/**
 * What a run is now (issue 33). Paid: its payments are paid. Awaiting approval: its total passed its
 * currency's approval limit, so its lines hold its payments (no other run pays them) but they are
 * not paid until a second Super Admin approves. Rejected: never paid, its payments due again.
 * Reversed: paid, then undone, its payments due again. Queued: a run the job queue has yet to make.
 */
export const PAYMENT_RUN_STATUSES = ['Paid', 'Awaiting approval', 'Rejected', 'Reversed', 'Queued'] as const;
export type PaymentRunStatus = (typeof PAYMENT_RUN_STATUSES)[number];

/** The steps a run's status is read from (null: not taken). */
export interface PaymentRunSteps {
  /** The limit its total passed when it was made; null: it needed no approval. */
  approval_limit: string | null;
  approved_at: string | null;
  rejected_at: string | null;
  reversed_at: string | null;
}

/** A run's status, from its steps: the one reading every answer uses. */
export function paymentRunStatus(run: PaymentRunSteps): PaymentRunStatus {
  if (run.reversed_at !== null) return 'Reversed';
  if (run.rejected_at !== null) return 'Rejected';
  if (run.approval_limit !== null && run.approved_at === null) return 'Awaiting approval';
  return 'Paid';
}

/** A run as it was made: one currency each (a run's total is never a sum across two). */
export const paymentRunMade = z.object({
  id: z.number().int(),
  ref: z.string(),
  reference: z.string(),
  currency: currencyCode,
  total: money,
  events: z.number().int(),
  status: z.enum(PAYMENT_RUN_STATUSES),
});
export type PaymentRunMade = z.infer<typeof paymentRunMade>;

/**
 * The outcome of POST /admin/payment_run (section 8's words): created (201) with its runs, empty
 * (200, nothing written), or queued (202): a run of more than PAYMENT_RUN_QUEUE_ABOVE payments is
 * made by a worker as a paymentrun job, listed by /admin/list_job_queue?job=paymentrun.
 */
export const paymentRunOutcome = z.object({
  message: z.enum([messages.paymentRunCreated, messages.paymentRunEmpty, messages.paymentRunQueued]),
  /** One run per currency of the payments paid; none when the run was empty or is queued. */
  runs: z.array(paymentRunMade),
  /** The paymentrun job that makes the runs, when it was queued. */
  job: z.number().int().optional(),
});
export type PaymentRunOutcome = z.infer<typeof paymentRunOutcome>;

/** A run with its approval, rejection and reversal: who (a user id), when (ISO instant) and why. */
export const paymentRunState = paymentRunMade.extend({
  created_by: z.number().int(),
  created_at: z.string(),
  approval_limit: money.nullable().describe("The limit of its currency its total passed when it was made; null: it needed no approval"),
  approved_by: z.number().int().nullable(),
  approved_at: z.string().nullable(),
  rejected_by: z.number().int().nullable(),
  rejected_at: z.string().nullable(),
  rejection_reason: z.string().nullable(),
  reversed_by: z.number().int().nullable(),
  reversed_at: z.string().nullable(),
  reversal_reason: z.string().nullable(),
});
export type PaymentRunState = z.infer<typeof paymentRunState>;

const runId = storableId('id');
const reason = z.string({ error: messages.paymentRunReasonRequired }).trim()
  .min(1, { error: messages.paymentRunReasonRequired }).max(500, { error: 'reason must be at most 500 characters' });

/** POST /admin/payment_run_approval_code (ours): a code that approves this run only, sent to the caller. */
export const paymentRunApprovalCodeRequest = z.object({ id: runId });
export const paymentRunApprovalCodeSent = z.object({ message: z.string() });
/** POST /admin/payment_run_approve (ours): the run and the approver's code for it. */
export const paymentRunApproveRequest = z.object({
  id: runId,
  otp: z.string({ error: messages.secureOtpRequired }).trim().regex(SECURE_OTP_PATTERN, { error: messages.secureOtpRequired }),
});
export type PaymentRunApproveRequest = z.input<typeof paymentRunApproveRequest>;
/** POST /admin/payment_run_reject and /admin/payment_run_reverse (ours): the run and why. */
export const paymentRunReasonRequest = z.object({ id: runId, reason });
export type PaymentRunReasonRequest = z.input<typeof paymentRunReasonRequest>;

/** POST /admin/payment_run_state (ours): one run, to show with its lines. */
export const paymentRunStateRequest = z.object({ id: runId });

/**
 * A run as its row popup shows it: its steps with who took them by name, its filters, and what the
 * caller may do with it now (the server decides; the console only shows it).
 */
export const paymentRunSummary = paymentRunState.extend({
  created_by_name: z.string(),
  approved_by_name: z.string().nullable(),
  rejected_by_name: z.string().nullable(),
  reversed_by_name: z.string().nullable(),
  start_date: z.string(),
  end_date: z.string(),
  country: z.string().nullable(),
  campaign_name: z.string().nullable(),
  search: z.string().nullable(),
  /** Awaiting approval, and the caller is a Super Admin who did not create it. */
  can_approve: z.boolean(),
  /** Awaiting approval, and the caller is a Super Admin (a creator may withdraw their own run). */
  can_reject: z.boolean(),
  /** Paid, no money sent by the provider yet (no line paid), and the caller is a Super Admin. */
  can_reverse: z.boolean(),
  /** The payout file can be downloaded: the run is Paid (a run awaiting approval, rejected or reversed pays nobody). */
  payout_ready: z.boolean(),
  /** Its payout lines' settlement by the provider's results; null: it has no payout (never paid). */
  payout: payoutSummary.nullable(),
});
export type PaymentRunSummary = z.infer<typeof paymentRunSummary>;

/**
 * The payout file finance uploads to the mobile-money provider or bank (GET /admin/payment_run_payout?id=):
 * a CSV with one line per agent of the run (a run pays one currency), then its control total line.
 * Every text cell is formula-injection safe (csv.ts). Named payout_<ref>.csv.
 */
export const PAYOUT_COLUMNS = ['msisdn', 'agent_name', 'amount', 'currency', 'run_reference', 'line_id'] as const;
/** The `line_id` of the control total line: its amount is the run's total, its agent_name counts the lines and payments. */
export const PAYOUT_CONTROL_LINE_ID = 'CONTROL_TOTAL';
export const paymentRunPayoutQuery = z.object({ id: runId });
/** POST /admin/payment_run_detail?id=: the run whose lines the grid lists (the body is the grid's, recordGridQuery). */
export const paymentRunDetailQuery = z.object({ id: runId });
