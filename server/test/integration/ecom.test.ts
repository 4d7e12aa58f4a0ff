/**
 * E-commerce through the real storefront and the real mock gateway: carts stay per shopper under
 * concurrency, placing an order is idempotent, a failed placement keeps the cart, and the cart page
 * is never cacheable.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Cart } from '#shared/models/cart.ts'
import type { Checkout } from '#shared/models/checkout.ts'
import type { Order, OrdersPage } from '#shared/models/orders.ts'
import { startTestApp, type TestApp } from '#server/test/app.ts'
import { shopperClient, type ShopperClient } from '#server/test/storefront-client.ts'

const ANNA = '79000000001'
const NEW_PHONE = '79000005577'

let stack: TestApp

beforeEach(async () => {
  stack = await startTestApp({ env: { ECOM: 'true' } })
})
afterEach(async () => {
  await stack.close()
})

const mockFault = async (body: unknown) => {
  const response = await fetch(`${stack.mockUrl}/__mock/faults`, {
    method: body === undefined ? 'DELETE' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? null : JSON.stringify(body),
  })
  expect(response.ok).toBe(true)
}

const ordersTotal = async (shopper: ShopperClient) =>
  (await shopper.json<OrdersPage>('/webgate/v1/orders?page=1&pageSize=100')).body.total

describe('carts through the proxy', () => {
  it("never mixes two shoppers' carts under concurrent requests", async () => {
    const anna = shopperClient(stack)
    const boris = shopperClient(stack)
    await Promise.all([anna.signIn(ANNA), boris.signIn(NEW_PHONE)])
    const annaGoods = [10011, 10012, 10013]
    const borisGoods = [10021, 10022, 10023]

    const calls: Promise<{ who: 'anna' | 'boris'; status: number; cart: Cart }>[] = []
    for (let round = 0; round < 6; round++) {
      for (const [who, client, goods] of [
        ['anna', anna, annaGoods],
        ['boris', boris, borisGoods],
      ] as const) {
        const goodsId = goods[round % goods.length]!
        calls.push(
          client
            .json<Cart>('/webgate/v1/cart/items', { method: 'POST', body: { goodsId, quantity: 1 } })
            .then((r) => ({ who, status: r.status, cart: r.body })),
        )
        calls.push(client.json<Cart>('/webgate/v1/cart').then((r) => ({ who, status: r.status, cart: r.body })))
      }
    }
    const answers = await Promise.all(calls)
    for (const { who, status, cart } of answers) {
      expect(status).toBe(200)
      const foreign = who === 'anna' ? borisGoods : annaGoods
      expect(cart.lines.filter((line) => foreign.includes(line.goodsId))).toEqual([])
    }
    const [annaCart, borisCart] = await Promise.all([
      anna.json<Cart>('/webgate/v1/cart'),
      boris.json<Cart>('/webgate/v1/cart'),
    ])
    expect(borisCart.body.lines.map((line) => line.goodsId).sort()).toEqual(borisGoods)
    for (const id of annaGoods) expect(annaCart.body.lines.map((line) => line.goodsId)).toContain(id)

    // The server-rendered cart pages, requested at the same time, show each shopper their own goods.
    const [annaPage, borisPage] = await Promise.all([anna.fetch('/ecom/cart'), boris.fetch('/ecom/cart')])
    const [annaHtml, borisHtml] = await Promise.all([annaPage.text(), borisPage.text()])
    expect(annaHtml).toContain(`data-goods-id="${annaGoods[0]}"`)
    expect(annaHtml).not.toContain(`data-goods-id="${borisGoods[0]}"`)
    expect(borisHtml).toContain(`data-goods-id="${borisGoods[0]}"`)
    expect(borisHtml).not.toContain(`data-goods-id="${annaGoods[0]}"`)
  })
})

describe('placing an order', () => {
  it('creates one order for a double-submitted checkout with one idempotency key', async () => {
    const anna = shopperClient(stack)
    await anna.signIn(ANNA)
    const before = await ordersTotal(anna)
    const checkout = (await anna.json<Checkout>('/webgate/v1/checkout')).body
    expect(checkout.canPlace).toBe(true)
    const body = { cartVersion: checkout.cartVersion, idempotencyKey: 'test-double-submit-0001' }

    const [first, second] = await Promise.all([
      anna.json<Order>('/webgate/v1/checkout/orders', { method: 'POST', body }),
      anna.json<Order>('/webgate/v1/checkout/orders', { method: 'POST', body }),
    ])
    expect(first.status).toBe(200)
    expect(second.status).toBe(200)
    expect(second.body.id).toBe(first.body.id)
    // A later retry of the same attempt (a lost answer) gets the same order back too.
    const retry = await anna.json<Order>('/webgate/v1/checkout/orders', { method: 'POST', body })
    expect(retry.body.id).toBe(first.body.id)
    expect(await ordersTotal(anna)).toBe(before + 1)
    expect((await anna.json<Cart>('/webgate/v1/cart')).body.lines).toEqual([])
  })

  it('keeps the cart intact when the gateway fails to place the order, and the retry places one', async () => {
    const anna = shopperClient(stack)
    await anna.signIn(ANNA)
    const cartBefore = (await anna.json<Cart>('/webgate/v1/cart')).body
    expect(cartBefore.lines.length).toBeGreaterThan(0)
    const ordersBefore = await ordersTotal(anna)
    const checkout = (await anna.json<Checkout>('/webgate/v1/checkout')).body
    const body = { cartVersion: checkout.cartVersion, idempotencyKey: 'test-gateway-fault-0001' }

    await mockFault({ path: '/webgate/v1/checkout/orders', status: 503 })
    const failed = await anna.json('/webgate/v1/checkout/orders', { method: 'POST', body })
    expect(failed.status).toBe(503)
    await mockFault(undefined)

    const cartAfter = (await anna.json<Cart>('/webgate/v1/cart')).body
    expect(cartAfter).toEqual(cartBefore)
    expect(await ordersTotal(anna)).toBe(ordersBefore)

    const placed = await anna.json<Order>('/webgate/v1/checkout/orders', { method: 'POST', body })
    expect(placed.status).toBe(200)
    expect(await ordersTotal(anna)).toBe(ordersBefore + 1)
  })
})

describe('cache headers of the e-commerce pages', () => {
  it('sends private, no-store for the cart page, signed in or not', async () => {
    const anna = shopperClient(stack)
    const anonymous = await anna.fetch('/ecom/cart')
    expect(anonymous.status).toBe(200)
    expect(anonymous.headers.get('cache-control')).toBe('private, no-store')
    expect(await anonymous.text()).toContain('Войдите, чтобы продолжить')

    await anna.signIn(ANNA)
    for (const path of ['/ecom/cart', '/ecom/checkout', '/ecom', '/ecom/orders/o-1']) {
      const response = await anna.fetch(path)
      await response.text()
      expect(response.status, path).toBe(200)
      expect(response.headers.get('cache-control'), path).toBe('private, no-store')
    }
  })

  it('answers 404 on the e-commerce pages for a signed-in shopper without e-commerce', async () => {
    await stack.close()
    stack = await startTestApp()
    const shopper = shopperClient(stack)
    await shopper.signIn(NEW_PHONE)
    const response = await shopper.fetch('/ecom/cart')
    await response.text()
    expect(response.status).toBe(404)
    expect(response.headers.get('cache-control')).toBe('private, no-store')
  })
})
