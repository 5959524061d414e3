// Timing GETs as a client meets them (HTTP included), shared by the list benches.
import type { TestServer } from '../../tests/support/server';

/** Nearest-rank percentile of sorted values. */
export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/** A GET that must answer 200, its body. */
export async function read<T>(server: TestServer, token: string, path: string): Promise<T> {
  const answer = await server.get<T>(path, token);
  if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** p50 and p95 in ms of `requests` sequential GETs of `path`, after `warmUp` untimed ones. */
export async function timeCall(server: TestServer, token: string, path: string, options: { requests: number; warmUp: number }): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < options.warmUp; i++) await read(server, token, path);
  const times: number[] = [];
  for (let i = 0; i < options.requests; i++) {
    const started = performance.now();
    await read(server, token, path);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}
