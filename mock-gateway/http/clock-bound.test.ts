// Clock-bound lists (promotions, a shopper's orders) are kept until the mock-clock instant their answer
// stops being true, so load tests through them measure the store, and every answer stays the one a
// fresh computation gives.
import { describe, expect, it } from 'vitest'
import { createMockGateway } from '../gateway.ts'
import { call, signIn } from '../testing.ts'

const NOW = Date.parse('2026-03-02T09:00:00Z')

describe('clock-bound answers', () => {
  it('keeps the promotions list until the next promotion starts or ends', async () => {
    const gateway = await createMockGateway({ config: { now: NOW } })
    const path = '/webgate/v1/promotions?pageSize=100'
    const first = await call(gateway, 'GET', path)
    const kept = gateway.state.answers.get(path, gateway.state.clock.now())
    expect(kept?.until).toBeGreaterThan(NOW)
    expect(gateway.cached('GET', path)).toBe(kept)
    expect((await call(gateway, 'GET', path)).body).toEqual(first.body)

    // Past that instant (the clock moved without a control call), the list is computed again.
    const until = kept?.until as number
    gateway.state.clock.advance(until - NOW)
    expect(gateway.cached('GET', path)).toBeUndefined()
    const later = await call(gateway, 'GET', path)
    expect(later.body.total).not.toBe(first.body.total)
    gateway.state.answers.clear()
    expect((await call(gateway, 'GET', path)).body).toEqual(later.body)
  })

  it("keeps a shopper's orders per token until an order steps on", async () => {
    const gateway = await createMockGateway({ config: { now: NOW } })
    const anna = await signIn(gateway, '79000000001')
    const olga = await signIn(gateway, '79000000003')
    const orders = (token: string) => call(gateway, 'GET', '/webgate/v1/orders', { token })
    const status = async (token: string) =>
      Object.fromEntries((await orders(token)).body.items.map((order: any) => [order.id, order.status]))
    const before = await status(anna.accessToken)
    expect(await status(anna.accessToken)).toEqual(before)
    expect(gateway.cached('GET', '/webgate/v1/orders', `Bearer ${anna.accessToken}`)).toBeDefined()
    // Another shopper never gets Anna's kept answer.
    expect((await orders(olga.accessToken)).body.items).toEqual([])
    expect(gateway.cached('GET', '/webgate/v1/orders')).toBeUndefined()

    gateway.state.clock.advance(10_000)
    const after = await status(anna.accessToken)
    expect(after).not.toEqual(before)
    expect(Object.values(after).filter((value) => value === 'paid').length).toBeGreaterThan(0)
  })

  it('never keeps an answer past the token that asked for it', async () => {
    const gateway = await createMockGateway({ config: { now: NOW, accessTtlS: 5 } })
    const { accessToken } = await signIn(gateway, '79000000001')
    await call(gateway, 'GET', '/webgate/v1/orders', { token: accessToken })
    const kept = gateway.cached('GET', '/webgate/v1/orders', `Bearer ${accessToken}`)
    expect(kept?.until).toBeLessThanOrEqual(NOW + 5_000)
    gateway.state.clock.advance(5_000)
    expect((await call(gateway, 'GET', '/webgate/v1/orders', { token: accessToken })).status).toBe(401)
  })
})
