import { describe, expect, it } from 'vitest';
import { JOB_STATUSES, isJobInProgress, jobStatusText, readJobStatus, retryDetail, rowsProgress } from './jobs';

describe('job statuses', () => {
  it('compose the text shown from the status and its detail, and read it back (SPEC.md section 4)', () => {
    const shown = [
      [{ status: 'Queued', detail: null }, 'Queued'],
      [{ status: 'Queued', detail: retryDetail('the grid refused it') }, 'Queued (to be tried again after: the grid refused it)'],
      [{ status: 'Started', detail: rowsProgress(1000, 5000) }, 'Started: 1,000 of 5,000 rows'],
      [{ status: 'Finished', detail: null }, 'Finished'],
      [{ status: 'Failed', detail: 'its worker stopped (twice): before it finished' }, 'Failed: its worker stopped (twice): before it finished'],
    ] as const;
    for (const [state, text] of shown) {
      expect(jobStatusText(state)).toBe(text);
      expect(readJobStatus(text)).toEqual(state);
    }
  });

  it('read a text that begins with no status as none, kept whole as its detail', () => {
    expect(readJobStatus('Lost in transit')).toEqual({ status: undefined, detail: 'Lost in transit' });
  });

  it('count Queued and Started as in progress, nothing else', () => {
    expect(JOB_STATUSES.filter(isJobInProgress)).toEqual(['Queued', 'Started']);
    expect(isJobInProgress(undefined)).toBe(false);
  });
});
