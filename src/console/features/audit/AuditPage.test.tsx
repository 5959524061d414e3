// The Audit screen (issue 35): the trail on the grid screen, filtered by admin and entity in the
// address, an entry's before and after in its popup; and the Stats tab's 'What changed' card.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { GridQuery } from '../../../contract/api';
import type { AuditChange, AuditEntry } from '../../../contract/audit';
import { gridTestSetup } from '../../components/grid/layoutForTests';
import type { GridRecord } from '../../components/grid/gridCells';
import { fakeBackend } from '../../test/fakeBackend';
import { renderWithProviders } from '../../test/renderWithProviders';
import { signedIn } from '../../test/sessions';
import { AuditPage } from './AuditPage';
import { LatestChanges } from './LatestChanges';

const renamed: GridRecord = {
  id: '41', at: '2026-11-20T09:15:00.000Z', admin: 'Esi Amankwah', action: 'update', entity: 'Campaign', entity_id: '6',
  summary: 'Changed name', offline: true, made_at: '2026-11-20T08:40:00.000Z',
};
const entry: AuditEntry = {
  id: '41', at: '2026-11-20T09:15:00.000Z', made_at: '2026-11-20T08:40:00.000Z', offline: true, admin_id: 1, admin: 'Esi Amankwah',
  action: 'update', entity: 'campaign', entity_label: 'Campaign', entity_id: '6', summary: 'Changed name',
  before: { id: 6, name: 'Agent Referral KE-01', active_flag: true }, after: { id: 6, name: 'Agent Referral Kenya', active_flag: true },
};
const change: AuditChange = (({ before: _b, after: _a, ...rest }) => rest)(entry);

function auditBackend() {
  return fakeBackend()
    .on('GET', 'admin/audit/admins', { body: { data: [{ id: 1, name: 'Esi Amankwah' }, { id: 7, name: 'Abena Owusu' }] } })
    .on('GET', 'admin/audit/entry', { body: entry })
    .on('GET', 'admin/audit/latest', { body: { data: [change] } })
    .on('POST', 'admin/audit', { body: { data: [renamed], count: 1 } });
}
const bodies = (backend: ReturnType<typeof auditBackend>) => backend.calls('POST', 'admin/audit').map((call) => call.body as GridQuery);

describe('the Audit screen', () => {
  gridTestSetup();

  it('lists the changes newest first, filtered by admin and entity, both kept in the address', async () => {
    const backend = auditBackend();
    const { user, location } = renderWithProviders(<AuditPage />, { preloadedState: signedIn('Super Admin'), route: '/audit' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit' })).toBeInTheDocument();
    const grid = await screen.findByRole('region', { name: 'Audit' });
    expect(await within(grid).findByText('Changed name')).toBeInTheDocument();
    expect(bodies(backend)[0]).toMatchObject({ orderby: '-at', page_size: 20, current_page: 1 });
    await screen.findByRole('option', { name: 'Abena Owusu' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Admin' }), 'Abena Owusu');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Entity' }), 'Payment run');
    await waitFor(() => expect(bodies(backend).at(-1)).toMatchObject({ admin: 7, entity: 'payment_run', current_page: 1 }));
    expect(location()).toBe('/audit?admin=7&entity=payment_run');
  });

  it('reads its filters from the address', async () => {
    const backend = auditBackend();
    renderWithProviders(<AuditPage />, { preloadedState: signedIn('Super Admin'), route: '/audit?admin=1&entity=campaign&bogus=1' });
    await within(await screen.findByRole('region', { name: 'Audit' })).findByText('Changed name');
    expect(bodies(backend)[0]).toMatchObject({ admin: 1, entity: 'campaign' });
    // An entity the trail does not know is left out.
    expect(screen.getByRole('combobox', { name: 'Entity' })).toHaveValue('campaign');
  });

  it("opens an entry's before and after, the changed field marked, and closes it", async () => {
    auditBackend();
    const { user } = renderWithProviders(<AuditPage />, { preloadedState: signedIn('Super Admin'), route: '/audit' });
    const grid = await screen.findByRole('region', { name: 'Audit' });
    await user.click(await within(grid).findByRole('button', { name: /^Open / }));
    const dialog = await screen.findByRole('dialog', { name: 'Campaign 6: changed' });
    expect(await within(dialog).findByText('Agent Referral KE-01')).toBeInTheDocument();
    expect(within(dialog).getByText('Agent Referral Kenya')).toBeInTheDocument();
    expect(within(dialog).getByText(/^Yes, at 2026-11-20 08:40:00 UTC/)).toBeInTheDocument();
    const table = within(dialog).getByRole('table', { name: 'Before and after' });
    const nameRow = within(table).getByRole('rowheader', { name: /^name/ }).closest('tr');
    expect(nameRow).toHaveClass('audit-entry-changed');
    expect(within(table).getByRole('rowheader', { name: 'active flag' }).closest('tr')).not.toHaveClass('audit-entry-changed');
    // In one sentence first, and the raw record one click away.
    expect(within(dialog).getByText('Campaign Agent Referral Kenya: name Agent Referral KE-01 → Agent Referral Kenya')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('The raw record')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Show the raw record' }));
    expect(within(dialog).getByLabelText('The raw record').textContent).toContain('"name": "Agent Referral Kenya"');
    // The footer's Close (the title bar has its own).
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1) as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe("the 'What changed' card", () => {
  it('lists the latest changes with who, when and what; a Super Admin opens them on the Audit screen', async () => {
    const backend = auditBackend();
    renderWithProviders(<LatestChanges />, { preloadedState: signedIn('Super Admin'), route: '/' });
    const card = await screen.findByRole('region', { name: 'What changed' });
    expect(await within(card).findByText('Esi Amankwah')).toBeInTheDocument();
    expect(within(card).getByText('Made offline')).toBeInTheDocument();
    expect(within(card).getByText('2026-11-20 09:15:00 UTC')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Campaign 6' })).toHaveAttribute('href', '/audit?entity=campaign&search=6');
    expect(within(card).getByRole('link', { name: 'Open the Audit screen' })).toHaveAttribute('href', '/audit');
    expect(backend.calls('GET', 'admin/audit/latest')[0]?.search).toBe('?limit=10');
  });

  it('shows a scoped admin their changes without links to a screen they cannot open', async () => {
    auditBackend();
    renderWithProviders(<LatestChanges limit={5} />, { preloadedState: signedIn('Agency Admin'), route: '/' });
    const card = await screen.findByRole('region', { name: 'What changed' });
    expect(await within(card).findByText(/Campaign 6: Changed name/)).toBeInTheDocument();
    expect(within(card).queryByRole('link')).not.toBeInTheDocument();
  });

  it('says so when nothing changed yet', async () => {
    auditBackend().on('GET', 'admin/audit/latest', { body: { data: [] } });
    renderWithProviders(<LatestChanges />, { preloadedState: signedIn('Campaign Admin'), route: '/' });
    expect(await screen.findByText('No changes yet')).toBeInTheDocument();
  });
});
