// The seed's only source of randomness: a small seeded PRNG, so the same options give the same
// rows on every fresh database (Math.random would make every demo and every test different).

/** mulberry32: 32 bits of state, fast, and good enough for demo data (not for secrets). */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Random {
  private readonly next: () => number;

  constructor(seed: number) {
    this.next = mulberry32(seed);
  }

  /** A float in [0, 1). */
  float(): number {
    return this.next();
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('Random.pick: no items to pick from');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** A string of `length` decimal digits (leading zeros allowed). */
  digits(length: number): string {
    let out = '';
    for (let i = 0; i < length; i++) out += String(Math.floor(this.next() * 10));
    return out;
  }

  /** Picks by weight; build once, draw many times (binary search over the cumulative weights). */
  weighted<T>(items: readonly T[], weightOf: (item: T) => number): () => T {
    const cumulative: number[] = [];
    let total = 0;
    for (const item of items) {
      total += Math.max(0, weightOf(item));
      cumulative.push(total);
    }
    if (total <= 0) throw new Error('Random.weighted: every weight is zero');
    return () => {
      const target = this.next() * total;
      let lo = 0;
      let hi = cumulative.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if ((cumulative[mid] as number) > target) hi = mid;
        else lo = mid + 1;
      }
      return items[lo] as T;
    };
  }
}

/** The fixed seed of the demo data. Change it and every generated row changes. */
export const DEMO_SEED = 0x5eed2026;

/**
 * One independent stream per stage (salted by the stage's name), so changing how one stage
 * draws does not reshuffle the rows of every stage after it.
 */
export function randomFor(stage: string): Random {
  let hash = 0x811c9dc5; // FNV-1a
  for (let i = 0; i < stage.length; i++) {
    hash ^= stage.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return new Random((hash ^ DEMO_SEED) >>> 0);
}
