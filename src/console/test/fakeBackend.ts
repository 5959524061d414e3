// A fake of the three backends at the fetch boundary: answers by method and path, and records
// every call (method, path, query, headers, JSON body) so tests can assert what was sent.
// RTK Query's fetchBaseQuery calls the global fetch at call time, so stubbing it is enough.
import { vi } from 'vitest';
import type { Page } from '../../contract/api';

export interface RecordedCall {
  method: string;
  /** The path without the origin or the query: '/api/v1/otp/send/'. */
  path: string;
  search: string;
  authorization: string | null;
  /** The Idempotency-Key header (every write carries one). */
  idempotencyKey: string | null;
  /** X-Outbox-Queued-At: when the admin made a write the outbox replays. */
  queuedAt: string | null;
  body: unknown;
}

export interface FakeReply {
  status?: number;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is instead (a file), with `headers`. */
  file?: { text: string; headers: Record<string, string> };
}
/** 'offline' makes fetch reject, as it does when the server cannot be reached. */
type Reply = FakeReply | 'offline';
export type Handler = (call: RecordedCall) => Reply | Promise<Reply>;

const normalisePath = (path: string) => `/${path.replace(/^\/+/, '')}`;

/** A call's body: JSON parsed, a multipart form as its fields (a file as its name and text), else its text. */
async function bodyOf(request: Request): Promise<unknown> {
  if (request.headers.get('content-type')?.startsWith('multipart/form-data')) {
    const parts: [string, FormDataEntryValue][] = [];
    (await request.clone().formData()).forEach((value, name) => void parts.push([name, value]));
    const form: Record<string, unknown> = {};
    for (const [name, value] of parts) form[name] = typeof value === 'string' ? value : { name: value.name, text: await value.text() };
    return form;
  }
  const text = await request.clone().text();
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text; // not JSON: kept as text
  }
}

export function fakeBackend() {
  const routes = new Map<string, Handler>();
  const calls: RecordedCall[] = [];

  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const body = await bodyOf(request);
    const call: RecordedCall = {
      method: request.method,
      path: url.pathname,
      search: url.search,
      authorization: request.headers.get('authorization'),
      idempotencyKey: request.headers.get('idempotency-key'),
      queuedAt: request.headers.get('x-outbox-queued-at'),
      body,
    };
    calls.push(call);
    const handler = routes.get(`${call.method} ${call.path}`);
    const reply: Reply = handler
      ? await handler(call)
      : { status: 404, body: { error: `The fake backend has no answer for ${call.method} ${call.path}`, code: 'not_found' } };
    if (reply === 'offline') throw new TypeError('Failed to fetch');
    const status = reply.status ?? 200;
    if (reply.file) return new Response(reply.file.text, { status, headers: reply.file.headers });
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchStub);

  const backend = {
    /** Answer `method path` with a fixed reply or a handler (the last one set wins). */
    on(method: string, path: string, reply: Reply | Handler) {
      routes.set(`${method.toUpperCase()} ${normalisePath(path)}`, typeof reply === 'function' ? reply : () => reply);
      return backend;
    },
    /** Every call so far, in order; or only those to `method path`. */
    calls(method?: string, path?: string): RecordedCall[] {
      if (!method) return [...calls];
      return calls.filter((c) => c.method === method.toUpperCase() && (!path || c.path === normalisePath(path)));
    },
  };
  return backend;
}

/** A promise with its resolve function: lets a test hold an answer back until it is ready. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** One page of the service backend holding `results` (of `count` in all). */
export const pageOf = <T>(results: T[], count = results.length): Page<T> => ({ count, next: null, previous: null, results });
