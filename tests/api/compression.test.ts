// What goes over the wire (issue 18), read with node:http so nothing is decompressed on the way:
// the console's files precompressed at build and sent as the client accepts them, with Vary and
// long-lived caching for hashed assets only; JSON answers and streamed CSV exports compressed on
// the fly; no source map served. Needs the console built (`npm test` builds it first).
import { readdirSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { agentEventDetailsGrid } from '../../src/contract/grids';
import { consoleRoot } from '../../src/server/routes/console';
import { backend, type TestServer } from '../support/server';
import { useSignedInServer } from '../support/signedIn';

interface Raw { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }

/** One request as sent, its answer's bytes as received. */
function raw(server: TestServer, method: string, target: string, headers: Record<string, string> = {}, body?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const call = request(`${server.url}${target}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    call.on('error', reject);
    call.end(body);
  });
}

const decoded = (answer: Raw): string => {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(answer.body).toString('utf8');
  return answer.body.toString('utf8');
};

describe('compressed on the wire', () => {
  const { server, tokens } = useSignedInServer(backend, ['super']);
  const script = readdirSync(path.join(consoleRoot, 'assets')).find((name) => /^framework-.*\.js$/.test(name)) as string;

  it("sends the console's files precompressed as the browser accepts them, hashed assets cached for good", async () => {
    const asset = `/assets/${script}`;
    const plain = await raw(server, 'GET', asset);
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const encoding of ['br', 'gzip'] as const) {
      const answer = await raw(server, 'GET', asset, { 'accept-encoding': encoding === 'br' ? 'gzip, deflate, br' : 'gzip' });
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(answer.body.length).toBeLessThan(plain.body.length / 2.5);
      expect(decoded(answer)).toBe(plain.body.toString('utf8'));
    }
    // What must be checked at each use is never cached for long.
    for (const target of ['/login', '/sw.js', '/config.js']) {
      const answer = await raw(server, 'GET', target, { 'accept-encoding': 'br' });
      expect(answer.status, target).toBe(200);
      expect(answer.headers['cache-control'], target).toBe('no-cache');
    }
    expect((await raw(server, 'GET', '/login', { 'accept-encoding': 'br' })).headers['content-encoding']).toBe('br');
  });

  it('compresses JSON answers and streamed CSV exports on the fly, and leaves small answers alone', async () => {
    const headers = { authorization: `Bearer ${tokens.super}`, 'content-type': 'application/json' };
    const body = JSON.stringify({ start_date: '01-Jan-2020', end_date: '31-Dec-2099', page_size: 100 });
    const plain = await raw(server, 'POST', agentEventDetailsGrid.path, headers, body);
    const brotli = await raw(server, 'POST', agentEventDetailsGrid.path, { ...headers, 'accept-encoding': 'br, gzip' }, body);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.body.length).toBeLessThan(plain.body.length / 4);
    expect(JSON.parse(decoded(brotli))).toEqual(JSON.parse(plain.body.toString('utf8')));

    const exportBody = JSON.stringify({ start_date: '01-Jan-2020', end_date: '31-Dec-2099', page_size: 0, export: 'csv' });
    const csv = await raw(server, 'POST', agentEventDetailsGrid.path, headers, exportBody);
    const gzipped = await raw(server, 'POST', agentEventDetailsGrid.path, { ...headers, 'accept-encoding': 'gzip' }, exportBody);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(decoded(gzipped)).toBe(csv.body.toString('utf8'));
    expect(gzipped.body.length).toBeLessThan(csv.body.length / 3);

    const small = await raw(server, 'GET', '/health', { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it("sends a hashed script without the documents' headers, a worker script and the pages with their CSP", async () => {
    const asset = await raw(server, 'GET', `/assets/${script}`, { 'accept-encoding': 'br' });
    expect(asset.headers['content-security-policy']).toBeUndefined();
    expect(asset.headers['x-frame-options']).toBeUndefined();
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    const worker = readdirSync(path.join(consoleRoot, 'assets')).find((name) => /\.worker-.*\.js$/.test(name)) as string;
    expect((await raw(server, 'GET', `/assets/${worker}`)).headers['content-security-policy']).toContain("script-src 'self'");
    for (const page of ['/login', '/sw.js']) expect((await raw(server, 'GET', page)).headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('serves no source map', async () => {
    expect(readdirSync(path.join(consoleRoot, 'assets')).filter((name) => name.endsWith('.map'))).toEqual([]);
    expect((await raw(server, 'GET', `/assets/${script}.map`)).status).toBe(404);
  });
});
