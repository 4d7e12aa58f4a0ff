/**
 * Scroll restoration (spec rule 6): back and forward return a page to where the shopper left it, a
 * new navigation starts at the top, and a reload keeps the position.
 */
import { test, expect } from './fixtures/stack.ts'
import { acceptCookies, DESKTOP } from './fixtures/layout.ts'
import { ProductPage } from './fixtures/product-page.ts'

test.beforeEach(async ({ page, baseURL }) => {
  await acceptCookies(page, baseURL!)
})

test.describe('scroll restoration', () => {
  test.use({ viewport: DESKTOP })

  test('back from a product returns the listing to where it was; a new navigation starts at the top', async ({
    page,
  }) => {
    await page.goto('/catalog/1-ukhod-za-litsom')
    await page.evaluate(() => window.scrollTo(0, 2500))
    const card = page.getByRole('main').getByRole('link').and(page.locator('a[href^="/product/"]')).nth(14)
    await card.evaluate((element) => element.scrollIntoView({ block: 'center' }))
    const left = await page.evaluate(() => window.scrollY)
    expect(left).toBeGreaterThan(1000)
    await card.click()
    await expect(page).toHaveURL(/\/product\//)
    await expect(new ProductPage(page).heading).toBeVisible()
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)

    await page.goBack()
    await expect(page).toHaveURL(/\/catalog\//)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(left)

    // Forward again: the product page, at its own (top) position.
    await page.goForward()
    await expect(new ProductPage(page).heading).toBeVisible()
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  })

  test('a reload keeps the position', async ({ page }) => {
    await page.goto('/catalog/1-ukhod-za-litsom')
    await page.evaluate(() => window.scrollTo(0, 1800))
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1800)
    await page.reload()
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1800)
  })
})
