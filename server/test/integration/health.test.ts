import { afterEach, describe, expect, it } from 'vitest'
import { startMockGateway, type RunningMockGateway } from '#mock/index.ts'
import { startTestApp, type TestApp } from '#server/test/app.ts'
import { startTestStack, type TestStack } from '#server/test/harness.ts'
import { BROWSER_UA, rawRequest, waitFor } from '#server/test/http.ts'
import { spawnServer, type SpawnedServer } from '#server/test/spawn.ts'

const QUIET = { logLevel: 'silent' as const }
let stack: TestApp | undefined
let socketStack: TestStack | undefined
let mock: RunningMockGateway | undefined
let server: SpawnedServer | undefined

afterEach(async () => {
  await stack?.close()
  await socketStack?.close()
  await mock?.close()
  await server?.stop()
  stack = socketStack = mock = server = undefined
})

const status = async (s: TestApp, path: string) => (await s.fetch(path)).status

describe('health and readiness', () => {
  it('answers /healthz and /readyz with 200 while the gateway answers, saying so per gateway', async () => {
    stack = await startTestApp({ mock: { config: QUIET } })
    expect(await status(stack, '/healthz')).toBe(200)
    const ready = await stack.fetch(`/readyz`)
    expect(ready.status).toBe(200)
    expect(ready.headers.get('cache-control')).toBe('no-store')
    expect(await ready.json()).toEqual({ status: 'ready', gateways: { web: 'up', id: 'up' } })
    const gauge = await stack.metrics.registry.getSingleMetricAsString('gateway_up')
    expect(gauge).toMatch(/^gateway_up\{gateway="web"\} 1$/m)
    expect(gauge).toMatch(/^gateway_up\{gateway="id"\} 1$/m)
  })

  // DESIGN.md section 6 (changed): readiness no longer follows the gateway, or every replica would
  // leave the Service together although each still serves cached pages and the outage page.
  it('keeps /readyz at 200 while the gateway is down; its body and gateway_up say the gateway is down, then up again', async () => {
    stack = await startTestApp({ mock: { config: QUIET } })
    const s = stack
    const port = Number(new URL(s.mockUrl).port)
    const body = async () => {
      const response = await s.fetch(`/readyz`)
      return { status: response.status, body: (await response.json()) as { gateways?: Record<string, string> } }
    }

    await s.stopGateway()
    await waitFor(async () => (await body()).body.gateways?.web === 'down')
    expect(await body()).toEqual({ status: 200, body: { status: 'ready', gateways: { web: 'down', id: 'down' } } })
    expect(await s.metrics.registry.getSingleMetricAsString('gateway_up')).toMatch(/^gateway_up\{gateway="web"\} 0$/m)
    expect(await status(s, '/healthz')).toBe(200)

    mock = await startMockGateway({ port, host: '127.0.0.1', config: QUIET })
    await waitFor(async () => (await body()).body.gateways?.web === 'up')
    expect(await status(s, '/readyz')).toBe(200)
    expect(await s.metrics.registry.getSingleMetricAsString('gateway_up')).toMatch(/^gateway_up\{gateway="web"\} 1$/m)
  })

  it('keeps /readyz at 200 and reports the gateway down while the gateway hangs', async () => {
    stack = await startTestApp({ mock: { config: { ...QUIET, faults: [{ path: '/webgate*', mode: 'hang' }] } } })
    const s = stack
    let body: { status?: string; gateways?: Record<string, string> } = {}
    await waitFor(async () => {
      const response = await s.fetch(`/readyz`)
      expect(response.status).toBe(200)
      body = (await response.json()) as typeof body
      return body.gateways?.web === 'down'
    })
    expect(body).toEqual({ status: 'ready', gateways: { web: 'down', id: 'up' } })
  })

  it('turns /readyz to 503 for good once draining starts', async () => {
    stack = await startTestApp({ mock: { config: QUIET } })
    stack.app.markDraining()
    expect(await stack.fetch(`/readyz`).then((r) => r.json())).toEqual({ status: 'draining' })
    expect(await status(stack, '/readyz')).toBe(503)
    expect(await status(stack, '/healthz')).toBe(200)
  })
})

