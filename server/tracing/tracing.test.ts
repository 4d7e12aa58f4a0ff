/**
 * Tracing: W3C trace context in and out, and the span tree of one page request exported over OTLP/HTTP
 * to a real receiver (a small server here), its gateway calls seen by a recording gateway in front of
 * the mock. Without an endpoint: trace ids in the logs and on the gateway calls, and no spans.
 */
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMockGateway } from '#mock/index.ts'
import { pino } from 'pino'
import { buildApp } from '../app.ts'
import { loadConfig } from '../config.ts'
import { createMetrics } from '../metrics.ts'
import { writeClientFixture } from '../test/client-fixture.ts'
import { startRedis } from '../test/redis.ts'
import { BROWSER_UA } from '../test/http.ts'
import { formatTraceparent, newSpanId, newTraceId, parseTraceparent, parseTracestate } from './context.ts'
import { createTracing, noTracing } from './tracing.ts'

/** A request handler that may reject: a failure answers 500 rather than leaving an unhandled rejection. */
const asyncHandler =
  (handle: (request: IncomingMessage, response: ServerResponse) => Promise<void>) =>
  (request: IncomingMessage, response: ServerResponse) =>
    void handle(request, response).catch(() => response.writeHead(500).end())

interface OtlpSpan {
  traceId: string
  spanId: string
  parentSpanId?: string
  name: string
  kind: number
  attributes: { key: string; value: Record<string, unknown> }[]
  status?: { code?: number }
}
/** A caller's vendor entries (W3C Trace Context's example). */
const TRACESTATE = 'rojo=00f067aa0ba902b7,congo=t61rcWkgMzE'
const SERVER = 2
const CLIENT = 3
const INTERNAL = 1

const listen = async (server: Server) => {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}
const close = (server: Server) => new Promise((done) => server.close(done))
const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((item) => item.key === key)?.value
  return value ? Object.values(value)[0] : undefined
}

describe('W3C trace context', () => {
  const trace = '4bf92f3577b34da6a3ce929d0e0e4736'
  const span = '00f067aa0ba902b7'

  it('reads a valid traceparent and refuses malformed ones', () => {
    expect(parseTraceparent(`00-${trace}-${span}-01`)).toEqual({ traceId: trace, spanId: span, sampled: true })
    expect(parseTraceparent(`00-${trace}-${span}-00`)?.sampled).toBe(false)
    // As request-id.ts reads it: upper case is lowered.
    expect(parseTraceparent(`00-${trace.toUpperCase()}-${span}-01`)?.traceId).toBe(trace)
    // A later version may carry more fields.
    expect(parseTraceparent(`01-${trace}-${span}-01-extra`)?.traceId).toBe(trace)
    for (const bad of [
      undefined,
      '',
      `00-${trace}-${span}`,
      `00-${trace}-${span}-01-extra`,
      `ff-${trace}-${span}-01`,
      `00-${'0'.repeat(32)}-${span}-01`,
      `00-${trace}-${'0'.repeat(16)}-01`,
      `00-${trace}-${span}-0g`,
    ])
      expect(parseTraceparent(bad), String(bad)).toBeUndefined()
  })

  it('reads tracestate as one list, and drops a malformed or oversized one whole', () => {
    expect(parseTracestate('rojo=00f067aa0ba902b7, congo=t61rcWkgMzE')).toBe('rojo=00f067aa0ba902b7,congo=t61rcWkgMzE')
    expect(parseTracestate(['rojo=1', 'acme@tenant=x'])).toBe('rojo=1,acme@tenant=x')
    for (const bad of [undefined, '', 'Rojo=1', 'rojo', 'rojo=1,=2', `a=${'x'.repeat(520)}`])
      expect(parseTracestate(bad), String(bad)).toBeUndefined()
    expect(parseTracestate(Array.from({ length: 33 }, (_, i) => `k${i}=v`).join(','))).toBeUndefined()
    // Without a valid traceparent the caller's tracestate means nothing and is not passed on.
    expect(noTracing.startRequest(`00-${trace}-${span}-01`, 'GET', 'rojo=1').tracestate).toBe('rojo=1')
    expect(noTracing.startRequest('garbage', 'GET', 'rojo=1').tracestate).toBeUndefined()
  })

  it('writes one and makes ids', () => {
    expect(formatTraceparent({ traceId: trace, spanId: span, sampled: true })).toBe(`00-${trace}-${span}-01`)
    expect(newTraceId()).toMatch(/^[\da-f]{32}$/)
    expect(newSpanId()).toMatch(/^[\da-f]{16}$/)
    expect(newTraceId()).not.toBe(newTraceId())
  })

  it('without an endpoint the SDK is not loaded: trace context only', async () => {
    expect(await createTracing(undefined)).toBe(noTracing)
    const started = noTracing.startRequest(undefined, 'GET')
    expect(started.traceparent).toBe(`00-${started.traceId}-${started.spanId}-00`)
    const continued = noTracing.startRequest(`00-${trace}-${span}-01`, 'GET')
    expect(continued.traceId).toBe(trace)
    expect(continued.spanId).not.toBe(span)
    expect(continued.traceparent).toBe(`00-${trace}-${continued.spanId}-01`)
  })
})

