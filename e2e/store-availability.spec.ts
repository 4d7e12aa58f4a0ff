/**
 * Availability in the chosen store: category, search and promotions lists and the
 * product page say whether the shopper's store has the goods, as `/v2/goods/search?storeCode=` answers;
 * the cards of a page share one call, and nothing of it is in the server's HTML.
 */
import type { Page, Request } from '@playwright/test'
import { test, expect, waitForHydration } from './fixtures/stack.ts'
import { CatalogPage } from './fixtures/catalog-page.ts'
import { keepStore } from './fixtures/ecom-shopper.ts'

const SHOP = 'AU-KZN-001'
const PICKUP_POINT = 'AU-KZN-004'

/** Calls of the availability check (a goods search limited to a store and to ids). */
function availabilityCalls(page: Page): Request[] {
  const calls: Request[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname === '/webgate/v2/goods/search' && url.searchParams.has('storeCode')) calls.push(request)
  })
  return calls
}

/** Ids of every goods of a category that the store has, paging through the gateway's own answer. */
async function availableIn(page: Page, storeCode: string, categoryId: number): Promise<Set<number>> {
  const ids = new Set<number>()
  for (let p = 1; ; p++) {
    const answer = (await (
      await page.request.get(
        `/webgate/v2/goods/search?storeCode=${storeCode}&categoryId=${categoryId}&pageSize=100&page=${p}`,
      )
    ).json()) as { items: { id: number }[] }
    answer.items.forEach((item) => ids.add(item.id))
    if (answer.items.length < 100) return ids
  }
}

let category: { id: number; slug: string }

test.beforeAll(async ({ stack }) => {
  category = (
    (await (await fetch(`${stack.baseURL}/webgate/v3/categories/store`)).json()) as {
      items: { id: number; slug: string }[]
    }
  ).items[0]!
})

test('says nothing about a store when none is chosen, and asks nothing', async ({ page }) => {
  const calls = availabilityCalls(page)
  await page.goto(`/catalog/${category.id}-${category.slug}`)
  await waitForHydration(page)
  await expect(new CatalogPage(page).cards).toHaveCount(24)
  await expect(page.getByText(/^(Есть|Нет) в магазине/)).toHaveCount(0)
  expect(calls).toHaveLength(0)
})

test("marks each card of a category with the chosen store's answer, in one call for the cards shown", async ({
  page,
}) => {
  await keepStore(page, SHOP)
  const calls = availabilityCalls(page)
  const response = await page.goto(`/catalog/${category.id}-${category.slug}`)
  expect(await response!.text()).not.toMatch(/(Есть|Нет) в магазине/)
  await waitForHydration(page)
  const cards = new CatalogPage(page).cards
  await expect(cards).toHaveCount(24)
  const available = await availableIn(page, SHOP, category.id)

  const inStock = cards.and(page.locator(':not(.product-card--out-of-stock)'))
  const ids = await inStock.evaluateAll((nodes) => nodes.map((node) => Number(node.getAttribute('data-goods-id'))))
  await expect(inStock.getByText(/^(Есть|Нет) в магазине$/)).toHaveCount(ids.length)
  let yes = 0
  for (const id of ids) {
    const expected = available.has(id) ? 'Есть в магазине' : 'Нет в магазине'
    if (available.has(id)) yes++
    await expect(page.locator(`article[data-goods-id="${id}"]`).getByText(/^(Есть|Нет) в магазине$/)).toHaveText(
      expected,
    )
  }
  // The seed gives shops about 80% of the goods: both answers show on one page.
  expect(yes).toBeGreaterThan(0)
  expect(yes).toBeLessThan(ids.length)

  expect(calls).toHaveLength(1)
  const asked = new URL(calls[0]!.url()).searchParams
  expect(asked.get('storeCode')).toBe(SHOP)
  expect(
    asked
      .getAll('id')
      .map(Number)
      .sort((a, b) => a - b),
  ).toEqual([...ids].sort((a, b) => a - b))
})

test('follows a store change at once, and a pickup point says so', async ({ page }) => {
  await keepStore(page, SHOP)
  await page.goto(`/search?q=${encodeURIComponent('крем')}`)
  await waitForHydration(page)
  await expect(page.getByText(/^(Есть|Нет) в магазине$/).first()).toBeVisible()
  // What the store picker does on a choice: save the store and announce it.
  await page.evaluate((code) => {
    localStorage.setItem('shop.code', code)
    localStorage.setItem('shop.type', 'pickup-point')
    window.dispatchEvent(new Event('aurora:store-change'))
  }, PICKUP_POINT)
  await expect(page.getByText(/^Есть в пункте выдачи$/).first()).toBeVisible()
  await expect(page.getByText(/^(Есть|Нет) в магазине$/)).toHaveCount(0)
})

test("shows the store's answer with its street on the product page and on promotion cards", async ({ page }) => {
  await keepStore(page, SHOP)
  const available = await availableIn(page, SHOP, category.id)
  const listed = (
    (await (
      await page.request.get(`/webgate/v2/goods/search?categoryId=${category.id}&inStock=true&pageSize=100`)
    ).json()) as { items: { id: number }[] }
  ).items
  const yes = listed.find((item) => available.has(item.id))!
  const no = listed.find((item) => !available.has(item.id))!
  const store = (await (await page.request.get(`/webgate/v1/stores-facade/store?code=${SHOP}`)).json()) as {
    address: string
  }
  const street = store.address.replace(/^г\. [^,]+, /, '')

  await page.goto(`/product/${yes.id}`)
  await expect(page.getByText(`Есть в магазине: ${street}`)).toBeVisible()
  await page.goto(`/product/${no.id}`)
  await expect(page.getByText(`Нет в магазине: ${street}`)).toBeVisible()

  await page.goto('/promo-catalog')
  await waitForHydration(page)
  await expect(
    page
      .getByRole('list', { name: 'Акции' })
      .getByText(/^(Есть|Нет) в магазине$/)
      .first(),
  ).toBeVisible()
})
