import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveReport } from '../../downloads/savedReports';
import { fakeCaches } from '../../test/fakeCaches';
import { renderWithProviders } from '../../test/renderWithProviders';
import { signedIn } from '../../test/sessions';
import { readCsvPreview } from './csvPreview';
import { answerPreviewRequest, streamCsvRows, type PreviewMessage, type PreviewRequest } from './csvRows';
import { SavedReportPage } from './SavedReportPage';
import { SavedReportsPage } from './SavedReportsPage';

describe('a saved report opened', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the header row and at most the first rows asked for, quotes and commas read as CSV (no Worker here: on the page)', async () => {
    expect(typeof Worker).toBe('undefined');
    const lines = ['created_at,description', ...Array.from({ length: 500 }, (_, i) => `2026-11-0${i % 9} 10:00:00,"Row ${i}, ""quoted"""`)];
    const rows: string[][] = [];
    await readCsvPreview(new Blob([lines.join('\r\n')], { type: 'text/csv' }), (batch) => rows.push(...batch), 200).finished;
    expect(rows).toHaveLength(201);
    expect(rows[0]).toEqual(['created_at', 'description']);
    expect(rows[1]).toEqual(['2026-11-00 10:00:00', 'Row 0, "quoted"']);
  });

  it('reads a large file (in the worker) a chunk at a time, no further than the rows it shows', async () => {
    // About 8 MB: read whole, it would be tens of chunks.
    const line = `2026-11-02 08:15:30,${'x'.repeat(80)}\n`;
    const big = new Blob(['created_at,description\n', line.repeat(100_000)], { type: 'text/csv' });
    const slice = vi.spyOn(Blob.prototype, 'slice');
    const batches: string[][][] = [];
    await streamCsvRows(big, 201, (rows) => batches.push(rows));
    expect(batches.flat()).toHaveLength(201);
    expect(batches.flat()[0]).toEqual(['created_at', 'description']);
    expect(slice).toHaveBeenCalledTimes(1);
  });

  it('reads in a worker where the browser has one, the rows handed over as they come', async () => {
    const posted: PreviewRequest[] = [];
    const terminated = vi.fn();
    /** A worker that runs the preview worker's own code, on this thread. */
    class PreviewWorker {
      onmessage: ((event: MessageEvent<PreviewMessage>) => void) | null = null;
      onerror: ((event: ErrorEvent) => void) | null = null;
      postMessage(request: PreviewRequest) {
        posted.push(request);
        void answerPreviewRequest(request, (message) => this.onmessage?.({ data: message } as MessageEvent<PreviewMessage>));
      }
      terminate = terminated;
    }
    vi.stubGlobal('Worker', PreviewWorker);
    const batches: string[][][] = [];
    const reading = readCsvPreview(new Blob(['a,b\n1,2\n3,4\n5,6\n']), (rows) => batches.push(rows), 2);
    await reading.finished;
    expect(posted[0]?.maxRows).toBe(3);
    expect(batches.flat()).toEqual([['a', 'b'], ['1', '2'], ['3', '4']]);
    expect(terminated).toHaveBeenCalledTimes(1);
  });
});

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
    expect(within(preview).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['created_at', 'description']);
    expect(within(preview).getByText('Self-referral')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('No reports saved yet')).toBeInTheDocument();
  });
});
