/**
 * A failed client navigation: following a product link while the product's data fails fetches that
 * data once (one call and the spec's one retry of a GET) and reports the error once, whatever the
 * prefetch, the navigation's loader, the view's SWR hook and the error view do around it.
 */
import type { Page, Request } from '@playwright/test'
import { test, expect, waitForHydration, type Stack } from './fixtures/stack.ts'
import { CatalogPage } from './fixtures/catalog-page.ts'

/** A desktop browser's user agent: headless Chromium counts as a bot, and bots get minimal error pages. */
const PERSON_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36'
test.use({ userAgent: PERSON_UA })

let group: { id: number; slug: string }

test.beforeAll(async ({ stack }) => {
  group = (
    (await (await fetch(`${stack.baseURL}/webgate/v3/categories/store`)).json()) as {
      items: { id: number; slug: string }[]
    }
  ).items[0]!
})

test.afterEach(async ({ stack }) => {
  await stack.clearFaults()
})

/**
 * Opens a category, makes the first card's goods answer 503 (after `delayMs`), and records the
 * browser's calls for those goods and its error reports from then on.
 */
async function failingProduct(page: Page, stack: Stack, delayMs: number) {
  await page.goto(`/catalog/${group.id}-${group.slug}`)
  await waitForHydration(page)
  const card = new CatalogPage(page).cards.first()
  const id = Number(await card.getAttribute('data-goods-id'))
  await stack.fault({ path: `/webgate/v2/goods/${id}`, status: 503, ...(delayMs ? { delayMs } : {}) })
  const isGoods = (request: Request) => new URL(request.url()).pathname === `/webgate/v2/goods/${id}`
  const goodsCalls: string[] = []
  const reports: string[] = []
  page.on('request', (request) => {
    if (isGoods(request)) goodsCalls.push(request.url())
    if (new URL(request.url()).pathname === '/api/error-report') reports.push(request.postData() ?? '')
  })
  return { link: card.locator('.product-card__link'), isGoods, goodsCalls, reports }
}

/** Waits for the outage view and for the page to go quiet, so a late call or report would be seen. */
async function outageShown(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Сайт временно не работает' })).toBeVisible()
  await page.waitForLoadState('networkidle')
  // networkidle is 500 ms without requests; one more quiet second for a late revalidation or report.
  await page.waitForTimeout(1_000)
}

test('after a failed prefetch, the navigation shows the outage without fetching again and reports once', async ({
  page,
  stack,
}) => {
  const { link, isGoods, goodsCalls, reports } = await failingProduct(page, stack, 0)
  // The shopper points at the card: its route's data is prefetched and fails (with the spec's retry).
  const failed = page.waitForResponse((response) => isGoods(response.request()) && goodsCalls.length === 2)
  await link.hover()
  await failed
  await link.click()
  await outageShown(page)
  expect(goodsCalls).toHaveLength(2)
  expect(reports).toHaveLength(1)
  expect(JSON.parse(reports[0]!)).toMatchObject({ status: 503, message: 'HTTP 503' })
})

test('a navigation whose data fails after the transition wait fetches it once, with the view on screen', async ({
  page,
  stack,
}) => {
  // Slower than the 100 ms wait: the product view mounts (its hook asks for the goods) before the failure.
  const { link, goodsCalls, reports } = await failingProduct(page, stack, 400)
  // A click without pointer movement: no intent prefetch before it.
  await link.evaluate((anchor: HTMLElement) => anchor.click())
  await outageShown(page)
  // One fetch: the call and the spec's one retry of a GET.
  expect(goodsCalls).toHaveLength(2)
  expect(reports).toHaveLength(1)
})
