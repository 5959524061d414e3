// The service worker's runtime caching rules (vite.config.ts), as Workbox calls them: reference data
// is cached, a secure report's call never is (issue 16: secure reports are never kept on the device).
import { describe, expect, it } from 'vitest';
import { pwa } from '../../../vite.config';

type RuntimeCaching = NonNullable<NonNullable<typeof pwa.workbox>['runtimeCaching']>[number];
type MatchOptions = Parameters<Exclude<RuntimeCaching['urlPattern'], RegExp | string>>[0];
const rules: readonly RuntimeCaching[] = pwa.workbox?.runtimeCaching ?? [];

/** The rules that would answer `method path` from a cache. */
function cachingRules(method: string, path: string): RuntimeCaching[] {
  const url = new URL(path, 'https://console.example');
  const request = new Request(url, { method });
  return rules.filter((rule) => {
    if ((rule.method ?? 'GET') !== method) return false;
    const pattern = rule.urlPattern;
    if (pattern instanceof RegExp) return pattern.test(url.href);
    if (typeof pattern === 'string') return url.href.includes(pattern);
    return Boolean(pattern({ url, request, sameOrigin: true, event: {} } as unknown as MatchOptions));
  });
}

const SECURE_CALLS = [
  'admin/list_secure_reports',
  'admin/get-secure-agencies',
  'admin/send_secure_otp',
  'admin/download_secure',
  'admin/upload_secure',
  'admin/secure_reports/7/ledger',
  'service/payments-secure-page/',
  'service/payments-secure-page/?agency_id=3',
];

describe("the service worker's runtime caches", () => {
  it('cache the reference data they are meant for', () => {
    expect(cachingRules('GET', '/api/v1/status-types')).toHaveLength(1);
    expect(cachingRules('GET', '/admin/agencies')).toHaveLength(1);
  });

  it.each(SECURE_CALLS)('never keep a secure report call: %s', (path) => {
    for (const method of ['GET', 'POST']) {
      expect(cachingRules(method, `/${path}`)).toEqual([]);
      expect(cachingRules(method, `https://admin.example/${path}`)).toEqual([]);
    }
  });
});
