import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QueueReport } from '../../../contract/entities';
import { listJobQueueQuery } from '../../../contract/reports';
import { fakeBackend } from '../../test/fakeBackend';
import { renderWithProviders } from '../../test/renderWithProviders';
import { signedIn } from '../../test/sessions';
import { PaymentRunJobQueue } from './PaymentRunJobQueue';

const queuedRun: QueueReport = {
  id: 51,
  created_at: '2026-11-21T08:15:30.000Z',
  description: 'Payment run ACC-2026-11, 01-Nov-2026 to 30-Nov-2026',
  created_by: 'super@demo.test',
  status: 'Queued',
  queue_position: 1,
};

describe('the queue of payment runs being made', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lists the paymentrun jobs without a download, and reads them again every 30 seconds only while one is in progress', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let jobs = [queuedRun];
    const backend = fakeBackend().on('GET', 'admin/list_job_queue', ({ search }) => {
      // The query is one the server's schema takes.
      expect(listJobQueueQuery.safeParse(Object.fromEntries(new URLSearchParams(search))).success).toBe(true);
      return { body: { data: jobs, count: jobs.length } };
    });
    renderWithProviders(<PaymentRunJobQueue />, { preloadedState: signedIn('Super Admin'), route: '/payment-runs' });
    const table = await screen.findByRole('table', { name: 'Queued payment runs' });
    expect(within(table).getByText(queuedRun.description)).toBeInTheDocument();
    expect(within(table).queryByText('DOWNLOAD')).not.toBeInTheDocument();
    expect(new URLSearchParams(backend.calls('GET', 'admin/list_job_queue')[0]?.search).get('job')).toBe('paymentrun');

    jobs = [{ ...queuedRun, status: 'Finished', queue_position: null }];
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(await screen.findByText('Finished')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download' })).not.toBeInTheDocument();
    expect(backend.calls('GET', 'admin/list_job_queue')).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(90_000));
    expect(backend.calls('GET', 'admin/list_job_queue')).toHaveLength(2);
  });
});
