/**
 * The services the replicas share (DESIGN.md section 6), built from the config: with `REDIS_URL` the
 * OTP limiter and the refresh coordinator live in Redis and report their fallbacks to
 * `redis_fallbacks_total{what}`; without it the limiter is per process and there is no coordinator
 * (the in-process `TokenRefresher` alone).
 */
import type { FastifyBaseLogger } from 'fastify'
import type { Redis } from 'ioredis'
import {
  createMemoryLimiter,
  createRedisLimiter,
  OTP_LIMIT_WINDOW_MS,
  type RateLimiter,
} from '../session/otp-limiter.ts'
import type { Config } from '../config.ts'
import type { Metrics } from '../metrics.ts'
import type { RefreshCoordinator } from '../session/refresher.ts'
import { closeRedisClient, createRedisClient } from './client.ts'
import { createSharedRefresh } from '../session/shared-refresh.ts'
import { createMemoryRevokedTokens, createRedisRevokedTokens, type RevokedTokens } from '../session/revoked-tokens.ts'

/** What degraded when Redis failed: the label of `redis_fallbacks_total`. */
export type FallbackKind = 'otp_limit' | 'refresh' | 'revoked_tokens'

/** The shared services and how to let go of them. */
export interface SharedState {
  /** The client, undefined without `REDIS_URL`. */
  redis: Redis | undefined
  otpLimiter: RateLimiter
  /** The per-phone limit on SMS code requests, shared like the per-IP one. */
  otpPhoneLimiter: RateLimiter
  /** One code per `OTP_PHONE_COOLDOWN_S` for a phone past its hourly limit. */
  otpPhoneCooldown: RateLimiter
  /** Signed-out tokens, refused afterwards. */
  revokedTokens: RevokedTokens
  /** Runs each token refresh once across replicas; undefined without `REDIS_URL`. */
  refreshCoordinator: RefreshCoordinator | undefined
  close(): Promise<void>
}

/** Builds the shared services; never waits for Redis (the plugin bounds start-up's wait). */
export function createSharedState(config: Config, metrics: Metrics, log: FastifyBaseLogger): SharedState {
  const limit = { limit: config.otpIpLimit, windowMs: OTP_LIMIT_WINDOW_MS }
  const phoneLimit = { limit: config.otpPhoneLimit, windowMs: OTP_LIMIT_WINDOW_MS }
  const cooldown = { limit: 1, windowMs: config.otpPhoneCooldownMs }
  const settings = config.redis
  if (!settings)
    return {
      redis: undefined,
      otpLimiter: createMemoryLimiter(limit),
      otpPhoneLimiter: createMemoryLimiter(phoneLimit),
      otpPhoneCooldown: createMemoryLimiter(cooldown),
      revokedTokens: createMemoryRevokedTokens(),
      refreshCoordinator: undefined,
      close: async () => undefined,
    }

  const redis = createRedisClient(settings, log.child({ component: 'redis' }))
  // One warning per kind every 10 s: during an outage every request degrades, the counter has the rate.
  const warnedAt = new Map<FallbackKind, number>()
  const fallback = (what: FallbackKind) => (error: unknown) => {
    metrics.redisFallbacks.inc({ what })
    const now = Date.now()
    if (now - (warnedAt.get(what) ?? -Infinity) < 10_000) return
    warnedAt.set(what, now)
    log.warn(
      { what, err: { message: error instanceof Error ? error.message : String(error) } },
      'redis call failed: degraded',
    )
  }
  // Both series exist from the start, so a rate() alert sees 0 rather than nothing.
  for (const what of ['otp_limit', 'refresh', 'revoked_tokens'] as const) metrics.redisFallbacks.inc({ what }, 0)
  const { timeouts } = config
  const revokedTokens = createRedisRevokedTokens({
    client: redis,
    keyPrefix: settings.keyPrefix,
    onFallback: fallback('revoked_tokens'),
  })
  return {
    redis,
    otpLimiter: createRedisLimiter({
      client: redis,
      ...limit,
      keyPrefix: `${settings.keyPrefix}otp-ip`,
      onFallback: fallback('otp_limit'),
    }),
    otpPhoneLimiter: createRedisLimiter({
      client: redis,
      ...phoneLimit,
      keyPrefix: `${settings.keyPrefix}otp-phone`,
      onFallback: fallback('otp_limit'),
    }),
    otpPhoneCooldown: createRedisLimiter({
      client: redis,
      ...cooldown,
      keyPrefix: `${settings.keyPrefix}otp-phone-next`,
      onFallback: fallback('otp_limit'),
    }),
    revokedTokens,
    refreshCoordinator: createSharedRefresh({
      client: redis,
      keyPrefix: settings.keyPrefix,
      // Longer than the refresh call may take (connect, headers, body), so a live winner keeps its lock.
      lockMs: timeouts.upstreamConnectMs + timeouts.upstreamHeadersMs + timeouts.upstreamBodyMs,
      onFallback: fallback('refresh'),
    }),
    close: () => {
      revokedTokens.close()
      return closeRedisClient(redis, settings.timeoutMs)
    },
  }
}
