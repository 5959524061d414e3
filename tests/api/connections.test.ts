// Connections the server lets go of (issue 31), on raw sockets (fetch can neither cut a form short
// nor stall): a multipart form cut off before its closing boundary, on both upload routes, is
// answered 400 at once and stores nothing; a request that has not arrived whole when
// REQUEST_TIMEOUT_SECONDS (2 here) have passed is answered 408 and let go, however it dawdles (an
// answer that has begun is not timed: src/server/http/timeouts.test.ts). PGlite always, PostgreSQL
// when TEST_DATABASE_URL is set.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, ListPage, SecureAgencies } from '../../src/contract/api';
import type { SecureReportRow } from '../../src/contract/entities';
import * as messages from '../../src/contract/messages';
import { backends } from '../support/server';
import { useSignedInServer } from '../support/signedIn';
import { exchange, type RawAnswer } from '../support/sockets';

const BOUNDARY = 'XyZzY';
const field = (name: string, value: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const fileHead = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="payments.csv"\r\nContent-Type: text/csv\r\n\r\n`;
const CSV = 'id,agent,amount\n1,233241234567,12.50\n';

const TIMEOUT_SECONDS = 2;

/** A POST of `body`, whose Content-Length is the body's own unless the client means to send more. */
const post = (path: string, token: string, contentType: string, body: string, length = Buffer.byteLength(body)) =>
  `POST ${path} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\nConnection: close\r\n`
  + `Content-Type: ${contentType}\r\nContent-Length: ${length}\r\n\r\n${body}`;
const multipartRequest = (path: string, token: string, body: string, length?: number) =>
  post(path, token, `multipart/form-data; boundary=${BOUNDARY}`, body, length);

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

describe.each(backends)('connections on %s', (backend) => {
  const { server, tokens: token } = useSignedInServer(backend, ['super', 'agency'], { REQUEST_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS) });
  let own = { agency: 0, campaign: 0 };
  const reportCount = async () => (await server.post<ListPage<SecureReportRow>>('/admin/list_secure_reports', { page_size: 0 }, token.super)).body.count;

  beforeAll(async () => {
    const [agency] = (await server.post<SecureAgencies>('/admin/get-secure-agencies', {}, token.agency)).body.agencies;
    const campaign = agency?.campaigns[0];
    if (!agency || !campaign) throw new Error('the demo Agency Admin needs an agency with a campaign');
    own = { agency: agency.id, campaign: campaign.id };
  });

  const routes = () => [
    { path: '/service/payments-secure-page/', as: token.agency, fields: field('agency_id', String(own.agency)) + field('campaign_id', String(own.campaign)) },
    { path: '/admin/upload_secure', as: token.super, fields: field('agencies', JSON.stringify([{ agency_id: own.agency, campaign_id: own.campaign }])) },
  ];

  it('a cut-off upload is answered 400 within a second on both upload routes, wherever it ends, and stores nothing', async () => {
    const before = await reportCount();
    for (const route of routes()) {
      for (const [where, rest] of CUTS) {
        const answer = await exchange(server, multipartRequest(route.path, route.as, route.fields + rest), { waitMs: 5_000 });
        const what = `${route.path}, cut ${where}`;
        expect([what, answer.status], answer.body).toEqual([what, 400]);
        expect(answer.seconds, what).toBeLessThan(1);
        expect((JSON.parse(answer.body) as ApiError).error, what).toBe(messages.uploadCutOff);
      }
      // The same form with its closing boundary is stored: the cut, not the form, was refused.
      const whole = await exchange(server, multipartRequest(route.path, route.as, `${route.fields}${fileHead}${CSV}${route.path}\r\n--${BOUNDARY}--\r\n`), { waitMs: 5_000 });
      expect(whole.status, whole.body).toBe(201);
    }
    expect(await reportCount()).toBe(before + 2);
  });

  describe(`a request that has not arrived whole after ${TIMEOUT_SECONDS} s`, () => {
    /** Answered 408 with the API's refusal, and the connection closed, at the time (checked every tenth of it). */
    const expectCutOffInTime = (answer: RawAnswer, what: string) => {
      expect([what, answer.status], answer.body).toEqual([what, 408]);
      expect(JSON.parse(answer.body), what).toEqual({ error: messages.requestTooSlow(TIMEOUT_SECONDS), code: 'timeout' });
      expect(answer.seconds, what).toBeGreaterThan(TIMEOUT_SECONDS * 0.95);
      expect(answer.seconds, what).toBeLessThan(TIMEOUT_SECONDS + 1.5);
    };

    it('is an upload that stalls after part of its file, or trickles a byte at a time, on both routes', async () => {
      for (const route of routes()) {
        const begun = `${route.fields}${fileHead}${CSV}`;
        const stalled = await exchange(server, multipartRequest(route.path, route.as, begun, begun.length + 10_000), { waitMs: 10_000 });
        expectCutOffInTime(stalled, `${route.path}, stalled`);
        // Each byte is news, so an idle timeout would never fire; the request's own time does.
        const trickling = await exchange(server, multipartRequest(route.path, route.as, begun, begun.length + 10_000), { waitMs: 10_000, trickle: 'a,b\n'.repeat(100), everyMs: 100 });
        expectCutOffInTime(trickling, `${route.path}, trickling`);
      }
    });

    it('is a JSON body, or headers that never end', async () => {
      const json = await exchange(server, post('/admin/list_secure_reports', token.super, 'application/json', '{"page_size":', 40), { waitMs: 10_000 });
      expectCutOffInTime(json, 'a JSON body');
      const headers = await exchange(server, `GET /health HTTP/1.1\r\nHost: localhost\r\nX-Slow: `, { waitMs: 10_000, trickle: 'z'.repeat(100), everyMs: 100 });
      expectCutOffInTime(headers, 'headers');
    });
  });

  it('refuses what is not a request in the API’s shape too: headers over 16 KB (431), a line that is not HTTP (400)', async () => {
    const large = await exchange(server, `GET /health HTTP/1.1\r\nHost: localhost\r\nX-Large: ${'z'.repeat(20_000)}\r\n\r\n`, { waitMs: 5_000 });
    expect([large.status, JSON.parse(large.body)]).toEqual([431, { error: messages.headersTooLarge, code: 'too_large' }]);
    const garbage = await exchange(server, 'HELLO THERE\r\n\r\n', { waitMs: 5_000 });
    expect([garbage.status, JSON.parse(garbage.body)]).toEqual([400, { error: messages.notHttp, code: 'bad_request' }]);
  });
});
