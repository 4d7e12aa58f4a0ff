/**
 * A query typed in the wrong keyboard layout: «rhtv» is «крем» with the Latin layout on. The
 * suggestions and the results switch the layout silently when the typed text finds nothing, as Ozon,
 * WB and Золотое яблоко do (UX4-06, seen at 360 and 1440).
 */
import { test, expect, waitForHydration } from './fixtures/stack.ts'
import { SearchBox } from './fixtures/search-box.ts'

for (const width of [360, 1440]) {
  test(`«rhtv» suggests and finds «крем» at ${width} px`, async ({ page, baseURL }) => {
    await page.setViewportSize({ width, height: 800 })
    await page.context().addCookies([{ name: 'user_agreement', value: '1', url: baseURL! }])
    const search = new SearchBox(page)
    await page.goto('/')
    await waitForHydration(page)
    await search.type('rhtv')
    await expect(search.options.filter({ hasText: /крем/i }).first()).toBeVisible()
    await search.input.press('Enter')
    await expect(page).toHaveURL(/\/search\?q=rhtv$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Результаты поиска «крем»')
    await expect(page.getByText('Исправили раскладку: вы ввели «rhtv»')).toBeVisible()
    const cards = page.locator('.product-grid--list .product-card')
    await expect(cards.first()).toBeVisible()
    await expect(cards.first()).toContainText(/крем/i)
    await expect(page).toHaveTitle(/«крем»/)
    await page.screenshot({ path: `e2e/artifacts/search-layout-${width}.png` })
  })
}

test('the server’s HTML already has the goods of the switched text', async ({ page }) => {
  const response = await page.request.get('/search?q=rhtv')
  const html = await response.text()
  expect(html).toContain('Исправили раскладку')
  expect(html).toMatch(/class="product-card[^"]*"/)
  // A text that finds goods as typed is never switched.
  const asTyped = await (await page.request.get('/search?q=крем')).text()
  expect(asTyped).not.toContain('Исправили раскладку')
})
