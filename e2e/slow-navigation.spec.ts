/**
 * A tap on a slow network (the walkthrough's JS +2.5 s, API +1.5 s): a progress bar shows along the
 * top at once and stays until the new page does, each gateway call of the product page goes out once,
 * and the links in view prefetch nothing while the navigation waits.
 */
import type { Page } from '@playwright/test'
import { test, expect, waitForHydration } from './fixtures/stack.ts'
import { acceptCookies } from './fixtures/layout.ts'

test.use({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true })

/** Holds back our scripts and the gateway's answers as a slow mobile network does. */
async function slowNetwork(page: Page): Promise<void> {
  await page.route(/\/(assets\/.*\.js|webgate\/v\d)/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, route.request().url().endsWith('.js') ? 2_500 : 1_500))
    await route.continue().catch(() => undefined)
  })
}

/** Whether the progress bar is drawn: the document's mark and its painted bar. */
const progressShown = (page: Page) =>
  page.evaluate(() => {
    const root = document.documentElement
    const bar = getComputedStyle(root, '::before')
    return root.dataset.navigating !== undefined && bar.content !== 'none' && parseFloat(bar.height) >= 2
  })

test('a tapped product shows a progress bar at once, asks each call once, and holds prefetches', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000)
  // Every gateway call of the page, from its first load on.
  const calls: string[] = []
  let lastCall = Date.now()
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (!url.pathname.startsWith('/webgate/v')) return
    calls.push(url.pathname + url.search)
    lastCall = Date.now()
  })
  // The connection reads 3g throughout. Chromium estimates `effectiveType` from the requests it sees, and
  // the held answers below made it read 2g now and then on a busy machine: the tap then became a document
  // load (document-navigation.ts), with no progress bar and no held prefetches, which is another test's.
  await page.addInitScript(() => {
    const connection = (navigator as Navigator & { connection?: object }).connection
    if (connection) Object.defineProperty(connection, 'effectiveType', { get: () => '3g' })
  })
  await acceptCookies(page, baseURL!)
  await page.goto('/catalog/2')
  await waitForHydration(page)
  // The links in view prefetch their pages before the network turns slow: they start 1 s after mount
  // and take their steps in idle time, so one may begin after the network has been quiet for
  // Playwright's 500 ms. Wait until it has been quiet for 2 s.
  await page.waitForLoadState('networkidle')
  await expect.poll(() => Date.now() - lastCall, { timeout: 30_000 }).toBeGreaterThan(2_000)
  await slowNetwork(page)
  // A card below the first screen, tapped as soon as it is scrolled to: a link on screen prefetches its
  // page after 1 s (and its route's code with it, decision 032), and a page prefetched whole opens at
  // once, with nothing to wait for. This one's data comes only with the tap, over the slow network.
  const card = page.locator('.product-card a[href^="/product/"]').nth(8)
  const href = (await card.getAttribute('href'))!
  const id = /\/product\/(\d+)/.exec(href)![1]
  await card.scrollIntoViewIfNeeded()
  const before = calls.length
  await card.tap()
  await expect.poll(() => progressShown(page), { timeout: 2_000 }).toBe(true)
  await expect(page.locator(`.product-page[data-goods-id="${id}"]`)).toBeVisible({ timeout: 60_000 })
  await expect.poll(() => progressShown(page)).toBe(false)
  // One request per resource of the product page, by its prefetch or by the navigation.
  for (const resource of [
    `/webgate/v2/goods/${id}`,
    `/webgate/v1/object/${id}/scores`,
    `objectId=${id}&page=1`,
    `reviews-carousel-media?objectId=${id}`,
  ]) {
    expect(
      calls.filter((call) => call.includes(resource)),
      resource,
    ).toHaveLength(1)
  }
  // Nothing for other pages while the navigation waited: no other category's goods or filters.
  const during = calls.slice(before)
  expect(during.filter((call) => /\/goods\/search|\/goods\/filters/.test(call))).toEqual([])
})
