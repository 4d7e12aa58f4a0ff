/**
 * The replicas' shared state (DESIGN.md section 6, decision 005): the Redis client with `REDIS_URL`,
 * the OTP per-IP limiter and the refresh coordinator built on it (per process without it).
 */
import fp from 'fastify-plugin'
import type { Redis } from 'ioredis'
import { awaitRedisReady } from '../redis/client.ts'
import { createSharedState } from '../redis/shared-state.ts'
import type { RateLimiter } from '../session/otp-limiter.ts'
import type { RefreshCoordinator } from '../session/refresher.ts'
import type { Tracing } from '../tracing/tracing.ts'
import type { RevokedTokens } from '../session/revoked-tokens.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** The replicas' shared state (DESIGN.md section 6); undefined without `REDIS_URL`. */
    redis: Redis | undefined
    /** The per-IP limit on SMS code requests: in Redis with `REDIS_URL`, else per process. */
    otpLimiter: RateLimiter
    /** The per-phone limit on SMS code requests (Redis or per process, like the per-IP one). */
    otpPhoneLimiter: RateLimiter
    /** One code per cooldown for a phone past its hourly limit (decision 026). */
    otpPhoneCooldown: RateLimiter
    /** Signed-out tokens, refused afterwards (Redis or per process). */
    revokedTokens: RevokedTokens
    /** Runs each token refresh once across replicas; undefined without `REDIS_URL`. */
    refreshCoordinator: RefreshCoordinator | undefined
  }
}

/**
 * A span per Redis command sent while a request runs (tracing on only): `redis <COMMAND>`, a child of
 * the request's span, with the error when the command failed.
 */
function traceRedis(redis: Redis, tracing: Tracing): void {
  const send = redis.sendCommand.bind(redis)
  redis.sendCommand = ((command: Parameters<Redis['sendCommand']>[0], stream?: unknown) => {
    const parent = tracing.current()
    const result = (send as (command: unknown, stream?: unknown) => unknown)(command, stream)
    if (parent) {
      const started = Date.now()
      const attributes = { 'db.system.name': 'redis', 'db.operation.name': command.name }
      command.promise.then(
        () => tracing.record(parent, `redis ${command.name}`, started, Date.now(), attributes),
        (error: unknown) =>
          tracing.record(
            parent,
            `redis ${command.name}`,
            started,
            Date.now(),
            attributes,
            String((error as Error)?.message ?? error),
          ),
      )
    }
    return result
  }) as Redis['sendCommand']
}

/**
 * Decorates the app with the shared services. Start-up waits for Redis at most one connect timeout,
 * so a replica with a live Redis serves its first requests with it; a replica whose Redis is down
 * starts all the same and degrades.
 */
export const sharedStatePlugin = fp(
  async (app) => {
    const shared = createSharedState(app.config, app.metrics, app.log)
    if (shared.redis && app.tracing?.enabled) traceRedis(shared.redis, app.tracing)
    app.decorate('redis', shared.redis)
    app.decorate('otpLimiter', shared.otpLimiter)
    app.decorate('otpPhoneLimiter', shared.otpPhoneLimiter)
    app.decorate('otpPhoneCooldown', shared.otpPhoneCooldown)
    app.decorate('revokedTokens', shared.revokedTokens)
    app.decorate('refreshCoordinator', shared.refreshCoordinator)
    const redis = shared.redis
    const settings = app.config.redis
    if (redis && settings)
      app.addHook('onReady', async () => {
        if (!(await awaitRedisReady(redis, settings.timeoutMs)))
          app.log.warn('redis not ready at start-up: starting degraded')
      })
    app.addHook('onClose', async () => {
      await shared.close()
    })
  },
  { name: 'shared-state', dependencies: ['context', 'tracing'] },
)
