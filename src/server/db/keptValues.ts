// Values kept a while under a key: the report grids' counts (grids/defineGrid.ts) and the Stats
// answers (stats/stats.ts). Each lives `ttlMs`; past `maxEntries` the oldest goes first. Their keys
// carry the generations of the tables they read (tableGenerations.ts), so a committed write makes a
// new key, never an old value under it. Per process.
//
// One computation at a time per key (issue 36): callers that ask while a value is being computed
// share its promise instead of computing it again, so a value expiring under load is computed once,
// not by every waiting request at once. While an expired value is computed anew, the callers that
// did not start it take the expired one: it is stale by at most that one computation, and only
// ever after mere expiry, since a write makes a new key (whose first callers all wait for it).
export class KeptValues<T> {
  private readonly entries = new Map<string, { value: T; at: number }>();
  private readonly computing = new Map<string, Promise<T>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  /**
   * The value under `key`: the kept one while fresh; else `compute`'s, computed once however many
   * ask meanwhile. Past its expiry the kept value still answers whoever asks while its successor is
   * computed (the first caller waits for it). A failed computation keeps nothing: its callers get
   * its error, and the next caller computes again.
   */
  obtain(key: string, compute: () => Promise<T>): Promise<T> {
    const entry = this.entries.get(key);
    if (entry && Date.now() - entry.at <= this.ttlMs) return Promise.resolve(entry.value);
    const running = this.computing.get(key);
    if (running) return entry ? Promise.resolve(entry.value) : running;
    const computed = new Promise<T>((resolve) => resolve(compute())).then(
      (value) => {
        this.computing.delete(key);
        this.keep(key, value);
        return value;
      },
      (error: unknown) => {
        this.computing.delete(key);
        throw error;
      },
    );
    this.computing.set(key, computed);
    return computed;
  }

  private keep(key: string, value: T): void {
    // Re-inserted, so the oldest-first eviction reads when it was last computed.
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { value, at: Date.now() });
  }
}
