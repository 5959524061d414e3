// Requests written on a raw socket, for what fetch and http.request cannot send: a body shorter than
// its Content-Length, a client that stalls or trickles, headers that never end.
import { connect } from 'node:net';
import type { TestServer } from './server';

export interface RawAnswer {
  /** 0: the server closed the connection without an answer; -1: neither an answer nor a close within `waitMs`. */
  status: number;
  body: string;
  /** From the connection to the close (or to giving up). */
  seconds: number;
}

/**
 * Writes `text` on a connection of its own, then `trickle` one character every `everyMs`, and
 * keeps its side open (a client that ends it has the server drop the request); waits for the answer
 * and the close, `waitMs` at most.
 */
export function exchange(server: TestServer, text: string, options: { waitMs: number; trickle?: string; everyMs?: number }): Promise<RawAnswer> {
  const { hostname, port } = new URL(server.url);
  const started = performance.now();
  return new Promise((resolve) => {
    let received = '';
    let trickled = 0;
    const settle = (status?: number) => {
      clearTimeout(timer);
      clearInterval(trickling);
      socket.destroy();
      const [head = '', body = ''] = received.split('\r\n\r\n', 2);
      resolve({ status: status ?? Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), body, seconds: (performance.now() - started) / 1000 });
    };
    const socket = connect(Number(port), hostname, () => socket.write(text));
    const timer = setTimeout(() => settle(-1), options.waitMs);
    const trickling = setInterval(() => {
      if (options.trickle && trickled < options.trickle.length && socket.writable) socket.write(options.trickle.charAt(trickled++));
    }, options.everyMs ?? 250);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('close', () => settle());
    // A reset (the server cut the connection while the client still wrote) ends as a close does.
    socket.on('error', () => undefined);
  });
}
