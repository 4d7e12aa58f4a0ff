/**
 * Placing an order as a shopper on a phone: the thanks, the card network, and an honest cancel text
 * for an unpaid order.
 */
import { test, expect } from './fixtures/stack.ts'
import { placePickupOrder } from './fixtures/checkout-page.ts'

/** A desktop browser's user agent: headless Chromium counts as a bot, and bots get minimal error pages. */
const PERSON_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36'

test.use({ userAgent: PERSON_UA, viewport: { width: 360, height: 800 } })

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'user_agreement', value: '1', url: baseURL! }])
})

test('thanks the shopper after placing an order, names the card network, and promises no refund for an unpaid order', async ({
  page,
  stack,
}) => {
  await placePickupOrder(page, stack.baseURL)
  const thanks = page.getByRole('status').filter({ hasText: 'Спасибо, заказ оформлен' })
  await expect(thanks).toBeVisible()
  await expect(thanks).toContainText(/Номер заказа AU-\d+/)
  await expect(page.getByText('Visa •• 4242')).toBeVisible()
  await expect(page.getByText(/Карта ••/)).toHaveCount(0)

  await page.getByRole('button', { name: 'Отменить заказ' }).click()
  const dialog = page.getByRole('dialog', { name: /^Отменить заказ AU-\d+\?$/ })
  await expect(dialog).toContainText('Заказ ещё не оплачен')
  await expect(dialog).not.toContainText('Деньги вернутся')
  await dialog.getByRole('button', { name: 'Не отменять' }).click()

  // Thanked once: a reload shows the order alone.
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: /^Заказ AU-\d+$/ })).toBeVisible()
  await expect(thanks).toHaveCount(0)
})
