// Payment runs' calls (SPEC.md section 7 'POST /admin/payment_run'; issue 33) on the legacy admin
// backend: the preview, the run (with the Idempotency-Key its dialog names, so a retry of the same
// confirm makes one run), a run's summary, its approval (a code, then the code), rejection and
// reversal, its payout lines and their settlement with the provider's results (the queue of the
// runs a worker has yet to make is listed by features/reports, tagged
// PaymentRunJob, which a run made invalidates). Money is never queued offline: no
// endpoint here opts into the outbox (offlineWrite), so each is sent now or fails. Each screen shows
// its own failures (a refusal's words in the dialog), so none toasts an error.
import { IDEMPOTENCY_KEY_HEADER } from '../../../contract/constants';
import { paymentRunDetailGrid, paymentRunsGrid, pendingPaymentsGrid, agentPaymentsGrid } from '../../../contract/grids';
import type {
  PaymentRunApproveRequest, PaymentRunOutcome, PaymentRunPreview, PaymentRunPreviewRequest, PaymentRunReasonRequest, PaymentRunRequest,
  PaymentRunState, PaymentRunSummary,
} from '../../../contract/paymentRuns';
import type { PaymentRunSettlement, PayoutLine, PayoutLineStatus } from '../../../contract/payouts';
import type { ListPage } from '../../../contract/api';
import { SHOWS_OWN_FAILURE } from '../../backends/baseQuery';
import { gridTag } from '../../backends/gridsApi';
import { api } from '../../backends/api';

/** What a run made, approved, rejected or reversed changes: the runs, their lines, and the payments due or paid. */
const MONEY_MOVED = [
  { type: 'PaymentRun' as const, id: 'LIST' },
  { type: 'PaymentRunJob' as const, id: 'LIST' },
  gridTag(paymentRunsGrid.path),
  gridTag(paymentRunDetailGrid.path),
  gridTag(pendingPaymentsGrid.path),
  gridTag(agentPaymentsGrid.path),
];

/** A step on one run: that run's summary is read again, and every grid its money shows in. */
const runStepTags = (id: number) => [{ type: 'PaymentRun' as const, id }, { type: 'PayoutLines' as const, id }, ...MONEY_MOVED];

export const paymentRunsApi = api.enhanceEndpoints({ addTagTypes: ['PaymentRun', 'PaymentRunJob', 'PayoutLines', 'Grid'] }).injectEndpoints({
  endpoints: (build) => ({
    /** What a run of these filters would pay now: read afresh each time, never kept (a preview is for now). */
    paymentRunPreview: build.query<PaymentRunPreview, PaymentRunPreviewRequest>({
      query: (body) => ({ backend: 'admin', url: 'admin/payment_run_preview', method: 'POST', body }),
      keepUnusedDataFor: 0,
      extraOptions: SHOWS_OWN_FAILURE,
    }),
    /** The run itself, under the dialog's key: the same confirm sent again is answered with the runs it made. */
    makePaymentRun: build.mutation<PaymentRunOutcome, { body: PaymentRunRequest; key: string }>({
      query: ({ body, key }) => ({ backend: 'admin', url: 'admin/payment_run', method: 'POST', body, headers: { [IDEMPOTENCY_KEY_HEADER]: key } }),
      invalidatesTags: (_result, error) => (error ? [] : MONEY_MOVED),
      extraOptions: SHOWS_OWN_FAILURE,
    }),
    paymentRunSummary: build.query<PaymentRunSummary, number>({
      query: (id) => ({ backend: 'admin', url: 'admin/payment_run_state', method: 'POST', body: { id } }),
      providesTags: (_result, _error, id) => [{ type: 'PaymentRun', id }],
      extraOptions: SHOWS_OWN_FAILURE,
    }),
    requestApprovalCode: build.mutation<{ message: string }, number>({
      query: (id) => ({ backend: 'admin', url: 'admin/payment_run_approval_code', method: 'POST', body: { id } }),
      extraOptions: SHOWS_OWN_FAILURE,
    }),
    approvePaymentRun: build.mutation<PaymentRunState, PaymentRunApproveRequest>({
      query: (body) => ({ backend: 'admin', url: 'admin/payment_run_approve', method: 'POST', body }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : runStepTags(Number(id))),
      extraOptions: SHOWS_OWN_FAILURE,
    }),
    rejectPaymentRun: build.mutation<PaymentRunState, PaymentRunReasonRequest>({
      query: (body) => ({ backend: 'admin', url: 'admin/payment_run_reject', method: 'POST', body }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : runStepTags(Number(id))),
      extraOptions: SHOWS_OWN_FAILURE,
    }),
    reversePaymentRun: build.mutation<PaymentRunState, PaymentRunReasonRequest>({
      query: (body) => ({ backend: 'admin', url: 'admin/payment_run_reverse', method: 'POST', body }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : runStepTags(Number(id))),
      extraOptions: SHOWS_OWN_FAILURE,
    }),
    /** A page of the run's payout lines, failed ones only when asked: read from the primary, after a settlement too. */
    payoutLines: build.query<ListPage<PayoutLine>, { id: number; status?: PayoutLineStatus; page: number; size: number }>({
      query: ({ id, status, page, size }) => ({ backend: 'admin', url: 'admin/payment_run_payout_lines', params: { id, ...(status ? { status } : {}), page_size: size, current_page: page } }),
      providesTags: (_result, _error, { id }) => [{ type: 'PayoutLines', id }],
      extraOptions: SHOWS_OWN_FAILURE,
    }),
    /**
     * The provider's results file, as it was chosen (the browser sends it from the disk, the server
     * reads its rows): previewed (nothing written, nothing read again) or settled (the run, its lines
     * and the money grids read again).
     */
    settlePaymentRunFile: build.mutation<PaymentRunSettlement, { id: number; file: File; preview?: boolean }>({
      query: ({ id, file, preview }) => {
        // The fields go before the file: the server checks them before it reads the file.
        const body = new FormData();
        body.append('id', String(id));
        if (preview) body.append('preview', 'true');
        body.append('file', file, file.name);
        return { backend: 'admin', url: 'admin/payment_run_settle_file', method: 'POST', body };
      },
      invalidatesTags: (result, error, { id, preview }) => (error || preview || !result?.written ? [] : runStepTags(id)),
      extraOptions: SHOWS_OWN_FAILURE,
    }),
  }),
});

export const {
  usePaymentRunPreviewQuery, useMakePaymentRunMutation, usePaymentRunSummaryQuery, useRequestApprovalCodeMutation, useApprovePaymentRunMutation,
  useRejectPaymentRunMutation, useReversePaymentRunMutation, usePayoutLinesQuery,
  useSettlePaymentRunFileMutation,
} = paymentRunsApi;

/** The run's payout file (GET /admin/payment_run_payout?id=), for the downloads module. */
export const payoutFileRequest = (id: number) => ({ url: 'admin/payment_run_payout', params: { id } });
