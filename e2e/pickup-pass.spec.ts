/**
 * The pickup pass: a pickup order that becomes ready while its page is open shows a toast and the
 * pass (the QR code a decoder reads back to the order number, the store's address, hours, phone and
 * route, how long the order is kept, what to bring); on paper only the pass prints, on one A4 page.
 * 360 px, axe, and the order page's pickup details before the order is ready.
 */
import { test as base, expect, storePerWorker, waitForHydration, type Stack } from './fixtures/stack.ts'
import { seriousViolations } from './fixtures/axe.ts'
import { scanQr } from './fixtures/scan.ts'
import { ANNA_PHONE, signIn } from './fixtures/ecom-shopper.ts'
import { OrderPage } from './fixtures/order-page.ts'
import { makeOrdersReady, placePickupOrder } from './fixtures/pickup-order.ts'
import { loggedEvents, viewport } from './fixtures/shopper-hand.ts'

/** This file's store: the test places an order and moves the gateway's clock. */
const test = base.extend<Record<never, never>, { stack: Stack }>({ stack: [storePerWorker, { scope: 'worker' }] })

// axe is injected inline, which the storefront's CSP rightly refuses.
test.use({ bypassCSP: true })

/** The store's state now, as the order page and the pass say it. */
const STATE_NOW = /Открыто (до \d{2}:\d{2}|сейчас)|Закрыто (сейчас|· откроется)/

test('a pickup order that becomes ready shows a toast and a pass that scans, and prints alone on one A4 page', async ({
  page,
  stack,
  baseURL,
}, testInfo) => {
  await page.setViewportSize(viewport(360))
  await page.context().addCookies([{ name: 'user_agreement', value: '1', url: baseURL! }])
  const events = await loggedEvents(page)
  await signIn(page, baseURL!, ANNA_PHONE)
  const { order, store } = await placePickupOrder(page, stack)

  await page.goto(`/ecom/orders/${order.id}`)
  await waitForHydration(page)
  const orderPage = new OrderPage(page)
  await orderPage.assertStatus('Оформлен')
  const pass = page.getByRole('region', { name: 'Заказ готов к выдаче' })
  await expect(pass).toHaveCount(0)
  // Before it is ready, the details already say how to collect it.
  const details = page.getByRole('complementary', { name: 'Детали заказа' })
  await expect(details).toContainText('Хранится 3 дня с момента готовности')
  await expect(details).toContainText(store.schedule)
  await expect(details.getByRole('link', { name: store.phone })).toHaveAttribute(
    'href',
    `tel:+${store.phone.replace(/\D/g, '')}`,
  )
  // One «Итого»: the totals row, not also the card's title.
  await expect(page.getByText('Итого', { exact: true })).toHaveCount(1)

  // created → paid → assembling → ready: three steps of the mock's clock.
  await makeOrdersReady(stack)
  const toast = page.locator('[data-toast-type="pickup-ready"]')
  await expect(toast).toContainText(`Заказ ${order.number} готов к выдаче`, { timeout: 20_000 })
  await expect(pass).toBeVisible()
  await orderPage.assertStatus('Готов к выдаче')
  // The poll saw only the last step: the ones before it are passed all the same.
  await expect(page.locator('.order-timeline__step.is-done')).toHaveCount(4)
  await expect(pass.getByRole('img', { name: `QR-код заказа ${order.number}` })).toBeVisible()
  expect(await scanQr(page.locator('.pickup-pass__qr'))).toBe(order.number)

  await expect(pass).toContainText(store.address)
  await expect(pass).toContainText(store.schedule)
  await expect(pass).toContainText(STATE_NOW)
  await expect(pass.getByRole('link', { name: store.phone })).toBeVisible()
  const route = pass.getByRole('link', { name: /Маршрут в Яндекс Картах/ })
  await expect(route).toHaveAttribute('href', `https://yandex.ru/maps/?rtext=~${store.lat}%2C${store.lon}&rtt=auto`)
  await expect(route).toHaveAttribute('target', '_blank')
  await expect(pass.locator('time')).toHaveText(/^Хранится до \d{1,2} [а-я]+ \d{4}, \d{2}:\d{2}$/)
  await expect(pass.getByRole('listitem')).toHaveText([
    `Этот QR-код или номер заказа ${order.number}`,
    /^Ничего платить не нужно: заказ оплачен/,
  ])
  // Nothing overflows the phone's width.
  const box = (await pass.boundingBox())!
  expect(box.x + box.width).toBeLessThanOrEqual(360)

  await expect.poll(() => events.map((event) => event.name)).toContain('pickup_pass_open')
  const open = events.find((event) => event.name === 'pickup_pass_open')!
  expect(open.params).toMatchObject({ status: 'ready' })
  expect(JSON.stringify(open)).not.toContain(order.number)
  expect(await seriousViolations(page, '.pickup-pass')).toEqual([])
  await page.screenshot({ path: testInfo.outputPath('pickup-pass-360.png'), fullPage: true })

  // On paper: the pass alone, no toolbar, footer, toast or details.
  await page.emulateMedia({ media: 'print' })
  await expect(pass).toBeVisible()
  await expect(page.locator('.toolbar')).toBeHidden()
  await expect(page.locator('.site-footer')).toBeHidden()
  await expect(toast).toBeHidden()
  await expect(details).toBeHidden()
  await expect(orderPage.heading).toBeHidden()
  await expect(pass.getByRole('button', { name: 'Распечатать' })).toBeHidden()
  // The printer's page: A4 at 96 dpi, less the 15 mm margins.
  await page.setViewportSize({ width: 680, height: 1010 })
  await page.screenshot({ path: testInfo.outputPath('pickup-pass-print.png'), fullPage: true })
  const pdf = await page.pdf({ format: 'A4', printBackground: true })
  await testInfo.attach('pickup-pass.pdf', { body: pdf, contentType: 'application/pdf' })
  expect(pdf.toString('latin1').match(/\/Type\s*\/Page\b/g)).toHaveLength(1)
})

test('at 23:11 the order page says the store is closed and when it opens (UX4-05)', async ({
  page,
  stack,
  baseURL,
}) => {
  await page.setViewportSize(viewport(360))
  await page.context().addCookies([{ name: 'user_agreement', value: '1', url: baseURL! }])
  // Saturday 28 November 2026, 23:11 in Moscow: the store (AU-MSK-001) closes by 23:00.
  await page.clock.setFixedTime(new Date('2026-11-28T23:11:00+03:00'))
  await signIn(page, baseURL!, ANNA_PHONE)
  const { order, store } = await placePickupOrder(page, stack)
  const sunday = store.openingHours.find((hours) => hours.day === 7)!
  await page.goto(`/ecom/orders/${order.id}`)
  await waitForHydration(page)
  const details = page.getByRole('complementary', { name: 'Детали заказа' })
  // The schedule beside it already says at what time (UX4-12: no time twice).
  await expect(details).toContainText(`${store.schedule} · Закрыто · откроется завтра`)
  expect(store.schedule).toContain(sunday.opens!)
  await expect(details).not.toContainText('Сегодня')
  await page.screenshot({ path: 'e2e/artifacts/pickup-details-2311-360.png', fullPage: true })
})
