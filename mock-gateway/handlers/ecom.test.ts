import { describe, expect, it } from 'vitest'
import { createManualClock } from '../clock.ts'
import { ORDER_STEP_MS, PICKUP_KEEP_DAYS } from '../domain/orders.ts'
import { createMockGateway, type MockGateway } from '../gateway.ts'
import { SPECIAL_GOODS } from '../seed/goods.ts'
import { CITIES } from '../seed/stores.ts'
import { SEED_USERS } from '../seed/users.ts'
import { call, signIn } from '../testing.ts'

const KAZAN = CITIES.find((city) => city.name === 'Казань')!.fiasId

async function annaSession(options: Parameters<typeof createMockGateway>[0] = {}) {
  const gateway = await createMockGateway({ checkAnswers: true, ...options })
  const { accessToken } = await signIn(gateway, SEED_USERS.complete.phone)
  const as = (method: string, path: string, body?: unknown) =>
    call(gateway, method, `/webgate${path}`, { token: accessToken, body })
  return { gateway, as }
}

/** Empties Anna's cart and fills it with these lines; answers the cart. */
async function cartWith(
  as: (method: string, path: string, body?: unknown) => ReturnType<typeof call>,
  lines: [number, number][],
) {
  await as('DELETE', '/v1/cart')
  let cart
  for (const [goodsId, quantity] of lines) cart = await as('POST', '/v1/cart/items', { goodsId, quantity })
  return cart?.body
}

describe('cart', () => {
  it('persists lines per user and bumps its version on every change', async () => {
    const { gateway, as } = await annaSession()
    const seeded = (await as('GET', '/v1/cart')).body
    expect(seeded.lines.map((l: { goodsId: number }) => l.goodsId)).toEqual([10002, 10090])
    const added = (await as('POST', '/v1/cart/items', { goodsId: 10040, quantity: 2 })).body
    expect(added.version).toBe(seeded.version + 1)
    const changed = (await as('PATCH', '/v1/cart/items/10040', { quantity: 3 })).body
    expect(changed.lines.find((l: { goodsId: number }) => l.goodsId === 10040).quantity).toBe(3)
    expect((await as('GET', '/v1/cart')).body).toEqual(changed)
    const other = await signIn(gateway, SEED_USERS.incomplete.phone)
    expect((await call(gateway, 'GET', '/webgate/v1/cart', { token: other.accessToken })).body.lines).toEqual([])
  })

  it('computes totals from prices, old prices and quantities', async () => {
    const { as } = await annaSession()
    const cart = await cartWith(as, [
      [10001, 2],
      [10002, 1],
    ])
    const expected = cart.lines.reduce(
      (sum: number, l: { price: number; quantity: number }) => sum + l.price * l.quantity,
      0,
    )
    expect(cart.totals.total).toBeCloseTo(expected, 2)
    expect(cart.totals.itemsTotal - cart.totals.discountTotal).toBeCloseTo(cart.totals.total, 2)
    expect(cart.totals.count).toBe(3)
  })

  it('refuses sold-out goods with 409 outOfStock and caps quantities at stock', async () => {
    const { as } = await annaSession()
    expect(await as('POST', '/v1/cart/items', { goodsId: SPECIAL_GOODS.soldOut, quantity: 1 })).toMatchObject({
      status: 409,
      body: { code: 'outOfStock', goodsIds: [SPECIAL_GOODS.soldOut] },
    })
    const cart = (await as('POST', '/v1/cart/items', { goodsId: SPECIAL_GOODS.lastUnit, quantity: 5 })).body
    expect(cart.lines.find((l: { goodsId: number }) => l.goodsId === SPECIAL_GOODS.lastUnit)).toMatchObject({
      quantity: 1,
      maxQuantity: 1,
    })
  })
})

