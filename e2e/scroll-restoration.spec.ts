/**
 * Scroll restoration (spec rule 6): back and forward return a page to where the shopper left it, a
 * new navigation starts at the top, and a reload keeps the position.
 */
import type { Locator, Page } from '@playwright/test'
import { test, expect, waitForHydration } from './fixtures/stack.ts'
import { acceptCookies, DESKTOP } from './fixtures/layout.ts'
import { ProductPage } from './fixtures/product-page.ts'
import { holdChunk } from './fixtures/chunks.ts'

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

/**
 * Opens the home page, scrolls to its first article card and taps it. Where the shopper is when they
 * tap (a link below the screen is scrolled to first) is the position to come back to.
 */
async function openFirstArticle(page: Page): Promise<{ link: Locator; opened: number }> {
  await page.goto('/')
  await waitForHydration(page)
  const link = page.locator('.article-card__link').first()
  await link.scrollIntoViewIfNeeded()
  const opened = await page.evaluate(() => Math.round(scrollY))
  expect(opened).toBeGreaterThan(2_000)
  await link.click()
  await expect(page).toHaveURL(/\/articles\//)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  return { link, opened }
}

test.describe('the home page on a phone', () => {
  test.use({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true })

  test('back from an article returns to the exact position the article was opened from', async ({ page, baseURL }) => {
    await acceptCookies(page, baseURL!)
    const { link, opened } = await openFirstArticle(page)
    await page.goBack()
    await expect(page).toHaveURL(/\/$/)
    await expect.poll(() => page.evaluate(() => Math.round(scrollY))).toBe(opened)
    await expect(link).toBeInViewport()
  })

  test('a tap made before the scroll memory’s code has come still comes back to its position', async ({
    page,
    baseURL,
  }) => {
    await acceptCookies(page, baseURL!)
    // The scroll memory's chunk, loaded at the first scroll, comes late (a slow network): the shopper
    // taps the link before it has come.
    const memory = await holdChunk(page, 'client/navigation/scroll-memory.ts')
    const { opened } = await openFirstArticle(page)
    await memory.release()
    await page.goBack()
    await expect(page).toHaveURL(/\/$/)
    await expect.poll(() => page.evaluate(() => Math.round(scrollY))).toBe(opened)
  })
})
