/**
 * Returning to a category after «Показать ещё»: Back from a product and a reload bring back every
 * loaded card (not only the last page's), with the card the shopper opened on screen.
 */
import { test, expect, waitForHydration } from './fixtures/stack.ts'
import { DESKTOP, PHONE, acceptCookies } from './fixtures/layout.ts'
import { ProductPage } from './fixtures/product-page.ts'

const CATEGORY = '/catalog/4-ukhod-za-volosami'

for (const [width, viewport, mobile] of [
  ['360', PHONE, true],
  ['1440', DESKTOP, false],
] as const) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport, isMobile: mobile, hasTouch: mobile })

    test('Back and reload after «Показать ещё» restore all 48 cards at the opened one', async ({ page, baseURL }) => {
      await acceptCookies(page, baseURL!)
      await page.goto(CATEGORY)
      await waitForHydration(page)
      const cards = page.getByRole('list', { name: 'Товары' }).locator(':scope > li > article[data-goods-id]')
      await expect(cards).toHaveCount(24)
      await page.getByRole('button', { name: 'Показать ещё' }).click()
      await expect(page).toHaveURL(/page=2#goods-page-2$/)
      await expect(cards).toHaveCount(48)

      const opened = cards.nth(30)
      const goodsId = await opened.getAttribute('data-goods-id')
      await opened.scrollIntoViewIfNeeded()
      await opened.getByRole('link').first().click()
      await expect(page).toHaveURL(new RegExp(`/product/${goodsId}`))
      await expect(new ProductPage(page).heading).toBeVisible()

      await page.goBack()
      await expect(page).toHaveURL(/page=2/)
      await expect(cards).toHaveCount(48)
      await expect(cards.first()).toHaveAttribute('data-goods-id', /\d+/)
      await expect(page.locator(`article[data-goods-id="${goodsId}"]`)).toBeInViewport()

      await page.reload()
      await waitForHydration(page)
      await expect(cards).toHaveCount(48)
      await expect(page.locator(`article[data-goods-id="${goodsId}"]`)).toBeInViewport()
    })
  })
}
