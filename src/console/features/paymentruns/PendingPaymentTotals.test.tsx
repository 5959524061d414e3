import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { GridQuery } from '../../../contract/api';
import { pendingPaymentsGrid } from '../../../contract/grids';
import * as messages from '../../../contract/messages';
import type { PendingPaymentTotals as Totals } from '../../../contract/pendingPayments';
import { makeStore } from '../../app/store';
import { gridTag } from '../../backends/gridsApi';
import { gridTestSetup } from '../../components/grid/layoutForTests';
import { campaignChoices } from '../../test/campaigns';
import { fakeBackend } from '../../test/fakeBackend';
import { renderWithProviders } from '../../test/renderWithProviders';
import { signedIn } from '../../test/sessions';
import { PendingPaymentsPage } from './PaymentRunPages';
import { PendingPaymentTotals } from './PendingPaymentTotals';
import { pendingPaymentTotalsApi } from './pendingPaymentTotalsApi';

const TOTALS_PATH = 'admin/pending_payments_totals';
const totals: Totals = {
  currencies: [
    { currency: 'GHS', payable: { payments: 12, total: { amount: '1234.50', currency: 'GHS' } }, held_back: { payments: 1, total: { amount: '15.00', currency: 'GHS' } } },
    { currency: 'UGX', payable: { payments: 0, total: { amount: '0.00', currency: 'UGX' } }, held_back: { payments: 3, total: { amount: '19800.00', currency: 'UGX' } } },
  ],
};
const body: GridQuery = { start_date: '01-Nov-2026', end_date: '30-Nov-2026', search: 'ama', campaign: 5, page_size: 50, current_page: 3, orderby: '-pay', gifting: false };

/** The totals table's rows as a user reads them, header first. */
const rowsRead = async () => {
  const table = await screen.findByRole('table', { name: 'Totals of every row of these filters' });
  return within(table).getAllByRole('row').map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));
};

describe("Pending Payments' totals", () => {
  it('shows, per currency, what a run would pay and hold back of every row of the filters, each with its payments', async () => {
    const backend = fakeBackend().on('POST', TOTALS_PATH, { body: totals });
    renderWithProviders(<PendingPaymentTotals body={body} />, { preloadedState: signedIn('Super Admin') });
    expect(await rowsRead()).toEqual([
      ['Currency', 'Payable', 'Held Back'],
      ['GHS', 'GHS 1,234.50 (12 payments)', 'GHS 15.00 (1 payment)'],
      ['UGX', 'UGX 0 (0 payments)', 'UGX 19,800 (3 payments)'],
    ]);
    // The grid's filters, not its page or order: every row, not the page on screen.
    const { page_size: _size, current_page: _page, orderby: _order, ...filters } = body;
    expect(backend.calls('POST', TOTALS_PATH).map((call) => call.body)).toEqual([filters]);
  });

  it('reads them again when money moves (the grid read again), and says when nothing is due', async () => {
    let answer: Totals = totals;
    const backend = fakeBackend().on('POST', TOTALS_PATH, () => ({ body: answer }));
    const store = makeStore(signedIn('Super Admin'));
    renderWithProviders(<PendingPaymentTotals body={body} />, { store });
    expect((await rowsRead())[1]).toEqual(['GHS', 'GHS 1,234.50 (12 payments)', 'GHS 15.00 (1 payment)']);
    // A run paid all of it (what paymentRunsApi's MONEY_MOVED invalidates).
    answer = { currencies: [] };
    act(() => void store.dispatch(pendingPaymentTotalsApi.util.invalidateTags([gridTag(pendingPaymentsGrid.path)])));
    expect(await screen.findByText(messages.pendingTotalsNothingDue)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(backend.calls('POST', TOTALS_PATH)).toHaveLength(2);
  });

  it("says when they could not be read, in the server's words", async () => {
    fakeBackend().on('POST', TOTALS_PATH, { status: 400, body: { error: messages.holdsFilterInvalid, code: 'validation_failed', errors: { holds: [messages.holdsFilterInvalid] } } });
    renderWithProviders(<PendingPaymentTotals body={body} />, { preloadedState: signedIn('Super Admin') });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(messages.pendingTotalsNotLoaded);
    expect(alert).toHaveTextContent(messages.holdsFilterInvalid);
  });
});

describe('Pending Payments, the screen', () => {
  gridTestSetup();

  it("filters the rows a run would pay or hold back, and totals those, under the grid's filters", async () => {
    const backend = fakeBackend()
      .on('GET', 'admin/campaigns', { body: { data: campaignChoices, count: campaignChoices.length } })
      .on('POST', 'admin/pending_payments', { body: { data: [], count: 0 } })
      .on('POST', TOTALS_PATH, { body: totals });
    const { user, location } = renderWithProviders(<PendingPaymentsPage />, {
      preloadedState: signedIn('Super Admin'),
      route: '/payments/pending?start=2026-11-01&end=2026-11-30&holds=held_back',
    });
    expect((await rowsRead())[1]).toEqual(['GHS', 'GHS 1,234.50 (12 payments)', 'GHS 15.00 (1 payment)']);
    const choice = screen.getByLabelText('Payment Run');
    expect(choice).toHaveDisplayValue('Held back');
    expect(backend.calls('POST', 'admin/pending_payments').at(-1)?.body).toMatchObject({ holds: 'held_back' });
    expect(backend.calls('POST', TOTALS_PATH).at(-1)?.body).toMatchObject({ start_date: '01-Nov-2026', end_date: '30-Nov-2026', holds: 'held_back' });
    await user.selectOptions(choice, 'Payable');
    await waitFor(() => expect(location()).toContain('holds=payable'));
    await waitFor(() => expect(backend.calls('POST', TOTALS_PATH).at(-1)?.body).toMatchObject({ holds: 'payable' }));
    expect(backend.calls('POST', 'admin/pending_payments').at(-1)?.body).toMatchObject({ holds: 'payable' });
    await user.selectOptions(choice, 'All');
    await waitFor(() => expect(location()).not.toContain('holds='));
    await waitFor(() => expect(backend.calls('POST', TOTALS_PATH).at(-1)?.body).not.toHaveProperty('holds'));
  });
});
