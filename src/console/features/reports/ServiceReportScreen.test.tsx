import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Campaign, ReportRecord } from '../../../contract/entities';
import { makeStore } from '../../app/store';
import { browserWentOffline, browserWentOnline } from '../../http/connectivity';
import { QUEUED_TEXT } from '../../outbox/outboxRunner';
import { ghanaAgency, kenyaAgency } from '../../test/agencies';
import { campaign } from '../../test/campaignDetail';
import { fakeBackend, pageOf, type Handler } from '../../test/fakeBackend';
import { renderWithProviders } from '../../test/renderWithProviders';
import { signedIn } from '../../test/sessions';
import { ServiceReportScreen } from './ServiceReportScreen';

const gh01: Campaign = { ...campaign, id: 5, name: 'Agent Referral GH-01' };
const gh02: Campaign = { ...campaign, id: 7, name: 'SIM Drive GH-02' };

const queued: ReportRecord = {
  createdAt: '2026-11-21T08:15:30.000Z',
  createdBy: 'super@demo.test',
  description: 'Agent Event Report, 01-Nov-2026 to 20-Nov-2026',
  status: 'Queued',
  position: 1,
  downloadUrl: null,
};
const finished: ReportRecord = {
  ...queued,
  createdAt: '2026-11-20T08:00:00.000Z',
  description: 'Agent Event Report, 01-Oct-2026 to 31-Oct-2026',
  status: 'Finished',
  position: null,
  downloadUrl: 'http://localhost:3000/service/payments-report-download/agents-events-summary/12/agent-events_2026-10-01_2026-10-31.csv',
};

const LIST = 'service/payments-reports/';
const GENERATE = 'service/payments-report-agents-events-summary/';

function reportsBackend({ agencies = [ghanaAgency, kenyaAgency], campaigns = [gh01, gh02], list = () => ({ body: pageOf([finished]) }) as ReturnType<Handler> } = {}) {
  return fakeBackend()
    .on('GET', 'service/agencies/', { body: pageOf(agencies) })
    .on('GET', 'service/campaigns/', { body: pageOf(campaigns) })
    .on('GET', LIST, list)
    .on('GET', GENERATE, { body: queued });
}

