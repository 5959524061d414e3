// Queued jobs (SPEC.md section 4 'Queue/report jobs', section 7 /admin/list_job_queue): their kinds
// and their status. A job's status is one of four words, with a detail beside it (why it waits to be
// tried again, how far it got, why it failed); the wire shows them as one text, which SPEC's
// clients read by its first word, so it is composed and read here only.

/** The kinds of job the queue runs (`job` of /admin/list_job_queue): a report's file, a payment run. */
export const JOB_KINDS = ['report', 'paymentrun'] as const;
export type JobKind = (typeof JOB_KINDS)[number];

export const JOB_STATUSES = ['Queued', 'Started', 'Finished', 'Failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** The statuses of a job still in progress: the queue refreshes meanwhile, and they hold queue places. */
export const JOB_IN_PROGRESS: readonly JobStatus[] = ['Queued', 'Started'];
export const isJobInProgress = (status: JobStatus | undefined): boolean => status !== undefined && JOB_IN_PROGRESS.includes(status);

/** A job's status and the detail shown beside it (null: none). */
export interface JobState {
  status: JobStatus;
  detail: string | null;
}

/** The text shown for a status: 'Queued (to be tried again after: ...)', 'Started: 10 of 20 rows', 'Failed: why', 'Finished'. */
export function jobStatusText({ status, detail }: JobState): string {
  if (!detail) return status;
  return status === 'Queued' ? `${status} (${detail})` : `${status}: ${detail}`;
}

/**
 * A status text read back (a backend's answer): its first word, when it is one of the statuses (SPEC
 * reads a status by how it begins), and the detail after it; undefined status for any other text.
 */
export function readJobStatus(text: string): { status: JobStatus | undefined; detail: string | null } {
  const status = JOB_STATUSES.find((word) => text.startsWith(word));
  if (!status) return { status: undefined, detail: text };
  const rest = text.slice(status.length);
  const detail = /^ \((.*)\)$/s.exec(rest)?.[1] ?? /^: (.*)$/s.exec(rest)?.[1] ?? (rest.trim() || null);
  return { status, detail };
}

/** A run's progress, the detail of a Started job that counts rows. */
export const rowsProgress = (done: number, total: number): string => `${done.toLocaleString('en')} of ${total.toLocaleString('en')} rows`;

/** The detail of a job waiting to be tried again after a failed run. */
export const retryDetail = (reason: string): string => `to be tried again after: ${reason}`;
