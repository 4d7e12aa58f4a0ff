/**
 * A product page opened from a category on a slow network (walkthrough UX3-12, decision 032): at 360 px
 * under DevTools' "Slow 3G" preset (CDP `Network.emulateNetworkConditions`: 2 s round trip, 50 KB/s
 * down and up, what the preset's 400 ms × 5 latency and 500 kbit/s × 0.8 are), a category page is
 * loaded and hydrated for the seed shopper with e-commerce (who sees «В корзину»), it finishes what it
 * loads by itself, then its first product card is tapped; the figure is the time from the tap
 * until the product's name (its `h1`), its price and «В корзину» are on screen. The requests after the
 * tap are listed in rounds (a request that starts after another one's answer is a round later), which
 * shows whether the route's code and data came together. A reported figure, not a test threshold:
 * the wall time depends on the emulation, not on this machine's CPU.
 */

import { newPhoneContext } from './main-thread-trace.mjs'

/** DevTools' Slow 3G preset, as Chromium's DevTools front end defines it. */
export const SLOW_3G = { offline: false, latency: 2_000, downloadThroughput: 50_000, uploadThroughput: 50_000 }


/** True once the product page shows its name, a price and «В корзину». */
const SHOWN = `(() => {
  if (!location.pathname.startsWith('/product/')) return false
  const visible = (e) => !!e && e.getClientRects().length > 0
  const name = document.querySelector('main h1')
  const price = document.querySelector('main .price__current, main [class*="price"]')
  const cart = [...document.querySelectorAll('main button, main a')].find((e) => /В корзину/.test(e.textContent))
  return visible(name) && name.textContent.trim().length > 0 && visible(price) && visible(cart)
})()`

/**
 * Measures `runs` taps from `categoryUrl` in fresh contexts of `browser`; resolves per run the time to
 * the product's name, price and «В корзину», and the requests after the tap with their start and end.
 */
export async function measureSlowProductOpen(browser, categoryUrl, { runs = 1, visitor, log = () => {} } = {}) {
  const samples = []
  for (let run = 0; run < runs; run++) {
    const context = await newPhoneContext(browser, visitor)
    try {
      const page = await context.newPage()
      const cdp = await context.newCDPSession(page)
      await cdp.send('Network.enable')
      await cdp.send('Network.emulateNetworkConditions', SLOW_3G)
      await page.goto(categoryUrl, { waitUntil: 'load', timeout: 120_000 })
      await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 120_000 })
      // The shopper looks at the list until the page has loaded all it loads by itself.
      await page.waitForLoadState('networkidle', { timeout: 120_000 })
      await page.waitForTimeout(1_000)
      const card = page.getByRole('list', { name: 'Товары' }).getByRole('article').first().getByRole('link').first()
      const box = await card.boundingBox()
      if (!box) throw new Error('no product card on screen')
      const requests = []
      const started = new Map()
      const onRequest = ({ requestId, request, timestamp, type }) => {
        const entry = { url: request.url, type, start: timestamp, end: undefined, cached: false }
        started.set(requestId, entry)
        requests.push(entry)
      }
      const onFinished = ({ requestId, timestamp }) => {
        const request = started.get(requestId)
        if (request) request.end = timestamp
      }
      const onCached = ({ requestId }) => {
        const request = started.get(requestId)
        if (request) request.cached = true
      }
      cdp.on('Network.requestServedFromCache', onCached)
      cdp.on('Network.requestWillBeSent', onRequest)
      cdp.on('Network.loadingFinished', onFinished)
      const tapped = Date.now()
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchStart',
        touchPoints: [{ x: box.x + box.width / 2, y: box.y + box.height / 2 }],
      })
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
      let shownMs
      while (Date.now() - tapped < 60_000) {
        const shown = await cdp
          .send('Runtime.evaluate', { expression: SHOWN })
          .then((answer) => answer.result.value)
          .catch(() => false)
        if (shown) {
          shownMs = Date.now() - tapped
          break
        }
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      // Request times are CDP's monotonic seconds; the first request after the tap is the origin.
      const first = Math.min(...[...started.values()].map((r) => r.start))
      const listed = requests
        .filter((r) => !r.cached && !r.url.startsWith('data:'))
        .map((r) => ({
          what: describe(r.url, r.type),
          start_ms: Math.round((r.start - first) * 1000),
          end_ms: r.end === undefined ? null : Math.round((r.end - first) * 1000),
        }))
        .sort((a, b) => a.start_ms - b.start_ms)
      const sample = { shown_ms: shownMs ?? null, rounds: rounds(listed), requests: listed }
      log(
        `slow 3G product open run ${run + 1}/${runs}: ${shownMs === undefined ? 'not shown in 60 s' : `${(shownMs / 1000).toFixed(1)} s`}, ${sample.rounds} round(s): ${listed.map((r) => `${r.what} ${r.start_ms}–${r.end_ms ?? '…'}`).join(', ')}`,
      )
      samples.push(sample)
    } finally {
      await context.close()
    }
  }
  const sorted = samples.map((s) => s.shown_ms ?? Infinity).sort((a, b) => a - b)
  const median = sorted[Math.floor((sorted.length - 1) / 2)]
  return { shown_ms: Number.isFinite(median) ? median : null, runs: samples }
}

/** A request's kind and short name. */
function describe(url, type) {
  const { pathname } = new URL(url)
  if (type === 'Document') return `document ${pathname.slice(0, 40)}`
  if (pathname.startsWith('/assets/')) return `script ${pathname.slice(8)}`
  if (pathname.startsWith('/webgate/media') || type === 'Image') return `image ${pathname.split('/').pop()}`
  if (pathname.startsWith('/webgate/') || pathname.startsWith('/api/')) return `data ${pathname.slice(0, 48)}`
  return `${type?.toLowerCase() ?? 'other'} ${pathname.slice(0, 40)}`
}

/**
 * How many rounds the network requests (from the network, not the cache; no images) took: a request
 * that starts after another one has ended is a round later.
 */
function rounds(requests) {
  const counted = requests.filter((r) => !r.what.startsWith('image'))
  const round = new Map()
  for (const request of counted) {
    const before = counted.filter((other) => round.has(other) && other.end_ms !== null && other.end_ms <= request.start_ms)
    round.set(request, Math.max(0, ...before.map((other) => round.get(other))) + 1)
  }
  return Math.max(0, ...round.values())
}
