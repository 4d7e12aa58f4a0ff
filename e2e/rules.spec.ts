/**
 * Rules of spec sections 2 and 4 that had no test: product structured data and
 * Open Graph tags, the build-id polling that turns the next navigation into a full page load, and the
 * chunk-load reload with its 10 s guard.
 */
import { test, expect, waitForHydration } from './fixtures/stack.ts'
import { readFileSync } from 'node:fs'
import { BUILD_POLL_INTERVAL_MS } from '../shared/constants.ts'

interface Ld {
  '@type': string
  [key: string]: unknown
}

test.describe('product page structured data', () => {
  test('carries Product with AggregateRating, Review objects and Open Graph tags that match the page', async ({
    page,
    stack,
  }) => {
    const goods = (
      (await (await fetch(`${stack.baseURL}/webgate/v2/goods/search?pageSize=1&sort=rating`)).json()) as {
        items: Array<{ id: number; slug: string; name: string }>
      }
    ).items[0]!
    const lds: Ld[] = []
    for (const path of [`/product/${goods.id}-${goods.slug}`, `/product/${goods.id}-${goods.slug}/reviews`]) {
      await page.goto(path)
      for (const text of await page.locator('script[type="application/ld+json"]').allTextContents()) {
        const parsed = JSON.parse(text) as Ld | Ld[]
        lds.push(...(Array.isArray(parsed) ? parsed : [parsed]))
      }
    }
    await page.goto(`/product/${goods.id}-${goods.slug}`)

    const product = lds.find((ld) => ld['@type'] === 'Product')!
    expect(product).toMatchObject({
      name: goods.name,
      sku: String(goods.id),
      offers: { '@type': 'Offer', priceCurrency: 'RUB' },
    })
    const rating = product.aggregateRating as {
      '@type': string
      ratingValue: number
      reviewCount: number
      bestRating: number
      worstRating: number
    }
    expect(rating['@type']).toBe('AggregateRating')
    expect(rating.ratingValue).toBeGreaterThanOrEqual(1)
    expect(rating.ratingValue).toBeLessThanOrEqual(5)
    expect(rating.reviewCount).toBeGreaterThan(0)
    expect([rating.bestRating, rating.worstRating]).toEqual([5, 1])

    const reviews = lds.filter((ld) => ld['@type'] === 'Review')
    expect(reviews.length).toBeGreaterThan(0)
    for (const review of reviews) {
      expect(review).toMatchObject({
        itemReviewed: { '@type': 'Product', name: goods.name },
        author: { '@type': 'Person' },
        reviewRating: { '@type': 'Rating', bestRating: 5, worstRating: 1 },
      })
      expect(review.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      expect(typeof review.reviewBody).toBe('string')
    }

    const og = async (property: string) => page.locator(`meta[property="${property}"]`).getAttribute('content')
    expect(await og('og:title')).toContain(goods.name)
    expect(await og('og:description')).toBeTruthy()
    expect(await og('og:site_name')).toBeTruthy()
    expect(await og('og:type')).toBeTruthy()
    expect(await og('og:url')).toContain(`/product/${goods.id}-${goods.slug}`)
  })
})

test.describe('build-id polling', () => {
  test('after builds/latest.json names another build, the next click is a full page load', async ({ page }) => {
    let polled = 0
    await page.route('**/builds/latest.json*', async (route) => {
      polled++
      await route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ buildId: 'a-newer-build' }),
      })
    })
    await page.clock.install()
    await page.goto('/')
    await waitForHydration(page)
    await page.evaluate(() => Object.assign(window, { sameDocument: true }))
    // Before the poll a click is a client navigation: the document (and the marker) stay.
    await page.locator('a.toolbar__promo').click()
    await expect(page).toHaveURL(/\/promo-catalog$/)
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true)
    expect(polled).toBe(0)

    await page.clock.fastForward(BUILD_POLL_INTERVAL_MS + 1_000)
    await expect.poll(() => polled).toBeGreaterThan(0)
    const load = page.waitForEvent('load')
    await page.locator('a.toolbar__catalog').click()
    await load
    await expect(page).toHaveURL(/\/catalog$/)
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBeUndefined()
  })
})

test.describe('chunk-load reload', () => {
  test('a route chunk that fails reloads to the target once, and not again within the 10 s guard', async ({
    page,
    consoleProblems,
  }) => {
    const manifest = JSON.parse(readFileSync(`${process.env.DIST_DIR ?? 'dist'}/client/manifest.json`, 'utf8')) as {
      routeOwn: Record<string, string[]>
    }
    const own = new Set(manifest.routeOwn['promo-catalog'])
    expect(own.size).toBeGreaterThan(0)
    let chunkFailures = 0
    await page.route(
      (url) => own.has(url.pathname),
      async (route) => {
        chunkFailures++
        await route.fulfill({ status: 404, body: 'gone' })
      },
    )
    const documentLoads: string[] = []
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame())
        documentLoads.push(new URL(request.url()).pathname)
    })
    // Date.now stands still (timers run), so the second failure falls inside the guard window by construction.
    await page.clock.setFixedTime(new Date('2026-11-23T10:00:00Z'))
    await page.goto('/')
    await waitForHydration(page)

    await page.locator('a.toolbar__promo').click()
    await expect.poll(() => documentLoads).toEqual(['/', '/promo-catalog'])
    // The reloaded page needs the chunk again and fails again: the guard keeps it from reloading.
    await expect.poll(() => chunkFailures).toBeGreaterThanOrEqual(2)
    await page.waitForLoadState('networkidle')
    expect(documentLoads).toEqual(['/', '/promo-catalog'])
    // The refused second reload surfaces as the guard's error; the 404s are the ones this test made.
    expect(consoleProblems).toContain('pageerror: chunk load failed twice within the reload guard')
    const expected = (line: string) =>
      line.includes('status of 404') || line === 'pageerror: chunk load failed twice within the reload guard'
    expect(consoleProblems.filter((line) => !expected(line))).toEqual([])
    consoleProblems.length = 0
  })
})

test.describe('scroll to the hash anchor (routing rule 6)', () => {
  test("'Показать ещё' moves the URL to #goods-page-2 and the first card of that page is scrolled into view", async ({
    page,
  }) => {
    await page.goto('/catalog/1-ukhod-za-litsom')
    await waitForHydration(page)
    await page.getByRole('button', { name: 'Показать ещё' }).click()
    await expect(page).toHaveURL(/page=2#goods-page-2$/)
    await expect(page.locator('#goods-page-2')).toBeInViewport()
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
  })
})
