/**
 * The browser budgets that are not timings (DESIGN.md section 5): the JavaScript of the first load of
 * `/` (requests and gzip bytes, as Chromium loads it), the requests of code before first paint on a
 * category and a product page, the home page's DOM size, and that prefetching
 * stops firing at a failing backend. Timings (Lighthouse, TBT) are measured by
 * `node scripts/bench/bench-browser.mjs`, never here.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Page } from '@playwright/test'
import { test, expect, waitForHydration } from './fixtures/stack.ts'

const dist = join(import.meta.dirname, '..', process.env.DIST_DIR ?? 'dist')
/** DESIGN.md section 5: at most 10 requests of JavaScript for the first load of `/`. */
const FIRST_LOAD_REQUESTS = 10
/**
 * gzip bytes of that JavaScript: DESIGN.md section 5's budget, 90 KB. The build meets it with 92,159 B
 * (90.00 KB) in 4 requests: the framework 73.2 KB (react-dom 67 KB of it), the app shell with the
 * common kit 14.5 KB, the home page 1.9 KB, the consent mark 0.3 KB (the chunks name their source maps
 * in a header, not in a comment). It was 108.0 KB before decision
 * 013 moved what the page does not need to become interactive to first use, 96.4 KB before decision
 * 014's build, 94.2 KB before decision 017 and 92.0 KB before decision 018 (the home page keeps the
 * server's HTML of its blocks without state; the shell's chunk is the page's module script; the
 * browser's build drops the server's branches, and the shell holds early clicks, later early input).
 */
const FIRST_LOAD_GZIP_CEILING = 90 * 1024
/** DESIGN.md section 5: the home page's DOM at most 900 elements. */
const HOME_DOM_ELEMENTS = 900
/** DESIGN.md section 5: the category page at most 50 KB of HTML, with at most 8 KB of embedded data. */
const CATEGORY_HTML_BYTES = 50 * 1024
const CATEGORY_DATA_BYTES = 8 * 1024
/** shared/constants.ts PRELOAD_DELAY_MS: links prefetch their routes this long after they mount. */
const PRELOAD_DELAY_MS = 1_000
/** shared/constants.ts PRELOAD_QUEUE_LIMIT: prefetches pending at once (spec section 9). */
const PRELOAD_QUEUE_LIMIT = 4

/** Script requests of a fresh load of `/` until hydration has asked for what it needs at once. */
async function firstLoadScripts(page: Page, baseURL: string): Promise<string[]> {
  const requests: { url: string; at: number }[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script' && request.url().startsWith(baseURL))
      requests.push({ url: request.url(), at: Date.now() })
  })
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (document.documentElement?.dataset.hydrated !== 'true') return
      ;(window as unknown as { __hydratedAt: number }).__hydratedAt = Date.now()
      observer.disconnect()
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] })
  })
  await page.goto('/')
  await waitForHydration(page)
  await page.waitForLoadState('networkidle')
  const hydratedAt = await page.evaluate(() => (window as unknown as { __hydratedAt: number }).__hydratedAt)
  // Links start prefetching their routes PRELOAD_DELAY_MS after they mount: that serves the next
  // navigation, not this load (the same rule as scripts/bench/bench-browser.mjs).
  return [
    ...new Set(
      requests.filter((request) => request.at < hydratedAt + PRELOAD_DELAY_MS / 2).map((request) => request.url),
    ),
  ]
}

const gzipBytes = (url: string) =>
  gzipSync(readFileSync(join(dist, 'client', new URL(url).pathname)), { level: 9 }).length

test('the first load of / fetches its JavaScript in at most 10 requests, within the gzip ceiling', async ({
  page,
  stack,
}) => {
  const scripts = await firstLoadScripts(page, stack.baseURL)
  const bytes = scripts.reduce((sum, url) => sum + gzipBytes(url), 0)
  expect(scripts.length, scripts.join('\n')).toBeLessThanOrEqual(FIRST_LOAD_REQUESTS)
  expect(bytes).toBeLessThanOrEqual(FIRST_LOAD_GZIP_CEILING)
  // Every request is one of the build's chunks: nothing is fetched twice or from elsewhere.
  const manifest = JSON.parse(readFileSync(join(dist, 'client', 'manifest.json'), 'utf8')) as {
    entry: string
    consentMark: string
    entryImports: string[]
    routes: Record<string, string[]>
  }
  const preloaded = new Set([manifest.entry, ...manifest.entryImports, ...manifest.routes.main!])
  const paths = scripts.map((url) => new URL(url).pathname)
  expect(paths.filter((path) => preloaded.has(path)).length).toBe(preloaded.size)
  // Nothing else: the parts loaded on first use (search dropdown, toasts, routing kit, tracker, user
  // menu, cart button; docs/architecture.md) are not fetched by a fresh visitor's first load.
  expect(paths.filter((path) => !preloaded.has(path) && path !== manifest.consentMark)).toEqual([])
})

/**
 * Requests of code (document, stylesheet, scripts) a cold load starts before first paint on a category
 * and a product page: the document, the stylesheet, the consent mark, the shell, the framework and at
 * most three route chunks (the view, what it shares with sibling views, the page kit; decision 022).
 * They were 14 and 21 while the build cut a page's code into a chunk per combination of importers.
 */
const FIRST_PAINT_CODE_REQUESTS = 8

