// The queue of the Payment Runs screen (SPEC.md section 2: Payment Runs 'with queue'; issue 33): the
// runs too large to make in their request, made by a worker as paymentrun jobs, newest first, read
// again every 30 seconds while one is Queued or Started. A run's job has no file: the runs it made
// are rows of the grid above, read again when a job it was waiting for leaves progress.

import { useEffect, useRef } from 'react';
import { paymentRunsGrid, pendingPaymentsGrid } from '../../../contract/grids';
import type { QueueReport } from '../../../contract/entities';
import { isJobInProgress, readJobStatus } from '../../../contract/jobs';
import { DEFAULT_GRID_PAGE_SIZE } from '../../../contract/constants';
import { useListParams } from '../../address/useListParams';
import { useAppDispatch } from '../../ground/hooks';
import { gridTag } from '../../backends/gridsApi';
import { useBrowserOffline } from '../../components/NeedsConnection';
import { ReportJobsTable, type ReportJob } from './ReportJobsTable';
import { reportListPolling } from './reportJobs';
import { jobQueueApi, useJobQueueQuery } from './reportsApi';
import { SectionTitle } from '../../components/PageTitle';

const jobOf = (job: QueueReport): ReportJob => ({
  key: String(job.id),
  createdAt: job.created_at,
  createdBy: job.created_by,
  description: job.description,
  ...readJobStatus(job.status),
  position: job.queue_position,
});

export function PaymentRunJobQueue() {
  // Its page is in the address beside the grid's own (?queue.page=2).
  const queueList = useListParams({ prefix: 'queue' });
  const { page } = queueList.view;
  const listArg = { job: 'paymentrun', page, pageSize: DEFAULT_GRID_PAGE_SIZE } as const;
  const { pollingInterval } = jobQueueApi.endpoints.jobQueue.useQueryState(listArg, {
    selectFromResult: ({ data }) => ({ pollingInterval: reportListPolling(data?.rows.map((job) => job.status)) }),
  });
  const list = useJobQueueQuery(listArg, { pollingInterval });
  const offline = useBrowserOffline();

  // A job that was in progress and is no longer made its runs (or failed): the grids show them now.
  const dispatch = useAppDispatch();
  const inProgress = (list.data?.rows ?? []).filter((job) => isJobInProgress(readJobStatus(job.status).status)).map((job) => job.id).join(',');
  const waitedFor = useRef<string[]>([]);
  useEffect(() => {
    const now = inProgress ? inProgress.split(',') : [];
    const settled = waitedFor.current.some((id) => !now.includes(id));
    waitedFor.current = now;
    if (settled) dispatch(jobQueueApi.util.invalidateTags([gridTag(paymentRunsGrid.path), gridTag(pendingPaymentsGrid.path)]));
  }, [inProgress, dispatch]);

  return (
    <section className="report-queue" aria-labelledby="payment-run-queue">
      <header className="report-queue-header">
        <SectionTitle id="payment-run-queue">Queued payment runs</SectionTitle>
      </header>
      <ReportJobsTable
        label="Queued payment runs"
        jobs={list.data?.rows.map(jobOf)}
        count={list.data?.count ?? 0}
        page={page}
        pageSize={DEFAULT_GRID_PAGE_SIZE}
        onPage={queueList.setPage}
        loading={list.isFetching}
        error={list.error}
        offline={offline}
        emptyText="No payment runs queued."
        noun="payment runs"
        compact
      />
    </section>
  );
}
