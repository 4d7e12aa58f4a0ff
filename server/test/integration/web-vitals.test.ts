/**
 * `POST /api/vitals` (decision 032): a browser's batch becomes histogram observations with the fixed
 * label set; labels a browser makes up fall back to `other` / `unknown`; bad bodies, cross-site posts,
 * oversized bodies and floods are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readVitals, ROUTE_KIND_VALUES, VITALS_PER_MINUTE } from '#server/plugins/web-vitals.ts'
import { startTestApp, type TestApp } from '#server/test/app.ts'

let stack: TestApp

beforeAll(async () => {
  stack = await startTestApp({ env: { TRUST_PROXY: '127.0.0.1' }, mock: { config: { logLevel: 'silent' } } })
})

afterAll(async () => {
  await stack.close()
})

/** A batch as sendBeacon posts it: text/plain, same origin. */
const send = (
  body: unknown,
  ip = '198.51.100.7',
  headers: Record<string, string> = { 'sec-fetch-site': 'same-origin' },
) =>
  stack.request('/api/vitals', {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'x-forwarded-for': ip, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })

/** A histogram's values: buckets, sums and counts, each named (`…_bucket`, `…_sum`, `…_count`). */
async function series(name: string) {
  const values = (await stack.metrics.registry.getSingleMetric(name)?.get())?.values ?? []
  return values as ((typeof values)[number] & { metricName?: string })[]
}

const countOf = async (labels: Record<string, string>) =>
  (await series('web_vitals_seconds'))
    .filter((v) => v.metricName === 'web_vitals_seconds_count')
    .filter((v) => Object.entries(labels).every(([k, want]) => String(v.labels[k]) === want))
    .reduce((sum, v) => sum + v.value, 0)

describe('POST /api/vitals', () => {
  it('turns a batch into observations labelled by route kind, metric and connection', async () => {
    const before = await countOf({ route_kind: 'product', metric: 'LCP', connection: '4g' })
    const response = await send({
      connection: '4g',
      device: 'mid',
      items: [
        { metric: 'LCP', value: 1800, route: 'product', attribution: 'main>img load' },
        { metric: 'INP', value: 120, route: 'catalog-category' },
        { metric: 'CLS', value: 0.02, route: 'product' },
        { metric: 'TTFB', value: 300, route: 'product' },
        { metric: 'FCP', value: 900, route: 'product' },
      ],
    })
    expect(response.status).toBe(204)
    expect(await countOf({ route_kind: 'product', metric: 'LCP', connection: '4g' })).toBe(before + 1)
    const lcp = (await series('web_vitals_seconds')).find(
      (v) =>
        v.metricName === 'web_vitals_seconds_sum' && v.labels.route_kind === 'product' && v.labels.metric === 'LCP',
    )
    expect(lcp?.value).toBeCloseTo(1.8 * (before + 1), 5)
    expect(await countOf({ route_kind: 'category', metric: 'INP' })).toBeGreaterThanOrEqual(1)
    const cls = (await series('web_vitals_cls')).find(
      (v) => v.metricName === 'web_vitals_cls_count' && v.labels.route_kind === 'product',
    )
    expect(cls?.value).toBeGreaterThanOrEqual(1)
    const text = await stack.metrics.registry.metrics()
    expect(text).toMatch(/web_vitals_seconds_bucket\{le="2.5",route_kind="product",metric="LCP",connection="4g"\} \d+/)
    expect(text).toMatch(/web_vitals_batches_total\{outcome="accepted",device="mid"\} \d+/)
  })

  it('never takes a label value the browser made up', async () => {
    const response = await send({
      connection: 'fiber<script>',
      device: 'supercomputer',
      items: [
        { metric: 'LCP', value: 1000, route: '/product/123?phone=79000000001' },
        { metric: 'LCP', value: 1000, route: 'constructor' },
        { metric: 'made-up', value: 1, route: 'main' },
        { metric: 'TTFB', value: -5, route: 'main' },
        { metric: 'FCP', value: 1e12, route: 'main' },
      ],
    })
    expect(response.status).toBe(204)
    const labels = (await series('web_vitals_seconds')).map((v) => v.labels)
    for (const label of labels) {
      expect(ROUTE_KIND_VALUES).toContain(label.route_kind)
      expect(['slow-2g', '2g', '3g', '4g', 'unknown']).toContain(label.connection)
      expect(['LCP', 'FCP', 'TTFB', 'INP']).toContain(label.metric)
    }
    expect(await countOf({ route_kind: 'other', metric: 'LCP', connection: 'unknown' })).toBe(2)
    expect(await countOf({ metric: 'made-up' })).toBe(0)
    const text = await stack.metrics.registry.metrics()
    expect(text).toContain('web_vitals_batches_total{outcome="accepted",device="unknown"}')
    expect(text).not.toContain('supercomputer')
  })

  it('answers 400 to a body that is no batch, 413 to an oversized one', async () => {
    expect((await send('not json')).status).toBe(400)
    expect((await send({ items: [] })).status).toBe(400)
    expect(
      (await send({ items: Array.from({ length: 13 }, () => ({ metric: 'LCP', value: 1, route: 'main' })) })).status,
    ).toBe(400)
    expect((await send({ items: [{ metric: 'LCP', value: 1, route: 'x'.repeat(5000) }] })).status).toBe(413)
  })

  it('refuses a cross-site post', async () => {
    const response = await send({ items: [{ metric: 'LCP', value: 1, route: 'main' }] }, '198.51.100.8', {
      origin: 'https://evil.example',
      'sec-fetch-site': 'cross-site',
    })
    expect(response.status).toBe(403)
  })

  it(`takes ${VITALS_PER_MINUTE} batches a minute from one address, then answers 429`, async () => {
    const batch = { connection: '3g', items: [{ metric: 'FCP', value: 500, route: 'search' }] }
    for (let i = 0; i < VITALS_PER_MINUTE; i++) expect((await send(batch, '198.51.100.9')).status).toBe(204)
    const refused = await send(batch, '198.51.100.9')
    expect(refused.status).toBe(429)
    expect((await send(batch, '198.51.100.10')).status).toBe(204)
  })
})

describe('readVitals', () => {
  it('keeps CLS unitless and timings in seconds', () => {
    const batch = readVitals({
      connection: '2g',
      device: 'low',
      items: [
        { metric: 'CLS', value: 0.3, route: 'main' },
        { metric: 'INP', value: 250, route: 'ecom-checkout' },
      ],
    })
    expect(batch?.device).toBe('low')
    expect(batch?.samples).toEqual([
      { metric: 'CLS', routeKind: 'home', connection: '2g', value: 0.3, attribution: undefined },
      { metric: 'INP', routeKind: 'checkout', connection: '2g', value: 0.25, attribution: undefined },
    ])
    expect(readVitals([1, 2])).toBeUndefined()
    expect(readVitals(null)).toBeUndefined()
  })
})
