/**
 * Field Web Vitals (decision 032): a real page's LCP, FCP, TTFB and CLS travel from the browser's
 * reporter to `POST /api/vitals` when the page is hidden, and show up in the store's /metrics as
 * histograms labelled by route kind, metric and connection class; nothing personal is in the batch.
 */
import { readFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { test, expect, startStack, waitForHydration, type Stack } from './fixtures/stack.ts'

/** The reporter's chunk in the build under test (its name is a hash). */
const reporterChunk = (() => {
  const metafile = JSON.parse(
    readFileSync(join(import.meta.dirname, '..', process.env.DIST_DIR ?? 'dist', 'client/metafile.json'), 'utf8'),
  ) as { outputs: Record<string, { entryPoint?: string }> }
  const [output] = Object.entries(metafile.outputs).find(
    ([, info]) => info.entryPoint === 'client/analytics/web-vitals.ts',
  )!
  return basename(output)
})()

let sampled: Stack
test.beforeAll(async () => {
  sampled = await startStack({ WEB_VITALS_SAMPLE_RATE: '1' })
})
test.afterAll(async () => {
  await sampled?.stop()
})

/** The count of `web_vitals_seconds` (or `web_vitals_cls`) values with these labels in /metrics. */
async function counted(metric: string, routeKind: string): Promise<number> {
  const text = await (await fetch(sampled.metricsURL, { signal: AbortSignal.timeout(5_000) })).text()
  const family = metric === 'CLS' ? 'web_vitals_cls' : 'web_vitals_seconds'
  let total = 0
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${family}_count{`)) continue
    if (!line.includes(`route_kind="${routeKind}"`) || !line.includes(`metric="${metric}"`)) continue
    total += Number(line.split(' ').at(-1))
  }
  return total
}

test('a product page reports its vitals, which reach /metrics with the route kind', async ({ page }) => {
  const html = await (await fetch(`${sampled.baseURL}/catalog`)).text()
  const category = /href="(\/catalog\/\d+[^"]*)"/.exec(html)![1]!
  const list = await (await fetch(sampled.baseURL + category)).text()
  const product = /href="(\/product\/\d+[^"]*)"/.exec(list)![1]!
  const before = await counted('LCP', 'product')

  // The batches as the page hands them to sendBeacon (Playwright does not show a beacon's Blob body).
  await page.addInitScript(() => {
    const beacons: Promise<string>[] = []
    ;(window as unknown as { __beacons: Promise<string>[] }).__beacons = beacons
    const send = navigator.sendBeacon.bind(navigator)
    navigator.sendBeacon = (url, body) => {
      if (body instanceof Blob) beacons.push(body.text())
      return send(url, body)
    }
  })
  const answered = page.waitForResponse((response) => response.url().endsWith('/api/vitals'))
  await page.goto(sampled.baseURL + product)
  await waitForHydration(page)
  // The reporter loads in idle time after `load`.
  await page.waitForFunction(
    (chunk) => performance.getEntriesByType('resource').some((entry) => entry.name.endsWith(`/assets/${chunk}`)),
    reporterChunk,
  )
  await page.getByRole('heading', { level: 1 }).click()
  // The shopper switches apps: the page is hidden (headless Chromium never hides a page by itself).
  // The chunk's resource entry comes before its module has run and started the observers, so the page
  // is hidden again until the batch leaves (the reporter sends nothing while it has nothing).
  let sent = false
  void answered.then(() => (sent = true))
  for (let attempt = 0; attempt < 20 && !sent; attempt++) {
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' })
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true }))
    })
    await Promise.race([answered, new Promise((resolve) => setTimeout(resolve, 500))])
  }
  expect((await answered).status()).toBe(204)
  const bodies = await page.evaluate(() =>
    Promise.all((window as unknown as { __beacons: Promise<string>[] }).__beacons),
  )
  expect(bodies).toHaveLength(1)
  const batch = JSON.parse(bodies[0]!) as {
    connection: string
    device: string
    items: { metric: string; value: number; route: string; attribution?: string }[]
  }
  expect(['slow-2g', '2g', '3g', '4g', 'unknown']).toContain(batch.connection)
  expect(['low', 'mid', 'high', 'unknown']).toContain(batch.device)
  const metrics = batch.items.map((item) => item.metric)
  for (const metric of ['LCP', 'FCP', 'TTFB', 'CLS']) expect(metrics).toContain(metric)
  for (const item of batch.items) {
    expect(item.route).toBe('product')
    expect(item.value).toBeGreaterThanOrEqual(0)
  }
  // Nothing personal or addressable: no URL, path or query travels.
  expect(bodies[0]).not.toMatch(/https?:|\/product\/|\?/)

  await expect.poll(() => counted('LCP', 'product')).toBe(before + 1)
  expect(await counted('FCP', 'product')).toBeGreaterThanOrEqual(1)
  expect(await counted('TTFB', 'product')).toBeGreaterThanOrEqual(1)
  expect(await counted('CLS', 'product')).toBeGreaterThanOrEqual(1)
})

test('a page view outside the sample loads no reporter and sends nothing', async ({ page, stack }) => {
  const sent: string[] = []
  page.on('request', (request) => {
    if (request.url().endsWith('/api/vitals') || request.url().endsWith(reporterChunk)) sent.push(request.url())
  })
  await page.goto(`${stack.baseURL}/`)
  await waitForHydration(page)
  await page.waitForLoadState('load')
  await page.waitForTimeout(1_500)
  await page.goto('about:blank')
  expect(sent).toEqual([])
})
