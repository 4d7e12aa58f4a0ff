import { describe, expect, it } from 'vitest'
import { renderToString } from 'react-dom/server'
import type { Store } from '#shared/models/stores.ts'
import { storeEventParams } from './store-analytics.ts'
import { locateMessage, GEO_DENIED_MESSAGE } from './geolocation.ts'
import { StoreMap } from './store-map.tsx'
import { toResults } from './use-store-search.ts'

const city = { fiasId: 'f1', name: 'Москва', region: 'Москва', lat: 55.75, lon: 37.61 }
const store = (code: string, lat: number, lon: number): Store => ({
  code, name: `Аврора ${code}`, type: 'shop', address: `г. Москва, ул. ${code}, д. 1`, city, lat, lon, phone: '+7', schedule: 'Ежедневно 09:00–22:00',
  openingHours: [], isPickupAvailable: true,
})

describe('store picker parts', () => {
  it('spells the store fields of spec section 3 on store events', () => {
    expect(storeEventParams(store('AU-MSK-001', 55.7, 37.6))).toEqual({
      store_id: 'AU-MSK-001', store_name: 'Аврора AU-MSK-001', store_code: 'AU-MSK-001', store_city: 'Москва', store_address: 'г. Москва, ул. AU-MSK-001, д. 1',
    })
  })

  it('orders results nearest first from the point, and keeps the order without one', () => {
    const stores = [store('A', 55.9, 37.6), store('B', 55.751, 37.611), store('C', 55.8, 37.6)]
    expect(toResults(stores, { lat: 55.75, lon: 37.61 }).map((r) => r.store.code)).toEqual(['B', 'C', 'A'])
    expect(toResults(stores, undefined).map((r) => [r.store.code, r.distanceMeters])).toEqual([['A', undefined], ['B', undefined], ['C', undefined]])
  })

  it('gives a clear Russian message for a refused location', () => {
    expect(locateMessage('denied')).toBe(GEO_DENIED_MESSAGE)
    expect(GEO_DENIED_MESSAGE).toMatch(/Разрешите доступ к геолокации/)
  })

  it('draws the offline vector map with a named, pressed-state marker per store', () => {
    const html = renderToString(<StoreMap stores={[store('A', 55.7, 37.5), store('B', 55.8, 37.7)]} selectedCode="B" onSelect={() => {}} />)
    expect(html).toContain('data-map-kind="vector"')
    expect(html).toContain('<svg')
    expect(html).toContain('aria-label="1. Аврора A, г. Москва, ул. A, д. 1"')
    expect(html.match(/aria-pressed="true"/g)).toHaveLength(1)
    expect(html).not.toContain('<img')
  })

  it('uses image tiles from the template when a tile URL is configured', () => {
    const html = renderToString(<StoreMap stores={[store('A', 55.7, 37.5)]} onSelect={() => {}} tileUrl="https://tiles.example/{z}/{x}/{y}.png" />)
    expect(html).toContain('data-map-kind="tiles"')
    expect(html).toMatch(/src="https:\/\/tiles\.example\/\d+\/\d+\/\d+\.png"/)
    expect(html).not.toContain('<svg')
  })

  it('says so when there is nothing to show', () => {
    expect(renderToString(<StoreMap stores={[]} onSelect={() => {}} />)).toContain('Нет магазинов')
  })
})
