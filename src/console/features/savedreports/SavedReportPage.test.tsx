import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { saveReport } from '../../downloads/savedReports';
import { fakeCaches } from '../../test/fakeCaches';
import { renderWithProviders } from '../../test/renderWithProviders';
import { signedIn } from '../../test/sessions';
import { SavedReportPage } from './SavedReportPage';
import { SavedReportsPage } from './SavedReportsPage';

describe('Saved for offline', () => {
  it('says plainly when this browser cannot keep reports (no Cache Storage outside https)', async () => {
    renderWithProviders(<SavedReportsPage />, { preloadedState: signedIn('Super Admin') });
    expect(await screen.findByText('Reports can be saved for offline use only when the console is opened over https.')).toBeInTheDocument();
  });
});

describe('Saved for offline, with reports kept', () => {
  const CSV = 'created_at,description\r\n2026-11-02 08:15:30,Same device\r\n2026-11-03 09:00:00,Self-referral\r\n';

  async function renderSaved() {
    vi.stubGlobal('caches', fakeCaches());
    const details = { owner: 'super@demo.test', mime: 'text/csv' };
    await saveReport(new Blob([CSV]), { ...details, filename: 'fraud-events_2026-10-01_2026-10-31.csv', description: 'Fraud Events, 01-Oct-2026 to 31-Oct-2026' });
    await saveReport(new Blob(['x'.repeat(3000)]), { ...details, owner: 'campaign@demo.test', filename: 'other.csv', description: 'Not mine' });
    return renderWithProviders(
      <Routes>
        <Route path="/saved-reports" element={<SavedReportsPage />} />
        <Route path="/saved-reports/:id" element={<SavedReportPage />} />
      </Routes>,
      { preloadedState: signedIn('Super Admin'), route: '/saved-reports' },
    );
  }

  it("lists the admin's own reports with their size and the total, opens one as a table, and removes it", async () => {
    const { user } = await renderSaved();
    const table = await screen.findByRole('table', { name: 'Saved reports' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('Fraud Events, 01-Oct-2026 to 31-Oct-2026');
    expect(rows[0]).toHaveTextContent('fraud-events_2026-10-01_2026-10-31.csv');
    expect(rows[0]).toHaveTextContent(`${CSV.length} bytes`);
    expect(screen.getByText(`1 report, ${CSV.length} bytes in all`)).toBeInTheDocument();

    await user.click(within(rows[0] as HTMLElement).getByRole('button', { name: 'Open Fraud Events, 01-Oct-2026 to 31-Oct-2026' }));
    const preview = await screen.findByRole('table', { name: 'Fraud Events, 01-Oct-2026 to 31-Oct-2026' });
    // The report's columns by their labels; the file's keys on hover.
    expect(within(preview).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Created At', 'Description']);
    expect(within(preview).getAllByRole('columnheader').map((th) => th.title)).toEqual(['created_at', 'description']);
    expect(within(preview).getByText('Self-referral')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('No reports saved yet')).toBeInTheDocument();
  });
});
