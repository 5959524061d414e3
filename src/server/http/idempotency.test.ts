// The pure parts of the Idempotency-Key store: what counts as 'the same request', which paths and
// answers are stored, and whose key it is. The store itself is tested over HTTP in
// tests/api/idempotency.test.ts, on PGlite and PostgreSQL.
import { describe, expect, it } from 'vitest';
import { callerScope, canonicalJson, holdsToken, isStoredStatus, requestFingerprint } from './idempotency';

const request = (body: unknown, method = 'POST', route = '/admin/whitelist', query: unknown = {}) => ({ method, route, query, body });

describe('canonicalJson', () => {
  it('sorts the keys of every object, at any depth, and keeps the order of arrays', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } })).toBe('{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}');
    expect(canonicalJson([2, 1])).toBe('[2,1]');
  });

  it('writes plain values as JSON does', () => {
    expect(canonicalJson('text')).toBe('"text"');
    expect(canonicalJson(null)).toBe('null');
    expect(canonicalJson(undefined)).toBe('');
    expect(canonicalJson({ a: undefined, b: 1 })).toBe('{"b":1}');
  });
});

describe('requestFingerprint', () => {
  const body = { msisdn: '0241234567', country: 'GH', campaign_id: 5, extra: { b: true, a: [1, 2] } };

  it('is the same for the same method, path and body, whatever the key order of the JSON', () => {
    const reordered = { extra: { a: [1, 2], b: true }, campaign_id: 5, country: 'GH', msisdn: '0241234567' };
    expect(requestFingerprint(request(reordered))).toBe(requestFingerprint(request(body)));
    expect(requestFingerprint(request(JSON.parse(JSON.stringify(body)) as unknown))).toBe(requestFingerprint(request(body)));
  });

  it('ignores the case of the method and a trailing slash, as the router does', () => {
    expect(requestFingerprint(request(body, 'post', '/admin/whitelist/'))).toBe(requestFingerprint(request(body)));
  });

  it('reads the matched route and its parameters, not the URL text', () => {
    const one = { method: 'PUT', route: '/service/campaigns/:id', params: { id: '7' }, body };
    expect(requestFingerprint(one)).toBe(requestFingerprint({ ...one, params: { id: '7' } }));
    expect(requestFingerprint(one)).not.toBe(requestFingerprint({ ...one, params: { id: '8' } }));
  });

  it.each([
    ['another value', request({ ...body, msisdn: '0241234568' })],
    ['another type of a value', request({ ...body, campaign_id: '5' })],
    ['a missing field', request({ msisdn: body.msisdn, country: body.country, extra: body.extra })],
    ['an extra field', request({ ...body, id: 3 })],
    ['another array order', request({ ...body, extra: { b: true, a: [2, 1] } })],
    ['another method', request(body, 'PUT')],
    ['another path', request(body, 'POST', '/admin/event_types')],
    ['another query', request(body, 'POST', '/admin/whitelist', { dry: '1' })],
    ['no body', request(undefined)],
    ['the body as text', request(JSON.stringify(body))],
  ])('differs for %s', (_label, other) => {
    expect(requestFingerprint(other)).not.toBe(requestFingerprint(request(body)));
  });

  it('tells a JSON string from the same text sent as text', () => {
    expect(requestFingerprint(request('"x"'))).not.toBe(requestFingerprint(request('x')));
  });

  it('is a SHA-256 in hex', () => {
    expect(requestFingerprint(request(body))).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('holdsToken', () => {
  it.each([
    ['{"access":"eyJ…","refresh":"r"}', true],
    ['{"refresh":"r"}', true],
    ['{"token":"t"}', true],
    ['{"message":"OTP sent"}', false],
    ['{"error":"Unable to login user"}', false],
    ['not json', false],
    ['["access"]', false],
  ])('%s → %s', (body, holds) => {
    expect(holdsToken(body)).toBe(holds);
  });
});

describe('isStoredStatus', () => {
  it('stores 2xx to 4xx answers, but neither 5xx nor 429', () => {
    expect([200, 201, 204, 400, 403, 404, 409, 422].every(isStoredStatus)).toBe(true);
    expect([100, 429, 500, 502, 503].some(isStoredStatus)).toBe(false);
  });
});

describe('callerScope', () => {
  it('is the user of the session, else the client address', () => {
    expect(callerScope({ ip: '203.0.113.7', session: { userId: 12, sessionId: 's', roleType: 'Super Admin', roleCampaigns: [] } })).toBe('user:12');
    expect(callerScope({ ip: '203.0.113.7', session: undefined })).toBe('address:203.0.113.7');
  });
});
