/**
 * The per-client-IP limit on SMS code requests (DESIGN.md section 4: `OTP_IP_LIMIT` per hour). With
 * `REDIS_URL` the count lives in Redis and holds across all replicas (DESIGN.md section 6); without
 * it the in-memory limiter counts per process, so behind N replicas it would be N times looser.
 */
import type { Redis } from 'ioredis'
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible'

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

/** The shared limiter's client, limit, window and key prefix, and whom to tell when Redis fails. */
export interface RedisLimiterOptions {
  client: Redis
  limit: number
  windowMs: number
  /** Prefix of the counter keys (one key per client address). */
  keyPrefix: string
  /** Called when Redis failed to answer and the attempt was refused for that reason. */
  onFallback: (error: unknown) => void
}

/**
 * A limiter shared by every replica through Redis (a fixed window that opens at the key's first
 * attempt). It fails closed: when Redis is down or slow the attempt is refused, because an SMS sent
 * past the limit costs money and an outage of Redis must not open the door to SMS pumping.
 */
export function createRedisLimiter(options: RedisLimiterOptions): RateLimiter {
  const limiter = new RateLimiterRedis({
    storeClient: options.client,
    points: options.limit,
    duration: Math.ceil(options.windowMs / 1000),
    keyPrefix: options.keyPrefix,
    // Refuse at once while disconnected instead of waiting for a command to fail.
    rejectIfRedisNotReady: true,
  })
  return {
    async take(key) {
      try {
        await limiter.consume(key)
        return true
      } catch (outcome) {
        // Over the limit the library rejects with its result; anything else is a Redis failure.
        if (!(outcome instanceof RateLimiterRes)) options.onFallback(outcome)
        return false
      }
    },
  }
}
