// Secure report codes on a budget of their own (issue 30), with the default limits: an admin signed
// in on two devices opens five secure reports in a quarter of an hour; a burst of download codes
// past their own limit is refused (both ways of asking for one) while a sign-in still works.
// PGlite always, PostgreSQL when TEST_DATABASE_URL is set.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, SecureAgencies, SecureOtpSent } from '../../src/contract/api';
import type { SecureReportRow } from '../../src/contract/entities';
import { loadConfig } from '../../src/server/config';
import { SEND } from '../support/calls';
import { backends, signIn, startServer, type TestServer } from '../support/server';

const ADMIN = 'agency@demo.test';
/** The default send budget per account and 15 minutes (OTP_SEND_LIMIT_PER_15MIN). */
const SEND_LIMIT = loadConfig({}).otp.sendLimitPer15Min;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe.each(backends)('secure report codes on their own budget on %s', (backend) => {
  let server: TestServer;
  /** The admin's two devices: each signed in with a LOGIN code of its own. */
  const devices: string[] = [];
  const reports: SecureReportRow[] = [];

  beforeAll(async () => {
    server = await startServer(backend);
    for (let device = 0; device < 2; device++) {
      const login = await signIn(server, ADMIN);
      expect(login.status, JSON.stringify(login.body)).toBe(200);
      devices.push(login.body.access);
    }
    const [token] = devices as [string];
    const [agency] = (await server.post<SecureAgencies>('/admin/get-secure-agencies', {}, token)).body.agencies;
    const campaign = agency?.campaigns[0];
    if (!agency || !campaign) throw new Error('the demo Agency Admin needs an agency with a campaign');
    for (let i = 0; i < 5; i++) {
      const form = new FormData();
      form.append('agency_id', String(agency.id));
      form.append('campaign_id', String(campaign.id));
      form.append('file', new Blob([`id,amount\n${i},${backend}-${Date.now()}\n`]), `budget-${i}.csv`);
      const response = await fetch(`${server.url}/service/payments-secure-page/`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
      expect(response.status).toBe(201);
      reports.push((await response.json()) as SecureReportRow);
    }
  });
  afterAll(async () => server?.stop());

  const askCode = (token: string, reportId: number) => server.post<SecureOtpSent & ApiError>('/admin/send_secure_otp', { report_id: reportId }, token);
  async function download(token: string, id: number, otp: string) {
    const response = await fetch(`${server.url}/admin/download_secure`, {
      method: 'POST', body: JSON.stringify({ id, otp }), headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
    return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
  }

  it('after two sign-ins, five download codes in a row each arrive and each opens its report', async () => {
    for (const [i, report] of reports.entries()) {
      const token = devices[i % 2] as string;
      const sent = await askCode(token, report.id);
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      const file = await download(token, report.id, await server.latestCode(ADMIN, 'SECURE_PAGES'));
      expect(file.status).toBe(200);
      expect(sha256(file.bytes)).toBe(report.sha256);
    }
  });

  it('refuses download codes past their own limit, by either route, while a sign-in still works', async () => {
    const [token, report] = [devices[0] as string, reports[0] as SecureReportRow];
    // Five sent above: the sign-ins spent none of the secure budget, so five more go out.
    for (let i = 5; i < SEND_LIMIT; i++) expect((await askCode(token, report.id)).status).toBe(200);
    const refused = await askCode(token, report.id);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('too_many_requests');
    expect(refused.body.error).toMatch(/^Too many OTPs requested\. Please wait \d+ minutes? before asking for another\.$/);
    // The session's own SECURE_PAGES code spends the same budget.
    const sessionCode = await server.post<ApiError>(SEND, { username: ADMIN, medium: 'EMAIL', otp_type: 'SECURE_PAGES' }, token);
    expect(sessionCode.status).toBe(429);
    // The codes spent none of the sign-in budget: a third device signs in.
    const login = await signIn(server, ADMIN);
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    // The code sent last before the refusals still opens the report.
    const file = await download(login.body.access, report.id, await server.latestCode(ADMIN, 'SECURE_PAGES'));
    expect(file.status).toBe(200);
  });
});
