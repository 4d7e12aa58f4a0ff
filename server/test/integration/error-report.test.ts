import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { createReportCap } from '#server/plugins/error-report.ts'
import { startTestApp, type TestApp } from '#server/test/app.ts'
import { addFault, startRecordingUpstream, waitFor } from '#server/test/http.ts'
import { shopperClient } from '#server/test/storefront-client.ts'

type Upstream = Awaited<ReturnType<typeof startRecordingUpstream>>
let stack: TestApp | undefined
let sink: Upstream | undefined

afterEach(async () => {
  await stack?.close()
  await sink?.close()
  stack = sink = undefined
})

/** A store whose error reports go to a recording stand-in service. */
async function start(env: Record<string, string> = {}) {
  sink = await startRecordingUpstream(() => ({ status: 204, body: '' }))
  stack = await startTestApp({
    env: { ERROR_REPORT_URL: `${sink.url}/reports`, ...env },
    mock: { config: { logLevel: 'silent' } },
  })
  return { s: stack, reports: sink }
}

const post = (s: TestApp, path: string, body: string, headers: Record<string, string> = {}) =>
  s.request(path, { method: 'POST', headers: { 'content-type': 'application/json', origin: s.url, ...headers }, body })

describe('error reports are about server faults', () => {
  it('reports no client mistake (empty JSON, 413, 415, prototype keys), only the server fault after them', async () => {
    const { s, reports } = await start()
    const mistakes = [
      await post(s, '/api/error-report', ''),
      await post(s, '/aurora-id/v1/auth/otp', JSON.stringify({ phone: 'x'.repeat(100 * 1024) })),
      await post(s, '/api/error-report', '<report/>', { 'content-type': 'application/xml' }),
      await post(s, '/api/error-report', '{"__proto__":{"polluted":1},"message":"x"}'),
      await post(s, '/aurora-id/v1/auth/otp', '{"constructor":{"prototype":{"polluted":1}}}'),
      await post(s, '/analytics/collect', '{'),
    ]
    for (const answer of mistakes) {
      expect(answer.status).toBeGreaterThanOrEqual(400)
      expect(answer.status).toBeLessThan(500)
    }
    // A real server fault afterwards: once its report has arrived, no other report came before it.
    await s.stopGateway()
    const outage = await s.request('/cookie-policy')
    expect(outage.status).toBeGreaterThanOrEqual(500)
    await waitFor(async () => reports.requests.length > 0)
    expect(reports.requests).toHaveLength(1)
  })
})

/** The current calendar minute: the cap's window (a loop may cross into the next one). */
const minute = () => Math.floor(Date.now() / 60_000)

/** The count of a labelled series of a counter (0 when it was never incremented). */
async function counted(s: TestApp, name: string, labels: Record<string, string>): Promise<number> {
  const metric = await s.metrics.registry.getSingleMetric(name)?.get()
  return (metric?.values ?? [])
    .filter((v) => Object.entries(labels).every(([k, want]) => String(v.labels[k]) === want))
    .reduce((sum, v) => sum + v.value, 0)
}

/** Gateway calls the storefront itself made to an endpoint (the upstream histogram's count). */
async function upstreamCalls(s: TestApp, endpoint: string): Promise<number> {
  const metric = await s.metrics.registry.getSingleMetric('upstream_request_duration_seconds')?.get()
  return (metric?.values ?? [])
    .filter((v) => (v as { metricName?: string }).metricName?.endsWith('_count') && v.labels.endpoint === endpoint)
    .reduce((sum, v) => sum + v.value, 0)
}

