// Payment Runs as the app composes it (PaymentRunsScreen.tsx): the runs' grid (features/paymentruns) with the
// queue of the runs a worker is making (features/reports); a run made by a job shows in the grid.
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QueueReport } from '../../contract/entities';
import { gridTestSetup } from '../components/grid/layoutForTests';
import type { GridRecord } from '../components/grid/gridCells';
import { campaignChoices } from '../test/campaigns';
import { ghanaAgency } from '../test/agencies';
import { fakeBackend, pageOf } from '../test/fakeBackend';
import { renderWithProviders } from '../test/renderWithProviders';
import { signedIn } from '../test/sessions';
import { PaymentRunsScreen } from './PaymentRunsScreen';

const job: QueueReport = {
  id: 51,
  created_at: '2026-11-21T08:15:30.000Z',
  description: 'Payment run ACC-2026-11, 01-Nov-2026 to 30-Nov-2026',
  created_by: 'campaign@demo.test',
  status: 'Started',
  queue_position: null,
};

const run: GridRecord = {
  id: '13', ref: 'PR-13', created_at: '2026-11-21T08:16:00.000Z', status: 'Paid', start_date: '2026-11-01', end_date: '2026-11-30',
  country: 'GH', campaign_name: 'Agent Referral GH-01', search: null, username: 'campaign@demo.test', total: '80.00', currency: 'GHS', events: 16, reference: 'ACC-2026-11',
};

describe('the Payment Runs screen', () => {
  gridTestSetup();
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lists the runs being made under the grid, and shows a run in the grid once its job is done', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let jobs = [job];
    let runs: GridRecord[] = [];
    fakeBackend()
      .on('GET', 'admin/campaigns', { body: { data: campaignChoices, count: campaignChoices.length } })
      .on('GET', 'service/agencies/', { body: pageOf([ghanaAgency]) })
      .on('GET', 'admin/list_job_queue', () => ({ body: { data: jobs, count: jobs.length } }))
      .on('POST', 'admin/payment_runs', () => ({ body: { data: runs, count: runs.length } }));
    renderWithProviders(<PaymentRunsScreen />, { preloadedState: signedIn('Campaign Admin'), route: '/payment-runs' });
    expect(await screen.findByText('No payment runs in this period')).toBeInTheDocument();
    // A Campaign Admin, who has no Pending Payments, makes a run from here.
    expect(screen.getByRole('button', { name: 'Make Payment Run' })).toBeEnabled();
    const queue = await screen.findByRole('table', { name: 'Queued payment runs' });
    expect(within(queue).getByText(job.description)).toBeInTheDocument();

    jobs = [{ ...job, status: 'Finished' }];
    runs = [run];
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    const grid = screen.getByRole('region', { name: 'Payment Runs' });
    await waitFor(() => expect(within(grid).getByText('PR-13')).toBeInTheDocument());
  });
});
