/**
 * The per-client-IP limit on SMS code requests (DESIGN.md section 4: `OTP_IP_LIMIT` per hour). With
 * `REDIS_URL` the count lives in Redis and holds across all replicas (DESIGN.md section 6); without
 * it the in-memory limiter counts per process, so behind N replicas it would be N times looser.
 */
import type { Redis } from 'ioredis'
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible'

/** What a limiter answered: allowed, or when the key may try again; `failed` when its store failed (refused). */
export interface LimitResult {
  ok: boolean
  /** Milliseconds until the key may try again (0 when allowed). */
  retryMs: number
  /** The store could not answer (Redis down or full): refused, failing closed. */
  failed?: boolean
}

/** Counts attempts per key in a window. */
export interface RateLimiter {
  /** Records an attempt; resolves `ok: false` when the key is over its limit (the attempt is not counted then). */
  take(key: string): Promise<LimitResult>
  /**
   * Takes back one counted attempt of the key: the attempt it allowed did not happen after all (the
   * gateway refused to send). Best effort: a store that fails keeps the count, the safe side.
   */
  giveBack(key: string): Promise<void>
}

const ALLOWED: LimitResult = Object.freeze({ ok: true, retryMs: 0 })

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
        // The oldest attempt of the window leaves it first.
        return { ok: false, retryMs: Math.max(1, options.windowMs - (at - recent[recent.length - options.limit]!)) }
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
      return ALLOWED
    },
    async giveBack(key) {
      hits.get(key)?.pop()
    },
  }
}

/** When the limiter's store failed, the shopper is told to try again after this long. */
export const STORE_FAILURE_RETRY_MS = 60_000

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
        return ALLOWED
      } catch (outcome) {
        // Over the limit the library rejects with its result; anything else is a Redis failure (down,
        // slow, or full under `noeviction`): refused, and the shopper is told to try in a minute.
        if (outcome instanceof RateLimiterRes) return { ok: false, retryMs: Math.max(1, outcome.msBeforeNext) }
        options.onFallback(outcome)
        return { ok: false, retryMs: STORE_FAILURE_RETRY_MS, failed: true }
      }
    },
    async giveBack(key) {
      await limiter.reward(key, 1).catch(() => undefined)
    },
  }
}
