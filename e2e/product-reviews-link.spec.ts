/**
 * The product page's way to its reviews on a phone: the rating link reads well to a screen reader,
 * and it (like the «Отзывы» chip) opens the reviews scrolled to them, not at the gallery again.
 */
import { test, expect, waitForHydration } from './fixtures/stack.ts'
import { PHONE, acceptCookies } from './fixtures/layout.ts'

test.use({ viewport: PHONE, isMobile: true, hasTouch: true })

test('the rating link is named with a pause before the count and opens the reviews in view', async ({
  page,
  baseURL,
}) => {
  await acceptCookies(page, baseURL!)
  await page.addInitScript(() => localStorage.setItem('shop.prompted', '1'))
  await page.goto('/product/10174')
  await waitForHydration(page)
  const rating = page.locator('a.product-page__rating')
  await expect(rating).toHaveAccessibleName(/^Рейтинг [\d,]+ из 5, \d+ отзыв/)
  await rating.click()
  await expect(page).toHaveURL(/\/reviews#reviews-title$/)
  await expect(page.getByRole('heading', { name: 'Отзывы покупателей' })).toBeInViewport()
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300)
})

test('the «Отзывы» chip opens the reviews in view', async ({ page, baseURL }) => {
  await acceptCookies(page, baseURL!)
  await page.addInitScript(() => localStorage.setItem('shop.prompted', '1'))
  await page.goto('/product/10174')
  await waitForHydration(page)
  await page
    .getByRole('navigation', { name: 'Разделы товара' })
    .getByRole('link', { name: /^Отзывы/ })
    .click()
  await expect(page.getByRole('heading', { name: 'Отзывы покупателей' })).toBeInViewport()
})
