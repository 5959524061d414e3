import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SecureReportRow } from '../../../contract/entities';
import { persistableQueryCache } from '../../backends/queryCache';
import { makeStore } from '../../app/store';
import { browserWentOffline, browserWentOnline } from '../../http/connectivity';
import { fakeBackend } from '../../test/fakeBackend';
import { renderWithProviders } from '../../test/renderWithProviders';
import { fraudList, ledger, payouts } from '../../test/secureReports';
import { signedIn } from '../../test/sessions';
import { SecureReportsPage } from './SecureReportsPage';

const LIST = 'admin/list_secure_reports';

function secureBackend(rows: SecureReportRow[] = [payouts, fraudList]) {
  return fakeBackend()
    .on('POST', LIST, { body: { data: rows, count: rows.length } })
    .on('GET', `admin/secure_reports/${payouts.id}/ledger`, { body: { data: ledger } });
}

const renderPage = (role: 'Super Admin' | 'Agency Admin' = 'Super Admin', store = makeStore(signedIn(role))) =>
  renderWithProviders(<SecureReportsPage />, { store, route: '/secure-reports' });

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

describe('the Secure Reports screen', () => {
  it("lists the caller's reports with the specification's columns, agency and campaign by name and id, dates as report tables show them", async () => {
    const backend = secureBackend();
    renderPage('Agency Admin');
    const table = await screen.findByRole('table', { name: 'Secure reports' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Description', 'Agency ID', 'Campaign ID', 'Date Created', 'Created By', 'Download Report',
    ]);
    const [first, second] = rowsOf(table) as [HTMLElement, HTMLElement];
    expect(within(first).getAllByRole('cell').map((td) => td.textContent)).toEqual([
      payouts.description, 'Ghana Agents (3)', 'Agent Referral GH-01 (5)', '2026-11-21 08:15:30', 'super@demo.test', 'Download',
    ]);
    expect(second).toHaveTextContent('Kenya Field Team (4)');
    // A long description is cut to one line; its whole text is there on hover.
    expect(within(first).getByText(payouts.description)).toHaveAttribute('title', payouts.description);
    expect(within(first).queryByRole('button', { name: 'Ledger' })).not.toBeInTheDocument();

    const [call] = backend.calls('POST', LIST);
    expect(call?.body).toEqual({ page_size: 20, current_page: 1, search: '' });
    expect(call?.authorization).toBe('Bearer access-1');
  });

  it('says so honestly when nothing has been shared yet', async () => {
    secureBackend([]);
    renderPage();
    expect(await screen.findByText('No secure reports have been shared with you yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload A Report' })).toBeEnabled();
  });

  it("shows the server's 403 as the page, once, without a toast or an upload button", async () => {
    const text = 'Your account does not have Secure Page access. A Super Admin can grant it.';
    const backend = fakeBackend().on('POST', LIST, { status: 403, body: { error: text, code: 'forbidden' } });
    renderPage('Agency Admin');
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload A Report' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    // No toast says it again.
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(document.querySelector('.bp6-toast')).toBeNull();
    expect(backend.calls('POST', LIST)).toHaveLength(1);
  });

  it('offline says secure reports need a connection instead of showing the list it had, and cannot upload', async () => {
    secureBackend();
    const store = makeStore(signedIn('Super Admin'));
    renderPage('Super Admin', store);
    await screen.findByRole('table', { name: 'Secure reports' });

    act(() => void store.dispatch(browserWentOffline()));
    expect(screen.getByText('Secure reports need a connection: they are never kept on this device.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Secure reports' })).not.toBeInTheDocument();
    expect(screen.queryByText(payouts.description)).not.toBeInTheDocument();
    const upload = screen.getByRole('button', { name: 'Upload A Report' });
    expect(upload).toBeDisabled();
    expect(upload).toHaveAttribute('title', 'Secure reports need a connection: they are never kept on this device.');

    act(() => void store.dispatch(browserWentOnline()));
    expect(await screen.findByRole('table', { name: 'Secure reports' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload A Report' })).toBeEnabled();
  });

  it('never puts the list in the query cache kept on the device, and forgets it when the screen goes', async () => {
    secureBackend();
    const store = makeStore(signedIn('Super Admin'));
    const { unmount } = renderPage('Super Admin', store);
    await screen.findByRole('table', { name: 'Secure reports' });
    const queries = Object.values(store.getState().api.queries);
    expect(queries.some((entry) => entry?.endpointName === 'secureReports' && entry.data !== undefined)).toBe(true);
    const kept = persistableQueryCache(store.getState().api as never);
    expect(JSON.stringify(kept)).not.toContain(payouts.file_name);
    expect(Object.values(kept.queries).map((entry) => entry.endpointName)).not.toContain('secureReports');

    unmount();
    await waitFor(() => expect(Object.values(store.getState().api.queries).filter((entry) => entry?.endpointName === 'secureReports')).toEqual([]));
  });

  it("gives a Super Admin each report's ledger: when, who, what, from which address, why", async () => {
    const backend = secureBackend();
    const { user } = renderPage('Super Admin');
    const table = await screen.findByRole('table', { name: 'Secure reports' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toContain('Ledger');
    await user.click(within(rowsOf(table)[0] as HTMLElement).getByRole('button', { name: 'Ledger' }));

    const dialog = await screen.findByRole('dialog', { name: 'Ledger' });
    const entries = await within(dialog).findByRole('table', { name: `Ledger of ${payouts.description}` });
    expect(within(entries).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['When', 'Who', 'What', 'Address', 'Why']);
    expect(rowsOf(entries).map((row) => within(row).getAllByRole('cell').map((td) => td.textContent))).toEqual([
      ['2026-11-22 09:01:02', 'agency@demo.test', 'Downloaded', '203.0.113.9', ''],
      ['2026-11-22 09:00:40', 'agency@demo.test', 'Refused', '203.0.113.9', 'The OTP is wrong'],
      ['2026-11-22 09:00:00', 'agency@demo.test', 'Code requested', '203.0.113.9', ''],
    ]);
    expect(within(dialog).getByText(new RegExp(payouts.sha256))).toBeInTheDocument();
    expect(backend.calls('GET', `admin/secure_reports/${payouts.id}/ledger`)).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
