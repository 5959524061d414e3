// The rules of a report list (SPEC.md section 4): the list refreshes while a report is in
// progress, and a report's Download waits for its file. A backend answers a status as one text;
// it is read (contract/jobs.ts readJobStatus) into its status word for the rules and the detail shown
// beside it.
import { QUEUE_REFRESH_MS } from '../../../contract/constants';
import { isJobInProgress, jobStatusText, readJobStatus, type JobStatus } from '../../../contract/jobs';
import { formatRows } from '../../format/formatCount';
import { sizeText } from '../../http/dataSaver';

/** The status as shown: its word and detail as the backend said them (a text without a status word, as it came). */
export const statusShown = ({ status, detail }: { status: JobStatus | undefined; detail: string | null }): string =>
  status ? jobStatusText({ status, detail }) : (detail ?? '');

/** How often a list is read again: every 30 seconds while any of its reports is in progress, else never. */
export const reportListPolling = (statuses: readonly string[] | undefined): number =>
  statuses?.some((text) => isJobInProgress(readJobStatus(text).status)) ? QUEUE_REFRESH_MS : 0;

/**
 * A report's Download: hidden while Queued (section 4), shown but waiting while Started (its file is
 * being written), offered once Finished; a failed report has no file to offer.
 */
export function downloadState(status: JobStatus | undefined): 'hidden' | 'waiting' | 'ready' {
  if (status === 'Started') return 'waiting';
  return status === 'Finished' ? 'ready' : 'hidden';
}

/**
 * A Finished report's file as the data saver's question says it before the download starts
 * ('162 rows, 24 KB'), when its backend tells its rows and bytes (the reference server does).
 */
export const reportFileSize = (file: { rows?: number | null; bytes?: number | null }): string | undefined =>
  file.rows == null || file.bytes == null ? undefined : `${formatRows(file.rows)}, ${sizeText(file.bytes)}`;
