// Small, fast, seedable PRNG helpers. Faker is too slow to call per field for 25k records,
// so the dataset draws from fixed pools with this generator instead.

export type Rng = () => number;

/** mulberry32: 32-bit state, good enough for test data, very fast. */
export function createRng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a hash, for deriving independent seeds from strings (company ids, module names). */
export function hashString(text: string, seed = 0x811c9dc5): number {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function intBetween(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

export function pick<T>(rng: Rng, items: readonly T[]): T {
  if (items.length === 0) throw new RangeError('pick() from an empty list');
  return items[Math.floor(rng() * items.length)]!; // rng() is in [0, 1)
}

export function chance(rng: Rng, probability: number): boolean {
  return rng() < probability;
}

const HEX = '0123456789abcdef';

/** A version-4-shaped UUID drawn from the generator (deterministic, unlike crypto.randomUUID). */
export function rngUuid(rng: Rng): string {
  let out = '';
  for (let i = 0; i < 32; i++) {
    let nibble = Math.floor(rng() * 16);
    if (i === 12) nibble = 4;
    if (i === 16) nibble = 8 + (nibble & 3);
    out += HEX[nibble];
    if (i === 7 || i === 11 || i === 15 || i === 19) out += '-';
  }
  return out;
}
