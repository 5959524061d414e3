// Values kept under a key (issue 36): one computation at a time per key, however many ask at once;
// the expired value answers while its successor is computed; a failed computation keeps nothing.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KeptValues } from './keptValues';

/** A computation the test finishes when it chooses, counting how often it was started. */
function controlled<T>() {
  let started = 0;
  let finish: { resolve: (value: T) => void; reject: (error: Error) => void } | undefined;
  const compute = () => {
    started += 1;
    return new Promise<T>((resolve, reject) => (finish = { resolve, reject }));
  };
  return {
    compute,
    started: () => started,
    resolve: (value: T) => finish?.resolve(value),
    reject: (error: Error) => finish?.reject(error),
  };
}

describe('KeptValues', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('computes once for fifty callers at once, and all of them get its value', async () => {
    const kept = new KeptValues<number>(30_000, 10);
    const count = controlled<number>();
    const answers = Array.from({ length: 50 }, () => kept.obtain('filter', count.compute));
    await Promise.resolve();
    expect(count.started()).toBe(1);
    count.resolve(653_600);
    expect(await Promise.all(answers)).toEqual(Array(50).fill(653_600));
    // Kept: the next caller computes nothing.
    expect(await kept.obtain('filter', count.compute)).toBe(653_600);
    expect(count.started()).toBe(1);
  });

  it('computes each key on its own', async () => {
    const kept = new KeptValues<string>(30_000, 10);
    const compute = vi.fn((key: string) => Promise.resolve(`count of ${key}`));
    expect(await Promise.all(['a', 'b', 'a'].map((key) => kept.obtain(key, () => compute(key))))).toEqual(['count of a', 'count of b', 'count of a']);
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it('once expired, computes again once: the first caller waits for it, the others take the expired value meanwhile', async () => {
    const kept = new KeptValues<number>(30_000, 10);
    expect(await kept.obtain('filter', () => Promise.resolve(1))).toBe(1);
    vi.advanceTimersByTime(30_001);
    const count = controlled<number>();
    const first = kept.obtain('filter', count.compute);
    const others = Array.from({ length: 49 }, () => kept.obtain('filter', count.compute));
    expect(await Promise.all(others)).toEqual(Array(49).fill(1));
    expect(count.started()).toBe(1);
    count.resolve(2);
    expect(await first).toBe(2);
    expect(await kept.obtain('filter', count.compute)).toBe(2);
    expect(count.started()).toBe(1);
  });

  it('keeps no failed computation: its callers get the error, and the next caller computes again', async () => {
    const kept = new KeptValues<number>(30_000, 10);
    const count = controlled<number>();
    const answers = Array.from({ length: 5 }, () => kept.obtain('filter', count.compute));
    await Promise.resolve();
    count.reject(new Error('canceling statement due to statement timeout'));
    for (const answer of answers) await expect(answer).rejects.toThrow('statement timeout');
    expect(await kept.obtain('filter', () => Promise.resolve(7))).toBe(7);
    expect(count.started()).toBe(1);
  });

  it('after a failed recount of an expired value, the next caller counts again and the expired value answers meanwhile', async () => {
    const kept = new KeptValues<number>(30_000, 10);
    await kept.obtain('filter', () => Promise.resolve(1));
    vi.advanceTimersByTime(30_001);
    const first = kept.obtain('filter', () => Promise.reject(new Error('connection lost')));
    expect(await kept.obtain('filter', () => Promise.resolve(99))).toBe(1);
    await expect(first).rejects.toThrow('connection lost');
    expect(await kept.obtain('filter', () => Promise.resolve(3))).toBe(3);
  });

  it('a computation that throws at once is a rejected promise, kept nowhere', async () => {
    const kept = new KeptValues<number>(30_000, 10);
    await expect(kept.obtain('filter', () => { throw new Error('bad filter'); })).rejects.toThrow('bad filter');
    expect(await kept.obtain('filter', () => Promise.resolve(4))).toBe(4);
  });

  it('keeps at most maxEntries, the least recently computed going first', async () => {
    const kept = new KeptValues<string>(30_000, 2);
    for (const key of ['a', 'b', 'c']) await kept.obtain(key, () => Promise.resolve(key));
    const compute = vi.fn(() => Promise.resolve('again'));
    expect(await kept.obtain('c', compute)).toBe('c');
    expect(await kept.obtain('b', compute)).toBe('b');
    expect(await kept.obtain('a', compute)).toBe('again');
    expect(compute).toHaveBeenCalledTimes(1);
  });
});
