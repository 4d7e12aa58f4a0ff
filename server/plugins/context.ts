/**
 * Per-app services (config, metrics, upstream agent, Redis when configured, token refresher, OTP
 * limiter, anonymous cache) and
 * per-request ones (the session read from cookies, a gateway client bound to it, the route name
 * used as the metrics label).
 */
import fp from 'fastify-plugin'
import type { Redis } from 'ioredis'
import type { Agent } from 'undici'
import type { ApiClient } from '#shared/api/client.ts'
import { AnonymousCache } from '../cache.ts'
import type { Config } from '../config.ts'
import { createServerApi, createUpstreamAgent, headerContextOf } from '../gateway.ts'
import type { Metrics } from '../metrics.ts'
import { createRequestSession, type RequestSession } from '../session/request-session.ts'
import { TokenRefresher } from '../session/refresher.ts'
import type { RateLimiter } from '../session/otp-limiter.ts'
import { createSharedState } from '../redis/shared-state.ts'

declare module 'fastify' {
  interface FastifyInstance {
    config: Config
    metrics: Metrics
    upstream: Agent
    /** The replicas' shared state (DESIGN.md section 6); undefined without `REDIS_URL`. */
    redis: Redis | undefined
    refresher: TokenRefresher
    /** The per-IP limit on SMS code requests: in Redis with `REDIS_URL`, else per process. */
    otpLimiter: RateLimiter
    anonymousCache: AnonymousCache
    buildId: string
  }
  interface FastifyRequest {
    /** The visitor's session (tokens stay server-side). */
    session: RequestSession
    /** A gateway client with this request's headers and session. */
    api: ApiClient
    /** Route name for metrics and logs: a page route name, a gateway endpoint name, or a fixed label. */
    routeName: string
  }
}

export interface ContextOptions {
  config: Config
  metrics: Metrics
  buildId: string
}

/** Decorates the app and every request with the shared services. */
export const contextPlugin = fp(async (app, opts: ContextOptions) => {
  const { config, metrics } = opts
  const agent = createUpstreamAgent(config)
  app.decorate('config', config)
  app.decorate('metrics', metrics)
  app.decorate('upstream', agent)
  app.decorate('buildId', opts.buildId)
  const shared = createSharedState(config, metrics, app.log)
  app.decorate('redis', shared.redis)
  app.decorate('refresher', new TokenRefresher({
    aud: config.publicConfig.aud,
    ...(shared.refreshCoordinator ? { coordinator: shared.refreshCoordinator } : {}),
  }))
  app.decorate('otpLimiter', shared.otpLimiter)
  app.decorate('anonymousCache', new AnonymousCache({
    ttlMs: config.cache.ttlMs,
    maxEntries: config.cache.maxEntries,
    onEvent: (event) => metrics.cacheEvents.inc({ event }),
  }))
  app.addHook('onClose', async () => {
    await agent.close()
    await shared.close()
  })

  app.decorateRequest('session', null as unknown as RequestSession)
  app.decorateRequest('api', null as unknown as ApiClient)
  app.decorateRequest('routeName', 'unmatched')
  app.addHook('onRequest', async (request) => {
    const headers = () => headerContextOf(request, config, opts.buildId)
    const idApi = () => createServerApi({ config, agent, metrics, log: request.log, headers, timeoutMs: config.timeouts.upstreamBodyMs })
    request.session = createRequestSession(request, { config, refresher: app.refresher, idApi })
    request.api = createServerApi({ config, agent, metrics, log: request.log, headers, auth: request.session.auth })
  })
}, { name: 'context', dependencies: ['@fastify/cookie'] })
