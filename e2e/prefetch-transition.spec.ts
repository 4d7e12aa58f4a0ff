/**
 * Routing rules 7 and 8 of spec section 2 (and section 9's limits), with the page's clock under the
 * test's control (Playwright's clock: timers fire only when the test moves time), so no test depends on
 * how fast this machine is:
 * - rule 7: route payloads are prefetched 1 s after mount, not before, and not on a slow-2g
 *   connection (emulated by overriding `navigator.connection`); at most 4 preloads are in flight;
 * - rule 8: a page transition waits up to 100 ms for the new page's data: with the data in time the
 *   new page appears complete; without it the old page stays for 100 ms and the new page then shows
 *   its loading state until the data (held back by the mock's delay fault) arrives.
 */
import type { Page, Request } from '@playwright/test'
import { test, expect, waitForHydration, type Stack } from './fixtures/stack.ts'
import { CatalogPage } from './fixtures/catalog-page.ts'

/** A desktop browser's user agent: headless Chromium counts as a bot, and bots get minimal error pages. */
const PERSON_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36'
test.use({ userAgent: PERSON_UA })

/** The gateway calls of a product page's loaders: the goods, scores, reviews and review media. */
const PRODUCT_DATA = /\/webgate\/(v2\/goods\/\d+|v1\/object\/\d+\/scores|v1\/listing\/)/
const goodsIdOf = (request: Request): number | undefined => {
  const match = /\/webgate\/v2\/goods\/(\d+)(?:\?|$)/.exec(request.url())
  return match ? Number(match[1]) : undefined
}

/** What a phone on a very slow network reports (the Network Information API). */
const slow2g = () => {
  Object.defineProperty(navigator, 'connection', {
    configurable: true,
    get: () => ({ effectiveType: 'slow-2g', saveData: false }),
  })
}

/** A phone with the data saver on: no prefetch, and links still open by client navigation. */
const saveData = () => {
  Object.defineProperty(navigator, 'connection', {
    configurable: true,
    get: () => ({ effectiveType: '4g', saveData: true }),
  })
}

let group: { id: number; slug: string }

test.beforeAll(async ({ stack }) => {
  group = (
    (await (await fetch(`${stack.baseURL}/webgate/v3/categories/store`)).json()) as {
      items: { id: number; slug: string }[]
    }
  ).items[0]!
})

/**
 * A tapped link navigates in a task after the tap's frame (`followPlainClick`, decision 032), and the
 * page clock holds frames too: moves it a millisecond at a time until the address has changed, so that
 * what the test times next counts from the navigation's start.
 */
async function followTap(page: Page): Promise<void> {
  const address = () => page.evaluate(() => location.href).catch(() => 'left: a document navigation')
  const before = await address()
  for (let ms = 0; ms < 100; ms++) {
    if ((await address()) !== before) return
    await page.clock.runFor(1)
  }
  throw new Error('the tap started no navigation within 100 ms of page time')
}

/** Opens the group's catalogue page with the page clock standing still from the start. */
async function openCategoryWithFrozenClock(page: Page): Promise<void> {
  await page.clock.install()
  await page.clock.pauseAt(Date.now() + 1_000)
  await page.goto(`/catalog/${group.id}-${group.slug}`)
  await waitForHydration(page)
  await expect(new CatalogPage(page).cards).toHaveCount(24)
}

