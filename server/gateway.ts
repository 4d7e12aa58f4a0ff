/**
 * Gateway access from the server: one undici agent with the timeouts of DESIGN.md section 4 and
 * verified TLS, and a per-request API client that carries the request's headers, its session's auth
 * handler, metrics and logs.
 */
import { randomUUID } from 'node:crypto'
import type { FastifyBaseLogger, FastifyRequest } from 'fastify'
import { Agent, type Dispatcher } from 'undici'
import { compile } from 'zod/v4/core'
import { createApiClient, type ApiClient, type AuthHandler, type GatewayFetch } from '#shared/api/client.ts'
import { deviceTagFor, HEADER, validDeviceId, type HeaderContext } from '#shared/api/headers.ts'
import type { EndpointDef, Gateway } from '#shared/api/endpoint.ts'
import type { StandardSchemaV1 } from '#shared/api/standard-schema.ts'
import { COOKIE } from '#shared/cookies.ts'
import type { Config } from './config.ts'
import { redactText } from './logger.ts'
import { sessionIdOf } from './session/cookies.ts'
import type { Metrics } from './metrics.ts'
import type { RequestTrace, Tracing } from './tracing/tracing.ts'

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

/**
 * The client's `fetch` on the server: undici's `request` on the shared agent. The client reads only the
 * status and the body, and WHATWG fetch's Request, Response, Headers and web streams cost about twice
 * the CPU of a call (150 µs more on this machine, several calls per page). It rejects as fetch does: with
 * the signal's reason when aborted. The server's calls send JSON or nothing; any other body is refused.
 */
export function requestFetch(agent: Dispatcher): GatewayFetch {
  return async (url, init) => {
    if (init.body != null && typeof init.body !== 'string')
      throw new TypeError('gateway calls from the server send a JSON string body')
    const target = new URL(url)
    const { statusCode, body } = await agent.request({
      origin: target.origin,
      path: target.pathname + target.search,
      method: (init.method ?? 'GET') as Dispatcher.HttpMethod,
      headers: init.headers as Record<string, string>,
      body: init.body ?? null,
      signal: init.signal ?? undefined,
    })
    return {
      status: statusCode,
      text: () => body.text(),
      json: () => body.json(),
      body: { cancel: () => body.dump() },
    }
  }
}

const compiledSchemas = new WeakMap<object, StandardSchemaV1>()

/**
 * An endpoint's answer schema compiled by zod into one generated function (once per schema, on first
 * use). It accepts and returns exactly what the schema does and hands any failure to the schema itself,
 * so errors read the same; checking a 24-card goods list costs about 5 µs instead of 80. The server
 * only: compiling uses `new Function`, which the browser's CSP forbids.
 */
export function compiledAnswerSchema(def: EndpointDef): StandardSchemaV1 {
  let schema = compiledSchemas.get(def.response)
  if (!schema) {
    schema = compile(def.response) as unknown as StandardSchemaV1
    compiledSchemas.set(def.response, schema)
  }
  return schema
}

/** The base URL of a gateway. */
export const gatewayBase = (config: Config, gateway: Gateway): string =>
  gateway === 'web' ? config.webGatewayUrl : config.idGatewayUrl

/** The gateway headers context of an incoming request (spec sections 7 and 9). */
export function headerContextOf(request: FastifyRequest, config: Config, appVersion: string): HeaderContext {
  return {
    requestId: randomUUID(),
    // The spec's trace id and W3C trace context name one trace: the request's (its incoming
    // `traceparent`'s, or one started here); without a trace (a bare test request), the request id.
    traceId: request.trace?.traceId ?? request.id,
    traceparent: request.trace?.traceparent,
    tracestate: request.trace?.tracestate,
    sessionId: sessionIdOf(request),
    deviceId: sanitizeDeviceId(request.cookies[COOKIE.deviceId]),
    appVersion,
    platformVersion: config.platformVersion,
    clientName: config.publicConfig.clientName,
    deviceTag: deviceTagFor(request.headers['user-agent']),
  }
}

/** The device id cookie is an uppercase hex hash; anything else is ignored. */
export const sanitizeDeviceId = validDeviceId

export interface ServerApiDeps {
  config: Config
  agent: Agent
  metrics: Metrics
  log: FastifyBaseLogger
  headers: () => HeaderContext
  auth?: AuthHandler
  timeoutMs?: number
  /** With tracing on, each call gets a client span under the request's, and its `traceparent` names it. */
  tracing?: Tracing
  trace?: () => RequestTrace | undefined
}

/**
 * A gateway fetch that wraps each call in a client span of the request's trace and sends that span as
 * the call's `traceparent` (the spec's `x-trace-id` already names the same trace).
 */
export function tracedFetch(
  fetch: GatewayFetch,
  tracing: Tracing,
  parent: () => RequestTrace | undefined,
): GatewayFetch {
  return async (url, init, endpoint) => {
    const target = new URL(url)
    const method = init.method ?? 'GET'
    // OpenTelemetry's HTTP client span (semantic conventions 1.26+): url.full without credentials, and
    // phones and codes masked in it and in the name as in a log line.
    target.username = ''
    target.password = ''
    const span = tracing.startClient(parent(), `${method} ${endpoint ?? redactText(target.pathname)}`, {
      'http.request.method': method,
      'server.address': target.hostname,
      'server.port': Number(target.port) || (target.protocol === 'https:' ? 443 : 80),
      'url.full': redactText(target.href),
      ...(endpoint ? { 'storefront.endpoint': endpoint } : {}),
    })
    const headers = { ...(init.headers as Record<string, string>), [HEADER.traceparent]: span.traceparent }
    try {
      const answer = await fetch(url, { ...init, headers }, endpoint)
      span.end(
        { 'http.response.status_code': answer.status },
        answer.status >= 500 ? `HTTP ${answer.status}` : undefined,
      )
      return answer
    } catch (error) {
      span.end({}, error instanceof Error ? error.name : 'error')
      throw error
    }
  }
}

/** A gateway client for server-side calls. */
export function createServerApi(deps: ServerApiDeps): ApiClient {
  return createApiClient({
    product: deps.config.product,
    baseUrl: (gateway) => gatewayBase(deps.config, gateway),
    fetch:
      deps.tracing?.enabled && deps.trace
        ? tracedFetch(requestFetch(deps.agent), deps.tracing, deps.trace)
        : requestFetch(deps.agent),
    headers: deps.headers,
    timeoutMs: deps.timeoutMs ?? deps.config.timeouts.pageDataBudgetMs,
    answerSchema: compiledAnswerSchema,
    ...(deps.auth ? { auth: deps.auth } : {}),
    onEvent: (event) => {
      deps.metrics.upstreamDuration.observe(
        { endpoint: event.endpoint, status: String(event.status) },
        event.durationMs / 1000,
      )
      if (event.error && event.error.code !== 'aborted') {
        deps.log.warn(
          { endpoint: event.endpoint, attempt: event.attempt, code: event.error.code, err: event.error.message },
          'gateway call failed',
        )
      } else if (typeof event.status === 'number' && event.status >= 400) {
        deps.log.info(
          { endpoint: event.endpoint, attempt: event.attempt, status: event.status },
          'gateway answered an error',
        )
      }
    },
  })
}
