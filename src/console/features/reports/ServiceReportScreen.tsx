// A report screen (SPEC.md section 2: Agent Event Report, Event Detail Report, Conversion Report):
// Start Date, End Date, Agency and Campaigns, checked by the section 5 rules (errors block, warnings
// are shown and the report still runs); Generate queues the report on the service backend; the
// list below shows this report's jobs, read again every 30 seconds while one is in progress, and
// downloads a finished one (kept in 'Saved for offline').
//
// Offline the list opens from its last data, and Generate waits in the outbox: the report is asked
// for once the connection returns, under one Idempotency-Key, so it is queued once.
import { Button, Callout, FormGroup, Intent } from '@blueprintjs/core';
import { Play } from '@blueprintjs/icons';
import { useState } from 'react';
import { toRequestDate } from '../../../contract/dates';
import type { ReportRecord } from '../../../contract/entities';
import { readJobStatus } from '../../../contract/jobs';
import {
  reconcileDateRange, reportFilterErrors, reportFilterWarnings, type ReportFilterChoice, type ServiceReportName,
} from '../../../contract/reports';
import { useAgencyChoicesQuery } from '../../backends/referenceApi';
import { SERVICE_REPORT_SCREENS } from '../../ground/paths';
import { useAgencyCampaignChoicesQuery } from '../../backends/campaignChoices';
import { CampaignMultiSelect } from '../../components/CampaignMultiSelect';
import { FilterSelect } from '../../components/FilterControls';
import { DateField } from '../../components/DateField';
import { useBrowserOffline } from '../../components/NeedsConnection';
import { showSuccess } from '../../components/toaster';
import { useReportDownload } from '../../downloads/useReportDownload';
import { idParam, useListParams } from '../../address/useListParams';
import type { ApiFailure } from '../../http/failure';
import { isQueuedWrite } from '../../outbox/offlineWrite';
import { PendingNewRows, usePendingRows } from '../../outbox/pendingRows';
import { ReportJobsTable, type ReportJob } from './ReportJobsTable';
import { reportFileSize, reportListPolling } from './reportJobs';
import { REPORT_ENTITY, REPORT_LIST_PAGE_SIZE, serviceReportsApi, useGenerateServiceReportMutation, useServiceReportsQuery } from './reportsApi';
import { PageTitle } from '../../components/PageTitle';

interface ServiceReportScreenProps {
  title: string;
  report: ServiceReportName;
}

/**
 * What Generate found: the filters' blocking errors (read again as the filters change, so an error
 * goes as soon as its filter is filled), or the warnings the report was run with, or the server's refusal.
 */
type Outcome = { filterErrors: true; warnings: [] } | { filterErrors?: never; errors: string[]; warnings: string[] };

/** The path of a finished report's file on the service backend: the session's token goes to that backend only. */
const filePath = (downloadUrl: string) => new URL(downloadUrl, 'http://service.invalid').pathname.replace(/^\/+/, '');

const jobOf = (record: ReportRecord, index: number): ReportJob => ({
  // The service list names no id: its file's address, else its place and time, tell the rows apart.
  key: record.downloadUrl ?? `${record.createdAt} ${index}`,
  createdAt: record.createdAt,
  createdBy: record.createdBy,
  description: record.description,
  ...readJobStatus(record.status),
  position: record.position,
  size: reportFileSize(record),
});

