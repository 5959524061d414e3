import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { GridQuery } from '../../../contract/api';
import { agentPaymentsGrid, fraudEventsGrid, type GridDeclaration } from '../../../contract/grids';
import { useGridQuery } from '../../address/useGridQuery';
import { renderWithProviders } from '../../test/renderWithProviders';
import { signedIn } from '../../test/sessions';
import { columnWidthsKey } from './columnWidths';
import type { GridRecord, GridRows } from './gridCells';
import { gridTestSetup } from './layoutForTests';
import { ReportGrid } from './ReportGrid';

const fraudRow = (n: number): GridRecord => ({
  id: String(n),
  created_at: '2026-11-02T08:15:30.000Z',
  campaign_name: 'Agent Referral GH-01',
  firstname: 'Ama',
  lastname: 'Mensah',
  agent_msisdn: '233241234567',
  description: `Fraud event ${n}`,
  msisdn: '233551112222',
  device_id: null,
  blacklisted: n === 1,
});

/** Pages of 45 fraud events, 20 at a time, each with its neighbours' cursors. */
function fraudPages(body: GridQuery): GridRows {
  const page = Number(body.current_page ?? 1);
  const size = Number(body.page_size) || 45;
  const first = (page - 1) * size + 1;
  const rows = Array.from({ length: Math.max(0, Math.min(size, 45 - first + 1)) }, (_, i) => fraudRow(first + i));
  return { rows, count: 45, ...(first + size <= 45 ? { next: `after-${page}` } : {}), ...(page > 1 ? { previous: `before-${page}` } : {}) };
}

interface HarnessProps {
  grid?: GridDeclaration;
  answer?(body: GridQuery): GridRows | undefined;
  error?: string;
}

/** The grid with its state in the address, as a screen uses it; the body it would send is shown. */
function Harness({ grid = fraudEventsGrid, answer = fraudPages, error }: HarnessProps) {
  const query = useGridQuery(grid);
  return (
    <>
      <output aria-label="Body">{JSON.stringify(query.body)}</output>
      <ReportGrid grid={grid} answer={answer(query.body)} loading={false} error={error} query={query} />
    </>
  );
}

const sentBody = (): GridQuery => JSON.parse(screen.getByLabelText('Body').textContent ?? '{}') as GridQuery;
/** Table2 draws the headers twice (its sticky header quadrant over the body's): the first is the one on top. */
const sortButton = (name: string) => screen.getAllByRole('button', { name })[0] as HTMLElement;
const pager = () => screen.getByRole('navigation', { name: 'Pages' });

function renderGrid(props: HarnessProps = {}, route = '/reports/fraud-events') {
  return renderWithProviders(<Harness {...props} />, { preloadedState: signedIn('Super Admin'), route });
}

