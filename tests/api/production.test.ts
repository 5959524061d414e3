// Outside demo mode (PostgreSQL without DEMO=1): no demo data, no outbox route, and codes go out
// through the configured providers; a medium without a provider is refused with a clear message.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/auth/passwords';
import { startServer, type TestServer } from '../support/server';

const runsOnPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.runIf(runsOnPostgres)('production mode on postgres', () => {
  let server: TestServer;
  let provider: Server;
  const received: Array<{ to: string; text: string }> = [];

  beforeAll(async () => {
    // A stand-in SMS provider on loopback: it records what the server asks it to send.
    provider = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        received.push(JSON.parse(body));
        response.writeHead(202).end();
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    const { port } = provider.address() as AddressInfo;
    server = await startServer('postgres', { DEMO: '0', SMS_HTTP_URL: `http://127.0.0.1:${port}/sms`, LOG_LEVEL: 'info' });
    await server.sql?.query(
      `insert into users (username, email, msisdn, first_name, last_name, password_hash)
       values ('ops@example.org', 'ops@example.org', '233201234567', 'Ops', 'Person', $1)`,
      [await hashPassword('Operator#2026')],
    );
  });
  afterAll(async () => {
    await server?.stop();
    provider?.close();
  });

  it('loads no demo data and has no outbox route', async () => {
    expect((await server.get('/health')).body).toEqual({ status: 'ok', database: 'postgres' });
    expect((await server.get('/dev/outbox')).status).toBe(404);
    expect((await server.get<{ data: unknown[] }>('/admin/countries')).body.data).toEqual([]);
    const roleTypes = await server.sql?.query('select id, name from role_types order by id');
    expect(roleTypes?.rows).toContainEqual({ id: 2, name: 'Agent' });
  });

  it('publishes the OpenAPI document without the demo browsing page', async () => {
    const document = await server.get<{ openapi: string; paths: Record<string, unknown> }>('/docs/json');
    expect(document.status).toBe(200);
    expect(document.body.openapi).toMatch(/^3\./);
    expect(Object.keys(document.body.paths)).toContain('/admin/admins');
    expect(Object.keys(document.body.paths)).not.toContain('/dev/outbox');
    expect((await server.get('/docs/')).status).toBe(404);
  });

  it('sends a code through the SMS provider, and never in the answer', async () => {
    const sent = await server.post('/api/v1/otp/send/', { username: 'ops@example.org', otp_type: 'PASSWORD_RESET', medium: 'SMS' });
    expect(sent.status).toBe(200);
    expect(received).toHaveLength(1);
    expect(received[0]?.to).toBe('233201234567');
    const code = received[0]?.text.match(/\b(\d{4})\b/)?.[1];
    expect(code).toMatch(/^\d{4}$/);
    expect(JSON.stringify(sent.body)).not.toContain(code);

    const reset = await server.post('/api/v1/auth/reset-password/', { username: 'ops@example.org', otp: code, new_password: 'Operator#2027' });
    expect(reset.status).toBe(200);
  });

  it('refuses EMAIL clearly when no SMTP server is configured', async () => {
    const sent = await server.post('/api/v1/otp/send/', { username: 'ops@example.org', otp_type: 'PASSWORD_RESET', medium: 'EMAIL' });
    expect(sent.status).toBe(503);
    expect(sent.body).toEqual({ error: 'Codes cannot be sent by EMAIL on this server. Choose the other medium or contact support.', code: 'code_not_sent' });
  });
});