const AgentEventReportPage = () => <ServiceReportScreen title="Agent Event Report" report="agents-events-summary" />;
const renderReport = () => renderWithProviders(<AgentEventReportPage />, { preloadedState: signedIn('Super Admin', { reportsVerified: true }), route: '/reports/agent-events' });
const queryOf = (search: string) => Object.fromEntries(new URLSearchParams(search));
const setDate = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('a report screen', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refuses to generate with empty filters, in the words of the specification, and sends nothing', async () => {
    const backend = reportsBackend();
    const { user } = renderReport();
    expect(await screen.findByRole('heading', { name: 'Agent Event Report' })).toBeInTheDocument();
    await screen.findByRole('option', { name: kenyaAgency.agency_name });
    // The selects say a choice is needed, not 'All', which the refusal would contradict (section 5).
    expect(screen.getByLabelText('Agency')).toHaveDisplayValue('Choose an agency');
    expect(screen.getByRole('button', { name: 'Campaign filter: Choose campaigns' })).toBeInTheDocument();
    expect(screen.queryByText(/^All (agencies|campaigns)$/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Generate' }));

    const alert = await screen.findByRole('alert', { name: 'Not generated' });
    expect(within(alert).getByText('Start Date cannot be empty.')).toBeInTheDocument();
    expect(within(alert).getByText('End Date cannot be empty.')).toBeInTheDocument();
    expect(within(alert).getByText('Agency cannot be empty.')).toBeInTheDocument();
    expect(within(alert).getByText('Campaign cannot be empty.')).toBeInTheDocument();
    expect(backend.calls('GET', GENERATE)).toHaveLength(0);

    // Issue 34: an error goes as soon as its filter is filled, not at the next Generate.
    setDate('Start Date', '2026-11-01');
    await waitFor(() => expect(within(alert).queryByText('Start Date cannot be empty.')).not.toBeInTheDocument());
    expect(within(alert).getByText('End Date cannot be empty.')).toBeInTheDocument();
    setDate('End Date', '2026-11-20');
    await user.selectOptions(screen.getByLabelText('Agency'), ghanaAgency.agency_name);
    await waitFor(() => expect(within(alert).queryByText('Agency cannot be empty.')).not.toBeInTheDocument());
    expect(within(alert).getByText('Campaign cannot be empty.')).toBeInTheDocument();
    expect(backend.calls('GET', GENERATE)).toHaveLength(0);
  });

  it('generates with warnings when only one agency and campaign are there to choose, and lists the new report', async () => {
    let reports = [finished];
    const backend = reportsBackend({ agencies: [ghanaAgency], campaigns: [gh01], list: () => ({ body: pageOf(reports) }) });
    backend.on('GET', GENERATE, () => {
      reports = [queued, finished];
      return { body: queued };
    });
    const { user } = renderReport();
    await screen.findByRole('option', { name: ghanaAgency.agency_name });
    setDate('Start Date', '01-Jan-2026');
    setDate('End Date', '20-Nov-2026');
    await user.click(screen.getByRole('button', { name: 'Generate' }));

    const warnings = await screen.findByRole('status', { name: 'Generated with warnings' });
    expect(within(warnings).getByText('Please note: no agency is selected. The report generation might take longer than usual.')).toBeInTheDocument();
    expect(within(warnings).getByText('Please note: no campaign is selected. The report generation might take longer than usual.')).toBeInTheDocument();
    expect(within(warnings).getByText('Please note: the date range is over 3 months. The report generation might take longer than usual.')).toBeInTheDocument();
    await waitFor(() => expect(backend.calls('GET', GENERATE)).toHaveLength(1));
    expect(queryOf(backend.calls('GET', GENERATE)[0]?.search ?? '')).toEqual({ start_date: '01-Jan-2026', end_date: '20-Nov-2026' });
    expect(await screen.findByText('Report queued: Agent Event Report, 01-Nov-2026 to 20-Nov-2026')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Generated reports' });
    expect(await within(table).findByText('Agent Event Report, 01-Nov-2026 to 20-Nov-2026')).toBeInTheDocument();
    expect(within(table).getByText('2026-11-21 08:15:30')).toBeInTheDocument();
  });

  it('sends the agency and the campaigns picked, narrowed to that agency, and moves the end date after a later start', async () => {
    const backend = reportsBackend();
    const { user } = renderReport();
    await screen.findByRole('option', { name: ghanaAgency.agency_name });
    setDate('Start Date', '01-Nov-2026');
    setDate('End Date', '20-Nov-2026');
    setDate('Start Date', '25-Nov-2026');
    expect(screen.getByLabelText('End Date')).toHaveValue('25-Nov-2026');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Agency' }), ghanaAgency.agency_name);
    await waitFor(() => expect(backend.calls('GET', 'service/campaigns/').some((call) => queryOf(call.search).agency_id === String(ghanaAgency.id))).toBe(true));
    await user.click(screen.getByRole('button', { name: 'Campaign filter: Choose campaigns' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Agent Referral GH-01' }));
    await user.click(screen.getByRole('checkbox', { name: 'SIM Drive GH-02' }));
    await user.click(screen.getByRole('button', { name: 'Generate' }));

    await waitFor(() => expect(backend.calls('GET', GENERATE)).toHaveLength(1));
    expect(queryOf(backend.calls('GET', GENERATE)[0]?.search ?? '')).toEqual({
      start_date: '25-Nov-2026', end_date: '25-Nov-2026', agency_id: String(ghanaAgency.id), campaign_id: '5,7',
    });
    expect(backend.calls('GET', GENERATE)[0]?.authorization).toBe('Bearer access-1');
    expect(screen.queryByRole('alert', { name: 'Not generated' })).not.toBeInTheDocument();
  });

  it("shows the server's refusal in its own words", async () => {
    const backend = reportsBackend({ agencies: [ghanaAgency], campaigns: [gh01] });
    backend.on('GET', GENERATE, { status: 403, body: { error: 'That agency is not one you may report on', code: 'forbidden' } });
    const { user } = renderReport();
    await screen.findByRole('option', { name: ghanaAgency.agency_name });
    setDate('Start Date', '01-Nov-2026');
    setDate('End Date', '20-Nov-2026');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByRole('alert', { name: 'Not generated' })).toHaveTextContent('That agency is not one you may report on');
  });

  it('hides Download while a report is queued, and downloads a finished one with the session', async () => {
    const backend = reportsBackend({ list: () => ({ body: pageOf([queued, finished]) }) });
    backend.on('GET', 'service/payments-report-download/agents-events-summary/12/agent-events_2026-10-01_2026-10-31.csv', {
      file: { text: 'agent,events\nAma,3\n', headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="agent-events_2026-10-01_2026-10-31.csv"' } },
    });
    const createObjectURL = vi.fn(() => 'blob:report');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = renderReport();

    const table = await screen.findByRole('table', { name: 'Generated reports' });
    const [, queuedRow, finishedRow] = within(table).getAllByRole('row');
    expect(within(queuedRow as HTMLElement).getByText('Queued')).toBeInTheDocument();
    expect(within(queuedRow as HTMLElement).queryByRole('button', { name: 'Download' })).not.toBeInTheDocument();
    await user.click(within(finishedRow as HTMLElement).getByRole('button', { name: 'Download' }));

    expect(await screen.findByText('Download complete: agent-events_2026-10-01_2026-10-31.csv.')).toBeInTheDocument();
    const [call] = backend.calls('GET', 'service/payments-report-download/agents-events-summary/12/agent-events_2026-10-01_2026-10-31.csv');
    expect(call?.authorization).toBe('Bearer access-1');
    expect(await (createObjectURL.mock.calls[0] as unknown as [Blob])[0].text()).toBe('agent,events\nAma,3\n');
    clicked.mockRestore();
  });

  it('says how many rows a finished report holds, none included (issue 53)', async () => {
    // Another report: its own link, as the backend gives each report (the list's key).
    const empty: ReportRecord = { ...finished, rows: 0, bytes: 180, downloadUrl: finished.downloadUrl?.replace('/12/', '/13/') ?? null };
    reportsBackend({ list: () => ({ body: pageOf([{ ...finished, rows: 1234, bytes: 52_000 }, empty]) }) });
    renderReport();
    const table = await screen.findByRole('table', { name: 'Generated reports' });
    const [, full, none] = within(table).getAllByRole('row');
    expect(within(full as HTMLElement).getByText('1,234 rows, 52 KB')).toBeInTheDocument();
    expect(within(none as HTMLElement).getByText('0 rows, 1 KB')).toBeInTheDocument();
  });

  it('reads the list again every 30 seconds while a report is in progress, and stops once none is', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let status = 'Started: 1,000 of 5,000 rows';
    const backend = reportsBackend({ list: () => ({ body: pageOf([{ ...queued, status, position: null }]) }) });
    renderReport();
    expect(await screen.findByText('Started: 1,000 of 5,000 rows')).toBeInTheDocument();
    expect(backend.calls('GET', LIST)).toHaveLength(1);

    status = 'Finished';
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(await screen.findByText('Finished')).toBeInTheDocument();
    expect(backend.calls('GET', LIST)).toHaveLength(2);

    // Nothing in progress: the list is not asked for again.
    await act(() => vi.advanceTimersByTimeAsync(90_000));
    expect(backend.calls('GET', LIST)).toHaveLength(2);
  });

  it('does not poll a list with nothing in progress', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const backend = reportsBackend();
    renderReport();
    expect(await screen.findByText('Finished')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(backend.calls('GET', LIST)).toHaveLength(1);
  });

  it('keeps its list offline, and a report generated offline waits in the outbox and is asked for once when the connection returns', async () => {
    let reports = [finished];
    const backend = reportsBackend({ agencies: [ghanaAgency], campaigns: [gh01], list: () => ({ body: pageOf(reports) }) });
    backend.on('GET', GENERATE, () => {
      reports = [queued, finished];
      return { body: queued };
    });
    const store = makeStore(signedIn('Super Admin', { reportsVerified: true }));
    const { user } = renderWithProviders(<AgentEventReportPage />, { store, route: '/reports/agent-events' });
    expect(await screen.findByText('Finished')).toBeInTheDocument();
    await screen.findByRole('option', { name: ghanaAgency.agency_name });
    act(() => void store.dispatch(browserWentOffline()));
    expect(screen.getByText('Agent Event Report, 01-Oct-2026 to 31-Oct-2026')).toBeInTheDocument();

    setDate('Start Date', '01-Nov-2026');
    setDate('End Date', '20-Nov-2026');
    const generate = screen.getByRole('button', { name: 'Generate' });
    expect(generate).toHaveAttribute('title', 'You are offline: the Agent Event Report will be generated once the connection returns');
    await user.click(generate);
    expect(await screen.findByText(QUEUED_TEXT)).toBeInTheDocument();
    const waiting = screen.getByRole('list', { name: 'New, not sent yet' });
    expect(within(waiting).getByText(/Generate the Agent Event Report, 01-Nov-2026 to 20-Nov-2026/)).toBeInTheDocument();
    expect(backend.calls('GET', GENERATE)).toHaveLength(0);

    act(() => void store.dispatch(browserWentOnline()));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'New, not sent yet' })).not.toBeInTheDocument());
    expect(await screen.findByText('Queued')).toBeInTheDocument();
    const sent = backend.calls('GET', GENERATE);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(queryOf(sent[0]?.search ?? '')).toMatchObject({ start_date: '01-Nov-2026', end_date: '20-Nov-2026' });
  });
});
