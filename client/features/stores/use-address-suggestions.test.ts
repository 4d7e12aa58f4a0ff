import { describe, expect, it } from 'vitest'
import type { Store } from '#shared/models/stores.ts'
import { ADDRESS_SUGGEST_LIMIT, suggestionsOf } from './use-address-suggestions.ts'

const KAZAN = {
  fiasId: '93b3df57-4c89-44df-ac42-96f05e9cd3b9',
  name: 'Казань',
  region: 'Республика Татарстан',
  lat: 55.79,
  lon: 49.12,
}
const MOSCOW = {
  fiasId: '0c5b2444-70a0-4932-980c-b4dc0d3f02b5',
  name: 'Москва',
  region: 'Москва',
  lat: 55.76,
  lon: 37.62,
}

const store = (code: string, address: string, city = KAZAN): Store => ({
  code,
  name: `Аврора, ${address}`,
  type: 'shop',
  address,
  city,
  lat: city.lat,
  lon: city.lon,
  phone: '',
  schedule: '',
  openingHours: [],
  isPickupAvailable: true,
})

describe('suggestionsOf', () => {
  it("suggests each street once per city, without the city and the house, in the gateway's order", () => {
    expect(
      suggestionsOf([
        store('AU-KZN-001', 'г. Казань, ул. Баумана, д. 12'),
        store('AU-KZN-007', 'г. Казань, ул. Баумана, д. 40'),
        store('AU-MSK-003', 'г. Москва, ул. Баумана, д. 5', MOSCOW),
        store('AU-KZN-002', 'г. Казань, пр-т Победы, д. 141'),
      ]),
    ).toEqual([
      { cityFiasId: KAZAN.fiasId, city: 'Казань', street: 'ул. Баумана' },
      { cityFiasId: MOSCOW.fiasId, city: 'Москва', street: 'ул. Баумана' },
      { cityFiasId: KAZAN.fiasId, city: 'Казань', street: 'пр-т Победы' },
    ])
  })

  it('keeps a street whose name holds a number, and lists at most the limit', () => {
    expect(suggestionsOf([store('AU-EKB-004', 'г. Казань, ул. 8 Марта, д. 46')])[0]!.street).toBe('ул. 8 Марта')
    const many = Array.from({ length: ADDRESS_SUGGEST_LIMIT + 3 }, (_, i) =>
      store(`S${i}`, `г. Казань, ул. Номер ${i}, д. 1`),
    )
    expect(suggestionsOf(many)).toHaveLength(ADDRESS_SUGGEST_LIMIT)
  })
})
