// Report jobs (issue 15) against the started server, its workers running on pg-boss: a report
// queued, run, finished and downloaded with the rows its grid exports; each list scoped (a foreign
// report is neither listed nor downloaded); the section 5 filter rules of the service reports; the
// queue's positions while no worker runs. PGlite always, PostgreSQL when TEST_DATABASE_URL is set.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ListPage, Page } from '../../src/contract/api';
import type { QueueReport, ReportRecord } from '../../src/contract/entities';
import * as messages from '../../src/contract/messages';
import { backend, backends, demoIds } from '../support/server';
import { useSignedInServer } from '../support/signedIn';
import { finished } from '../support/service';

const DATES = 'start_date=01-Jan-2020&end_date=31-Dec-2099';
const GRID_DATES = { start_date: '01-Jan-2020', end_date: '31-Dec-2099' };

describe.each(backends)('report jobs on %s', (backend) => {
  const { server, tokens: token } = useSignedInServer(backend, ['super', 'agency', 'campaign']);
  let agencyIds: Record<string, number> = {};

  beforeAll(async () => {
    agencyIds = (await demoIds(server, token.super)).agency;
  });

  const listed = async (home: string, as: string) => (await server.get<ListPage<QueueReport>>(`/admin/list_queue_reports?home=${home}&page_size=0`, as)).body.data;

  it('queues a report, runs it to Finished and downloads the rows its grid exports', async () => {
    const queued = await server.get<QueueReport>(`/admin/queue_report?home=fraud_report&${DATES}`, token.super);
    expect(queued.status, JSON.stringify(queued.body)).toBe(200);
    expect(queued.body.description).toBe('Fraud Events, 01-Jan-2020 to 31-Dec-2099');
    expect(queued.body.created_by).toBe('super@demo.test');
    expect(queued.body.status).toMatch(/^(Queued|Started|Finished)/);

    const report = await finished(async () => (await listed('fraud_report', token.super)).find((row) => row.id === queued.body.id));
    expect(report?.status).toBe('Finished');
    expect((report as QueueReport).queue_position).toBeNull();

    const download = await server.post<{ data: string; mime: string; filename: string }>('/admin/queued_report_download', { id: queued.body.id }, token.super);
    expect(download.status).toBe(200);
    expect(download.body.mime).toBe('text/csv');
    expect(download.body.filename).toBe('fraud-events_2020-01-01_2099-12-31.csv');
    const exported = await server.post<string>('/admin/fraud', { ...GRID_DATES, page_size: 0, export: 'csv' }, token.super);
    expect(download.body.data).toBe(exported.body);
    expect(download.body.data.split('\n').length).toBeGreaterThan(2);
    // The list says the file's rows and bytes once it is written, for the data saver's question.
    if (queued.body.status === 'Queued') expect([queued.body.rows, queued.body.bytes]).toEqual([null, null]);
    expect((report as QueueReport).bytes).toBe(Buffer.byteLength(download.body.data));
    expect((report as QueueReport).rows).toBe(download.body.data.trimEnd().split('\n').length - 1);
  });

  it("keeps a report to those who may see every row of it: another admin neither lists nor downloads it", async () => {
    const queued = await server.get<QueueReport>(`/admin/queue_report?home=retention_events&${DATES}`, token.super);
    await finished(async () => (await listed('retention_events', token.super)).find((row) => row.id === queued.body.id));
    expect((await listed('retention_events', token.agency)).map((row) => row.id)).not.toContain(queued.body.id);
    const refused = await server.post('/admin/queued_report_download', { id: queued.body.id }, token.agency);
    expect(refused.status).toBe(404);

    // The Agency Admin's own report: theirs and the Super Admin's to see, with only their rows.
    const own = await server.get<QueueReport>(`/admin/queue_report?home=retention_events&${DATES}`, token.agency);
    expect(own.status).toBe(200);
    await finished(async () => (await listed('retention_events', token.agency)).find((row) => row.id === own.body.id));
    expect((await listed('retention_events', token.super)).map((row) => row.id)).toContain(own.body.id);
    const theirs = await server.post<{ data: string }>('/admin/queued_report_download', { id: own.body.id }, token.agency);
    const scopedExport = await server.post<string>('/admin/retention_events', { ...GRID_DATES, page_size: 0, export: 'csv' }, token.agency);
    expect(theirs.body.data).toBe(scopedExport.body);
  });

  it('refuses a bad report request with a clear error and queues nothing', async () => {
    const before = (await listed('fraud_report', token.super)).length;
    const noHome = await server.get<{ error: string }>(`/admin/queue_report?home=nowhere&${DATES}`, token.super);
    expect(noHome.status).toBe(400);
    expect(noHome.body.error).toMatch(/home must be one of/);
    const noStart = await server.get<{ errors: Record<string, string[]> }>('/admin/queue_report?home=fraud_report&end_date=31-Dec-2099', token.super);
    expect(noStart.status).toBe(400);
    expect(noStart.body.errors.start_date).toEqual([messages.startDateRequired]);
    const blacklisted = await server.get(`/admin/queue_report?home=fraud_report&${DATES}&blacklisted=true`, token.agency);
    expect(blacklisted.status).toBe(403);
    const notReady = await server.post<{ code: string }>('/admin/queued_report_download', { id: 2_000_000_000 }, token.super);
    expect(notReady.status).toBe(404);
    expect((await listed('fraud_report', token.super)).length).toBe(before);
  });

  it('queues a report once for one Idempotency-Key, however often the request is sent again (the outbox replays it)', async () => {
    const key = `report-${backend}-${Date.now()}`;
    const before = (await listed('comm_reports', token.super)).length;
    const path = `/admin/queue_report?home=comm_reports&${DATES}`;
    const first = await server.request<QueueReport>('GET', path, { token: token.super, headers: { 'Idempotency-Key': key } });
    const again = await server.request<QueueReport>('GET', path, { token: token.super, headers: { 'Idempotency-Key': key } });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotency-replayed')).toBe('true');
    expect(again.body.id).toBe(first.body.id);
    expect((await listed('comm_reports', token.super)).length).toBe(before + 1);
    // Other filters under the same key are another request: refused, nothing queued.
    const other = await server.request<{ code: string }>('GET', `/admin/queue_report?home=comm_reports&start_date=01-Jan-2021&end_date=31-Dec-2099`, {
      token: token.super, headers: { 'Idempotency-Key': key },
    });
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('idempotency_key_reused');

    const serviceKey = `${key}-service`;
    const servicePath = `/service/payments-report-agents-events-summary/?${DATES}`;
    const reports = async () => (await server.get<Page<ReportRecord>>('/service/payments-reports/?report=agents-events-summary', token.campaign)).body.count;
    const serviceBefore = await reports();
    for (let i = 0; i < 2; i++) {
      const answer = await server.request('GET', servicePath, { token: token.campaign, headers: { 'Idempotency-Key': serviceKey } });
      expect(answer.status).toBe(200);
    }
    expect(await reports()).toBe(serviceBefore + 1);
  });

  it('lists the jobs of any kind the caller may see: the demo’s payment runs, Finished, and reports', async () => {
    const runs = await server.get<ListPage<QueueReport>>('/admin/list_job_queue?job=paymentrun&page_size=0', token.super);
    expect(runs.status).toBe(200);
    expect(runs.body.count).toBeGreaterThan(0);
    expect(runs.body.data[0]).toMatchObject({ description: expect.stringMatching(/^Payment run PR-\d{6}$/), status: 'Finished', queue_position: null, rows: null, bytes: null });
    // Made by the Super Admin, who sees every campaign: a campaign admin sees none of them.
    expect((await server.get<ListPage<QueueReport>>('/admin/list_job_queue?job=paymentrun', token.campaign)).body).toEqual({ data: [], count: 0 });

    const queued = await server.get<QueueReport>(`/admin/queue_report?home=retention_events&${DATES}`, token.campaign);
    const reports = await server.get<ListPage<QueueReport>>('/admin/list_job_queue?job=report&page_size=0', token.campaign);
    expect(reports.body.data.map((job) => job.id)).toContain(queued.body.id);
    expect((await server.get<{ error: string }>('/admin/list_job_queue?job=export', token.super)).status).toBe(400);
  });

  describe('service reports', () => {
    it('require an agency and a campaign when more than one is available (section 5)', async () => {
      const noAgency = await server.get<{ error: string }>(`/service/payments-report-agents-events-detail/?${DATES}`, token.super);
      expect(noAgency.status).toBe(400);
      expect(noAgency.body.error).toBe(messages.agencyRequired);
      const agency = Object.values(agencyIds)[0] as number;
      const noCampaign = await server.get<{ error: string }>(`/service/payments-report-agents-events-detail/?${DATES}&agency_id=${agency}`, token.super);
      expect(noCampaign.status).toBe(400);
      expect(noCampaign.body.error).toBe(messages.campaignRequired);
      const emptyDates = await server.get<{ errors: Record<string, string[]> }>('/service/payments-report-agents-events-detail/', token.super);
      expect(emptyDates.body.errors.start_date).toEqual([messages.startDateRequired]);
      expect(emptyDates.body.errors.end_date).toEqual([messages.endDateRequired]);
    });

    it('queue a report whose record links to its CSV once Finished, for its creator only', async () => {
      // The Campaign Admin has one campaign of one agency: nothing to choose, nothing required.
      const queued = await server.get<ReportRecord>(`/service/payments-report-agents-events-detail/?${DATES}`, token.campaign);
      expect(queued.status, JSON.stringify(queued.body)).toBe(200);
      expect(queued.body.downloadUrl).toBeNull();
      // Named as the screen that asked for it, not as its grid.
      expect(queued.body.description).toMatch(/^Event Detail Report, /);
      const list = async () => (await server.get<Page<ReportRecord>>('/service/payments-reports/?report=agents-events-detail', token.campaign)).body.results[0];
      const report = (await finished(list)) as ReportRecord;
      expect(report.status).toBe('Finished');
      const url = new URL(report.downloadUrl as string);
      const file = await server.get<string>(url.pathname, token.campaign);
      expect(file.status).toBe(200);
      const exported = await server.post<string>('/admin/events_detail', { ...GRID_DATES, page_size: 0, export: 'csv' }, token.campaign);
      expect(file.body).toBe(exported.body);
      expect(report.bytes).toBe(Buffer.byteLength(file.body));
      // Not another admin's: the Agency Admin of another agency does not get it.
      const other = await server.get(url.pathname, token.agency);
      expect([403, 404]).toContain(other.status);
    });
  });
});

describe('the queue while no worker runs', () => {
  const { server, tokens } = useSignedInServer(backend, ['super'], { REPORT_WORKERS: '0' });
  let token = '';
  beforeAll(() => {
    token = tokens.super;
  });

  it('gives three reports queued together their places 1, 2 and 3, the oldest first', async () => {
    for (const home of ['comm_reports', 'fraud_report', 'retention_detail']) {
      expect((await server.get(`/admin/queue_report?home=${home}&${DATES}`, token)).status).toBe(200);
    }
    const positions = [];
    for (const home of ['comm_reports', 'fraud_report', 'retention_detail']) {
      const [report] = (await server.get<ListPage<QueueReport>>(`/admin/list_queue_reports?home=${home}`, token)).body.data;
      positions.push([report?.status, report?.queue_position]);
    }
    expect(positions).toEqual([['Queued', 1], ['Queued', 2], ['Queued', 3]]);
  });
});
