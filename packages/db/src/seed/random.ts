/**
 * A small deterministic PRNG, so demo results (and the statistics computed from them) are the same
 * on every machine and every run. Not for anything that must be unpredictable.
 */

/** FNV-1a hash of a string to a 32-bit seed. */
export function hashSeed(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export type Random = {
  /** A float in [0, 1). */
  next: () => number;
  /** An integer in [min, max]. */
  int: (min: number, max: number) => number;
  /** `count` distinct integers from [first, last], in the order drawn. */
  sample: (count: number, first: number, last: number, exclude?: readonly number[]) => number[];
};

/** mulberry32 seeded from a string. */
export function createRandom(seedText: string): Random {
  let state = hashSeed(seedText);
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const sample = (count: number, first: number, last: number, exclude: readonly number[] = []) => {
    const pool: number[] = [];
    for (let n = first; n <= last; n++) if (!exclude.includes(n)) pool.push(n);
    const out: number[] = [];
    for (let i = 0; i < count && pool.length > 0; i++) {
      const [picked] = pool.splice(int(0, pool.length - 1), 1);
      if (picked !== undefined) out.push(picked);
    }
    return out;
  };
  return { next, int, sample };
}
