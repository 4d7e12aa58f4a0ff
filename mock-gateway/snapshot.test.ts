import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createMockGateway, type MockGateway } from './gateway.ts'
import { standInPhone } from './snapshot.ts'
import { call, signIn } from './testing.ts'

const NOW = Date.parse('2026-03-02T09:00:00Z')

/** A mock with a day of shopping behind it: a cart, an order, stock, a closed store, a fault, a stub, time. */
async function usedMock(): Promise<{ gateway: MockGateway; token: string }> {
  const gateway = await createMockGateway({ config: { now: NOW } })
  const { accessToken: token } = await signIn(gateway, '79000000001')
  await call(gateway, 'POST', '/webgate/v1/cart/items', { token, body: { goodsId: 10030, quantity: 2 } })
  const cart = await call(gateway, 'GET', '/webgate/v1/checkout', { token })
  const order = await call(gateway, 'POST', '/webgate/v1/checkout/orders', {
    token,
    body: { cartVersion: cart.body.cartVersion, idempotencyKey: 'snapshot-order-0001' },
  })
  expect(order.status).toBe(200)
  await call(gateway, 'POST', '/webgate/v1/cart/items', { token, body: { goodsId: 10040, quantity: 1 } })
  await call(gateway, 'POST', '/__mock/goods/stock', { body: { goodsId: 10008, stock: 0 } })
  await call(gateway, 'POST', '/__mock/stores/pickup', { body: { code: 'AU-SPB-001', isPickupAvailable: false } })
  await call(gateway, 'POST', '/__mock/delivery-slots/full', { body: { slotId: '2026-03-03T14:00' } })
  await call(gateway, 'POST', '/__mock/faults', { body: { path: '/webgate/v2/promotions/*', status: 503 } })
  await call(gateway, 'POST', '/__mock/stubs', {
    body: {
      match: { method: 'GET', path: '/webgate/v2/goods/10001' },
      respond: { status: 410, body: { code: 'gone' } },
    },
  })
  await call(gateway, 'POST', '/__mock/clock', { body: { advanceMs: 3_600_000 } })
  await call(gateway, 'GET', '/webgate/v1/orders', { token })
  return { gateway, token }
}