// A kept-alive connection with a page in flight needs a real socket.
describe('closing', () => {
  it('closes although a keep-alive connection had a page in flight when closing began', async () => {
    socketStack = await startTestStack({ mock: { config: QUIET } })
    const s = socketStack
    // fetch keeps its connection alive and resolves at the first byte; the page is still streaming.
    const response = await fetch(`${s.url}/cookie-policy`, {
      headers: { 'user-agent': BROWSER_UA, 'accept-encoding': 'gzip' },
    })
    expect(response.status).toBe(200)
    await s.close()
    socketStack = undefined
    await expect(response.text()).resolves.toMatch(/<\/html>$/)
  })
})

describe('metrics', () => {
  /** Lines of one metric family from the exposition text. */
  const lines = (text: string, name: string) =>
    text.split('\n').filter((line) => line.startsWith(`${name}_count{`) || line.startsWith(`${name}_sum{`))

  it('labels request durations by route name, never by raw path, and records SSR and upstream timings', async () => {
    stack = await startTestApp({ mock: { config: QUIET } })
    const s = stack
    for (const path of [
      '/',
      '/product/900006-krem-dlya-ruk-barkhat-teplyy-med',
      '/product/900006',
      '/cookie-policy',
      '/no-such-page?x=1',
      '/webgate/v2/web-common-content/cookies',
    ]) {
      await s.request(path, { headers: { 'user-agent': BROWSER_UA } })
    }
    let text = ''
    await waitFor(async () => {
      text = await s.metrics.registry.metrics()
      return /http_request_duration_seconds_count\{[^}]*route="not-found"/.test(text)
    })

    const http = lines(text, 'http_request_duration_seconds')
    expect(http.some((l) => /route="main"/.test(l) && /method="GET"/.test(l) && /status="200"/.test(l))).toBe(true)
    expect(http.some((l) => /route="product"/.test(l))).toBe(true)
    expect(http.some((l) => /route="cookie-policy"/.test(l))).toBe(true)
    expect(http.some((l) => /route="proxy:content\.cookies"/.test(l))).toBe(true)
    for (const line of http) {
      expect(line).not.toMatch(/route="\//)
      expect(line).not.toContain('900006')
      expect(line).not.toContain('no-such-page')
    }

    const render = lines(text, 'ssr_render_duration_seconds')
    expect(render.some((l) => /route="cookie-policy"/.test(l) && /status="200"/.test(l))).toBe(true)
    expect(render.some((l) => /route="main"/.test(l))).toBe(true)

    const upstream = lines(text, 'upstream_request_duration_seconds')
    expect(upstream.some((l) => /endpoint="content\.cookies"/.test(l) && /status="200"/.test(l))).toBe(true)
  })

  it('records a failed upstream call with the status error', async () => {
    stack = await startTestApp({ mock: { config: QUIET } })
    const s = stack
    await s.stopGateway()
    await s.request('/cookie-policy')
    await waitFor(async () =>
      /upstream_request_duration_seconds_count\{[^}]*endpoint="content\.cookies"[^}]*status="error"/.test(
        await s.metrics.registry.metrics(),
      ),
    )
  })

  it('serves the metrics on METRICS_PORT from the built server, not on the public port', async () => {
    mock = await startMockGateway({ port: 0, host: '127.0.0.1', config: QUIET })
    server = await spawnServer({ WEB_GATEWAY_URL: `${mock.url}/webgate`, ID_GATEWAY_URL: `${mock.url}/aurora-id` })
    await rawRequest(server.url, '/cookie-policy')
    const srv = server
    let text = ''
    await waitFor(async () => {
      const response = await fetch(srv.metricsUrl)
      text = await response.text()
      return response.ok && text.includes('route="cookie-policy"')
    })
    expect(text).toMatch(/^# HELP http_request_duration_seconds /m)
    expect(text).toMatch(/^# HELP ssr_render_duration_seconds /m)
    expect(text).toMatch(/upstream_request_duration_seconds_count\{[^}]*endpoint="content\.cookies"/)
    expect(text).toMatch(/^process_cpu_user_seconds_total /m)
    expect(text).toMatch(/^nodejs_heap_size_used_bytes /m)
    // The scrape refreshes the gateway gauge itself.
    expect(text).toMatch(/^gateway_up\{gateway="web"\} 1$/m)

    const publicMetrics = await rawRequest(server.url, '/metrics')
    expect(publicMetrics.body).not.toContain('http_request_duration_seconds')
    expect((await fetch(srv.metricsUrl.replace('/metrics', '/other'))).status).toBe(404)
  })
})
