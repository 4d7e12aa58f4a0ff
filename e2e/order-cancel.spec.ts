/**
 * Cancelling an order on a phone: the thanks of a just-placed order leave once it is cancelled, and a
 * cancel the gateway refuses (the order moved on meanwhile) closes the sheet instead of offering
 * «Отменить заказ» again. Courier orders speak of the courier, not of pickup.
 */
import type { Page } from '@playwright/test'
import { test, expect, waitForHydration, type Stack } from './fixtures/stack.ts'
import { CheckoutPage } from './fixtures/checkout-page.ts'
import { ANNA_PHONE, keepStore, signIn, ensureInCart } from './fixtures/ecom-shopper.ts'

/** A desktop browser's user agent: headless Chromium counts as a bot, and bots get minimal error pages. */
const PERSON_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36'

test.use({ userAgent: PERSON_UA, viewport: { width: 360, height: 800 }, isMobile: true, hasTouch: true })

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'user_agreement', value: '1', url: baseURL! }])
})

/** Places a pickup order of one product and waits for its page. */
async function placeOrder(page: Page, stack: Stack): Promise<void> {
  await signIn(page, stack.baseURL, ANNA_PHONE)
  await keepStore(page)
  await page.goto('/product/10030')
  await waitForHydration(page)
  await ensureInCart(page, 10030)
  await page.goto('/ecom/checkout')
  const checkout = new CheckoutPage(page)
  await checkout.choosePickup()
  await checkout.choosePayment(/Зарплатная/)
  await checkout.place()
  await expect(page.getByRole('status').filter({ hasText: 'Спасибо, заказ оформлен' })).toBeVisible()
}

test('the thanks leave once the just-placed order is cancelled', async ({ page, stack }) => {
  await placeOrder(page, stack)
  await page.getByRole('button', { name: 'Отменить заказ' }).click()
  const dialog = page.getByRole('dialog', { name: /^Отменить заказ AU-\d+\?$/ })
  await dialog.getByRole('button', { name: 'Отменить заказ' }).click()
  await expect(page.locator('.order__status')).toContainText('Отменён')
  await expect(page.getByText('Спасибо, заказ оформлен')).toHaveCount(0)
})

test('a refused cancel closes the sheet and says the order can no longer be cancelled', async ({ page, stack }) => {
  await placeOrder(page, stack)
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