describe('checkout', () => {
  it('places one order per idempotency key and empties the cart', async () => {
    const { gateway, as } = await annaSession()
    const cart = await cartWith(as, [[10001, 1]])
    const body = { cartVersion: cart.version, idempotencyKey: 'order-key-0001' }
    const [first, again] = await Promise.all([
      as('POST', '/v1/checkout/orders', body),
      as('POST', '/v1/checkout/orders', body),
    ])
    expect(first.status).toBe(200)
    expect(again.body.id).toBe(first.body.id)
    expect((await as('POST', '/v1/checkout/orders', body)).body.id).toBe(first.body.id)
    expect(gateway.state.db.orders.findMany((q) => q.where({ idempotencyKey: 'order-key-0001' }))).toHaveLength(1)
    expect((await as('GET', '/v1/cart')).body.lines).toEqual([])
    expect(first.body).toMatchObject({ status: 'created', canCancel: true, store: { code: 'AU-MSK-001' } })
  })

  it('names the card network in the payment of the order (Visa •• 4242, not Карта •• 4242)', async () => {
    const { as } = await annaSession()
    const cart = await cartWith(as, [[10001, 1]])
    await as('PUT', '/v1/checkout/payment', { paymentMethodId: 'pm-2' })
    const order = await as('POST', '/v1/checkout/orders', {
      cartVersion: cart.version,
      idempotencyKey: 'order-key-0002',
    })
    expect(order.body.payment).toMatchObject({ methodId: 'pm-2', title: 'Мир •• 0004' })
  })

  it('answers 409 cartChanged for a stale cart version', async () => {
    const { as } = await annaSession()
    const cart = await cartWith(as, [[10001, 1]])
    await as('POST', '/v1/cart/items', { goodsId: 10002, quantity: 1 })
    expect(
      await as('POST', '/v1/checkout/orders', { cartVersion: cart.version, idempotencyKey: 'order-key-0002' }),
    ).toMatchObject({ status: 409, body: { code: 'cartChanged', cartVersion: cart.version + 1 } })
  })

  it('answers 409 outOfStock naming the goods with too few units left', async () => {
    const { gateway, as } = await annaSession()
    const cart = await cartWith(as, [
      [10001, 1],
      [10002, 3],
    ])
    await call(gateway, 'POST', '/__mock/goods/stock', { body: { goodsId: 10002, stock: 2 } })
    expect((await as('GET', '/v1/checkout')).body.problems).toContainEqual(
      expect.objectContaining({ kind: 'notEnough', goodsId: 10002, available: 2 }),
    )
    expect(
      await as('POST', '/v1/checkout/orders', { cartVersion: cart.version, idempotencyKey: 'order-key-0003' }),
    ).toMatchObject({ status: 409, body: { code: 'outOfStock', goodsIds: [10002] } })
  })

  it('sets sold-out lines aside: out of the totals, out of the order, still in the cart', async () => {
    const { gateway, as } = await annaSession()
    await cartWith(as, [
      [10001, 1],
      [SPECIAL_GOODS.lastUnit, 1],
    ])
    await call(gateway, 'POST', '/__mock/goods/stock', { body: { goodsId: SPECIAL_GOODS.lastUnit, stock: 0 } })
    const cart = (await as('GET', '/v1/cart')).body
    const available = cart.lines.find((line: { goodsId: number }) => line.goodsId === 10001)
    expect(cart.totals).toMatchObject({ total: available.lineTotal, count: 1 })
    await as('PUT', '/v1/checkout/delivery', { deliveryType: 'pickup', storeCode: 'AU-MSK-001' })
    await as('PUT', '/v1/checkout/payment', { paymentMethodId: 'pm-1' })
    const checkout = (await as('GET', '/v1/checkout')).body
    expect(checkout).toMatchObject({ canPlace: true, problems: [] })
    const order = await as('POST', '/v1/checkout/orders', {
      cartVersion: cart.version,
      idempotencyKey: 'order-key-0013',
    })
    expect(order.status).toBe(200)
    expect(order.body.lines.map((line: { goodsId: number }) => line.goodsId)).toEqual([10001])
    expect((await as('GET', '/v1/cart')).body.lines.map((line: { goodsId: number }) => line.goodsId)).toEqual([
      SPECIAL_GOODS.lastUnit,
    ])
  })

  it('answers 409 storeChanged when the pickup store stops taking orders', async () => {
    const { gateway, as } = await annaSession()
    const cart = await cartWith(as, [[10001, 1]])
    await as('PUT', '/v1/checkout/delivery', { deliveryType: 'pickup', storeCode: 'AU-SPB-001' })
    await call(gateway, 'POST', '/__mock/stores/pickup', { body: { code: 'AU-SPB-001', isPickupAvailable: false } })
    expect(
      await as('POST', '/v1/checkout/orders', { cartVersion: cart.version, idempotencyKey: 'order-key-0004' }),
    ).toMatchObject({ status: 409, body: { code: 'storeChanged' } })
    expect(await as('PUT', '/v1/checkout/delivery', { deliveryType: 'pickup', storeCode: 'AU-MSK-008' })).toMatchObject(
      { status: 409 },
    )
  })

  it('keeps the courier address and window on the order, with the city named by its FIAS id, and no pickup keeping', async () => {
    const { as } = await annaSession({ clock: createManualClock(Date.parse('2026-03-02T07:00:00Z')) })
    const cart = await cartWith(as, [[10001, 1]])
    await as('PUT', '/v1/checkout/delivery', { deliveryType: 'courier' })
    const slots = (await as('GET', `/v1/checkout/delivery-slots?cityFiasId=${KAZAN}`)).body.items
    // 10:00 MSK is 07:00 UTC: today's first window starts now, inside the lead time, so it is left out.
    expect(slots[0]).toEqual({
      id: '2026-03-02T14:00',
      date: '2026-03-02',
      from: '14:00',
      to: '18:00',
      available: true,
    })
    const address = {
      cityFiasId: KAZAN,
      city: 'любой',
      street: 'ул. Баумана, д. 7',
      flat: '12',
      comment: 'Домофон не работает',
    }
    const order = await as('POST', '/v1/checkout/orders', {
      cartVersion: cart.version,
      idempotencyKey: 'order-key-c001',
      courier: { address, slotId: slots[0].id },
    })
    expect(order.status).toBe(200)
    expect(order.body).toMatchObject({
      deliveryType: 'courier',
      store: null,
      pickup: null,
      delivery: {
        address: { ...address, city: 'Казань' },
        slot: { id: '2026-03-02T14:00', from: '14:00', to: '18:00' },
      },
    })
    expect((await as('GET', `/v1/orders/${order.body.id}`)).body.delivery).toEqual(order.body.delivery)
  })

  it('refuses a courier order without an address (400) and with a full or unknown window (409 slotUnavailable)', async () => {
    const { as } = await annaSession({ clock: createManualClock(Date.parse('2026-03-02T07:00:00Z')) })
    const cart = await cartWith(as, [[10001, 1]])
    await as('PUT', '/v1/checkout/delivery', { deliveryType: 'courier' })
    expect(
      await as('POST', '/v1/checkout/orders', { cartVersion: cart.version, idempotencyKey: 'order-key-c002' }),
    ).toMatchObject({ status: 400, body: { code: 'validationError' } })
    const slots = (await as('GET', `/v1/checkout/delivery-slots?cityFiasId=${KAZAN}`)).body.items as {
      id: string
      available: boolean
    }[]
    const full = slots.find((slot) => !slot.available)!
    const address = { cityFiasId: KAZAN, city: 'Казань', street: 'ул. Баумана, д. 7' }
    for (const slotId of [full.id, '2026-03-01T10:00']) {
      expect(
        await as('POST', '/v1/checkout/orders', {
          cartVersion: cart.version,
          idempotencyKey: `order-key-${slotId}`,
          courier: { address, slotId },
        }),
      ).toMatchObject({ status: 409, body: { code: 'slotUnavailable' } })
    }
    expect(
      await as('POST', '/v1/checkout/orders', {
        cartVersion: cart.version,
        idempotencyKey: 'order-key-c003',
        courier: { address: { ...address, street: '' }, slotId: slots[0]!.id },
      }),
    ).toMatchObject({ status: 400 })
    expect(await as('GET', '/v1/checkout/delivery-slots?cityFiasId=unknown')).toMatchObject({ status: 404 })
  })

  it('fills a window on request (POST /__mock/delivery-slots/full), so it is offered as full and refused', async () => {
    const { gateway, as } = await annaSession({ clock: createManualClock(Date.parse('2026-03-02T07:00:00Z')) })
    const cart = await cartWith(as, [[10001, 1]])
    await as('PUT', '/v1/checkout/delivery', { deliveryType: 'courier' })
    await call(gateway, 'POST', '/__mock/delivery-slots/full', { body: { slotId: '2026-03-02T14:00' } })
    const slots = (await as('GET', `/v1/checkout/delivery-slots?cityFiasId=${KAZAN}`)).body.items
    expect(slots[0]).toMatchObject({ id: '2026-03-02T14:00', available: false })
    const courier = {
      address: { cityFiasId: KAZAN, city: 'Казань', street: 'ул. Баумана, д. 7' },
      slotId: '2026-03-02T14:00',
    }
    expect(
      await as('POST', '/v1/checkout/orders', { cartVersion: cart.version, idempotencyKey: 'order-key-c004', courier }),
    ).toMatchObject({ status: 409, body: { code: 'slotUnavailable' } })
  })
})

