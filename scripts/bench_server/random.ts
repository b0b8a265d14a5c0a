/**
 * A small seeded random generator, so that every benchmark run builds the
 * same data and asks questions whose answers do not change.
 *
 * @module
 */

/** Deterministic random numbers and choices. */
export interface Random {
  /** A number in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** One item of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** True with probability `p`. */
  chance(p: number): boolean;
  /** `length` lowercase hex digits. */
  hex(length: number): string;
}

/**
 * A mulberry32 generator seeded with `seed`.
 *
 * @param seed Any 32-bit integer.
 * @returns The generator.
 */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number =>
    min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new RangeError("Cannot pick: no items");
      return items[int(0, items.length - 1)]!;
    },
    chance: (p: number): boolean => next() < p,
    hex: (length: number): string =>
      Array.from({ length }, () => int(0, 15).toString(16)).join(""),
  };
}
