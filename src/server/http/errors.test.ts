// The one mapping of domain errors to HTTP (errors.ts): each error thrown by a route goes out with
// its status, its headers and its body, byte for byte as the API has always answered.
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import * as messages from '../../contract/messages';
import {
  CodeNotSent, Conflict, type DomainError, Invalid, MediumUnavailable, NotFound, RateLimited, Refused, TooLarge,
  Unauthenticated, UnsupportedMedia, Unprocessable,
} from '../domain/errors';
import { installErrorHandling } from './errors';

const app = Fastify({ logger: false });
installErrorHandling(app, { servesConsole: false });
let thrown: DomainError;
app.get('/refuse', async () => {
  throw thrown;
});
afterAll(() => app.close());

const cases: [string, DomainError, number, string][] = [
  ['a validation failure', new Invalid('Bad date', { updated_at: ['Bad date'] }), 400, '{"error":"Bad date","code":"validation","errors":{"updated_at":["Bad date"]}}'],
  ['a request not to act on', new Invalid('otp_type must be LOGIN to log in.'), 400, '{"error":"otp_type must be LOGIN to log in.","code":"bad_request"}'],
  ['a wrong code', new Invalid(messages.otpWrong, undefined, 'otp_wrong'), 400, JSON.stringify({ error: messages.otpWrong, code: 'otp_wrong' })],
  ['no sign-in', new Unauthenticated(messages.accessTokenMissing), 401, JSON.stringify({ error: messages.accessTokenMissing, code: 'unauthenticated' })],
  ['an ended session', new Unauthenticated(messages.sessionExpired, 'session_expired'), 401, JSON.stringify({ error: messages.sessionExpired, code: 'session_expired' })],
  ['a role refused', new Refused(), 403, JSON.stringify({ error: messages.forbidden, code: 'forbidden' })],
  ['a record out of reach', Refused.outOfScope('Not yours'), 403, '{"error":"Not yours","code":"out_of_scope"}'],
  ['a Super Admin call', Refused.superAdminOnly(), 403, JSON.stringify({ error: messages.superOnlyChange, code: 'super_admin_only' })],
  ['no such record', new NotFound('Agency not found'), 404, '{"error":"Agency not found","code":"not_found"}'],
  ['no record, in the default words', new NotFound(), 404, JSON.stringify({ error: messages.notFound, code: 'not_found' })],
  ['a duplicate', new Conflict('Taken', 'duplicate', { errors: { msisdn: ['Taken'] } }), 409, '{"error":"Taken","code":"duplicate","errors":{"msisdn":["Taken"]}}'],
  ['a record in use', new Conflict('In use', 'in_use'), 409, '{"error":"In use","code":"in_use"}'],
  ['an outdated copy', Conflict.outdated({ id: 7, name: 'now' }), 409, JSON.stringify({ error: messages.recordChanged, code: 'edit_conflict', current: { id: 7, name: 'now' } })],
  ['a file too large', new TooLarge(), 413, JSON.stringify({ error: messages.fileTooLarge, code: 'too_large' })],
  ['content of another type', new UnsupportedMedia('Not text'), 415, '{"error":"Not text","code":"unsupported_media_type"}'],
  ['a request not carried out', new Unprocessable('Refused rows', 'unprocessable', { refused: 2 }), 422, '{"error":"Refused rows","code":"unprocessable","current":{"refused":2}}'],
  ['a reused key', new Unprocessable('Reused', 'idempotency_key_reused'), 422, '{"error":"Reused","code":"idempotency_key_reused"}'],
  ['a spent budget', new RateLimited('Wait', 90.2), 429, '{"error":"Wait","code":"too_many_requests"}'],
  ['a code its medium failed', new CodeNotSent('Not sent', new Error('smtp down')), 502, '{"error":"Not sent","code":"code_not_sent"}'],
  ['a medium the server lacks', new MediumUnavailable('No SMS here'), 503, '{"error":"No SMS here","code":"code_not_sent"}'],
];

describe('a domain error on the wire', () => {
  it.each(cases)('%s', async (_name, error, status, body) => {
    thrown = error;
    const answer = await app.inject({ method: 'GET', url: '/refuse' });
    expect(answer.statusCode).toBe(status);
    expect(answer.body).toBe(body);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers['retry-after']).toBe(error instanceof RateLimited ? '91' : undefined);
  });

  it('a rate limit asks for at least one second', async () => {
    thrown = new RateLimited('Wait', 0.01);
    expect((await app.inject({ method: 'GET', url: '/refuse' })).headers['retry-after']).toBe('1');
  });
});