/** A stand-in reporting service that keeps the bodies it receives. */
async function startCollector(): Promise<{ url: string; bodies: string[]; close(): Promise<void> }> {
  const bodies: string[] = []
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      bodies.push(body)
      res.writeHead(204).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    bodies,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

describe('error reports do not amplify an outage', () => {
  it('sends one report per route and code a minute, counts the rest, and never calls the gateway for the e-mail', async () => {
    const { s, reports } = await start()
    const shopper = shopperClient(s)
    const userId = await shopper.signIn('79000000001')
    const profileCallsBefore = await upstreamCalls(s, 'profile.get')
    await addFault(s.mockUrl, { path: '/webgate/*', status: 503 })
    const first = minute()
    for (let i = 0; i < 20; i++) expect((await shopper.fetch('/cookie-policy')).status).toBeGreaterThanOrEqual(500)
    for (let i = 0; i < 5; i++) expect((await shopper.fetch('/catalog')).status).toBeGreaterThanOrEqual(500)
    const minutes = minute() - first + 1
    // Every failure is counted, reported or suppressed.
    await waitFor(async () => (await counted(s, 'error_reports_total', { source: 'server' })) === 25)
    const sent = await counted(s, 'error_reports_total', { source: 'server', outcome: 'reported' })
    // One per route and code a minute: 2, or up to 4 when the loop crossed into the next minute.
    expect(sent).toBeGreaterThanOrEqual(2)
    expect(sent).toBeLessThanOrEqual(2 * minutes)
    await waitFor(async () => reports.requests.length === sent)
    expect(
      await counted(s, 'error_reports_total', { source: 'server', route: 'cookie-policy', outcome: 'suppressed' }),
    ).toBeGreaterThanOrEqual(20 - minutes)
    expect(await upstreamCalls(s, 'profile.get')).toBe(profileCallsBefore)
    expect(userId).toBe('100001')
  })

  it('sends the user id from the session with a server report, and no e-mail', async () => {
    const collector = await startCollector()
    stack = await startTestApp({
      env: { ERROR_REPORT_URL: `${collector.url}/reports` },
      mock: { config: { logLevel: 'silent' } },
    })
    try {
      const shopper = shopperClient(stack)
      await shopper.signIn('79000000001')
      await addFault(stack.mockUrl, { path: '/webgate/*', status: 503 })
      await shopper.fetch('/cookie-policy')
      await waitFor(async () => collector.bodies.length === 1)
      const report = JSON.parse(collector.bodies[0]!) as Record<string, unknown>
      expect(report).toMatchObject({ source: 'server', route: 'cookie-policy', userId: '100001' })
      expect(report).not.toHaveProperty('email')
      expect(report.requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
    } finally {
      await collector.close()
    }
  })
})

describe('the per-minute cap', () => {
  it('admits one report per key and calendar minute, and bounds the keys it holds', () => {
    let now = 60_000 * 1000
    const cap = createReportCap({ maxKeys: 2, now: () => now })
    expect(cap.admit('a')).toBe(true)
    expect(cap.admit('a')).toBe(false)
    expect(cap.admit('b')).toBe(true)
    expect(cap.admit('c')).toBe(false)
    now += 59_999
    expect(cap.admit('a')).toBe(false)
    now += 1
    expect(cap.admit('a')).toBe(true)
    expect(cap.admit('c')).toBe(true)
  })
})

describe('the error-report route', () => {
  it('takes at most 10 reports a minute from one client and answers 429 beyond', async () => {
    const { s, reports } = await start({ TRUST_PROXY: '127.0.0.1' })
    const first = minute()
    const statuses: number[] = []
    for (let i = 0; i < 25; i++) {
      statuses.push(
        (
          await post(s, '/api/error-report', JSON.stringify({ message: `boom ${i}` }), {
            'x-forwarded-for': '203.0.113.7',
          })
        ).status,
      )
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(204))
    expect(new Set(statuses.slice(10))).toEqual(new Set([429]))
    // Another client is not affected.
    expect(
      (await post(s, '/api/error-report', '{"message":"other"}', { 'x-forwarded-for': '203.0.113.8' })).status,
    ).toBe(204)
    const minutes = minute() - first + 1
    // All 11 taken reports are of one route and code: one a minute is sent, the others counted.
    await waitFor(async () => (await counted(s, 'error_reports_total', { source: 'browser' })) === 11)
    const sent = await counted(s, 'error_reports_total', { source: 'browser', outcome: 'reported' })
    expect(sent).toBeGreaterThanOrEqual(1)
    expect(sent).toBeLessThanOrEqual(minutes)
    await waitFor(async () => reports.requests.length === sent)
  })

  it("caps the browser's reports per page route and status, whichever client sends them", async () => {
    const { s, reports } = await start({ TRUST_PROXY: '127.0.0.1' })
    const first = minute()
    const sent = [
      { url: '/product/1-krem', status: 503 },
      { url: '/product/2-mylo?x=1', status: 503 },
      { url: '/product/3', status: 502 },
      { url: '/catalog/12-uhod', status: 503 },
      { url: '/product/4-shampun', status: 503 },
    ]
    for (const [i, report] of sent.entries()) {
      const answer = await post(
        s,
        '/api/error-report',
        JSON.stringify({ message: `HTTP ${report.status}`, ...report }),
        {
          'x-forwarded-for': `203.0.113.${i + 1}`,
        },
      )
      expect(answer.status).toBe(204)
    }
    const minutes = minute() - first + 1
    await waitFor(async () => (await counted(s, 'error_reports_total', { source: 'browser' })) === 5)
    expect(await counted(s, 'error_reports_total', { source: 'browser', route: 'product', code: '503' })).toBe(3)
    expect(await counted(s, 'error_reports_total', { source: 'browser', route: 'catalog-category' })).toBe(1)
    // Three keys (product 503, product 502, catalog-category 503): one report each a minute.
    const reported = await counted(s, 'error_reports_total', { source: 'browser', outcome: 'reported' })
    expect(reported).toBeGreaterThanOrEqual(3)
    expect(reported).toBeLessThanOrEqual(minutes === 1 ? 3 : 5)
    await waitFor(async () => reports.requests.length === reported)
  })
})

describe('what a browser report can make us keep (decision 026)', () => {
  it('labels the status from a fixed set, so varied statuses make no new series', async () => {
    const { s } = await start({ TRUST_PROXY: '127.0.0.1' })
    for (let i = 0; i < 60; i++) {
      const answer = await post(
        s,
        '/api/error-report',
        JSON.stringify({ message: 'x', url: '/product/1-x', status: 200_000 + i }),
        { 'x-forwarded-for': `198.51.100.${i + 1}` },
      )
      expect(answer.status).toBe(204)
    }
    await waitFor(async () => (await counted(s, 'error_reports_total', { source: 'browser', code: 'other' })) === 60)
    const series = (await s.metrics.registry.getSingleMetric('error_reports_total')?.get())?.values ?? []
    expect(series.filter((v) => /^2\d{5}$/.test(String(v.labels.code)))).toEqual([])
  })

  it('counts an IPv6 client per /64', async () => {
    const { s } = await start({ TRUST_PROXY: '127.0.0.1' })
    const statuses: number[] = []
    for (let i = 0; i < 12; i++) {
      statuses.push(
        (
          await post(s, '/api/error-report', JSON.stringify({ message: `v6 ${i}` }), {
            'x-forwarded-for': `2001:db8:7:8::${(i + 1).toString(16)}`,
          })
        ).status,
      )
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(204))
    expect(statuses.slice(10)).toEqual([429, 429])
  })

  it("attaches the session's e-mail, never one from the report's body", async () => {
    const collector = await startCollector()
    stack = await startTestApp({
      env: { ERROR_REPORT_URL: `${collector.url}/reports` },
      mock: { config: { logLevel: 'silent' } },
    })
    try {
      const shopper = shopperClient(stack)
      await shopper.signIn('79000000001')
      const answer = await shopper.fetch('/api/error-report', {
        method: 'POST',
        body: { message: 'boom', url: '/product/1-x', status: 500, email: 'forged@evil.example' },
      })
      expect(answer.status).toBe(204)
      await waitFor(async () => collector.bodies.length === 1)
      const report = JSON.parse(collector.bodies[0]!) as Record<string, unknown>
      expect(report).toMatchObject({ source: 'browser', userId: '100001' })
      expect(collector.bodies[0]).not.toContain('forged@evil.example')
    } finally {
      await collector.close()
    }
  })
})
