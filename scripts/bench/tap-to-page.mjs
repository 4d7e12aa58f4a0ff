#!/usr/bin/env node
/**
 * How long a shopper waits for a page after a tap (decision 032, twelfth part): the wall time from a
 * tap on the home page's first category link to the first frame that shows the category's cards, in
 * Chromium at 360 px (the bench's phone context), on a network with `--latency` ms of round trip (CDP
 * emulation, turned on once the home page has loaded, so only what follows the load pays it). The home
 * page is left to settle first (`--settle` ms, then 1.5 s with the link on screen), as a shopper who
 * looks before tapping; its prefetches run meanwhile. Each `--store` checkout (default: this one) gets
 * its own store on one mock gateway; the runs alternate between them. A figure for comparisons on one
 * machine, no budget check.
 *
 *   node scripts/bench/tap-to-page.mjs [--store <checkout with dist/>]... [--latency 150] [--runs 6] [--settle 4000]
 *
 * Loopback only; every process it starts is stopped.
 */
import { resolve } from 'node:path'
import { chromium } from 'playwright-core'
import { CHROMIUM, CHROMIUM_FLAGS, ROOT, startMock, startStore, stop } from './bench-lib.mjs'
import { newPhoneContext } from './main-thread-trace.mjs'

/* global window, document, location, addEventListener, requestAnimationFrame, MutationObserver -- in the page */

const option = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`)
  return at > 0 ? process.argv[at + 1] : fallback
}
const stores = process.argv.flatMap((arg, at) => (arg === '--store' ? [resolve(process.argv[at + 1])] : []))
if (stores.length === 0) stores.push(ROOT)
const latency = Number(option('latency', 150))
const runs = Number(option('runs', 6))
const settleMs = Number(option('settle', 4_000))
/** A phone network's bandwidth beside the round trip: 10 Mbit/s each way. */
const THROUGHPUT = 1_250_000

/** One tap on `base`'s home page: resolves the ms from the tap to the first frame with the cards. */
async function tapOnce(browser, base) {
  const context = await newPhoneContext(browser)
  try {
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await page.goto(`${base}/`, { waitUntil: 'load' })
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency,
      downloadThroughput: THROUGHPUT,
      uploadThroughput: THROUGHPUT,
    })
    await page.waitForTimeout(settleMs)
    const link = page.locator('main a[href^="/catalog/"]').first()
    await link.scrollIntoViewIfNeeded()
    await page.waitForTimeout(1_500)
    await page.evaluate(() => {
      addEventListener('touchstart', () => (window.__tapAt = performance.now()), { capture: true, once: true })
      new MutationObserver((_, observer) => {
        if (!location.pathname.startsWith('/catalog/') || !document.querySelector('main article.product-card')) return
        observer.disconnect()
        // The frame that paints them: a task after its animation frame callbacks.
        requestAnimationFrame(() => setTimeout(() => (window.__shownAt = performance.now())))
      }).observe(document.body, { childList: true, subtree: true })
    })
    const box = await link.boundingBox()
    const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] })
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
    await page.waitForFunction(() => window.__shownAt !== undefined, null, { timeout: 30_000 })
    return Math.round(await page.evaluate(() => window.__shownAt - window.__tapAt))
  } finally {
    await context.close()
  }
}

const started = []
let browser
try {
  const mock = await startMock()
  started.push(mock.child)
  const bases = []
  for (const root of stores) {
    const store = await startStore(mock.url, {}, { root })
    started.push(store.child)
    bases.push(store.base)
  }
  browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_FLAGS] })
  const times = stores.map(() => [])
  for (let run = 0; run < runs; run++) {
    // Alternating order: neither build always goes first.
    const order = run % 2 === 0 ? stores.map((_, at) => at) : stores.map((_, at) => stores.length - 1 - at)
    for (const at of order) times[at].push(await tapOnce(browser, bases[at]))
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]
  console.log(`Tap on home's first category link → its cards on screen, 360 px, ${latency} ms round trip (wall ms)`)
  stores.forEach((root, at) =>
    console.log(`${root}: median ${median(times[at])} ms, runs ${times[at].join(' / ')}`),
  )
} finally {
  await browser?.close()
  for (const child of started.reverse()) await stop(child)
}
