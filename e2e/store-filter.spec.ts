/**
 * «Есть в моём магазине» on catalogue and search lists: shown once the device has a chosen store; it
 * puts the store in the URL (`store=`), and the server asks the gateway for that store's goods only,
 * so the server's HTML already holds just them. 360 and 1440 px, axe.
 */
import { test, expect, waitForHydration } from './fixtures/stack.ts'
import { seriousViolations } from './fixtures/axe.ts'
import { CatalogPage } from './fixtures/catalog-page.ts'
import { keepStore } from './fixtures/ecom-shopper.ts'
import { WIDTHS, viewport } from './fixtures/shopper-hand.ts'

// axe is injected inline, which the storefront's CSP rightly refuses.
test.use({ bypassCSP: true })

const SHOP = 'AU-KZN-001'
const OPTION = 'Есть в моём магазине'

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'user_agreement', value: '1', url: baseURL! }])
})

test('offers no store filter without a chosen store', async ({ page }) => {
  await page.goto('/catalog/1-ukhod-za-litsom')
  await waitForHydration(page)
  await new CatalogPage(page).openFilters()
  await expect(page.getByRole('checkbox', { name: 'В наличии', exact: false })).toHaveCount(1)
  await expect(page.getByRole('checkbox', { name: OPTION })).toHaveCount(0)
})

for (const width of WIDTHS) {
  test(`keeps a category to the chosen store's goods, filtered by the gateway, at ${width} px`, async ({ page }) => {
    await page.setViewportSize(viewport(width))
    await keepStore(page, SHOP)
    await page.goto('/catalog/1-ukhod-za-litsom')
    await waitForHydration(page)
    const catalog = new CatalogPage(page)
    await catalog.openFilters()
    const option = page.getByRole('checkbox', { name: OPTION })
    await catalog.checkFilter(new RegExp(OPTION))
    await expect(page).toHaveURL(/[?&]store=AU-KZN-001(&|$)/)
    await expect(option).toBeChecked()
    expect(await seriousViolations(page, '.filters')).toEqual([])
    await expect(page.getByRole('group', { name: 'Наличие и скидки' })).toHaveScreenshot(`store-filter-${width}.png`)

    // The server's page for that URL holds only the store's goods, as the gateway answers them.
    const url = new URL(page.url())
    const html = await (await page.request.get(url.pathname + url.search)).text()
    const listed = [...html.matchAll(/data-goods-id="(\d+)"/g)].map((match) => Number(match[1]))
    expect(listed.length).toBeGreaterThan(0)
    const answer = (await (
      await page.request.get(`/webgate/v2/goods/search?categoryId=1&storeCode=${SHOP}&pageSize=24`)
    ).json()) as { items: { id: number }[] }
    expect(new Set(listed)).toEqual(new Set(answer.items.map((item) => item.id)))
    // And every card says the store has it.
    await expect(catalog.cards.first().getByText('Есть в магазине')).toBeVisible()
    await expect(catalog.cards.getByText('Нет в магазине')).toHaveCount(0)

    await catalog.checkFilter(new RegExp(OPTION))
    await expect(page).not.toHaveURL(/store=/)
  })
}

test('filters search results the same way', async ({ page }) => {
  await keepStore(page, SHOP)
  await page.goto(`/search?q=${encodeURIComponent('крем')}&store=${SHOP}`)
  await waitForHydration(page)
  const answer = (await (
    await page.request.get(`/webgate/v2/goods/search?q=${encodeURIComponent('крем')}&storeCode=${SHOP}&pageSize=24`)
  ).json()) as { total: number }
  await expect(page.getByText(new RegExp(`^Найдено ${answer.total} `))).toBeVisible()
})
