// A list of report jobs, newest first (SPEC.md section 2: CREATED AT, CREATED BY, DESCRIPTION,
// STATUS, position, DOWNLOAD), the same for the service reports and the grid screens' queues.
import { Button, Classes, HTMLTable, Intent, Spinner, Tag } from '@blueprintjs/core';
import { Download } from '@blueprintjs/icons';
import { reportTableTime } from '../../../contract/dates';
import { isJobInProgress, type JobStatus } from '../../../contract/jobs';
import { needsConnectionText } from '../../components/NeedsConnection';
import { formatCount } from '../../format/formatCount';
import { downloadState, statusShown } from './reportJobs';
import { EmptyState } from '../../components/EmptyState';
import { TableScroll } from '../../components/TableScroll';

/** A report as the list shows it, whichever backend listed it. */
export interface ReportJob {
  key: string;
  createdAt: string;
  createdBy: string;
  description: string;
  /** Its status word (undefined: the backend's text begins with none) and the detail shown beside it. */
  status: JobStatus | undefined;
  detail: string | null;
  /** Its place in the queue; null once it has left it. */
  position: number | null;
  /** Its file's size once Finished, when the backend says ('162 rows, 24 KB'). */
  size?: string;
}

interface ReportJobsTableProps {
  label: string;
  jobs: readonly ReportJob[] | undefined;
  count: number;
  page: number;
  pageSize: number;
  onPage(page: number): void;
  loading: boolean;
  /** Why the list could not be read: the call's failure (its text), or RTK Query's own error. */
  error?: { text: string } | { message?: string };
  /** The job whose file is being fetched. */
  downloading?: string;
  offline: boolean;
  /** None for jobs without a file (a payment run's): the table has no DOWNLOAD column. */
  onDownload?(job: ReportJob): void;
  emptyText: string;
  /** A short list under a grid: no large empty state. */
  compact?: boolean;
  /** What the jobs are, in the pager's count ('reports' by default). */
  noun?: string;
}

/** Its place in the queue while it waits (section 3's queue_position); once it left the queue, a dash and why. */
export function positionText(job: Pick<ReportJob, 'position' | 'status'>): string {
  if (job.position !== null) return String(job.position);
  if (job.status === 'Started') return '— running now';
  return job.status === 'Queued' ? '— waiting' : '— left the queue';
}

const statusIntent = (status: JobStatus | undefined) =>
  status === 'Finished' ? Intent.SUCCESS : isJobInProgress(status) ? Intent.PRIMARY : Intent.DANGER;

export function ReportJobsTable({ label, jobs, count, page, pageSize, onPage, loading, error, downloading, offline, onDownload, emptyText, compact, noun }: ReportJobsTableProps) {
  const pages = Math.max(1, Math.ceil(count / pageSize));
  if (loading && !jobs) return <Spinner size={24} className="console-centered" />;
  if (error && !jobs) return <EmptyState title={'text' in error ? error.text : error.message} />;
  if (!jobs?.length) return compact ? <p className={Classes.TEXT_MUTED}>{emptyText}</p> : <EmptyState title={emptyText} />;
  return (
    <>
      <TableScroll label={label}>
        <HTMLTable compact striped className="console-table" aria-label={label}>
          <thead>
            <tr>
              <th>CREATED AT</th>
              <th>CREATED BY</th>
              <th>DESCRIPTION</th>
              <th>STATUS</th>
              <th>position</th>
              {onDownload && <th>DOWNLOAD</th>}
            </tr>
          </thead>
          <tbody>
            {jobs.map((job) => (
              <tr key={job.key}>
                <td>{reportTableTime(job.createdAt)}</td>
                <td>{job.createdBy}</td>
                <td>{job.description}</td>
                <td>
                  <Tag minimal intent={statusIntent(job.status)}>
                    {statusShown(job)}
                  </Tag>
                  {/* A finished report says what it holds: '0 rows' is an answer, not a fault. */}
                  {job.status === 'Finished' && job.size && <span> {job.size}</span>}
                </td>
                <td>{positionText(job)}</td>
                {onDownload && (
                  <td>
                    <DownloadCell job={job} downloading={downloading} offline={offline} onDownload={onDownload} />
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </TableScroll>
      {count > pageSize && (
        <nav className="console-pager" aria-label={`${label} pages`}>
          <Button variant="minimal" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            Previous
          </Button>
          <span>
            Page {page} of {pages} · {formatCount(count)} {noun ?? 'reports'}
          </span>
          <Button variant="minimal" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            Next
          </Button>
        </nav>
      )}
    </>
  );
}

function DownloadCell({ job, downloading, offline, onDownload }: Pick<ReportJobsTableProps, 'downloading' | 'offline'> & { job: ReportJob; onDownload(job: ReportJob): void }) {
  const state = downloadState(job.status);
  if (state === 'hidden') return null;
  const title =
    state === 'waiting' ? 'The report is still being written' : offline ? needsConnectionText('Downloading a report') : `Download ${job.description}`;
  return (
    <Button
      size="small"
      icon={<Download />}
      disabled={state === 'waiting' || offline || downloading !== undefined}
      loading={downloading === job.key}
      title={title}
      aria-description={title}
      onClick={() => onDownload(job)}
    >
      Download
    </Button>
  );
}