export function ServiceReportScreen({ title, report }: ServiceReportScreenProps) {
  const [filters, setFilters] = useState<ReportFilterChoice>({ start_date: '', end_date: '' });
  const [outcome, setOutcome] = useState<Outcome>();
  // The list's page is in the address, as every list's is.
  const list = useListParams();
  const { page } = list.view;
  const agencies = useAgencyChoicesQuery();
  const campaigns = useAgencyCampaignChoicesQuery(filters.agency);
  const [generate, generating] = useGenerateServiceReportMutation();
  const offline = useBrowserOffline();
  const waiting = usePendingRows(REPORT_ENTITY).added.filter((entry) => entry.screen === SERVICE_REPORT_SCREENS[report]);

  const listArg = { report, page };
  const { pollingInterval } = serviceReportsApi.endpoints.serviceReports.useQueryState(listArg, {
    selectFromResult: ({ data }) => ({ pollingInterval: reportListPolling(data?.rows.map((record) => record.status)) }),
  });
  const reports = useServiceReportsQuery(listArg, { pollingInterval });
  const records = reports.data?.rows;
  const { download } = useReportDownload();
  const [downloading, setDownloading] = useState<string>();

  const setDate = (changed: 'start' | 'end', iso: string) => {
    const range = reconcileDateRange(changed, {
      start: changed === 'start' ? iso : filters.start_date,
      end: changed === 'end' ? iso : filters.end_date,
    });
    setFilters({ ...filters, start_date: range.start, end_date: range.end });
  };

  const available = { agencies: agencies.data?.rows.length ?? 0, campaigns: campaigns.data?.rows.length ?? 0 };
  const errors = !outcome ? [] : outcome.filterErrors ? reportFilterErrors(filters, available) : outcome.errors;

  async function onGenerate() {
    if (reportFilterErrors(filters, available).length > 0) {
      setOutcome({ filterErrors: true, warnings: [] });
      return;
    }
    const warnings = reportFilterWarnings(filters);
    setOutcome({ errors: [], warnings });
    const result = await generate({
      report,
      start_date: toRequestDate(filters.start_date),
      end_date: toRequestDate(filters.end_date),
      ...(filters.agency === undefined ? {} : { agency_id: filters.agency }),
      ...(filters.campaign?.length ? { campaign_id: filters.campaign.join(',') } : {}),
    });
    if ('error' in result) {
      setOutcome({ errors: [(result.error as ApiFailure).text], warnings });
      return;
    }
    list.setPage(1);
    // Waiting in the outbox: the outbox says so, and the request shows above the list.
    if (!isQueuedWrite(result.data)) showSuccess(`Report queued: ${result.data.description}`);
  }

  function onDownload(job: ReportJob) {
    const record = records?.find((candidate, index) => jobOf(candidate, index).key === job.key);
    if (!record?.downloadUrl) return;
    setDownloading(job.key);
    void download({ backend: 'service', request: { url: filePath(record.downloadUrl) }, fallbackName: `${report}.csv`, description: record.description, size: job.size }).finally(() =>
      setDownloading(undefined),
    );
  }

  const generateText = offline
    ? `You are offline: the ${title} will be generated once the connection returns`
    : `Generate the ${title} with these filters`;
  return (
    <section className="report-screen">
      <header className="console-page-header">
        <PageTitle>{title}</PageTitle>
      </header>
      <div className="console-grid-filters">
        <DateField id="report-start" label="Start Date" value={filters.start_date} onChange={(iso) => setDate('start', iso)} clearable />
        <DateField id="report-end" label="End Date" value={filters.end_date} onChange={(iso) => setDate('end', iso)} clearable />
        <FilterSelect
          id="report-agency"
          label="Agency"
          // A choice is required (SPEC.md section 5): no 'All' offered as if it were one.
          allLabel="Choose an agency"
          value={filters.agency}
          choices={agencies.data?.rows.map((agency) => ({ value: agency.id, label: agency.agency_name }))}
          // Another agency has other campaigns: the ones picked no longer apply.
          onChange={(value) => setFilters({ ...filters, agency: idParam(value), campaign: [] })}
        />
        <FormGroup label="Campaign">
          <CampaignMultiSelect choices={campaigns.data?.rows ?? []} picked={filters.campaign ?? []} onPick={(campaign) => setFilters({ ...filters, campaign })} noneLabel="Choose campaigns" />
        </FormGroup>
        <Button
          icon={<Play />}
          intent={Intent.PRIMARY}
          loading={generating.isLoading}
          title={generateText}
          aria-description={generateText}
          onClick={() => void onGenerate()}
        >
          Generate
        </Button>
      </div>
      {errors.length > 0 && (
        <Callout intent={Intent.DANGER} role="alert" aria-label="Not generated" className="report-notes">
          {errors.map((error) => (
            <div key={error}>{error}</div>
          ))}
        </Callout>
      )}
      {outcome && errors.length === 0 && outcome.warnings.length > 0 && (
        <Callout intent={Intent.WARNING} role="status" aria-label="Generated with warnings" className="report-notes">
          {outcome.warnings.map((warning) => (
            <div key={warning}>{warning}</div>
          ))}
        </Callout>
      )}
      <PendingNewRows entries={waiting} />
      <ReportJobsTable
        label="Generated reports"
        jobs={records?.map(jobOf)}
        count={reports.data?.count ?? 0}
        page={page}
        pageSize={REPORT_LIST_PAGE_SIZE}
        onPage={list.setPage}
        loading={reports.isFetching}
        error={reports.error}
        downloading={downloading}
        offline={offline}
        onDownload={onDownload}
        emptyText="No reports generated yet"
      />
    </section>
  );
}
