import { describe, expect, it, vi } from 'vitest';
import { persistableQueryCache, QUERY_CACHE_LIMITS, restoredQueryCache, type ApiSliceState } from './queryCache';

const entry = (at: number, over: Record<string, unknown> = {}) => ({
  status: 'fulfilled',
  endpointName: 'eventTypes',
  requestId: `r${at}`,
  originalArgs: { page_size: 20, current_page: at },
  data: { data: [{ id: at, name: `event_${at}` }], count: 1 },
  startedTimeStamp: at - 1,
  fulfilledTimeStamp: at,
  ...over,
});

const slice = (queries: ApiSliceState['queries'], tags: Record<string, Record<string, string[]>> = {}): ApiSliceState => ({
  queries,
  provided: { tags, keys: Object.fromEntries(Object.keys(queries).map((key) => [key, [{ type: 'EventType', id: 'LIST' }]])) },
});

describe('the persisted query cache', () => {
  it('keeps the queries that hold data, as fulfilled, and nothing else', () => {
    const cache = persistableQueryCache(
      slice({
        done: entry(10),
        refetchFailed: entry(11, { status: 'rejected', error: { status: 'OFFLINE', text: 'x' } }),
        refetching: entry(12, { status: 'pending' }),
        failed: { status: 'rejected', endpointName: 'eventTypes', error: { status: 500, text: 'x' } },
        running: { status: 'pending', endpointName: 'eventTypes', startedTimeStamp: 5 },
      }),
    );
    expect(Object.keys(cache.queries).sort()).toEqual(['done', 'refetchFailed', 'refetching']);
    expect(cache.queries.refetchFailed).toEqual({ ...entry(11), status: 'fulfilled' });
    expect(cache.queries.refetching?.status).toBe('fulfilled');
    expect(cache.mutations).toEqual({});
  });

  it('keeps the most recent (QUERY_CACHE_LIMITS.maxQueries), within the size cap', () => {
    const count = QUERY_CACHE_LIMITS.maxQueries + 30;
    const queries = Object.fromEntries(Array.from({ length: count }, (_, i) => [`q${i}`, entry(i + 1)]));
    const cache = persistableQueryCache(slice(queries));
    expect(Object.keys(cache.queries)).toHaveLength(QUERY_CACHE_LIMITS.maxQueries);
    expect(Object.keys(cache.queries)).toContain(`q${count - 1}`);
    expect(Object.keys(cache.queries)).toContain('q30');
    expect(Object.keys(cache.queries)).not.toContain('q29');

    const small = { maxQueries: 50, maxChars: 1_000 };
    const capped = persistableQueryCache(slice(queries), small);
    const size = JSON.stringify(capped.queries).length;
    expect(size).toBeLessThanOrEqual(small.maxChars + 200);
    expect(Object.keys(capped.queries).length).toBeGreaterThan(0);
    expect(Object.keys(capped.queries)).toContain(`q${count - 1}`);
  });

  it("leaves out a grid's 'all rows' past the cap without writing it out to measure it", () => {
    const rows = Array.from({ length: 100_000 }, (_, i) => ({ id: String(i) }));
    const stringify = vi.spyOn(JSON, 'stringify');
    const cache = persistableQueryCache(slice({ all: entry(20, { data: { rows, count: rows.length } }), page: entry(10) }));
    expect(Object.keys(cache.queries)).toEqual(['page']);
    expect(stringify.mock.calls.some(([value]) => (value as { data?: { rows?: unknown[] } })?.data?.rows === rows)).toBe(false);
    stringify.mockRestore();
  });

  it('never keeps a query whose arguments carry a password', () => {
    const cache = persistableQueryCache(slice({ secret: entry(1, { originalArgs: { username: 'a', password: 'Secret#2026' } }), plain: entry(2) }));
    expect(Object.keys(cache.queries)).toEqual(['plain']);
    expect(JSON.stringify(cache)).not.toContain('Secret#2026');
  });

  it("never keeps a secure report's query: its list, its agencies, its ledger", () => {
    const cache = persistableQueryCache(
      slice({
        list: entry(3, { endpointName: 'secureReports', originalArgs: { page: 1 }, data: { rows: [{ id: 7, file_name: 'payouts.csv' }], count: 1 } }),
        agencies: entry(4, { endpointName: 'secureAgencies', originalArgs: undefined, data: { agencies: [] } }),
        ledger: entry(5, { endpointName: 'secureLedger', originalArgs: 7, data: { data: [] } }),
        plain: entry(2),
      }),
    );
    expect(Object.keys(cache.queries)).toEqual(['plain']);
    expect(Object.keys(cache.provided.keys)).toEqual(['plain']);
    expect(JSON.stringify(cache)).not.toContain('payouts.csv');
  });

  it('keeps the tags of the kept queries only, so a save still refreshes them after a reload', () => {
    const cache = persistableQueryCache(slice({ kept: entry(2), gone: { status: 'pending' } }, { EventType: { LIST: ['kept', 'gone'] } }));
    expect(cache.provided).toEqual({ tags: { EventType: { LIST: ['kept'] } }, keys: { kept: [{ type: 'EventType', id: 'LIST' }] } });
  });

  it('gives the same object for the same state, so an unchanged cache is not written again', () => {
    const state = slice({ a: entry(1) });
    expect(persistableQueryCache(state)).toBe(persistableQueryCache(state));
  });

  it('reads back only a cache of its own version, and only its fulfilled queries', () => {
    const cache = persistableQueryCache(slice({ a: entry(1) }));
    expect(restoredQueryCache(JSON.parse(JSON.stringify(cache)))).toEqual(cache);
    expect(restoredQueryCache({ ...cache, version: 0 })).toBeUndefined();
    expect(restoredQueryCache(undefined)).toBeUndefined();
    expect(restoredQueryCache({ ...cache, queries: { a: { status: 'pending' } } })?.queries).toEqual({});
  });
});
