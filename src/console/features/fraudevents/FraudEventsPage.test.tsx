import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GridQuery, ListPage } from '../../../contract/api';
import type { FraudEvent } from '../../../contract/entities';
import { deferred, fakeBackend } from '../../test/fakeBackend';
import { renderWithProviders } from '../../test/renderWithProviders';
import { campaignChoices } from '../../test/campaigns';
import { signedIn } from '../../test/sessions';
import { FraudEventsPage } from './FraudEventsPage';


const fraud: FraudEvent = {
  id: 11,
  created_at: '2026-11-02T08:15:30.000Z',
  campaign_name: 'Agent Referral GH-01',
  firstname: 'Ama',
  lastname: 'Mensah',
  agent_msisdn: '233241234567',
  description: 'Same device used for several customers',
  msisdn: '233551112222',
  device_id: 'dev-77',
  blacklisted: true,
};

const CSV = 'created_at,campaign_name,description\n2026-11-02 08:15:30,Agent Referral GH-01,Same device\n';

function fraudBackend(page: ListPage<FraudEvent> = { data: [fraud], count: 1 }, fileSent: Promise<void> = Promise.resolve()) {
  return fakeBackend()
    .on('GET', 'admin/campaigns', { body: { data: campaignChoices, count: campaignChoices.length } })
    .on('POST', 'admin/fraud', async ({ body }) =>
      (body as GridQuery).export === 'csv'
        ? (await fileSent, { file: { text: CSV, headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="fraud-events_2026-10-22_2026-11-21.csv"' } } })
        : { body: page },
    );
}

const gridBodies = (backend: ReturnType<typeof fraudBackend>) => backend.calls('POST', 'admin/fraud').map((call) => call.body as GridQuery);

describe('FraudEventsPage', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-21T10:00:00Z') });
  });
  afterEach(() => vi.useRealTimers());

  it('shows the fraud events of the last 30 days, the dates sent as DD-MMM-YYYY', async () => {
    const backend = fraudBackend();
    renderWithProviders(<FraudEventsPage />, { preloadedState: signedIn('Super Admin') });
    const row = (await screen.findByText('Same device used for several customers')).closest('tr') as HTMLElement;
    expect(within(row).getByText('2026-11-02 08:15:30')).toBeInTheDocument();
    expect(within(row).getByText('Blacklisted')).toBeInTheDocument();
    expect(gridBodies(backend)[0]).toMatchObject({ start_date: '22-Oct-2026', end_date: '21-Nov-2026', page_size: 20, current_page: 1, orderby: '-created_at', blacklisted: false });
  });

  it('filters by campaign and, for a Super Admin, includes blacklisted rows on request', async () => {
    const backend = fraudBackend();
    const { user } = renderWithProviders(<FraudEventsPage />, { preloadedState: signedIn('Super Admin') });
    await screen.findByRole('option', { name: 'Agent Referral KE-01' });
    await user.selectOptions(screen.getByLabelText('Campaign'), 'Agent Referral KE-01');
    await user.click(screen.getByLabelText('Include Blacklisted'));
    await waitFor(() => expect(gridBodies(backend).at(-1)).toMatchObject({ campaign: 6, blacklisted: true, current_page: 1 }));
  });

  it('offers Include Blacklisted to a Super Admin only', async () => {
    fraudBackend();
    renderWithProviders(<FraudEventsPage />, { preloadedState: signedIn('Campaign Admin') });
    await screen.findByText('Same device used for several customers');
    expect(screen.queryByLabelText('Include Blacklisted')).not.toBeInTheDocument();
  });

  it('moves the end date with a start date set after it', async () => {
    const backend = fraudBackend();
    renderWithProviders(<FraudEventsPage />, { preloadedState: signedIn('Super Admin') });
    await screen.findByText('Same device used for several customers');
    // A date picker sets the whole value at once.
    fireEvent.change(screen.getByLabelText('Start Date'), { target: { value: '2026-11-25' } });
    await waitFor(() => expect(gridBodies(backend).at(-1)).toMatchObject({ start_date: '25-Nov-2026', end_date: '25-Nov-2026' }));
    expect(screen.getByLabelText('End Date')).toHaveValue('2026-11-25');
  });

  it('downloads every row of the filtered report as CSV, saying so', async () => {
    const fileSent = deferred();
    const backend = fraudBackend(undefined, fileSent.promise);
    const createObjectURL = vi.fn(() => 'blob:report');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = renderWithProviders(<FraudEventsPage />, { preloadedState: signedIn('Super Admin') });
    await screen.findByText('Same device used for several customers');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));

    expect(await screen.findByText('Download started')).toBeInTheDocument();
    fileSent.resolve();
    expect(await screen.findByText('Download complete: fraud-events_2026-10-22_2026-11-21.csv.')).toBeInTheDocument();
    const exportCall = backend.calls('POST', 'admin/fraud').find((call) => (call.body as GridQuery).export === 'csv');
    expect(exportCall?.body).toMatchObject({ export: 'csv', page_size: 0, start_date: '22-Oct-2026', end_date: '21-Nov-2026' });
    expect(exportCall?.authorization).toMatch(/^Bearer /);
    expect(clicked).toHaveBeenCalledTimes(1);
    expect(await (createObjectURL.mock.calls[0] as unknown as [Blob])[0].text()).toBe(CSV);
    // This test browser has no Cache Storage: the file is on the device, and the page says why it is not kept.
    expect(await screen.findByText('Saving for offline use needs the console opened over https.')).toBeInTheDocument();
    // 'Download started' stays only while the download runs.
    await waitFor(() => expect(screen.queryByText('Download started')).not.toBeInTheDocument());
    clicked.mockRestore();
  });
});
