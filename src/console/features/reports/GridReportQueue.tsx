// The report queue of an admin grid screen (SPEC.md sections 2 and 4: Campaign Conversion Stats,
// Fraud Events, Retention Events Detail, Retention Grouped Events): Queue report asks the legacy
// admin backend for a report of the grid with its current filters, and the list below shows that
// screen's reports, read again every 30 seconds while one is in progress. A finished report's file
// comes inside a JSON answer; it is saved and kept in 'Saved for offline' like the grid's CSV.
//
// Offline, Queue report waits in the outbox, as Generate does on the report screens.
import { Button, Intent } from '@blueprintjs/core';
import { Time } from '@blueprintjs/icons';
import { useState } from 'react';
import type { GridQuery } from '../../../contract/api';
import { QUEUE_LIST_PAGE_SIZE } from '../../../contract/constants';
import type { QueueReport } from '../../../contract/entities';
import { readJobStatus } from '../../../contract/jobs';
import type { ReportHome } from '../../../contract/reports';
import { QUEUE_SCREENS } from '../../ground/paths';
import { useBrowserOffline } from '../../components/NeedsConnection';
import { useListParams } from '../../address/useListParams';
import { showError, showSuccess } from '../../components/toaster';
import { fileOfLegacyAnswer } from '../../downloads/fetchFile';
import { useReportDownload } from '../../downloads/useReportDownload';
import type { ApiFailure } from '../../http/failure';
import { isQueuedWrite } from '../../outbox/offlineWrite';
import { PendingNewRows, usePendingRows } from '../../outbox/pendingRows';
import { ReportJobsTable, type ReportJob } from './ReportJobsTable';
import { reportFileSize, reportListPolling } from './reportJobs';
import { REPORT_ENTITY, queuedReportFile, queuedReportsApi, useQueuedReportsQuery, useQueueReportMutation } from './reportsApi';
import { SectionTitle } from '../../components/PageTitle';

interface GridReportQueueProps {
  home: ReportHome;
  /** The grid's current body: its filters go with the report. */
  body: GridQuery;
}

const jobOf = (report: QueueReport): ReportJob => ({
  key: String(report.id),
  createdAt: report.created_at,
  createdBy: report.created_by,
  description: report.description,
  ...readJobStatus(report.status),
  position: report.queue_position,
  size: reportFileSize(report),
});

export function GridReportQueue({ home, body }: GridReportQueueProps) {
  // Its page is in the address beside the grid's own (?queue.page=2).
  const queueList = useListParams({ prefix: 'queue' });
  const { page } = queueList.view;
  const listArg = { home, page, pageSize: QUEUE_LIST_PAGE_SIZE } as const;
  const { pollingInterval } = queuedReportsApi.endpoints.queuedReports.useQueryState(listArg, {
    selectFromResult: ({ data }) => ({ pollingInterval: reportListPolling(data?.rows.map((report) => report.status)) }),
  });
  const list = useQueuedReportsQuery(listArg, { pollingInterval });
  const [queue, queuing] = useQueueReportMutation();
  const offline = useBrowserOffline();
  const waiting = usePendingRows(REPORT_ENTITY).added.filter((entry) => entry.screen === QUEUE_SCREENS[home]);
  const { download } = useReportDownload();
  const [downloading, setDownloading] = useState<string>();

  async function onQueue() {
    const result = await queue({ home, body });
    if ('error' in result) {
      showError((result.error as ApiFailure).text);
      return;
    }
    queueList.setPage(1);
    // Waiting in the outbox: the outbox says so, and the request shows above the list.
    if (!isQueuedWrite(result.data)) showSuccess(`Report queued: ${result.data.description}`);
  }

  function onDownload(job: ReportJob) {
    setDownloading(job.key);
    void download({
      backend: 'admin',
      request: queuedReportFile(Number(job.key)),
      fallbackName: `report-${job.key}.csv`,
      description: job.description,
      unwrap: fileOfLegacyAnswer,
      size: job.size,
    }).finally(() => setDownloading(undefined));
  }

  const queueText = offline
    ? 'You are offline: the report will be queued once the connection returns'
    : 'Queue a report of every row these filters select, to download once it is finished';
  return (
    <section className="report-queue" aria-labelledby={`report-queue-${home}`}>
      <header className="report-queue-header">
        <SectionTitle id={`report-queue-${home}`}>Queued reports</SectionTitle>
        <Button icon={<Time />} intent={Intent.PRIMARY} loading={queuing.isLoading} title={queueText} aria-description={queueText} onClick={() => void onQueue()}>
          Queue report
        </Button>
      </header>
      <PendingNewRows entries={waiting} />
      <ReportJobsTable
        label="Queued reports"
        jobs={list.data?.rows.map(jobOf)}
        count={list.data?.count ?? 0}
        page={page}
        pageSize={QUEUE_LIST_PAGE_SIZE}
        onPage={queueList.setPage}
        loading={list.isFetching}
        error={list.error}
        downloading={downloading}
        offline={offline}
        onDownload={onDownload}
        emptyText="No reports queued from this screen yet."
        compact
      />
    </section>
  );
}
