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
})
