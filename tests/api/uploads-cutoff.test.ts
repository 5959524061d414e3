// Connections the server lets go of (issue 31), on raw sockets (fetch can neither cut a form short
// nor stall): a multipart form cut off before its closing boundary, on both upload routes, is
// answered 400 at once and stores nothing. PGlite always, PostgreSQL when TEST_DATABASE_URL is set.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, ListPage, SecureAgencies } from '../../src/contract/api';
import type { SecureReportRow } from '../../src/contract/entities';
import * as messages from '../../src/contract/messages';
import { accessToken, backends, SIGNED_IN_SUITE, startServer, type TestServer } from '../support/server';

interface RawAnswer {
  /** 0: the server closed the connection without an answer; -1: neither an answer nor a close in time. */
  status: number;
  body: string;
  seconds: number;
}

/**
 * Writes `text` on a connection of its own and keeps it open (a client that ended its side would
 * have the server drop the request), then waits for the answer and the close, `waitMs` at most.
 */
function exchange(server: TestServer, text: string, waitMs: number): Promise<RawAnswer> {
  const { hostname, port } = new URL(server.url);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    let received = '';
    const settle = (status?: number) => {
      clearTimeout(timer);
      socket.destroy();
      const [head = '', body = ''] = received.split('\r\n\r\n', 2);
      resolve({ status: status ?? Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), body, seconds: (performance.now() - started) / 1000 });
    };
    const socket = connect(Number(port), hostname, () => socket.write(text));
    const timer = setTimeout(() => settle(-1), waitMs);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('close', () => settle());
    socket.on('error', reject);
  });
}

const BOUNDARY = 'XyZzY';
const field = (name: string, value: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const fileHead = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="payments.csv"\r\nContent-Type: text/csv\r\n\r\n`;
const CSV = 'id,agent,amount\n1,233241234567,12.50\n';

/** A multipart POST with a correct Content-Length for the body it carries, whatever that body lacks. */
const multipartRequest = (path: string, token: string, body: string) =>
  `POST ${path} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\nConnection: close\r\n`
  + `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;

/** Where a form can end short of its closing boundary (`--XyZzY--`). */
const CUTS: Array<[string, string]> = [
  ['after the file and "\\r\\n--" (the report of issue 31)', `${fileHead}${CSV}\r\n--`],
  ['after the file and "\\r\\n-"', `${fileHead}${CSV}\r\n-`],
  ['in the file', `${fileHead}${CSV}`],
  ['in the boundary after the file', `${fileHead}${CSV}\r\n--${BOUNDARY.slice(0, 3)}`],
  ['after the boundary after the file', `${fileHead}${CSV}\r\n--${BOUNDARY}`],
  ['after a part begun after the file', `${fileHead}${CSV}\r\n--${BOUNDARY}\r\n`],
  ['in the file part’s header', fileHead.slice(0, -10)],
  ['after the fields', ''],
];

describe.each(backends)('a cut-off upload on %s', (backend) => {
  let server: TestServer;
  const token = { super: '', agency: '' };
  let own = { agency: 0, campaign: 0 };
  const reportCount = async () => (await server.post<ListPage<SecureReportRow>>('/admin/list_secure_reports', { page_size: 0 }, token.super)).body.count;

  beforeAll(async () => {
    server = await startServer(backend, SIGNED_IN_SUITE);
    token.super = await accessToken(server, 'super@demo.test');
    token.agency = await accessToken(server, 'agency@demo.test');
    const [agency] = (await server.post<SecureAgencies>('/admin/get-secure-agencies', {}, token.agency)).body.agencies;
    const campaign = agency?.campaigns[0];
    if (!agency || !campaign) throw new Error('the demo Agency Admin needs an agency with a campaign');
    own = { agency: agency.id, campaign: campaign.id };
  });
  afterAll(async () => server?.stop());

  const routes = () => [
    { path: '/service/payments-secure-page/', as: token.agency, fields: field('agency_id', String(own.agency)) + field('campaign_id', String(own.campaign)) },
    { path: '/admin/upload_secure', as: token.super, fields: field('agencies', JSON.stringify([{ agency_id: own.agency, campaign_id: own.campaign }])) },
  ];

  it('is answered 400 within a second on both upload routes, wherever it ends, and stores nothing', async () => {
    const before = await reportCount();
    for (const route of routes()) {
      for (const [where, rest] of CUTS) {
        const answer = await exchange(server, multipartRequest(route.path, route.as, route.fields + rest), 5_000);
        const what = `${route.path}, cut ${where}`;
        expect([what, answer.status], answer.body).toEqual([what, 400]);
        expect(answer.seconds, what).toBeLessThan(1);
        expect((JSON.parse(answer.body) as ApiError).error, what).toBe(messages.uploadCutOff);
      }
      // The same form with its closing boundary is stored: the cut, not the form, was refused.
      const whole = await exchange(server, multipartRequest(route.path, route.as, `${route.fields}${fileHead}${CSV}${route.path}\r\n--${BOUNDARY}--\r\n`), 5_000);
      expect(whole.status, whole.body).toBe(201);
    }
    expect(await reportCount()).toBe(before + 2);
  });
});
