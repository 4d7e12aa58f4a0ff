import { describe, expect, it } from 'vitest'
import type { ApiClient } from '#shared/api/client.ts'
import { AppError } from '#shared/api/errors.ts'
import type { StoreWithDistance } from '#shared/models/stores.ts'
import { whereToBuyQuery, type WhereToBuyData } from '#shared/queries/where-to-buy.ts'
import { FEW_UNITS_MAX, originText, stockLevel, whereToBuyRows, WHERE_TO_BUY_LIMIT } from './where-to-buy-rows.ts'

const city = { fiasId: 'kzn', name: 'Казань', region: 'Татарстан', lat: 55.79, lon: 49.12 }
const store = (code: string, lat: number, distanceMeters = 0): StoreWithDistance => ({
  code,
  name: `Аврора ${code}`,
  type: 'shop',
  address: `г. Казань, ул. ${code}, д. 1`,
  city,
  lat,
  lon: 49.12,
  phone: '+7',
  schedule: 'Ежедневно 09:00–22:00',
  openingHours: [
    { day: 1, opens: '09:00', closes: '22:00' },
    { day: 7, opens: null, closes: null },
  ],
  isPickupAvailable: true,
  distanceMeters,
})

describe('«Где купить сегодня» rows', () => {
  it.each([
    [0, 'none'],
    [1, 'few'],
    [FEW_UNITS_MAX, 'few'],
    [FEW_UNITS_MAX + 1, 'many'],
  ])('calls %i units %s', (units, level) => {
    expect(stockLevel(units)).toBe(level)
  })

  it('puts the nearest stores with the goods first, fills up with those without, at most five', () => {
    const stores = ['A', 'B', 'C', 'D', 'E', 'F', 'G'].map((code, i) => store(code, 55.7 + i / 100, (i + 1) * 500))
    const data: WhereToBuyData = { stores, units: { B: 2, D: 9, F: 5 }, measured: true }
    const rows = whereToBuyRows(data)
    expect(rows).toHaveLength(WHERE_TO_BUY_LIMIT)
    expect(rows.map((row) => [row.store.code, row.level, row.distanceMeters])).toEqual([
      ['B', 'few', 1000],
      ['D', 'many', 2000],
      ['F', 'many', 3000],
      ['A', 'none', 500],
      ['C', 'none', 1500],
    ])
  })

  it('measures from the chosen store when no point was given, and gives no distance without either', () => {
    const stores = [store('A', 55.9), store('B', 55.8), store('C', 55.81)]
    const data: WhereToBuyData = { stores, units: { A: 5, B: 5, C: 5 }, measured: false }
    const fromB = whereToBuyRows(data, 'B')
    expect(fromB.map((row) => row.store.code)).toEqual(['B', 'C', 'A'])
    expect(fromB[0]!.distanceMeters).toBe(0)
    expect(fromB[1]!.distanceMeters).toBeGreaterThan(1000)
    expect(whereToBuyRows(data).map((row) => [row.store.code, row.distanceMeters])).toEqual([
      ['A', undefined],
      ['B', undefined],
      ['C', undefined],
    ])
  })
})

describe('whereToBuyQuery', () => {
  const fakeApi = (calls: Array<[string, unknown]>) =>
    ({
      call: async (def: { name: string }, options: { query?: unknown; params?: unknown }) => {
        calls.push([def.name, options.query])
        if (def.name === 'stores.geo') return { city, source: 'address', nearestStore: null }
        if (def.name === 'stores.search')
          return { items: [store('A', 55), store('B', 56)], total: 2, page: 1, pageSize: 20 }
        return { goodsId: 7, items: [{ storeCode: 'A', quantity: 4 }] }
      },
    }) as unknown as ApiClient

  it('asks for a page of stores by the point and their stock in one call', async () => {
    const calls: Array<[string, unknown]> = []
    const data = await whereToBuyQuery({ goodsId: 7, point: { lat: 55.8, lon: 49.1 } }).fetch(fakeApi(calls))
    expect(calls).toEqual([
      ['stores.search', { lat: 55.8, lon: 49.1, pageSize: 20 }],
      ['goods.stock', { storeCode: ['A', 'B'] }],
    ])
    expect(data).toMatchObject({ units: { A: 4 }, measured: true })
  })

  it('asks by the stored city, or by the city /geo guesses when the device knows none', async () => {
    const byCity: Array<[string, unknown]> = []
    await whereToBuyQuery({ goodsId: 7, cityFiasId: 'spb' }).fetch(fakeApi(byCity))
    expect(byCity.map(([name]) => name)).toEqual(['stores.search', 'goods.stock'])
    expect(byCity[0]![1]).toEqual({ cityFiasId: 'spb', pageSize: 20 })
    const guessed: Array<[string, unknown]> = []
    const data = await whereToBuyQuery({ goodsId: 7 }).fetch(fakeApi(guessed))
    expect(guessed.map(([name]) => name)).toEqual(['stores.geo', 'stores.search', 'goods.stock'])
    expect(guessed[1]![1]).toEqual({ cityFiasId: 'kzn', pageSize: 20 })
    expect(data.measured).toBe(false)
  })

  // Last in the file: once a gateway has said it lacks the stock call, this module asks it no more.
  it('asks the spec’s search per store when the gateway lacks the stock call (501), and says «Есть»', async () => {
    const calls: Array<[string, unknown]> = []
    const api = {
      call: async (def: { name: string }, options: { query?: { storeCode?: string } }) => {
        calls.push([def.name, options.query])
        if (def.name === 'stores.search')
          return { items: [store('A', 55), store('B', 56)], total: 2, page: 1, pageSize: 20 }
        if (def.name === 'goods.stock') throw new AppError('upstream', 'not implemented', { status: 501 })
        const has = options.query?.storeCode === 'A'
        return { items: has ? [{ id: 7 }] : [], total: has ? 1 : 0, page: 1, pageSize: 1 }
      },
    } as unknown as ApiClient
    const data = await whereToBuyQuery({ goodsId: 7, cityFiasId: 'kzn' }).fetch(api)
    expect(calls.slice(1)).toEqual([
      ['goods.stock', { storeCode: ['A', 'B'] }],
      ['goods.search', { storeCode: 'A', id: [7], pageSize: 1 }],
      ['goods.search', { storeCode: 'B', id: [7], pageSize: 1 }],
    ])
    expect(data.units).toEqual({ A: null, B: 0 })
    expect(whereToBuyRows(data).map((row) => [row.store.code, row.level])).toEqual([
      ['A', 'many'],
      ['B', 'none'],
    ])
    calls.length = 0
    await whereToBuyQuery({ goodsId: 7, cityFiasId: 'kzn' }).fetch(api)
    expect(calls.map(([name]) => name)).toEqual(['stores.search', 'goods.search', 'goods.search'])
  })
})

describe('what «Где купить сегодня» is near (UX4-11)', () => {
  const stores = [store('A', 55.79), store('B', 55.8)]
  it('names the point, the chosen store, or the city and asks for a store', () => {
    expect(originText({ stores, units: {}, measured: true }, undefined)).toMatch(/^Ближайшие к вам/)
    expect(originText({ stores, units: {}, measured: false }, 'B')).toBe(
      'Расстояние — от вашего магазина: ул. B, д. 1.',
    )
    expect(originText({ stores, units: {}, measured: false }, undefined)).toBe(
      'Магазины в городе Казань. Выберите свой магазин — покажем, как далеко до остальных.',
    )
    expect(originText({ stores, units: {}, measured: false }, 'elsewhere')).toBe('Магазины в городе Казань.')
  })
})
