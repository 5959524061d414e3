import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders';
import { signedIn } from '../../test/sessions';
import { previewRows } from './SavedReportPage';
import { SavedReportsPage } from './SavedReportsPage';

describe('a saved report opened', () => {
  it('shows the header row and at most the first rows asked for, quotes and commas read as CSV', async () => {
    const lines = ['created_at,description', ...Array.from({ length: 500 }, (_, i) => `2026-11-0${i % 9} 10:00:00,"Row ${i}, ""quoted"""`)];
    const rows = await previewRows(new Blob([lines.join('\r\n')], { type: 'text/csv' }), 200);
    expect(rows).toHaveLength(201);
    expect(rows[0]).toEqual(['created_at', 'description']);
    expect(rows[1]).toEqual(['2026-11-00 10:00:00', 'Row 0, "quoted"']);
  });
});

describe('Saved for offline', () => {
  it('says plainly when this browser cannot keep reports (no Cache Storage outside https)', async () => {
    renderWithProviders(<SavedReportsPage />, { preloadedState: signedIn('Super Admin') });
    expect(await screen.findByText('Reports can be saved for offline use only when the console is opened over https.')).toBeInTheDocument();
  });
});
