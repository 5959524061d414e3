import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import type { GridQuery } from '../../../contract/api';
import { QUEUE_LIST_PAGE_SIZE } from '../../../contract/constants';
import type { QueueReport } from '../../../contract/entities';
import { listQueueReportsQuery, queueReportQuery, REPORT_HOME_NAMES, type ReportHome } from '../../../contract/reports';
import { chooseDataSaver } from '../../http/dataSaver';
import { fakeBackend, type FakeReply, type Handler } from '../../test/fakeBackend';
import { renderWithProviders } from '../../test/renderWithProviders';
import { signedIn } from '../../test/sessions';
import { GridReportQueue } from './GridReportQueue';
import { QUEUE_SCREENS } from '../../ground/paths';

const queued: QueueReport = {
  id: 41,
  created_at: '2026-11-21T08:15:30.000Z',
  description: 'Fraud Events, 22-Oct-2026 to 21-Nov-2026',
  created_by: 'super@demo.test',
  status: 'Queued',
  queue_position: 2,
};
const finished: QueueReport = { ...queued, id: 40, created_at: '2026-11-20T08:00:00.000Z', description: 'Fraud Events, 01-Oct-2026 to 31-Oct-2026', status: 'Finished', queue_position: null };

/** The grid's body as GridScreen holds it: paging and a cursor, which a queued report leaves out. */
const body: GridQuery = {
  start_date: '22-Oct-2026', end_date: '21-Nov-2026', campaign: 6, search: '', blacklisted: true, orderby: '-created_at', page_size: 20, current_page: 2, cursor: 'after-1',
};

const CSV = 'created_at,description\n2026-11-02 08:15:30,Same device\n';

const queryOf = (search: string) => Object.fromEntries(new URLSearchParams(search));

/**
 * Answers as the server does: a query string its route's schema (the contract's) refuses is a 400
 * with the schema's words, so the console's requests and the contract cannot drift apart unseen.
 */
const checkedBy = (schema: z.ZodType, answer: () => FakeReply): Handler => (call) => {
  const parsed = schema.safeParse(queryOf(call.search));
  return parsed.success ? answer() : { status: 400, body: { error: parsed.error.issues.map((issue) => issue.message).join('\n'), code: 'validation' } };
};

function queueBackend(list: () => QueueReport[]) {
  return fakeBackend()
    .on('GET', 'admin/list_queue_reports', checkedBy(listQueueReportsQuery, () => ({ body: { data: list(), count: list().length } })))
    .on('GET', 'admin/queue_report', checkedBy(queueReportQuery, () => ({ body: queued })))
    .on('POST', 'admin/queued_report_download', { body: { data: CSV, mime: 'text/csv', filename: 'fraud-events_2026-10-01_2026-10-31.csv' } });
}

const renderQueue = (home: ReportHome = 'fraud_report') =>
  renderWithProviders(<GridReportQueue home={home} body={body} />, { preloadedState: signedIn('Super Admin'), route: QUEUE_SCREENS[home] });

