// How long one request may hold a connection (issue 31): REQUEST_TIMEOUT_SECONDS for the request to
// arrive whole, headers and body, however steadily a client trickles it (Node's requestTimeout,
// answered 408); and a connection on which nothing moves for twice that is closed (a handler that
// never answers, a client that stopped reading an export). An answer that moves is not timed: a CSV
// export streams for as long as the client reads it. (Fastify's handlerTimeout would cut it: it
// runs until the answer's last byte.)
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyHttpOptions } from 'fastify';
import type { ApiError } from '../../contract/api';
import * as messages from '../../contract/messages';

/** The Fastify options that bound a request to `seconds`. */
export function requestTimeoutOptions(seconds: number) {
  const ms = seconds * 1000;
  return {
    requestTimeout: ms,
    // Twice, so that a request still arriving is answered 408 (Node's check, below) before it is idle that long.
    connectionTimeout: 2 * ms,
    http: {
      // Node applies no requestTimeout shorter than its headersTimeout (60 s), whose own
      // refusal is the same 408: the headers' time is the request's at most.
      headersTimeout: Math.min(60_000, ms),
      // Node looks for requests past their time every connectionsCheckingInterval, 30 s by default:
      // a tenth of the time instead, so a request is cut within 110% of it (a test's 2 s as well).
      connectionsCheckingInterval: Math.min(30_000, ms / 10),
    },
    clientErrorHandler: refuseConnection(seconds),
  } satisfies FastifyHttpOptions<Server>;
}

/**
 * Node's refusals of a request that no route holds yet (too slow to arrive, headers too large, not
 * HTTP), in the API's shape; the connection is closed after them, as Node and Fastify do.
 */
function refuseConnection(seconds: number) {
  return (error: ConnectionError, socket: Socket): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, reason, body]: [number, string, ApiError] =
      error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? [408, 'Request Timeout', { error: messages.requestTooSlow(seconds), code: 'timeout' }]
        : error.code === 'HPE_HEADER_OVERFLOW' ? [431, 'Request Header Fields Too Large', { error: messages.headersTooLarge, code: 'too_large' }]
          : [400, 'Bad Request', { error: messages.notHttp, code: 'bad_request' }];
    const text = JSON.stringify(body);
    if (socket.writable) {
      socket.write(`HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`);
    }
    socket.destroy(error);
  };
}