describe('orders', () => {
  it('advances an order every step until ready, visible through the poll', async () => {
    const clock = createManualClock(Date.UTC(2025, 5, 1, 10))
    const { as } = await annaSession({ clock })
    const cart = await cartWith(as, [[10001, 1]])
    const order = (
      await as('POST', '/v1/checkout/orders', { cartVersion: cart.version, idempotencyKey: 'order-key-0005' })
    ).body
    const since = (await as('GET', '/v1/orders/poll?since=0')).body.version
    clock.advance(ORDER_STEP_MS)
    const poll = (await as('GET', `/v1/orders/poll?since=${since}`)).body
    expect(poll.changes).toContainEqual(expect.objectContaining({ id: order.id, status: 'paid' }))
    clock.advance(ORDER_STEP_MS * 10)
    const ready = (await as('GET', `/v1/orders/${order.id}`)).body
    expect(ready.statusHistory.map((s: { status: string }) => s.status)).toEqual([
      'created',
      'paid',
      'assembling',
      'ready',
    ])
    expect(ready.canCancel).toBe(false)
    expect(await as('POST', `/v1/orders/${order.id}/cancel`)).toMatchObject({
      status: 409,
      body: { code: 'cancelNotAllowed' },
    })
  })

  it('keeps a pickup order ready for pickup PICKUP_KEEP_DAYS, then cancels it uncollected and restocks', async () => {
    const start = Date.UTC(2025, 5, 1, 10)
    const clock = createManualClock(start)
    // The token outlives the days the test moves the clock.
    const { as } = await annaSession({ clock, config: { accessTtlS: 30 * 86_400 } })
    const cart = await cartWith(as, [[10001, 2]])
    const stock = (await as('GET', '/v2/goods/10001')).body.stock
    const order = (
      await as('POST', '/v1/checkout/orders', { cartVersion: cart.version, idempotencyKey: 'order-key-0007' })
    ).body
    expect(order.pickup).toEqual({ keepDays: PICKUP_KEEP_DAYS, keepUntil: null })
    const since = (await as('GET', '/v1/orders/poll?since=0')).body.version
    clock.advance(ORDER_STEP_MS * 3)
    const readyAt = start + ORDER_STEP_MS * 3
    const keepUntil = new Date(readyAt + PICKUP_KEEP_DAYS * 86_400_000).toISOString()
    const poll = (await as('GET', `/v1/orders/poll?since=${since}`)).body
    expect(poll.changes).toContainEqual(expect.objectContaining({ id: order.id, status: 'ready', keepUntil }))
    expect((await as('GET', `/v1/orders/${order.id}`)).body.pickup).toEqual({ keepDays: PICKUP_KEEP_DAYS, keepUntil })

    clock.advance(PICKUP_KEEP_DAYS * 86_400_000 - 1)
    expect((await as('GET', `/v1/orders/${order.id}`)).body.status).toBe('ready')
    clock.advance(1)
    const expired = (await as('GET', `/v1/orders/${order.id}`)).body
    expect(expired.status).toBe('cancelled')
    expect(expired.statusHistory.at(-1)).toEqual({ status: 'cancelled', at: keepUntil })
    expect(expired.pickup).toEqual({ keepDays: PICKUP_KEEP_DAYS, keepUntil: null })
    expect((await as('GET', '/v2/goods/10001')).body.stock).toBe(stock)
  })

  it('cancels an order in progress and lists orders newest first', async () => {
    const { as } = await annaSession()
    const cart = await cartWith(as, [[10001, 1]])
    const order = (
      await as('POST', '/v1/checkout/orders', { cartVersion: cart.version, idempotencyKey: 'order-key-0006' })
    ).body
    expect((await as('POST', `/v1/orders/${order.id}/cancel`)).body).toMatchObject({
      status: 'cancelled',
      canCancel: false,
    })
    const list = (await as('GET', '/v1/orders')).body
    expect(list.items[0].id).toBe(order.id)
    const dates = list.items.map((o: { createdAt: string }) => o.createdAt)
    expect(dates).toEqual([...dates].sort().reverse())
    expect((await as('GET', '/v2/orders/active/list')).body.items.some((o: { id: string }) => o.id === order.id)).toBe(
      false,
    )
  })

  it("answers 404 for another shopper's order", async () => {
    const { gateway } = await annaSession()
    const other = await signIn(gateway, SEED_USERS.incomplete.phone)
    expect((await call(gateway, 'GET', '/webgate/v1/orders/o-1', { token: other.accessToken })).status).toBe(404)
  })
})

