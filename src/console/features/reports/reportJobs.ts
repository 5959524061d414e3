// The rules of a report list (SPEC.md section 4): the list refreshes while a report is in
// progress, and a report's Download waits for its file.
import { QUEUE_REFRESH_MS } from '../../../contract/constants';
import { isReportInProgress, REPORT_FINISHED, REPORT_QUEUED, REPORT_STARTED } from '../../../contract/reports';
import { formatRows } from '../../components/formatCount';
import { sizeText } from '../../http/dataSaver';

/** How often a list is read again: every 30 seconds while any of its reports is in progress, else never. */
export const reportListPolling = (statuses: readonly string[] | undefined): number =>
  statuses?.some(isReportInProgress) ? QUEUE_REFRESH_MS : 0;

/**
 * A report's Download: hidden while Queued (section 4), shown but waiting while Started (its file is
 * being written), offered once Finished; a failed report has no file to offer.
 */
export function downloadState(status: string): 'hidden' | 'waiting' | 'ready' {
  if (status.startsWith(REPORT_QUEUED)) return 'hidden';
  if (status.startsWith(REPORT_STARTED)) return 'waiting';
  return status === REPORT_FINISHED ? 'ready' : 'hidden';
}

/**
 * A Finished report's file as the data saver's question says it before the download starts
 * ('162 rows, 24 KB'), when its backend tells its rows and bytes (the reference server does).
 */
export const reportFileSize = (file: { rows?: number | null; bytes?: number | null }): string | undefined =>
  file.rows == null || file.bytes == null ? undefined : `${formatRows(file.rows)}, ${sizeText(file.bytes)}`;
