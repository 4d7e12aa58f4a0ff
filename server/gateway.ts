/**
 * Gateway access from the server: one undici agent with the timeouts of DESIGN.md section 4 and
 * verified TLS, and a per-request API client that carries the request's headers, its session's auth
 * handler, metrics and logs.
 */
import { randomUUID } from 'node:crypto'
import type { FastifyBaseLogger, FastifyRequest } from 'fastify'
import { Agent, fetch as undiciFetch } from 'undici'
import { createApiClient, type ApiClient, type AuthHandler } from '#shared/api/client.ts'
import { deviceTagFor, type HeaderContext } from '#shared/api/headers.ts'
import type { Gateway } from '#shared/api/endpoint.ts'
import { COOKIE } from '#shared/cookies.ts'
import type { Config } from './config.ts'
import { readCookie } from './session/cookies.ts'
import type { Metrics } from './metrics.ts'

/** The shared upstream connection pool. */
export function createUpstreamAgent(config: Config): Agent {
  return new Agent({
    connect: { timeout: config.timeouts.upstreamConnectMs, rejectUnauthorized: true },
    headersTimeout: config.timeouts.upstreamHeadersMs,
    bodyTimeout: config.timeouts.upstreamBodyMs,
    keepAliveTimeout: 10_000,
    connections: 128,
  })
}

/** The base URL of a gateway. */
export const gatewayBase = (config: Config, gateway: Gateway): string => (gateway === 'web' ? config.webGatewayUrl : config.idGatewayUrl)

/** The gateway headers context of an incoming request (spec sections 7 and 9). */
export function headerContextOf(request: FastifyRequest, config: Config, appVersion: string): HeaderContext {
  return {
    requestId: randomUUID(),
    traceId: request.id,
    sessionId: readCookie(request, COOKIE.sessionId),
    deviceId: sanitizeDeviceId(request.cookies[COOKIE.deviceId]),
    appVersion,
    clientName: config.publicConfig.clientName,
    deviceTag: deviceTagFor(request.headers['user-agent']),
  }
}

/** The device id cookie is an uppercase hex hash; anything else is ignored. */
export const sanitizeDeviceId = (value: string | undefined): string | undefined =>
  value && /^[0-9A-F]{8,128}$/.test(value) ? value : undefined

export interface ServerApiDeps {
  config: Config
  agent: Agent
  metrics: Metrics
  log: FastifyBaseLogger
  headers: () => HeaderContext
  auth?: AuthHandler
  timeoutMs?: number
}

/** A gateway client for server-side calls. */
export function createServerApi(deps: ServerApiDeps): ApiClient {
  return createApiClient({
    product: deps.config.product,
    baseUrl: (gateway) => gatewayBase(deps.config, gateway),
    fetch: undiciFetch as unknown as typeof fetch,
    init: { dispatcher: deps.agent },
    headers: deps.headers,
    timeoutMs: deps.timeoutMs ?? deps.config.timeouts.pageDataBudgetMs,
    ...(deps.auth ? { auth: deps.auth } : {}),
    onEvent: (event) => {
      deps.metrics.upstreamDuration.observe({ endpoint: event.endpoint, status: String(event.status) }, event.durationMs / 1000)
      if (event.error && event.error.code !== 'aborted') {
        deps.log.warn({ endpoint: event.endpoint, attempt: event.attempt, code: event.error.code, err: event.error.message }, 'gateway call failed')
      } else if (typeof event.status === 'number' && event.status >= 400) {
        deps.log.info({ endpoint: event.endpoint, attempt: event.attempt, status: event.status }, 'gateway answered an error')
      }
    },
  })
}
