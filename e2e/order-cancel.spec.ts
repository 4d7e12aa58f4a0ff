/**
 * Cancelling an order on a phone: the thanks of a just-placed order leave once it is cancelled, and a
 * cancel the gateway refuses (the order moved on meanwhile) closes the sheet instead of offering
 * «Отменить заказ» again. Courier orders speak of the courier, not of pickup.
 */
import { test, expect } from './fixtures/stack.ts'
import { placePickupOrder } from './fixtures/checkout-page.ts'

/** A desktop browser's user agent: headless Chromium counts as a bot, and bots get minimal error pages. */
const PERSON_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36'

test.use({ userAgent: PERSON_UA, viewport: { width: 360, height: 800 }, isMobile: true, hasTouch: true })

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'user_agreement', value: '1', url: baseURL! }])
})

test('the thanks leave once the just-placed order is cancelled', async ({ page, stack }) => {
  await placePickupOrder(page, stack.baseURL)
  await page.getByRole('button', { name: 'Отменить заказ' }).click()
  const dialog = page.getByRole('dialog', { name: /^Отменить заказ AU-\d+\?$/ })
  await dialog.getByRole('button', { name: 'Отменить заказ' }).click()
  await expect(page.locator('.order__status')).toContainText('Отменён')
  await expect(page.getByText('Спасибо, заказ оформлен')).toHaveCount(0)
})

test('a refused cancel closes the sheet and says the order can no longer be cancelled', async ({ page, stack }) => {
  await placePickupOrder(page, stack.baseURL)
  await page.getByRole('button', { name: 'Отменить заказ' }).click()
  const dialog = page.getByRole('dialog', { name: /^Отменить заказ AU-\d+\?$/ })
  await stack.fault({ path: '/webgate/v1/orders/*/cancel', status: 409 })
  try {
    await dialog.getByRole('button', { name: 'Отменить заказ' }).click()
    await expect(page.getByText('Этот заказ уже нельзя отменить')).toBeVisible()
    await expect(dialog).toBeHidden()
  } finally {
    await stack.clearFaults()
  }
})
