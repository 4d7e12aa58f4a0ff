/** A small seeded PRNG (mulberry32): the same seed gives the same seed data on every start. */

/** Deterministic random helpers. */
export interface Random {
  /** A float in [0, 1). */
  next(): number
  /** An integer in [min, max]. */
  int(min: number, max: number): number
  /** True with probability `p`. */
  chance(p: number): boolean
  /** One item of a non-empty list. */
  pick<T>(items: readonly T[]): T
  /** `count` distinct items of a list (all of them when it is shorter). */
  sample<T>(items: readonly T[], count: number): T[]
}

/** Creates a PRNG from a 32-bit seed. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1))
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)] as (typeof items)[number],
    sample: (items, count) => {
      const copy = [...items]
      for (let i = copy.length - 1; i > 0; i--) {
        const j = int(0, i)
        ;[copy[i], copy[j]] = [copy[j] as (typeof copy)[number], copy[i] as (typeof copy)[number]]
      }
      return copy.slice(0, count)
    },
  }
}

/** A stable 32-bit hash of a string (FNV-1a), for per-item derived randomness. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}
