// The links in answers (issue 31): a service page's `next` and `previous` and a generated report's
// `downloadUrl` start with PUBLIC_URL when it is set, whatever the request says; without it with the
// request's Host, and X-Forwarded-Host and -Proto only behind a proxy (TRUST_PROXY). The origin of an
// absolute-form request line is never used. Each link works. PGlite always, PostgreSQL when
// TEST_DATABASE_URL is set.
import { describe, expect, it } from 'vitest';
import type { Page } from '../../src/contract/api';
import type { ReportRecord } from '../../src/contract/entities';
import { backends } from '../support/server';
import { useSignedInServer } from '../support/signedIn';
import { finished } from '../support/service';

/** What a client (or a proxy in front of the server) says about the address it asked. */
const SAID = { host: 'client-said.example:8443', 'x-forwarded-host': 'proxy-said.example', 'x-forwarded-proto': 'https' };

const SETUPS: Array<[string, Record<string, string>, string]> = [
  ['neither PUBLIC_URL nor TRUST_PROXY: the Host header', {}, 'http://client-said.example:8443'],
  ['TRUST_PROXY: the proxy’s forwarded host and protocol', { TRUST_PROXY: '1' }, 'https://proxy-said.example'],
  ['PUBLIC_URL, behind a proxy too: PUBLIC_URL', { PUBLIC_URL: 'https://referral.example.org/', TRUST_PROXY: '1' }, 'https://referral.example.org'],
];

describe.each(backends)('links in answers on %s', (backend) => {
  describe.each(SETUPS)('with %s', (_name, env, origin) => {
    const { server, tokens: token } = useSignedInServer(backend, ['super', 'campaign'], env);

    /** A GET as the client above sends it, the request line as given (`http://...` is absolute-form). */
    const get = async <T>(target: string, as: string): Promise<T> => {
      const answer = await server.raw('GET', target, { headers: { ...SAID, authorization: `Bearer ${as}` } });
      expect(answer.status, answer.body).toBe(200);
      return JSON.parse(answer.body) as T;
    };
    /** A link followed the way a client does, to this test's server (the names above resolve nowhere). */
    const follow = async (link: string, as: string) => {
      expect(link.startsWith(`${origin}/`), link).toBe(true);
      const { pathname, search } = new URL(link);
      return server.get(`${pathname}${search}`, as);
    };

    it('a page’s next and previous', async () => {
      for (const target of ['/service/agencies/?page_size=2&page=2', 'http://request-line.example/service/agencies/?page_size=2&page=2']) {
        const middle = await get<Page<unknown>>(target, token.super);
        expect(middle.count).toBeGreaterThan(4);
        expect([middle.next, middle.previous]).toEqual([
          `${origin}/service/agencies/?page_size=2&page=3`,
          `${origin}/service/agencies/?page_size=2&page=1`,
        ]);
        const next = await follow(middle.next as string, token.super);
        expect(next.status).toBe(200);
        expect((next.body as unknown as Page<unknown>).previous).toMatch(/page=2$/);
      }
    });

    it('a finished report’s downloadUrl', async () => {
      // The Campaign Admin has one campaign of one agency: nothing to choose.
      const queued = await get<ReportRecord>('/service/payments-report-agents-events-detail/?start_date=01-Jan-2020&end_date=31-Dec-2099', token.campaign);
      expect(queued.downloadUrl).toBeNull();
      const report = await finished(async () => (await get<Page<ReportRecord>>('/service/payments-reports/?report=agents-events-detail', token.campaign)).results[0]);
      expect(report?.status).toBe('Finished');
      expect(report?.downloadUrl).toMatch(new RegExp(`^${origin.replace(/[.]/g, '\\.')}/service/payments-report-download/agents-events-detail/\\d+/agent-events-detail_2020-01-01_2099-12-31\\.csv$`));
      const file = await follow(report?.downloadUrl as string, token.campaign);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toMatch(/^text\/csv/);
    });
  });
});
