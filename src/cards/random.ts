/**
 * Seeded randomness for deals. Deterministic: the same seed string always gives the same stream,
 * so a game can be replayed from its seed and move log.
 *
 * - `hashSeed`: cyrb53-style string hash (public domain, bryc) folded to a 32-bit integer.
 * - `mulberry32`: Tommy Ettinger's 32-bit PRNG (public domain), ample for shuffling a pack.
 * - `shuffle`: Fisher–Yates (Durstenfeld) shuffle.
 */

/** Hash a seed string to a 32-bit unsigned integer. */
export function hashSeed(seed: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < seed.length; i++) {
    const ch = seed.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h1 ^ h2) >>> 0;
}

/** A PRNG returning floats in [0, 1). */
export type Rng = () => number;

/** mulberry32 seeded from a string (via `hashSeed`). */
export function seededRng(seed: string): Rng {
  let a = hashSeed(seed);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Fisher–Yates shuffle; returns a new array, the input is left alone. */
export function shuffle<T>(items: readonly T[], rng: Rng): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    const tmp = out[i] as T;
    out[i] = out[j] as T;
    out[j] = tmp;
  }
  return out;
}
