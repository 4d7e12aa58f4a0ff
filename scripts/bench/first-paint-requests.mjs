#!/usr/bin/env node
/**
 * Counts the requests a cold load starts before first paint on `/`, a category and a product page
 * (a fresh visitor, 360 px wide): the document, the stylesheet, the consent mark, the module script,
 * every modulepreload the head lists and the images the page shows at once, as Chromium's resource
 * timing records them. No timing is
 * judged: the count depends on the build's chunks and the page's head, not on the machine.
 * Usage: node scripts/bench/first-paint-requests.mjs [--dist <dir>] (default: dist/, built first)
 */
import { ROOT, benchPages, buildIfNeeded, startMock, startStore, stop } from './bench-lib.mjs'

const distIndex = process.argv.indexOf('--dist')
const dist = distIndex > 0 ? process.argv[distIndex + 1] : 'dist'
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
/** Content images (goods, banners, categories): the page's own, not its code. */
const IMAGE = /\.(svg|png|jpe?g|webp|avif)$/

if (distIndex < 0) buildIfNeeded(ROOT)
let mock
let store
let browser
try {
  mock = await startMock({ dist })
  store = await startStore(mock.url, {}, { dist })
  const pages = await benchPages(mock.url)
  const { chromium } = await import('@playwright/test')
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] })
  const rows = []
  for (const [name, path] of Object.entries({ home: pages.home, category: pages.category, product: pages.product })) {
    const context = await browser.newContext({ viewport: { width: 360, height: 780 } })
    const page = await context.newPage()
    await page.goto(store.base + path, { waitUntil: 'load', timeout: 30_000 })
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, null, {
      timeout: 10_000,
    })
    const found = await page.evaluate(() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0].startTime
      const early = performance
        .getEntriesByType('resource')
        .filter((entry) => entry.startTime < paint)
        .map((entry) => new URL(entry.name).pathname)
      return { paint, early }
    })
    rows.push({ page: name, path, before: 1 + found.early.length, requests: ['(document)', ...found.early] })
    await context.close()
  }
  for (const row of rows) {
    const code = row.requests.filter((path) => !IMAGE.test(path)).length
    console.log(
      `${row.page.padEnd(9)} ${String(row.before).padStart(3)} requests before first paint: ` +
        `${code} document, stylesheet and scripts, ${row.before - code} images`,
    )
  }
  if (process.argv.includes('--list')) for (const row of rows) console.log(row.page, row.requests.join(' '))
} finally {
  await browser?.close()
  await stop(store?.child)
  await stop(mock?.child)
}
