// An in-memory Cache Storage (jsdom has none): enough of `caches` for code that keeps responses
// by URL. Install it with vi.stubGlobal('caches', fakeCaches()); the set-up unstubs it after each test.
export function fakeCaches(): CacheStorage {
  const stores = new Map<string, Map<string, Response>>();
  const urlOf = (request: RequestInfo | URL) => (request instanceof Request ? request.url : String(request));
  const open = async (name: string): Promise<Cache> => {
    let store = stores.get(name);
    if (!store) stores.set(name, (store = new Map()));
    const entries = store;
    const cache: Partial<Cache> = {
      put: async (request, response) => {
        // Reading the body now, as a real cache does, so the stored copy stands alone.
        const body = await response.arrayBuffer();
        entries.set(urlOf(request), new Response(body, { status: response.status, headers: response.headers }));
      },
      match: async (request) => entries.get(urlOf(request))?.clone(),
      keys: async () => [...entries.keys()].map((url) => new Request(url)),
      delete: async (request) => entries.delete(urlOf(request as RequestInfo)),
    };
    return cache as Cache;
  };
  const storage: Partial<CacheStorage> = {
    open,
    keys: async () => [...stores.keys()],
    delete: async (name) => stores.delete(name),
    has: async (name) => stores.has(name),
  };
  return storage as CacheStorage;
}
