/**
 * The per-client-IP limit on SMS code requests (DESIGN.md section 4: `OTP_IP_LIMIT` per hour). The
 * interface lets a shared store (Redis) replace the in-memory one; the in-memory limiter counts per
 * process, so behind N replicas the effective limit is N times looser.
 */

/** Counts attempts per key in a sliding window. */
export interface RateLimiter {
  /** Records an attempt; resolves false when the key is over its limit (the attempt is not counted then). */
  take(key: string): Promise<boolean>
}

export interface MemoryLimiterOptions {
  limit: number
  windowMs: number
  /** Keys tracked at most; the oldest are dropped first (bounded memory under an address sweep). */
  maxKeys?: number
  now?: () => number
}

/** An in-memory sliding-window limiter (per process). */
export function createMemoryLimiter(options: MemoryLimiterOptions): RateLimiter {
  const hits = new Map<string, number[]>()
  const maxKeys = options.maxKeys ?? 50_000
  const now = options.now ?? Date.now
  return {
    async take(key) {
      const at = now()
      const recent = (hits.get(key) ?? []).filter((time) => at - time < options.windowMs)
      if (recent.length >= options.limit) {
        hits.set(key, recent)
        return false
      }
      recent.push(at)
      // Re-inserting keeps the Map in least-recently-used order for the eviction below.
      hits.delete(key)
      hits.set(key, recent)
      while (hits.size > maxKeys) {
        const oldest = hits.keys().next().value
        if (oldest === undefined) break
        hits.delete(oldest)
      }
      return true
    },
  }
}

/** One hour: the window of the OTP limit. */
export const OTP_LIMIT_WINDOW_MS = 3_600_000
