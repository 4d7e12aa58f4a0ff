/**
 * Product reviews: layout on desktop and phone, sort and filter, the photo lightbox.
 */
import { test, expect } from './fixtures/stack.ts'
import { acceptCookies, box, DESKTOP, overlap, PHONE } from './fixtures/layout.ts'
import { Lightbox, ReviewsSection } from './fixtures/reviews.ts'

test.beforeEach(async ({ page, baseURL }) => {
  await acceptCookies(page, baseURL!)
})

test.describe('reviews', () => {
  test('desktop: the sign-in call of the reviews stays in its column, beside the review cards', async ({ page }) => {
    await page.setViewportSize(DESKTOP)
    const reviews = new ReviewsSection(page)
    await reviews.goto()
    const signInButton = reviews.section.getByRole('button', { name: 'Войти, чтобы оставить отзыв' })
    await expect(signInButton).toBeVisible()
    expect(overlap(await box(signInButton), await box(reviews.reviews.first()))).toBe(false)
  })

  test('phone: reviews keep to the margins', async ({ page }) => {
    await page.setViewportSize(PHONE)
    const reviews = new ReviewsSection(page)
    await reviews.goto()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    const card = await box(reviews.reviews.first())
    expect(card.x + card.width).toBeLessThanOrEqual(PHONE.width - 16 + 0.5)
  })

  test('sorts by rating and filters to reviews with photos', async ({ page }) => {
    const reviews = new ReviewsSection(page)
    await reviews.goto()
    await reviews.sort.selectOption({ label: 'С низкой оценкой' })
    await expect
      .poll(async () => {
        const ratings = await reviews.ratings()
        return ratings.length > 1 && ratings.every((rating, i) => i === 0 || ratings[i - 1]! <= rating)
      })
      .toBe(true)
    await reviews.sort.selectOption({ label: 'С высокой оценкой' })
    await expect
      .poll(async () => {
        const ratings = await reviews.ratings()
        return ratings.length > 1 && ratings.every((rating, i) => i === 0 || ratings[i - 1]! >= rating)
      })
      .toBe(true)

    const all = await reviews.reviews.count()
    await reviews.togglePhotosOnly()
    await expect.poll(() => reviews.reviews.count()).toBeLessThan(all)
    for (const review of await reviews.reviews.all()) {
      await expect(review.getByRole('button', { name: /^Открыть фото/ }).first()).toBeVisible()
    }
  })

  test('a review photo opens in a lightbox: arrows move, Tab stays inside, Escape closes and focus returns', async ({
    page,
  }) => {
    const reviews = new ReviewsSection(page)
    await reviews.goto()
    const opener = reviews.reviews.getByRole('button', { name: /^Открыть фото 1 из 3/ }).first()
    await opener.click()
    const lightbox = new Lightbox(page)
    await expect(lightbox.dialog).toBeVisible()
    await expect(lightbox.counter).toHaveText('1 из 3')
    const first = await lightbox.image.getAttribute('src')
    await page.keyboard.press('ArrowRight')
    await expect(lightbox.counter).toHaveText('2 из 3')
    expect(await lightbox.image.getAttribute('src')).not.toBe(first)
    await page.keyboard.press('ArrowLeft')
    await page.keyboard.press('ArrowLeft')
    await expect(lightbox.counter).toHaveText('3 из 3')
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab')
      expect(await lightbox.dialog.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true)
    }
    await page.keyboard.press('Escape')
    await expect(lightbox.dialog).toBeHidden()
    await expect(opener).toBeFocused()
  })

  test('on a touch screen a swipe moves between photos', async ({ page }) => {
    await page.setViewportSize(PHONE)
    const reviews = new ReviewsSection(page)
    await reviews.goto()
    await reviews.photoButtons.first().click()
    const lightbox = new Lightbox(page)
    await expect(lightbox.counter).toHaveText(/^1 из \d+$/)
    await lightbox.swipe(260, 80)
    await expect(lightbox.counter).toHaveText(/^2 из \d+$/)
    await lightbox.swipe(80, 260)
    await expect(lightbox.counter).toHaveText(/^1 из \d+$/)
  })
})
