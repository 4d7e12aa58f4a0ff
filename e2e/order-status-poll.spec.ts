/**
 * The order page follows a status change through the status poll of spec section 7.
 */
import { test as base, expect, storePerWorker, waitForHydration, type Stack } from './fixtures/stack.ts'
import { ANNA_PHONE, signIn } from './fixtures/ecom-shopper.ts'
import { OrderPage } from './fixtures/order-page.ts'

/** This file's store: the test places an order and moves the gateway's clock. */
const test = base.extend<Record<never, never>, { stack: Stack }>({ stack: [storePerWorker, { scope: 'worker' }] })

test('the order page follows a status change through /v1/orders/poll without re-reading the order', async ({
  page,
  stack,
  baseURL,
}) => {
  await signIn(page, baseURL!, ANNA_PHONE)
  const token = (await page.context().cookies(baseURL)).find((cookie) => cookie.name === 'access_token')!.value
  const gateway = (method: string, path: string, body?: unknown) =>
    fetch(`${stack.mockURL}/webgate${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? null : JSON.stringify(body),
    })
  await gateway('DELETE', '/v1/cart')
  const cart = (await (await gateway('POST', '/v1/cart/items', { goodsId: 10001, quantity: 1 })).json()) as {
    version: number
  }
  const order = (await (
    await gateway('POST', '/v1/checkout/orders', { cartVersion: cart.version, idempotencyKey: `poll-${Date.now()}` })
  ).json()) as { id: string }

  const reads: string[] = []
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (pathname.startsWith('/webgate/v1/orders/')) reads.push(pathname)
  })
  await page.goto(`/ecom/orders/${order.id}`)
  await waitForHydration(page)
  const orderPage = new OrderPage(page)
  await orderPage.assertStatus('Оформлен')
  const readsBefore = reads.filter((path) => path === `/webgate/v1/orders/${order.id}`).length
  await fetch(`${stack.mockURL}/__mock/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advanceMs: 10_000 }),
  })
  await expect(orderPage.status).toContainText(/Оплачен|Собирается/, { timeout: 20_000 })
  expect(reads).toContain('/webgate/v1/orders/poll')
  expect(reads.filter((path) => path === `/webgate/v1/orders/${order.id}`)).toHaveLength(readsBefore)
})
