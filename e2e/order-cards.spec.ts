/**
 * Order cards of the e-commerce hub on a phone.
 */
import { test, expect } from './fixtures/stack.ts'
import { ANNA_PHONE, signIn } from './fixtures/ecom-shopper.ts'
import { acceptCookies, box, overlap, PHONE } from './fixtures/layout.ts'

test.beforeEach(async ({ page, baseURL }) => {
  await acceptCookies(page, baseURL!)
})

test.describe('orders on a phone', () => {
  test.use({ viewport: PHONE })

  test('an order card never puts the number under the status badge', async ({ page, stack }) => {
    await signIn(page, stack.baseURL, ANNA_PHONE)
    await page.goto('/ecom')
    const cards = page.getByRole('link', { name: /^Заказ / })
    await expect(cards.first()).toBeVisible()
    for (const card of (await cards.all()).slice(0, 3)) {
      const number = await box(card.getByText(/^Заказ /))
      const badge = await box(card.locator('.order-status'))
      expect(overlap(number, badge)).toBe(false)
    }
  })

  test('lists each order once, with pictures of its goods, and jumps to the payment methods', async ({
    page,
    stack,
  }) => {
    await signIn(page, stack.baseURL, ANNA_PHONE)
    await page.goto('/ecom')
    const cards = page.getByRole('link', { name: /^Заказ / })
    await expect(cards.first()).toBeVisible()
    await expect(page.getByRole('region', { name: 'История заказов' }).getByRole('link').first()).toBeVisible()
    const numbers = await page.locator('.order-card__number').allInnerTexts()
    expect(numbers.length).toBeGreaterThan(1)
    expect(new Set(numbers).size).toBe(numbers.length)
    await expect(cards.first().locator('.order-card__thumbs img').first()).toBeVisible()
    await page.getByRole('navigation', { name: 'Разделы' }).getByRole('link', { name: 'Способы оплаты' }).click()
    await expect(page.locator('#payment-methods')).toBeInViewport()
  })
})
