// The kinds of job the queue runs, declared once (contract/jobs.ts JOB_KINDS): each kind with a
// runner has a queue of its own and its workers (queue.ts).
import type { JobKind } from '../../contract/jobs';
import type { OpenDatabase } from '../db/client';
import { DomainError } from '../domain/errors';
import { runPaymentRunJob } from './paymentRunJob';
import { runReport } from './reportRun';

export interface JobRunner {
  /** Runs the job: answers how it ended, for the log; throws when it fails (the queue retries it) or RunSuperseded. */
  run(database: OpenDatabase, jobId: number): Promise<string>;
  /** Why a run failed, in words for the job's detail: our own refusals say why; anything else is in the log, not in front of users. */
  reasonOf(error: unknown): string;
}

export const JOB_RUNNERS: { readonly [K in JobKind]?: JobRunner } = {
  report: {
    run: runReport,
    reasonOf: (error) => (error instanceof DomainError ? error.message.slice(0, 200) : 'the report could not be written (the server log has the details)'),
  },
  paymentrun: {
    run: runPaymentRunJob,
    reasonOf: (error) => (error instanceof DomainError ? error.message.slice(0, 200) : 'the payment run could not be made (the server log has the details)'),
  },
};