describe('a page request through the app', () => {
  let mock: Awaited<ReturnType<typeof startMockGateway>>
  let gateway: Server
  let receiver: Server
  let gatewayUrl: string
  let receiverUrl: string
  const gatewayCalls: { url: string; headers: IncomingHttpHeaders }[] = []
  const spans: OtlpSpan[] = []
  const resources: Record<string, unknown>[] = []

  beforeAll(async () => {
    mock = await startMockGateway({ port: 0, host: '127.0.0.1', logger: pino({ level: 'silent' }) })
    // The gateway as the storefront sees it: records each call's headers, then asks the mock.
    gateway = createServer(
      asyncHandler(async (request, response) => {
        gatewayCalls.push({ url: request.url ?? '', headers: request.headers })
        const chunks: Buffer[] = []
        for await (const chunk of request) chunks.push(chunk as Buffer)
        const headers: Record<string, string> = {}
        for (const [name, value] of Object.entries(request.headers))
          if (typeof value === 'string' && !['host', 'connection', 'content-length'].includes(name))
            headers[name] = value
        const answer = await fetch(mock.url + request.url, {
          method: request.method ?? 'GET',
          headers,
          ...(chunks.length ? { body: Buffer.concat(chunks) } : {}),
          signal: AbortSignal.timeout(10_000),
        })
        response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' })
        response.end(Buffer.from(await answer.arrayBuffer()))
      }),
    )
    gatewayUrl = await listen(gateway)
    // An OTLP/HTTP receiver: JSON exports on /v1/traces.
    receiver = createServer(
      asyncHandler(async (request, response) => {
        let text = ''
        for await (const chunk of request) text += chunk
        if (request.method === 'POST' && request.url === '/v1/traces') {
          const body = JSON.parse(text) as {
            resourceSpans: { resource: Record<string, unknown>; scopeSpans: { spans: OtlpSpan[] }[] }[]
          }
          for (const resourceSpans of body.resourceSpans) {
            resources.push(resourceSpans.resource)
            for (const scope of resourceSpans.scopeSpans) spans.push(...scope.spans)
          }
        }
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}')
      }),
    )
    receiverUrl = await listen(receiver)
  })

  afterAll(async () => {
    await Promise.all([close(gateway), close(receiver), mock.close()])
  })

  const startApp = async (env: Record<string, string>) => {
    const lines: Record<string, unknown>[] = []
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: '0',
      WEB_GATEWAY_URL: `${gatewayUrl}/webgate`,
      ID_GATEWAY_URL: `${gatewayUrl}/aurora-id`,
      ANTIFRAUD: 'off',
      LOG_LEVEL: 'info',
      ...env,
    })
    const app = await buildApp(config, {
      distDir: writeClientFixture().distDir,
      metrics: createMetrics({ defaultMetrics: false }),
      logStream: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
    })
    await app.ready()
    return { app, lines }
  }

  const page = (app: Awaited<ReturnType<typeof buildApp>>, headers: Record<string, string>) =>
    app.inject({ method: 'GET', url: '/', headers: { 'user-agent': BROWSER_UA, host: 'shop.test', ...headers } })

  it('with OTEL_EXPORTER_OTLP_ENDPOINT: the span tree of the request, its render and its gateway calls', async () => {
    gatewayCalls.length = 0
    const { app, lines } = await startApp({
      OTEL_EXPORTER_OTLP_ENDPOINT: receiverUrl,
      OTEL_RESOURCE_ATTRIBUTES: 'k8s.pod.name=storefront-7d9f-abcde,k8s.namespace.name=shop',
    })
    expect(app.tracing.enabled).toBe(true)
    const traceId = newTraceId()
    const parent = newSpanId()
    const answer = await page(app, { traceparent: `00-${traceId}-${parent}-01`, tracestate: TRACESTATE })
    expect(answer.statusCode).toBe(200)
    // Closing the app flushes the batch to the receiver.
    await app.close()

    const tree = spans.filter((span) => span.traceId === traceId)
    const servers = tree.filter((span) => span.kind === SERVER)
    expect(servers).toHaveLength(1)
    const request = servers[0]!
    expect(request.parentSpanId).toBe(parent)
    // OpenTelemetry's HTTP server span: `{method} {http.route}`, the route's template, and the request's
    // scheme, host, client and user agent.
    expect(request.name).toBe('GET /')
    expect(attribute(request, 'http.response.status_code')).toBe(200)
    expect(attribute(request, 'http.request.method')).toBe('GET')
    expect(attribute(request, 'http.route')).toBe('/')
    expect(attribute(request, 'url.scheme')).toBe('http')
    expect(attribute(request, 'url.path')).toBe('/')
    expect(attribute(request, 'server.address')).toBe('shop.test')
    expect(attribute(request, 'client.address')).toBe('127.0.0.1')
    expect(attribute(request, 'user_agent.original')).toBe(BROWSER_UA)
    expect(attribute(request, 'storefront.route_name')).toBe('main')

    const clients = tree.filter((span) => span.kind === CLIENT)
    expect(clients.length).toBeGreaterThanOrEqual(3)
    for (const client of clients) {
      expect(client.parentSpanId).toBe(request.spanId)
      expect(client.name).toMatch(/^GET [\w.]+$/)
      expect(attribute(client, 'http.response.status_code')).toBe(200)
      expect(attribute(client, 'url.full')).toMatch(new RegExp(`^${gatewayUrl}/`))
      expect(attribute(client, 'server.address')).toBe('127.0.0.1')
    }
    const renders = tree.filter((span) => span.kind === INTERNAL && span.name.startsWith('render '))
    expect(renders.map((span) => span.name)).toEqual(['render main'])
    expect(renders[0]!.parentSpanId).toBe(request.spanId)
    // Nothing else hangs in the tree: every span is the request's or its child.
    for (const span of tree) expect([parent, request.spanId]).toContain(span.parentSpanId)
    // The resource names the service and the pod (OTEL_RESOURCE_ATTRIBUTES from the Downward API).
    const resource = JSON.stringify(resources.at(-1))
    expect(resource).toContain('aurora-storefront')
    expect(resource).toMatch(/"k8s\.pod\.name","value":\{"stringValue":"storefront-7d9f-abcde"\}/)
    expect(resource).toMatch(/"k8s\.namespace\.name","value":\{"stringValue":"shop"\}/)
    expect(resource).toMatch(/"service\.instance\.id","value":\{"stringValue":"storefront-7d9f-abcde"\}/)

    // Each gateway call carried its client span as traceparent and the trace as the spec's x-trace-id.
    const pageCalls = gatewayCalls.filter((call) => call.url.startsWith('/webgate/') && call.headers.traceparent)
    expect(pageCalls.length).toBe(clients.length)
    const clientIds = new Set(clients.map((span) => span.spanId))
    for (const call of pageCalls) {
      const context = parseTraceparent(call.headers.traceparent)
      expect(context?.traceId, call.url).toBe(traceId)
      expect(clientIds.has(context!.spanId), call.url).toBe(true)
      expect(call.headers['x-trace-id']).toBe(traceId)
      // The caller's vendor entries go on unchanged with the trace.
      expect(call.headers.tracestate).toBe(TRACESTATE)
    }

    // Every log line of the request names the trace and the request's span.
    const requestLines = lines.filter((line) => line.reqId !== undefined)
    expect(requestLines.length).toBeGreaterThanOrEqual(2)
    for (const line of requestLines) {
      expect(line.trace_id).toBe(traceId)
      expect(line.span_id).toBe(request.spanId)
      expect(line.trace_flags).toBe('01')
    }
    // Every line names the service and its version; the completion line the method, route and status.
    for (const line of lines) expect(line).toMatchObject({ service: 'aurora-storefront', version: expect.any(String) })
    const completed = requestLines.find((line) => line.msg === 'request completed')
    expect(completed?.res).toEqual({ statusCode: 200, method: 'GET', route: '/' })
  })

  it('route templates, never raw paths, name the spans; phones are masked; probes export nothing', async () => {
    const { app, lines } = await startApp({ OTEL_EXPORTER_OTLP_ENDPOINT: receiverUrl })
    const ids = { category: newTraceId(), notFound: newTraceId(), healthz: newTraceId(), readyz: newTraceId() }
    const get = (url: string, traceId: string) =>
      app.inject({
        method: 'GET',
        url,
        headers: { 'user-agent': BROWSER_UA, host: 'shop.test', traceparent: `00-${traceId}-${newSpanId()}-01` },
      })
    // The category page (a redirect to its canonical slug here): matched by its route either way.
    const categoryStatus = (await get('/catalog/12-uhod?from=79001234567', ids.category)).statusCode
    expect(categoryStatus).toBeLessThan(500)
    expect((await get('/tel79001234567/x', ids.notFound)).statusCode).toBe(404)
    expect((await get('/healthz', ids.healthz)).statusCode).toBe(200)
    expect((await get('/readyz', ids.readyz)).statusCode).toBe(200)
    await app.close()

    const serverSpan = (traceId: string) => spans.find((span) => span.traceId === traceId && span.kind === SERVER)
    const category = serverSpan(ids.category)!
    expect(category.name).toBe('GET /catalog/{category}-{slug}')
    expect(attribute(category, 'http.route')).toBe('/catalog/{category}-{slug}')
    expect(attribute(category, 'url.query')).toBe('from=79*******67')
    const notFound = serverSpan(ids.notFound)!
    expect(notFound.name).toBe('GET')
    expect(attribute(notFound, 'http.route')).toBeUndefined()
    expect(attribute(notFound, 'url.path')).toBe('/tel79*******67/x')
    expect(JSON.stringify(spans)).not.toContain('79001234567')
    expect(spans.filter((span) => span.traceId === ids.healthz || span.traceId === ids.readyz)).toEqual([])
    const completed = lines.find((line) => line.msg === 'request completed' && line.trace_id === ids.category)
    expect(completed?.res).toEqual({ statusCode: categoryStatus, method: 'GET', route: '/catalog/{category}-{slug}' })
  })

  it('a Redis command of the request is a span under it (the OTP limit of a code request)', async () => {
    const redis = await startRedis()
    try {
      const { app } = await startApp({
        OTEL_EXPORTER_OTLP_ENDPOINT: receiverUrl,
        REDIS_URL: redis.url,
        SESSION_SECRET: 'tracing-test-session-secret-of-32-chars',
      })
      // Start-up does not wait for Redis; a request before it connects fails closed (a loaded machine).
      for (let i = 0; i < 100 && app.redis?.status !== 'ready'; i++) await new Promise((done) => setTimeout(done, 50))
      const traceId = newTraceId()
      const answer = await app.inject({
        method: 'POST',
        url: '/aurora-id/v1/auth/otp',
        headers: {
          'user-agent': BROWSER_UA,
          'content-type': 'application/json',
          host: '127.0.0.1:3000',
          origin: 'http://127.0.0.1:3000',
          traceparent: `00-${traceId}-${newSpanId()}-01`,
        },
        payload: JSON.stringify({ phone: '79000000001' }),
      })
      expect(answer.statusCode, answer.body).toBe(200)
      await app.close()
      const tree = spans.filter((span) => span.traceId === traceId)
      const request = tree.find((span) => span.kind === SERVER)!
      expect(request.name).toBe('POST /aurora-id/v1/auth/otp')
      expect(attribute(request, 'storefront.route_name')).toBe('auth.otp.request')
      const commands = tree.filter((span) => span.name.startsWith('redis '))
      expect(commands.length).toBeGreaterThanOrEqual(1)
      for (const command of commands) {
        expect(command.parentSpanId).toBe(request.spanId)
        expect(attribute(command, 'db.system.name')).toBe('redis')
      }
      expect(tree.some((span) => span.kind === CLIENT && span.name === 'POST auth.otp.request')).toBe(true)
    } finally {
      await redis.stop()
    }
  })

  it('without it: the trace reaches the logs and the gateway calls, and no span is exported', async () => {
    gatewayCalls.length = 0
    const before = spans.length
    const { app, lines } = await startApp({})
    expect(app.tracing.enabled).toBe(false)
    const traceId = newTraceId()
    const answer = await page(app, { traceparent: `00-${traceId}-${newSpanId()}-01`, tracestate: TRACESTATE })
    expect(answer.statusCode).toBe(200)
    // A request without traceparent starts its own trace.
    const fresh = await app.inject({ method: 'GET', url: '/cookie-policy', headers: { 'user-agent': BROWSER_UA } })
    expect(fresh.statusCode).toBe(200)
    await app.close()

    const requestLines = lines.filter((line) => line.reqId !== undefined)
    const first = requestLines.filter((line) => line.trace_id === traceId)
    expect(first.length).toBeGreaterThanOrEqual(2)
    const spanId = first[0]!.span_id as string
    for (const line of first) expect(line).toMatchObject({ span_id: spanId, trace_flags: '01' })
    // A trace this store starts records nothing, so it is not sampled.
    const own = requestLines.filter((line) => line.trace_id !== traceId)
    expect(own.length).toBeGreaterThanOrEqual(1)
    for (const line of own) expect(line.trace_flags).toBe('00')
    const calls = gatewayCalls.filter((call) => call.headers['x-trace-id'] === traceId)
    expect(calls.length).toBeGreaterThanOrEqual(3)
    for (const call of calls) {
      expect(call.headers.traceparent).toBe(`00-${traceId}-${spanId}-01`)
      expect(call.headers.tracestate).toBe(TRACESTATE)
    }
    const other = requestLines.filter((line) => line.trace_id !== traceId)
    expect(other.length).toBeGreaterThanOrEqual(1)
    for (const line of other) expect(line.trace_id).toMatch(/^[\da-f]{32}$/)
    expect(spans.length).toBe(before)
  })
})