test.describe('rule 7: prefetch', () => {
  test('loads the data of the links in view 1 s after mount, not before', async ({ page }) => {
    const goods = new Set<number>()
    page.on('request', (request) => {
      const id = goodsIdOf(request)
      if (id !== undefined) goods.add(id)
    })
    await openCategoryWithFrozenClock(page)
    await page.clock.runFor(999)
    // A pointer on a card prefetches at once (intent); its call is the only one before the second is up.
    const card = new CatalogPage(page).cards.first()
    const pointed = Number(await card.getAttribute('data-goods-id'))
    const intent = page.waitForRequest((request) => goodsIdOf(request) === pointed)
    await card.locator('.product-card__link').hover()
    await intent
    expect([...goods]).toEqual([pointed])

    // The second is up: the links in view are observed in the next idle time (at most 50 ms later under
    // the page clock, once the observer's module is in).
    await page.clock.runFor(1)
    await expect
      .poll(async () => {
        await page.clock.runFor(50)
        return goods.size
      })
      .toBeGreaterThan(1)
    const shown = await new CatalogPage(page).cards.evaluateAll((nodes) =>
      nodes.map((node) => Number(node.getAttribute('data-goods-id'))),
    )
    for (const id of goods) expect(shown).toContain(id)
  })

  test('loads the code of a link in view too: a tap on it fetches no script', async ({ page }) => {
    const calls: string[] = []
    const scripts: string[] = []
    page.on('request', (request) => {
      const { pathname } = new URL(request.url())
      if (pathname.startsWith('/webgate/')) calls.push(pathname)
      if (request.resourceType() === 'script') scripts.push(pathname)
    })
    // The home page: the catalogue's view has not been loaded by the page itself.
    await page.clock.install()
    await page.clock.pauseAt(Date.now() + 1_000)
    await page.goto('/')
    await waitForHydration(page)
    const link = page.locator('main a[href^="/catalog/"]').first()
    const target = (await link.getAttribute('href'))!
    // The links in view are prefetched in idle time after the first second: their data, and with the
    // first link to each route the code a tap on it runs. Each step waits for idle time (the page
    // clock) after a chunk (the network).
    await page.clock.runFor(1_000)
    await expect
      .poll(
        async () => {
          await page.clock.runFor(200)
          return calls.some((call) => call.startsWith('/webgate/v2/goods/search'))
        },
        { intervals: [100], timeout: 20_000 },
      )
      .toBe(true)
    for (let step = 0; step < 20; step++) await page.clock.runFor(100)
    await page.waitForLoadState('networkidle')
    scripts.length = 0

    await link.click()
    await followTap(page)
    await expect(page).toHaveURL(target)
    await expect(new CatalogPage(page).cards.first()).toBeVisible()
    expect(scripts).toEqual([])
  })

  test('loads nothing ahead on a slow-2g connection: only the page the shopper opens', async ({ page }) => {
    await page.addInitScript(slow2g)
    const goods: number[] = []
    const documents: string[] = []
    page.on('request', (request) => {
      const id = goodsIdOf(request)
      if (id !== undefined) goods.push(id)
      if (request.resourceType() === 'document') documents.push(new URL(request.url()).pathname)
    })
    await openCategoryWithFrozenClock(page)
    await page.clock.runFor(5_000)
    const card = new CatalogPage(page).cards.first()
    const opened = Number(await card.getAttribute('data-goods-id'))
    const name = (await card.getByRole('heading').innerText()).trim()
    await card.locator('.product-card__link').hover()
    expect(goods).toEqual([])
    await card.locator('.product-card__link').click()
    await followTap(page)
    await expect(page).toHaveURL(new RegExp(`/product/${opened}-`))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
    // On a very slow connection the product opens as a document, its data in the server's HTML
    // (decision 032): one round, and still nothing loaded ahead.
    expect(documents.at(-1)).toMatch(new RegExp(`^/product/${opened}-`))
    expect(goods).toEqual([])
  })

  test('keeps at most 4 preloads in flight; the rest wait their turn', async ({ page, stack }) => {
    // A narrow window keeps the number of links in view (and so the run) small; still more than 4 calls.
    await page.setViewportSize({ width: 800, height: 900 })
    let inFlight = 0
    let most = 0
    let total = 0
    const done = (request: Request) => {
      if (PRODUCT_DATA.test(request.url())) inFlight--
    }
    page.on('request', (request) => {
      if (!PRODUCT_DATA.test(request.url())) return
      total++
      most = Math.max(most, ++inFlight)
    })
    page.on('requestfinished', done)
    page.on('requestfailed', done)
    await openCategoryWithFrozenClock(page)
    await slowProductData(stack)
    try {
      await page.clock.runFor(1_000)
      // The links in view are observed in the next idle time (50 ms under the page clock).
      await expect
        .poll(
          async () => {
            await page.clock.runFor(50)
            return total
          },
          { timeout: 30_000 },
        )
        .toBeGreaterThan(4)
      await expect.poll(() => inFlight, { timeout: 30_000 }).toBe(0)
    } finally {
      await stack.clearFaults()
    }
    expect(most).toBe(4)
  })
})

/** Holds the product pages' data back (the mock's delay fault), so preloads stay in flight a while. */
async function slowProductData(stack: Stack): Promise<void> {
  for (const path of ['/webgate/v2/goods/*', '/webgate/v1/object/*', '/webgate/v1/listing/*'])
    await stack.fault({ path, delayMs: 700 })
}

test.describe('rule 8: the 100 ms transition wait', () => {
  // No prefetch here (the data saver): the navigation itself must load the data. (Not slow-2g, on which
  // a link opens its page as a document, decision 032.)
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(saveData)
  })

  /** Notes in the page whether the goods list ever showed its loading placeholders. */
  const watchPlaceholders = (page: Page) =>
    page.evaluate(() => {
      const w = window as unknown as { __placeholders: boolean }
      w.__placeholders = false
      new MutationObserver(() => {
        if (document.querySelector('.goods-list__placeholder')) w.__placeholders = true
      }).observe(document.body, { childList: true, subtree: true })
    })
  const sawPlaceholders = (page: Page) =>
    page.evaluate(() => (window as unknown as { __placeholders: boolean }).__placeholders)

  test('data in time: the new page appears complete, never in a loading state', async ({ page }) => {
    await openCategoryWithFrozenClock(page)
    await watchPlaceholders(page)
    const chip = page.locator('.category-links').getByRole('link').first()
    const name = (await chip.innerText()).trim()
    await chip.click()
    await followTap(page)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
    await expect(new CatalogPage(page).cards.first()).toBeVisible()
    expect(await sawPlaceholders(page)).toBe(false)
  })

  test('slow data: the old page stays 100 ms, then the new page shows its loading state until the data comes', async ({
    page,
    stack,
  }) => {
    await openCategoryWithFrozenClock(page)
    const oldHeading = (await page.getByRole('heading', { level: 1 }).innerText()).trim()
    await watchPlaceholders(page)
    const chip = page.locator('.category-links').getByRole('link').first()
    const name = (await chip.innerText()).trim()
    await stack.fault({ path: '/webgate/v2/goods/search*', delayMs: 6_000 })
    try {
      const asked = page.waitForRequest((request) => request.url().includes('/webgate/v2/goods/search'))
      await chip.click()
      await followTap(page)
      await asked
      await page.clock.runFor(99)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(oldHeading)
      expect(await sawPlaceholders(page)).toBe(false)

      await page.clock.runFor(1)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
      await expect(page.locator('.goods-list__placeholder').first()).toBeAttached()
      await expect(new CatalogPage(page).cards).toHaveCount(0)
    } finally {
      await stack.clearFaults()
    }
    await expect(new CatalogPage(page).cards.first()).toBeVisible({ timeout: 15_000 })
    await expect(page.locator('.goods-list__placeholder')).toHaveCount(0)
  })
})
