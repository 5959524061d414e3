// Values kept a while under a key: the report grids' counts (grids/defineGrid.ts) and the Stats
// answers (stats/stats.ts). Each lives `ttlMs`; past `maxEntries` the oldest goes first. Their keys
// carry the generations of the tables they read (tableGenerations.ts), so a committed write makes a
// new key, never an old value under it. Per process.
export class KeptValues<T> {
  private readonly entries = new Map<string, { value: T; at: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  /** The value kept under `key`, unless there is none or it has expired. */
  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry || Date.now() - entry.at > this.ttlMs) return undefined;
    return entry.value;
  }

  set(key: string, value: T): void {
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { value, at: Date.now() });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }
}
