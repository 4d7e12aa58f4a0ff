import { beforeAll, describe, expect, it } from 'vitest'
import { createMockGateway, type MockGateway } from '../gateway.ts'
import { call } from '../testing.ts'

let gateway: MockGateway
beforeAll(async () => {
  gateway = await createMockGateway({ checkAnswers: true })
})
const get = (path: string) => call(gateway, 'GET', `/webgate${path}`)

describe('stock of one goods per store (GET /v2/goods/:id/stock)', () => {
  it('answers units per store in one call, agreeing with the store search of goods', async () => {
    const stores = (await get('/v1/store-search?cityFiasId=93b3df57-4c89-44df-ac42-96f05e9cd3b9&pageSize=50')).body
      .items as { code: string }[]
    const codes = stores.map((store) => store.code)
    expect(codes.length).toBeGreaterThan(1)
    const goods = (await get('/v2/goods/search?categoryId=1&inStock=true&pageSize=40')).body.items as { id: number }[]
    let few = 0
    let none = 0
    for (const { id } of goods) {
      const { status, body } = await get(`/v2/goods/${id}/stock?${codes.map((c) => `storeCode=${c}`).join('&')}`)
      expect(status).toBe(200)
      expect(body.goodsId).toBe(id)
      expect(body.items.map((item: { storeCode: string }) => item.storeCode)).toEqual(codes)
      for (const item of body.items as { storeCode: string; quantity: number }[]) {
        const listed = (await get(`/v2/goods/search?storeCode=${item.storeCode}&id=${id}`)).body.total
        expect(item.quantity > 0).toBe(listed === 1)
        if (item.quantity > 0 && item.quantity <= 3) few++
        if (item.quantity === 0) none++
      }
    }
    // The seed gives every state: plenty, few and none.
    expect(few).toBeGreaterThan(0)
    expect(none).toBeGreaterThan(0)
  })

  it('leaves out unknown stores, answers 404 for unknown goods and 400 without a store', async () => {
    const goods = (await get('/v2/goods/search?categoryId=1&inStock=true&pageSize=1')).body.items[0].id
    expect((await get(`/v2/goods/${goods}/stock?storeCode=NOPE&storeCode=AU-KZN-001`)).body.items).toHaveLength(1)
    expect((await get('/v2/goods/999999/stock?storeCode=AU-KZN-001')).status).toBe(404)
    expect((await get(`/v2/goods/${goods}/stock`)).status).toBe(400)
  })
})
