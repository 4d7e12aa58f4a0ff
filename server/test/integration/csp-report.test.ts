import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { violationsOf } from '#server/plugins/csp-report.ts'
import { startTestApp, type TestApp } from '#server/test/app.ts'

let stack: TestApp

beforeAll(async () => {
  stack = await startTestApp({ env: { TRUST_PROXY: '127.0.0.1' }, mock: { config: { logLevel: 'silent' } } })
})

afterAll(async () => {
  await stack.close()
})

/** A report as a browser sends it: no Origin header (report-uri), from one client address. */
const send = (body: string, type: string, ip = '198.51.100.1') =>
  stack.request('/api/csp-report', {
    method: 'POST',
    headers: { 'content-type': type, 'x-forwarded-for': ip },
    body,
  })

async function counted(labels: Record<string, string>): Promise<number> {
  const metric = await stack.metrics.registry.getSingleMetric('csp_reports_total')?.get()
  return (metric?.values ?? [])
    .filter((v) => Object.entries(labels).every(([k, want]) => String(v.labels[k]) === want))
    .reduce((sum, v) => sum + v.value, 0)
}

const LEGACY = JSON.stringify({
  'csp-report': {
    'document-uri': 'https://shop.example/product/1-krem?token=secret',
    'violated-directive': 'img-src',
    'effective-directive': 'img-src',
    'blocked-uri': 'https://evil.example/pixel.gif?phone=79000000001',
    disposition: 'enforce',
    'line-number': 12,
  },
})

const REPORTING_API = JSON.stringify([
  {
    type: 'csp-violation',
    age: 10,
    url: 'https://shop.example/catalog',
    user_agent: 'Mozilla/5.0',
    body: {
      documentURL: 'https://shop.example/catalog',
      blockedURL: 'inline',
      effectiveDirective: 'script-src-elem',
      disposition: 'enforce',
      statusCode: 200,
    },
  },
  { type: 'deprecation', body: { id: 'x' } },
  {
    type: 'csp-violation',
    url: 'https://shop.example/',
    body: {
      documentURL: 'https://shop.example/',
      blockedURL: 'eval',
      effectiveDirective: 'made-up',
      disposition: 'report',
    },
  },
])

describe('POST /api/csp-report', () => {
  it('takes a legacy application/csp-report body without an Origin header, answers 204 and counts it', async () => {
    const before = await counted({ directive: 'img-src', outcome: 'blocked' })
    const response = await send(LEGACY, 'application/csp-report')
    expect(response.status).toBe(204)
    expect(response.body).toBe('')
    expect(await counted({ directive: 'img-src', outcome: 'blocked' })).toBe(before + 1)
    expect((await send(LEGACY, 'application/csp-report; charset=utf-8')).status).toBe(204)
    expect((await send(LEGACY, 'application/json')).status).toBe(204)
  })

  it('takes a Reporting API batch (application/reports+json) and counts each violation', async () => {
    const before = await counted({ outcome: 'blocked', directive: 'script-src-elem' })
    const other = await counted({ outcome: 'reported', directive: 'other' })
    const response = await send(REPORTING_API, 'application/reports+json', '198.51.100.2')
    expect(response.status).toBe(204)
    expect(await counted({ outcome: 'blocked', directive: 'script-src-elem' })).toBe(before + 1)
    expect(await counted({ outcome: 'reported', directive: 'other' })).toBe(other + 1)
  })

  it.each([
    ['{', 'application/csp-report'],
    ['{"not":"a report"}', 'application/csp-report'],
    ['[]', 'application/reports+json'],
  ])('answers 400 to the body %s', async (body, type) => {
    expect((await send(body, type, '198.51.100.3')).status).toBe(400)
  })

  it('refuses a body over 16 KiB with 413 and another content type with 415', async () => {
    const big = JSON.stringify({ 'csp-report': { 'blocked-uri': 'x'.repeat(17 * 1024) } })
    expect((await send(big, 'application/csp-report', '198.51.100.4')).status).toBe(413)
    expect((await send(LEGACY, 'application/xml', '198.51.100.4')).status).toBe(415)
    expect((await send(LEGACY, 'text/plain', '198.51.100.4')).status).toBe(400)
  })

  it('takes 30 reports a minute from one address and answers 429 beyond', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 35; i++) statuses.push((await send(LEGACY, 'application/csp-report', '198.51.100.9')).status)
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(204))
    expect(new Set(statuses.slice(30))).toEqual(new Set([429]))
    expect((await send(LEGACY, 'application/csp-report', '198.51.100.10')).status).toBe(204)
    expect(await counted({ outcome: 'rate_limited' })).toBeGreaterThanOrEqual(5)
  })

  it('leaves the report content types to this route only', async () => {
    const response = await stack.request('/api/error-report', {
      method: 'POST',
      headers: { 'content-type': 'application/csp-report', origin: stack.url },
      body: LEGACY,
    })
    expect(response.status).toBe(415)
  })
})

describe('violationsOf', () => {
  it('keeps no query string of the blocked or the page URL', () => {
    const [violation] = violationsOf(JSON.parse(LEGACY))!
    expect(violation).toEqual({
      directive: 'img-src',
      disposition: 'enforce',
      blocked: 'https://evil.example/pixel.gif',
      page: '/product/1-krem',
      line: 12,
    })
  })

  it('reads only csp-violation reports of a batch', () => {
    expect(violationsOf(JSON.parse(REPORTING_API))?.map((v) => v.directive)).toEqual(['script-src-elem', 'other'])
    expect(violationsOf([{ type: 'deprecation', body: {} }])).toBeUndefined()
    expect(violationsOf('x')).toBeUndefined()
  })
})