describe('state export and import', () => {
  it('exports nothing but the clock and the shopper for an untouched mock', async () => {
    const gateway = await createMockGateway({ config: { now: NOW } })
    const { body } = await call(gateway, 'GET', '/__mock/state')
    expect(body).toMatchObject({
      version: 1,
      product: 'aurora',
      seed: 20250301,
      clock: '2026-03-02T09:00:00.000Z',
      collections: {},
      faults: [],
      stubs: [],
      signInAs: { phone: '79000000001', userId: '100001' },
    })
  })

  it('puts another mock into the same state: carts, orders, stock, stores, windows, faults, stubs and clock', async () => {
    const { gateway: source } = await usedMock()
    const exported = (await call(source, 'GET', '/__mock/state')).body
    expect(Object.keys(exported.collections)).toEqual(expect.arrayContaining(['carts', 'orders', 'goods', 'stores']))
    expect(exported.signInAs).toEqual({ phone: '79000000001', userId: '100001' })

    const target = await createMockGateway({ config: { now: NOW + 86_400_000 } })
    const put = await call(target, 'PUT', '/__mock/state', { body: exported })
    expect(put).toMatchObject({ status: 200, body: { imported: true, clock: '2026-03-02T10:00:00.000Z' } })
    expect((await call(target, 'GET', '/__mock/state')).body).toEqual(exported)

    const { accessToken: token } = await signIn(target, '79000000001')
    const cart = await call(target, 'GET', '/webgate/v1/cart', { token })
    expect(cart.body.lines.map((line: { goodsId: number }) => line.goodsId)).toEqual([10040])
    const orders = await call(target, 'GET', '/webgate/v1/orders?page=1&pageSize=20', { token })
    expect(orders.body.total).toBe(6)
    expect((await call(target, 'GET', '/webgate/v2/goods/10008')).body.inStock).toBe(false)
    expect((await call(target, 'GET', '/webgate/v2/goods/10001')).status).toBe(410)
    expect((await call(target, 'GET', '/webgate/v2/promotions/categories')).status).toBe(503)
    expect((await call(target, 'GET', '/__mock/faults')).body.faults).toHaveLength(1)
  })

  it('refuses a state of another seed or no state at all with 422 / 400', async () => {
    const gateway = await createMockGateway()
    const exported = (await call(gateway, 'GET', '/__mock/state')).body
    const other = await call(gateway, 'PUT', '/__mock/state', { body: { ...exported, seed: 1 } })
    expect(other.status).toBe(422)
    expect(other.body).toMatchObject({ code: 'stateNotImported', message: expect.stringContaining('MOCK_SEED=1') })
    expect((await call(gateway, 'PUT', '/__mock/state', { body: { hello: 1 } })).status).toBe(422)
    expect((await call(gateway, 'PUT', '/__mock/state', { body: 'not json{' })).status).toBe(400)
  })

  it('loads MOCK_STATE at start', async () => {
    const { gateway: source } = await usedMock()
    const dir = await mkdtemp(join(tmpdir(), 'mock-state-'))
    try {
      const file = join(dir, 'bug.json')
      await writeFile(file, JSON.stringify((await call(source, 'GET', '/__mock/state')).body))
      const started = await createMockGateway({ config: { stateFile: file } })
      expect((await call(started, 'GET', '/webgate/v2/goods/10008')).body.inStock).toBe(false)
      expect(new Date(started.state.clock.now()).toISOString()).toMatch(/^2026-03-02T10:00/)
    } finally {
      await rm(dir, { recursive: true })
    }
  })
})

describe('state export on the real clock', () => {
  it('exports no records for an untouched mock whose clock runs', async () => {
    const gateway = await createMockGateway()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect((await call(gateway, 'GET', '/__mock/state')).body.collections).toEqual({})
  })
})

describe('phones in a state file (security probe D9)', () => {
  it('masks a phone someone typed, and gives its shopper a stand-in phone on import', async () => {
    const gateway = await createMockGateway({ config: { now: NOW } })
    const phone = '79161234567'
    const otp = await call(gateway, 'POST', '/aurora-id/v1/auth/otp', { body: { aud: 'loyalty-web', phone } })
    const check = await call(gateway, 'POST', '/aurora-id/v1/auth/otp/check', {
      body: { aud: 'loyalty-web', phone, attemptId: otp.body.attemptId, code: '12345' },
    })
    const code = check.body.auroraIDCode
    await call(gateway, 'POST', '/aurora-id/v3/profile/register/aurora-id-code', {
      body: { auroraIDCode: code, firstName: 'Олег', agreementAccepted: true, permissions: { isEmailPermitted: true } },
    })
    const tokens = await call(gateway, 'POST', '/aurora-id/v1/auth/token', {
      body: { aud: 'loyalty-web', auroraIDCode: code },
    })
    await call(gateway, 'GET', '/aurora-id/v1/profile', { token: tokens.body.accessToken })

    const state = (await call(gateway, 'GET', '/__mock/state')).body
    expect(JSON.stringify(state)).not.toContain(phone)
    expect(state.signInAs).toEqual({ phone: '79*******67', userId: '200001' })
    expect(state.collections.users.set).toEqual([expect.objectContaining({ userId: '200001', phone: '79*******67' })])

    const fresh = await createMockGateway({ config: { now: NOW } })
    expect((await call(fresh, 'PUT', '/__mock/state', { body: state })).status).toBe(200)
    const { accessToken } = await signIn(fresh, standInPhone('200001'))
    const profile = await call(fresh, 'GET', '/aurora-id/v1/profile', { token: accessToken })
    expect(profile.body).toMatchObject({ userId: '200001', firstName: 'Олег', phone: '79900200001' })
  })
})