describe('consents and favorites', () => {
  it('persists consent changes and keeps the flags not sent', async () => {
    const { as } = await annaSession()
    const before = (await as('GET', '/cuscom/v2/user/permissions')).body
    await as('PUT', '/cuscom/v2/user/permissions', { isCallsPermitted: true })
    expect((await as('GET', '/cuscom/v2/user/permissions')).body).toEqual({ ...before, isCallsPermitted: true })
  })

  it('keeps favorites newest first without duplicates', async () => {
    const { as } = await annaSession()
    await as('POST', '/api/v1/goods/add', { goodsId: 10005 })
    await as('POST', '/api/v1/goods/add', { goodsId: 10003 })
    expect((await as('GET', '/api/v1/goods/favorites')).body.goodsIds).toEqual([10003, 10005, 10150, 10222])
  })
})

describe('payment methods and the card form', () => {
  async function openForm(
    gateway: MockGateway,
    as: (method: string, path: string, body?: unknown) => ReturnType<typeof call>,
    returnUrl = '/ecom/cards?tab=1',
  ) {
    const session = (await as('POST', '/v1/payment-methods/card-sessions', { returnUrl })).body
    return { session, path: new URL(session.formUrl).pathname }
  }
  const submit = (gateway: MockGateway, path: string, fields: Record<string, string>) =>
    call(gateway, 'POST', path, {
      body: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })

  it('hosts the form on its own origin, keeps only the last four digits, and returns to the storefront', async () => {
    const { gateway, as } = await annaSession({ config: { publicUrl: 'http://127.0.0.1:4010' } })
    const { session, path } = await openForm(gateway, as)
    expect(session.formUrl).toMatch(/^http:\/\/127\.0\.0\.1:4010\/payform\//)
    const page = await call(gateway, 'GET', path)
    expect(page.body).toContain('Номер карты')
    const done = await submit(gateway, path, { pan: '2200 0000 0000 0004', expiry: '12/39', cvc: '123', action: 'add' })
    expect(done.status).toBe(303)
    expect(done.headers.get('location')).toBe('http://127.0.0.1:3000/ecom/cards?tab=1&cardAdded=1')
    const methods = (await as('GET', '/v1/payment-methods')).body.items
    expect(methods).toContainEqual(
      expect.objectContaining({ type: 'card', maskedPan: '•• 0004', brand: 'mir', expiry: '12/39' }),
    )
    expect(JSON.stringify(gateway.state.db.paymentMethods.findMany())).not.toContain('2200000000000004')
    expect((await submit(gateway, path, { pan: '4242424242424242', expiry: '12/39', cvc: '123' })).status).toBe(410)
  })

  it.each([
    ['a number failing Luhn', { pan: '4242424242424241', expiry: '12/39', cvc: '123' }, 'Проверьте номер карты'],
    ['an expired card', { pan: '4242424242424242', expiry: '01/20', cvc: '123' }, 'Срок действия карты истёк'],
    ['a short CVC', { pan: '4242424242424242', expiry: '12/39', cvc: '1' }, 'CVC'],
  ])('shows the form again for %s and saves nothing', async (_, fields, message) => {
    const { gateway, as } = await annaSession()
    const { path } = await openForm(gateway, as)
    const count = gateway.state.db.paymentMethods.count()
    const answer = await submit(gateway, path, fields)
    expect(answer.status).toBe(422)
    expect(answer.body).toContain(message)
    expect(gateway.state.db.paymentMethods.count()).toBe(count)
  })

  it('keeps the typed number and expiry after a refused number, but never the CVC', async () => {
    const { gateway, as } = await annaSession()
    const { path } = await openForm(gateway, as)
    const answer = await submit(gateway, path, { pan: '4242 4242 4242 4241', expiry: '12/39', cvc: '987' })
    expect(answer.status).toBe(422)
    expect(answer.body).toContain('value="4242 4242 4242 4241"')
    expect(answer.body).toContain('value="12/39"')
    // The form's action holds a random hex token, which may contain the digits by chance.
    expect(answer.body.replace(/action="[^"]*"/, '')).not.toContain('987')
    expect(answer.body).toMatch(/<input id="cvc"(?![^>]*value=)[^>]*>/)
  })

  it('escapes what it puts back into the form', async () => {
    const { gateway, as } = await annaSession()
    const { path } = await openForm(gateway, as)
    const answer = await submit(gateway, path, { pan: '"><script>x</script>', expiry: '12/39', cvc: '987' })
    expect(answer.body).not.toContain('<script>x')
  })

  it.each(['https://evil.example/steal', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)'])(
    'refuses the return URL %s',
    async (returnUrl) => {
      const { as } = await annaSession()
      expect(await as('POST', '/v1/payment-methods/card-sessions', { returnUrl })).toMatchObject({
        status: 400,
        body: { code: 'validationError' },
      })
    },
  )

  it('does not save a card twice: back with cardError=duplicate', async () => {
    const { gateway, as } = await annaSession()
    const { path } = await openForm(gateway, as)
    const count = gateway.state.db.paymentMethods.count()
    // The seeded Mir card •• 0004, valid to 08/28.
    const answer = await submit(gateway, path, {
      pan: '2200 0000 0000 0004',
      expiry: '08/28',
      cvc: '123',
      action: 'add',
    })
    expect(answer.headers.get('location')).toBe('http://127.0.0.1:3000/ecom/cards?tab=1&cardError=duplicate')
    expect(gateway.state.db.paymentMethods.count()).toBe(count)
  })

  it('keeps the anchor of the return URL, so the shopper lands on the payment methods', async () => {
    const { gateway, as } = await annaSession()
    const { path } = await openForm(gateway, as, '/ecom#payment-methods')
    const done = await submit(gateway, path, { pan: '4242424242424242', expiry: '12/39', cvc: '123', action: 'add' })
    expect(done.headers.get('location')).toBe('http://127.0.0.1:3000/ecom?cardAdded=1#payment-methods')
  })

  it('returns with cardError=cancelled when the shopper cancels', async () => {
    const { gateway, as } = await annaSession()
    const { path } = await openForm(gateway, as, 'http://127.0.0.1:3000/ecom/cards')
    expect((await submit(gateway, path, { action: 'cancel' })).headers.get('location')).toBe(
      'http://127.0.0.1:3000/ecom/cards?cardError=cancelled',
    )
  })

  it('links SBP accounts once per bank, renames, switches the default and deletes', async () => {
    const { as } = await annaSession()
    expect((await as('POST', '/v1/payment-methods/sbp', { bankId: 'volga' })).body).toMatchObject({
      type: 'sbp',
      bankName: 'Банк Волга',
      isDefault: false,
    })
    expect((await as('POST', '/v1/payment-methods/sbp', { bankId: 'volga' })).status).toBe(409)
    expect((await as('PATCH', '/v1/payment-methods/pm-2', { name: 'Для покупок' })).body.name).toBe('Для покупок')
    const list = (await as('POST', '/v1/payment-methods/pm-2/default')).body.items
    expect(list[0]).toMatchObject({ id: 'pm-2', isDefault: true })
    expect(list.filter((m: { isDefault: boolean }) => m.isDefault)).toHaveLength(1)
    const left = (await as('DELETE', '/v1/payment-methods/pm-2')).body.items
    expect(left.some((m: { id: string }) => m.id === 'pm-2')).toBe(false)
    expect(left.filter((m: { isDefault: boolean }) => m.isDefault)).toHaveLength(1)
  })
})