describe('the report grid', () => {
  gridTestSetup();

  it('shows the declared columns, each value in its format, and the count', async () => {
    renderGrid();
    const grid = await screen.findByRole('region', { name: 'Fraud Events' });
    expect(within(grid).getByText('Fraud event 1')).toBeInTheDocument();
    expect(within(grid).getAllByText('2026-11-02 08:15:30')).toHaveLength(20);
    // Only the blacklisted row is marked.
    expect(within(grid).getAllByText('Blacklisted', { selector: '.bp6-tag, .bp6-tag *' })).toHaveLength(1);
    expect(within(grid).getAllByText('No')).toHaveLength(19);
    expect(within(pager()).getByText('Page 1 of 3 · 45 rows')).toBeInTheDocument();
    expect(sentBody()).toMatchObject({ start_date: '22-Oct-2026', end_date: '21-Nov-2026', page_size: 20, current_page: 1, orderby: '-created_at' });
  });

  it('shows amounts with their currency, in one format, on the right, and flags as Yes or No', async () => {
    const payment: GridRecord = {
      id: 'p1', created_at: '2026-11-03T09:00:00.000Z', campaign_name: 'Agent Referral KE-01', firstname: 'Wanjiru', lastname: 'Kamau',
      msisdn: '254711000111', agent_code: 'KE-7', event: 'sim_activation', customer_msisdn: '254722000222', pay: '1250.50',
      currency: 'KES', paid: true, paymentrun_id: null, paid_at: null,
    };
    const shillings: GridRecord = { ...payment, id: 'p2', pay: '19800.00', currency: 'UGX', paid: false };
    renderGrid({ grid: agentPaymentsGrid, answer: () => ({ rows: [payment, shillings], count: 2 }) }, '/reports/agent-payments');
    const grid = await screen.findByRole('region', { name: 'Agent Payments' });
    expect(within(grid).getByText('KES 1,250.50').closest('.bp6-table-cell')).toHaveClass('report-grid-number');
    // A currency without minor units drops '.00', grouped like the others (never '19800.00').
    expect(within(grid).getByText('UGX 19,800')).toBeInTheDocument();
    expect(within(grid).getByText('Yes')).toBeInTheDocument();
    expect(within(grid).getAllByText('2026-11-03 09:00:00')).toHaveLength(2);
    expect(within(pager()).getByText('Page 1 of 1 · 2 rows')).toBeInTheDocument();
  });

  it('turns pages with the cursors of the page on screen, kept out of the address', async () => {
    const { user, location } = renderGrid();
    await screen.findByText('Fraud event 1');
    expect(within(pager()).getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(within(pager()).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Fraud event 21')).toBeInTheDocument();
    expect(sentBody()).toMatchObject({ current_page: 2, cursor: 'after-1', page_size: 20, orderby: '-created_at' });
    expect(location()).toBe('/reports/fraud-events?page=2');
    expect(within(pager()).getByText('Page 2 of 3 · 45 rows')).toBeInTheDocument();

    await user.click(within(pager()).getByRole('button', { name: 'Next' }));
    expect(sentBody()).toMatchObject({ current_page: 3, cursor: 'after-2' });
    expect(within(pager()).getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(within(pager()).getByRole('button', { name: 'Previous' }));
    expect(sentBody()).toMatchObject({ current_page: 2, cursor: 'before-3' });

    // A new page size starts again at page 1, read by its number.
    await user.selectOptions(screen.getByLabelText('Rows per page'), '50');
    expect(sentBody()).toMatchObject({ current_page: 1, page_size: 50 });
    expect(sentBody()).not.toHaveProperty('cursor');
    expect(location()).toBe('/reports/fraud-events?size=50');
    expect(within(pager()).getByText('Page 1 of 1 · 45 rows')).toBeInTheDocument();
    // Rows 1 to 45 on one page; Table2 draws those in view, in batches.
    expect(await screen.findByText('Fraud event 25')).toBeInTheDocument();
    expect(screen.getByText('Fraud event 1')).toBeInTheDocument();
  });

  it('reads a page named only in the address by its number', async () => {
    renderGrid({}, '/reports/fraud-events?page=3');
    expect(await screen.findByText('Fraud event 41')).toBeInTheDocument();
    expect(sentBody()).toMatchObject({ current_page: 3 });
    expect(sentBody()).not.toHaveProperty('cursor');
  });

  it('sorts from the column headers, ascending then descending, from page 1', async () => {
    const { user, location } = renderGrid({}, '/reports/fraud-events?page=2');
    await screen.findByText('Fraud event 21');
    // Newest first by default.
    expect(sortButton('Created At, sorted descending')).toBeInTheDocument();

    await user.click(sortButton('Campaign'));
    expect(sentBody()).toMatchObject({ orderby: 'campaign_name', current_page: 1 });
    expect(sortButton('Campaign, sorted ascending')).toBeInTheDocument();
    expect(sortButton('Created At')).toBeInTheDocument();
    expect(location()).toBe('/reports/fraud-events?order=campaign_name');

    await user.click(sortButton('Campaign, sorted ascending'));
    expect(sentBody()).toMatchObject({ orderby: '-campaign_name', current_page: 1 });
    expect(sortButton('Campaign, sorted descending')).toBeInTheDocument();

    // The header is a button: reachable and pressed from the keyboard.
    sortButton('Created At').focus();
    await user.keyboard('{Enter}');
    expect(sentBody()).toMatchObject({ orderby: 'created_at' });
  });

  it("says so when nothing matches, in the grid's own words", async () => {
    renderGrid({ answer: () => ({ rows: [], count: 0 }) });
    expect(await screen.findByText('No fraud events in this period')).toBeInTheDocument();
    expect(within(pager()).getByText('Page 1 of 1 · 0 rows')).toBeInTheDocument();
  });

  it('offers the latest period with rows when the one shown has none, as long as it (issue 53)', async () => {
    const { user } = renderGrid({ answer: (body) => (body.start_date === '01-Nov-2026' ? { rows: [], count: 0, latest: '2026-10-19' } : fraudPages(body)) }, '/reports/fraud-events?start=2026-11-01&end=2026-11-30');
    expect(await screen.findByText('No fraud events in this period')).toBeInTheDocument();
    expect(screen.getByText('The latest is from 19-Oct-2026.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show 20-Sep-2026 to 19-Oct-2026' }));
    expect(sentBody()).toMatchObject({ start_date: '20-Sep-2026', end_date: '19-Oct-2026', current_page: 1 });
  });

  it('says why a page could not be read', async () => {
    renderGrid({ answer: () => undefined, error: 'Reports are paused for maintenance.' });
    expect(await screen.findByText('Fraud Events could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('Reports are paused for maintenance.')).toBeInTheDocument();
  });

  it('keeps the widths the user gave the columns on this device', async () => {
    localStorage.setItem(columnWidthsKey(fraudEventsGrid), JSON.stringify({ description: 420, device_id: 'wide' }));
    renderGrid();
    await screen.findByText('Fraud event 1');
    const header = (name: string) => (sortButton(name).closest('.bp6-table-column-header-cell') as HTMLElement).style.width;
    expect(header('Description')).toBe('420px');
    // What is not a width is not used: the declared width instead.
    expect(header('Device')).toBe('150px');
  });
});