describe("a grid screen's report queue", () => {
  afterEach(() => {
    vi.useRealTimers();
    chooseDataSaver('auto');
  });

  it("queues a report with the grid's filters and lists it with its place in the queue", async () => {
    let reports = [finished];
    const backend = queueBackend(() => reports);
    backend.on('GET', 'admin/queue_report', () => {
      reports = [queued, finished];
      return { body: queued };
    });
    const { user } = renderQueue();
    const table = await screen.findByRole('table', { name: 'Queued reports' });
    expect(queryOf(backend.calls('GET', 'admin/list_queue_reports')[0]?.search ?? '')).toEqual({ home: 'fraud_report', page_size: String(QUEUE_LIST_PAGE_SIZE), current_page: '1' });
    expect(within(table).getByText('Fraud Events, 01-Oct-2026 to 31-Oct-2026')).toBeInTheDocument();
    // Out of the queue, its position is a dash that says why, never an empty cell.
    expect(within(within(table).getByText('Fraud Events, 01-Oct-2026 to 31-Oct-2026').closest('tr') as HTMLElement).getByText('— left the queue')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Queue report' }));
    await waitFor(() => expect(backend.calls('GET', 'admin/queue_report')).toHaveLength(1));
    expect(queryOf(backend.calls('GET', 'admin/queue_report')[0]?.search ?? '')).toEqual({
      home: 'fraud_report', start_date: '22-Oct-2026', end_date: '21-Nov-2026', campaign: '6', blacklisted: 'true', orderby: '-created_at',
    });
    expect(await screen.findByText('Report queued: Fraud Events, 22-Oct-2026 to 21-Nov-2026')).toBeInTheDocument();
    const queuedRow = (await within(table).findByText('Fraud Events, 22-Oct-2026 to 21-Nov-2026')).closest('tr') as HTMLElement;
    expect(within(queuedRow).getByText('Queued')).toBeInTheDocument();
    expect(within(queuedRow).getByText('2')).toBeInTheDocument();
    expect(within(queuedRow).queryByRole('button', { name: 'Download' })).not.toBeInTheDocument();
  });

  it.each(REPORT_HOME_NAMES)("%s: lists and queues its reports with queries the server's schemas accept", async (home) => {
    const backend = queueBackend(() => []);
    const { user } = renderQueue(home);
    expect(await screen.findByText('No reports queued from this screen yet.')).toBeInTheDocument();
    const [listCall] = backend.calls('GET', 'admin/list_queue_reports');
    expect(listQueueReportsQuery.safeParse(queryOf(listCall?.search ?? '')).data).toEqual({ home, page_size: QUEUE_LIST_PAGE_SIZE, current_page: 1 });

    await user.click(screen.getByRole('button', { name: 'Queue report' }));
    expect(await screen.findByText('Report queued: Fraud Events, 22-Oct-2026 to 21-Nov-2026')).toBeInTheDocument();
    const [queueCall] = backend.calls('GET', 'admin/queue_report');
    expect(queueReportQuery.safeParse(queryOf(queueCall?.search ?? '')).success).toBe(true);
  });

  it("shows the server's refusal", async () => {
    const backend = queueBackend(() => []);
    backend.on('GET', 'admin/queue_report', { status: 403, body: { error: 'Only a Super Admin may include blacklisted rows.', code: 'forbidden' } });
    const { user } = renderQueue();
    expect(await screen.findByText('No reports queued from this screen yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Queue report' }));
    expect(await screen.findByText('Only a Super Admin may include blacklisted rows.')).toBeInTheDocument();
  });

  it('downloads a finished report from its JSON answer as a CSV file', async () => {
    const backend = queueBackend(() => [finished]);
    const createObjectURL = vi.fn(() => 'blob:report');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = renderQueue();
    await user.click(await screen.findByRole('button', { name: 'Download' }));

    expect(await screen.findByText('Download complete: fraud-events_2026-10-01_2026-10-31.csv.')).toBeInTheDocument();
    expect(backend.calls('POST', 'admin/queued_report_download').map((call) => call.body)).toEqual([{ id: 40 }]);
    const saved = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
    expect(await saved.text()).toBe(CSV);
    expect(saved.type).toBe('text/csv');
    clicked.mockRestore();
  });

  it("with the data saver on, says a finished report's size before its download starts; Cancel fetches nothing", async () => {
    chooseDataSaver('on');
    const backend = queueBackend(() => [{ ...finished, rows: 1234, bytes: 2_400_000 }]);
    const { user } = renderQueue();
    await user.click(await screen.findByRole('button', { name: 'Download' }));
    const question = await screen.findByRole('alertdialog');
    expect(question).toHaveTextContent('This download is 1,234 rows, 2.4 MB. Download it now?');
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(backend.calls('POST', 'admin/queued_report_download')).toHaveLength(0);
  });

  it('reads the list again every 30 seconds only while a report is in progress', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let reports = [queued];
    const backend = queueBackend(() => reports);
    renderQueue();
    expect(await screen.findByText('Queued')).toBeInTheDocument();

    reports = [{ ...queued, status: 'Finished', queue_position: null }];
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(await screen.findByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(backend.calls('GET', 'admin/list_queue_reports')).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(90_000));
    expect(backend.calls('GET', 'admin/list_queue_reports')).toHaveLength(2);
  });
});