test('a category and a product page start at most 8 requests of code before first paint', async ({
  browser,
  stack,
}) => {
  const get = async <T>(path: string): Promise<T> =>
    (await fetch(`${stack.baseURL}/webgate${path}`, { signal: AbortSignal.timeout(10_000) })).json() as Promise<T>
  const group = (await get<{ items: { id: number; slug: string }[] }>('/v3/categories/store')).items[0]!
  const goods = (await get<{ items: { id: number; slug: string }[] }>('/v2/goods/search?pageSize=1')).items[0]!
  for (const path of [`/catalog/${group.id}-${group.slug}`, `/product/${goods.id}-${goods.slug}`]) {
    const context = await browser.newContext({ baseURL: stack.baseURL, viewport: { width: 360, height: 780 } })
    const page = await context.newPage()
    await page.goto(path)
    await waitForHydration(page)
    const early = await page.evaluate(() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity
      return performance
        .getEntriesByType('resource')
        .filter(
          (entry) => entry.startTime < paint && !/\.(svg|png|jpe?g|webp|avif)$/.test(new URL(entry.name).pathname),
        )
        .map((entry) => new URL(entry.name).pathname)
    })
    await context.close()
    expect(early.length + 1, `${path}: ${early.join(' ')}`).toBeLessThanOrEqual(FIRST_PAINT_CODE_REQUESTS)
    expect(early.some((file) => file.endsWith('.css'))).toBe(true)
  }
})

test('a category page of 24 cards is at most 50 KB of HTML, with at most 8 KB of data', async ({ page }) => {
  // The bench's category (scripts/bench/bench.mjs), as an anonymous visitor gets it. The origin in the
  // canonical and og:url links is this stack's, as long as the bench's (127.0.0.1 and a port).
  const response = await page.request.get('/catalog/1-ukhod-za-litsom')
  expect(response.status()).toBe(200)
  const html = await response.body()
  const data = /<script type="application\/json" id="__BOOT__">(.*?)<\/script>/s.exec(html.toString())?.[1]
  expect((html.toString().match(/<article class="product-card/g) ?? []).length).toBe(24)
  expect(html.length).toBeLessThanOrEqual(CATEGORY_HTML_BYTES)
  expect(Buffer.byteLength(data ?? '')).toBeGreaterThan(0)
  expect(Buffer.byteLength(data ?? '')).toBeLessThanOrEqual(CATEGORY_DATA_BYTES)
})

test('the home page stays within 900 DOM elements, and its rails show the other goods on demand', async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page)
  const elements = await page.evaluate(() => document.getElementsByTagName('*').length)
  expect(elements).toBeLessThanOrEqual(HOME_DOM_ELEMENTS)

  const rail = page.locator('section[aria-labelledby="home-specials"] .product-rail')
  const more = rail.getByRole('button', { name: /^Показать ещё \d+$/ })
  const hidden = Number((await more.innerText()).replace(/\D/g, ''))
  const shown = await rail.getByRole('article').count()
  await more.click()
  await expect(rail.getByRole('article')).toHaveCount(shown + hidden)
  await expect(more).toHaveCount(0)
  // Focus moves to the first goods the button revealed, not to the top of the page.
  await expect(rail.locator(':scope > li').nth(shown).locator('a').first()).toBeFocused()
})

test('hydrating the home page for a first-time visitor renders the page once', async ({ page }) => {
  // React tells a DevTools hook about every commit, and keeps a host element's current props on the
  // element (`__reactProps$…`): each render of the home page gives its root element a new props
  // object. A render right after hydration (a hook whose browser value differs from the server's,
  // such as useHydrated) is main-thread work the first load does not need.
  await page.addInitScript(() => {
    const seen: unknown[] = []
    const note = () => {
      const home = document.querySelector('.home') as (Element & Record<string, unknown>) | null
      const key = home && Object.keys(home).find((name) => name.startsWith('__reactProps$'))
      if (key && !seen.includes(home[key])) seen.push(home[key])
    }
    Object.assign(window, {
      __homeRenders: seen,
      __REACT_DEVTOOLS_GLOBAL_HOOK__: { supportsFiber: true, inject: () => 1, onCommitFiberRoot: note },
    })
  })
  await page.goto('/')
  await waitForHydration(page)
  await page.waitForLoadState('networkidle')
  expect(await page.evaluate(() => (window as unknown as { __homeRenders: unknown[] }).__homeRenders.length)).toBe(1)
})

test('a goods outage does not make the home page fire a prefetch per product card', async ({ page, stack }) => {
  await stack.fault({ path: '/webgate/v2/goods/*', status: 503 })
  try {
    const goodsCalls: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/webgate/v2/goods/')) goodsCalls.push(request.url())
    })
    await page.goto('/')
    await waitForHydration(page)
    const cards = page.locator('.product-card')
    const count = await cards.count()
    // Every card comes on screen long enough to prefetch its product.
    for (let index = 0; index < count; index++) {
      await cards.nth(index).scrollIntoViewIfNeeded()
      await page.waitForTimeout(PRELOAD_DELAY_MS / 4)
    }
    await page.waitForTimeout(PRELOAD_DELAY_MS * 2)
    // Without the backoff each card's goods call went out (and was retried); with it, the first failed
    // batch (at most PRELOAD_QUEUE_LIMIT calls, each retried once by the API client's GET policy)
    // pauses the queue, whatever the number of cards.
    expect(count).toBeGreaterThanOrEqual(12)
    expect(goodsCalls.length).toBeGreaterThan(0)
    expect(goodsCalls.length).toBeLessThanOrEqual(PRELOAD_QUEUE_LIMIT * 2)
  } finally {
    await stack.clearFaults()
  }
})
