import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { GridPage, GridQuery } from '../../../contract/api';
import * as messages from '../../../contract/messages';
import { gridTestSetup } from '../../components/grid/layoutForTests';
import type { GridRecord } from '../../components/grid/gridCells';
import { campaignChoices } from '../../test/campaigns';
import { ghanaAgency, kenyaAgency } from '../../test/agencies';
import { browserWentOffline } from '../../http/connectivity';
import { deferred, fakeBackend, pageOf } from '../../test/fakeBackend';
import { renderWithProviders } from '../../test/renderWithProviders';
import { signedIn } from '../../test/sessions';
import { GridTabScreen } from './GridPages';
import { GridScreen } from '../../components/grid/GridScreen';
import { fraudEventsGrid } from '../../../contract/grids';

const fraud: GridRecord = {
  id: '11',
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
const selfReferral: GridRecord = { ...fraud, id: '12', description: 'Self-referral', blacklisted: false };

const CSV = 'created_at,campaign_name,description\n2026-11-02 08:15:30,Agent Referral GH-01,Same device\n';
const FRAUD_PATH = 'admin/fraud';

type Answer = (body: GridQuery) => GridPage<GridRecord>;

function gridBackend(path = FRAUD_PATH, answer: Answer = () => ({ data: [fraud], count: 1 }), fileSent: Promise<void> = Promise.resolve()) {
  return fakeBackend()
    .on('GET', 'admin/campaigns', { body: { data: campaignChoices, count: campaignChoices.length } })
    .on('GET', 'service/agencies/', { body: pageOf([ghanaAgency, kenyaAgency]) })
    .on('POST', path, async ({ body }) =>
      (body as GridQuery).export === 'csv'
        ? (await fileSent, { file: { text: CSV, headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="fraud-events_2026-10-22_2026-11-21.csv"' } } })
        : { body: answer(body as GridQuery) },
    );
}

const gridBodies = (backend: ReturnType<typeof gridBackend>, path = FRAUD_PATH) =>
  backend.calls('POST', path).map((call) => call.body as GridQuery).filter((body) => body.export === undefined);
const fraudGrid = () => screen.findByRole('region', { name: 'Fraud Events' });
const pager = () => screen.getByRole('navigation', { name: 'Pages' });

describe('a report grid screen', () => {
  gridTestSetup();

  it('shows the fraud events of the last 30 days, newest first, the dates sent as DD-MMM-YYYY', async () => {
    const backend = gridBackend();
    renderWithProviders(<GridTabScreen grid="fraudEvents" />, { preloadedState: signedIn('Super Admin'), route: '/reports/fraud-events' });
    expect(await screen.findByRole('heading', { name: 'Fraud Events' })).toBeInTheDocument();
    const grid = await fraudGrid();
    expect(await within(grid).findByText('Same device used for several customers')).toBeInTheDocument();
    expect(within(grid).getByText('2026-11-02 08:15:30')).toBeInTheDocument();
    expect(within(grid).getByText('Blacklisted', { selector: '.bp6-tag, .bp6-tag *' })).toBeInTheDocument();
    expect(within(pager()).getByText('Page 1 of 1 · 1 row')).toBeInTheDocument();
    expect(screen.getByLabelText('Start Date')).toHaveValue('22-Oct-2026');
    expect(screen.getByLabelText('End Date')).toHaveValue('21-Nov-2026');
    expect(gridBodies(backend)).toEqual([
      { start_date: '22-Oct-2026', end_date: '21-Nov-2026', search: '', page_size: 20, current_page: 1, orderby: '-created_at', blacklisted: false },
    ]);
  });

  it("opens a row's own popup from its button, keyboard and all, and closes it", async () => {
    gridBackend(FRAUD_PATH, () => ({ data: [fraud, selfReferral], count: 2 }));
    const rowPopup = {
      label: 'Details',
      render: (row: GridRecord, close: () => void) => (
        <div role="dialog" aria-label={`Fraud event ${row.id}`}>
          <p>{String(row.description)}</p>
          <button type="button" onClick={close}>Close</button>
        </div>
      ),
    };
    const { user } = renderWithProviders(<GridScreen grid={fraudEventsGrid} rowPopup={rowPopup} />, { preloadedState: signedIn('Super Admin'), route: '/reports/fraud-events' });
    const grid = await fraudGrid();
    // Each button is named with its row's first column, so a screen reader tells the rows apart.
    const open = await within(grid).findAllByRole('button', { name: /^Details 2026-11-02 08:15:30$/ });
    expect(open).toHaveLength(2);
    open[1]?.focus();
    await user.keyboard('{Enter}');
    const popup = await screen.findByRole('dialog', { name: 'Fraud event 12' });
    expect(within(popup).getByText('Self-referral')).toBeInTheDocument();
    await user.click(within(popup).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('has no open buttons when the screen declares no row popup', async () => {
    gridBackend();
    renderWithProviders(<GridTabScreen grid="fraudEvents" />, { preloadedState: signedIn('Super Admin'), route: '/reports/fraud-events' });
    const grid = await fraudGrid();
    expect(await within(grid).findByText('Same device used for several customers')).toBeInTheDocument();
    expect(within(grid).queryByRole('button', { name: /^Details/ })).not.toBeInTheDocument();
  });

  it('filters by campaign and, for a Super Admin, includes blacklisted rows on request, all kept in the address', async () => {
    const backend = gridBackend();
    const { user, location } = renderWithProviders(<GridTabScreen grid="fraudEvents" />, { preloadedState: signedIn('Super Admin'), route: '/reports/fraud-events' });
    await screen.findByRole('option', { name: 'Agent Referral KE-01' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Campaign' }), 'Agent Referral KE-01');
    await user.click(screen.getByLabelText('Include Blacklisted'));
    await waitFor(() => expect(gridBodies(backend).at(-1)).toMatchObject({ campaign: 6, blacklisted: true, current_page: 1 }));
    expect(location()).toBe('/reports/fraud-events?campaign=6&blacklisted=1');
  });

  it('offers Include Blacklisted to a Super Admin only, and sends it for nobody else', async () => {
    const backend = gridBackend();
    renderWithProviders(<GridTabScreen grid="fraudEvents" />, { preloadedState: signedIn('Campaign Admin'), route: '/reports/fraud-events' });
    await within(await fraudGrid()).findByText('Same device used for several customers');
    expect(screen.queryByLabelText('Include Blacklisted')).not.toBeInTheDocument();
    expect(gridBodies(backend)[0]).not.toHaveProperty('blacklisted');
  });

  it('moves the end date with a start date set after it, and the start with an end date set before it', async () => {
    const backend = gridBackend();
    renderWithProviders(<GridTabScreen grid="fraudEvents" />, { preloadedState: signedIn('Super Admin'), route: '/reports/fraud-events' });
    await within(await fraudGrid()).findByText('Same device used for several customers');
    // A date typed whole, as the field shows it.
    fireEvent.change(screen.getByLabelText('Start Date'), { target: { value: '25-Nov-2026' } });
    await waitFor(() => expect(gridBodies(backend).at(-1)).toMatchObject({ start_date: '25-Nov-2026', end_date: '25-Nov-2026', current_page: 1 }));
    expect(screen.getByLabelText('End Date')).toHaveValue('25-Nov-2026');

    // An ISO date is understood too.
    fireEvent.change(screen.getByLabelText('End Date'), { target: { value: '2026-11-03' } });
    await waitFor(() => expect(gridBodies(backend).at(-1)).toMatchObject({ start_date: '03-Nov-2026', end_date: '03-Nov-2026' }));
    expect(screen.getByLabelText('Start Date')).toHaveValue('03-Nov-2026');
  });

  it('reads its filters from the address, so a link opens the same grid, and writes what changes back to it', async () => {
    const backend = gridBackend();
    const { user, location } = renderWithProviders(<GridTabScreen grid="fraudEvents" />, {
      preloadedState: signedIn('Super Admin'),
      route: '/reports/fraud-events?start=2026-10-01&end=2026-10-31&campaign=6&order=description&page=2',
    });
    await within(await fraudGrid()).findByText('Same device used for several customers');
    expect(gridBodies(backend)[0]).toEqual({
      start_date: '01-Oct-2026', end_date: '31-Oct-2026', search: '', page_size: 20, current_page: 2, orderby: 'description', campaign: 6, blacklisted: false,
    });
    expect(screen.getByLabelText('Start Date')).toHaveValue('01-Oct-2026');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Campaign' })).toHaveValue('6'));
    expect(screen.getAllByRole('button', { name: 'Description, sorted ascending' }).length).toBeGreaterThan(0);

    // Search goes out once typing pauses, from page 1.
    await user.type(screen.getByLabelText('Search'), 'Ama');
    await waitFor(() => expect(gridBodies(backend).at(-1)).toMatchObject({ search: 'Ama', current_page: 1, campaign: 6 }));
    expect(gridBodies(backend).filter((body) => body.search !== '')).toHaveLength(1);
    expect(location()).toBe('/reports/fraud-events?start=2026-10-01&end=2026-10-31&campaign=6&search=Ama&order=description');
  });

  it('reads the next page from where the last one ended, and a page already read from the cache', async () => {
    const answer: Answer = (body) =>
      body.current_page === 2 ? { data: [selfReferral], count: 21, previous: 'before-2' } : { data: [fraud], count: 21, next: 'after-1' };
    const backend = gridBackend(FRAUD_PATH, answer);
    const { user } = renderWithProviders(<GridTabScreen grid="fraudEvents" />, { preloadedState: signedIn('Super Admin'), route: '/reports/fraud-events' });
    await within(await fraudGrid()).findByText('Same device used for several customers');

    await user.click(within(pager()).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Self-referral')).toBeInTheDocument();
    expect(gridBodies(backend).at(-1)).toMatchObject({ current_page: 2, cursor: 'after-1' });

    await user.click(within(pager()).getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Same device used for several customers')).toBeInTheDocument();
    expect(gridBodies(backend)).toHaveLength(2);
  });

  it('downloads every row of the filtered report as CSV, saying so', async () => {
    const fileSent = deferred();
    const backend = gridBackend(FRAUD_PATH, undefined, fileSent.promise);
    const createObjectURL = vi.fn(() => 'blob:report');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = renderWithProviders(<GridTabScreen grid="fraudEvents" />, { preloadedState: signedIn('Super Admin'), route: '/reports/fraud-events' });
    await within(await fraudGrid()).findByText('Same device used for several customers');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));

    expect(await screen.findByText('Download started')).toBeInTheDocument();
    fileSent.resolve();
    expect(await screen.findByText('Download complete: fraud-events_2026-10-22_2026-11-21.csv.')).toBeInTheDocument();
    const exportCall = backend.calls('POST', FRAUD_PATH).find((call) => (call.body as GridQuery).export === 'csv');
    expect(exportCall?.body).toEqual({
      start_date: '22-Oct-2026', end_date: '21-Nov-2026', search: '', orderby: '-created_at', blacklisted: false, export: 'csv', page_size: 0, current_page: 1,
    });
    expect(exportCall?.authorization).toMatch(/^Bearer /);
    expect(clicked).toHaveBeenCalledTimes(1);
    expect(await (createObjectURL.mock.calls[0] as unknown as [Blob])[0].text()).toBe(CSV);
    // This test browser has no Cache Storage: the file is on the device, and the page says why it is not kept.
    expect(await screen.findByText('Saving for offline use needs the console opened over https.')).toBeInTheDocument();
    // 'Download started' stays only while the download runs.
    await waitFor(() => expect(screen.queryByText('Download started')).not.toBeInTheDocument());
    clicked.mockRestore();
  });

  it('keeps the rows it has offline, says what it cannot read, and why a download must wait', async () => {
    gridBackend();
    const { store, user, location } = renderWithProviders(<GridTabScreen grid="fraudEvents" />, { preloadedState: signedIn('Super Admin'), route: '/reports/fraud-events' });
    await within(await fraudGrid()).findByText('Same device used for several customers');
    act(() => void store.dispatch(browserWentOffline()));
    const download = screen.getByRole('button', { name: 'Download CSV' });
    expect(download).toBeDisabled();
    expect(download).toHaveAttribute('title', 'You are offline. Downloading a report needs a connection: try again once you are back online.');

    // A filter never read before cannot be read now, and no rows of another show under it; the one
    // read before still can, by the way back or by the filter itself.
    await user.click(screen.getByLabelText('Include Blacklisted'));
    expect(await screen.findByText(messages.notLoadedOffline)).toBeInTheDocument();
    expect(screen.queryByText('Same device used for several customers')).not.toBeInTheDocument();
    expect(location()).toBe('/reports/fraud-events?blacklisted=1');
    await user.click(screen.getByRole('button', { name: messages.backToLoadedFilters }));
    expect(await screen.findByText('Same device used for several customers')).toBeInTheDocument();
    expect(location()).toBe('/reports/fraud-events');
    await user.click(screen.getByLabelText('Include Blacklisted'));
    expect(await screen.findByText(messages.notLoadedOffline)).toBeInTheDocument();
    await user.click(screen.getByLabelText('Include Blacklisted'));
    expect(await screen.findByText('Same device used for several customers')).toBeInTheDocument();
  });

  it('filters Agent Payments by paid or due', async () => {
    const backend = gridBackend('admin/payments', () => ({ data: [], count: 0 }));
    const { user, location } = renderWithProviders(<GridTabScreen grid="agentPayments" />, { preloadedState: signedIn('Super Admin'), route: '/reports/agent-payments' });
    expect(await screen.findByText('No payments in this period')).toBeInTheDocument();
    expect(gridBodies(backend, 'admin/payments')[0]).not.toHaveProperty('paid');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Paid' }), 'Due');
    await waitFor(() => expect(gridBodies(backend, 'admin/payments').at(-1)).toMatchObject({ paid: false, gifting: false, enabled: false, bq: false }));
    expect(location()).toBe('/reports/agent-payments?paid=0');
    await screen.findByRole('option', { name: ghanaAgency.agency_name });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Agency' }), ghanaAgency.agency_name);
    await user.click(screen.getByLabelText('Active agents only'));
    await waitFor(() => expect(gridBodies(backend, 'admin/payments').at(-1)).toMatchObject({ paid: false, agency: ghanaAgency.id, enabled: true }));
  });
});
