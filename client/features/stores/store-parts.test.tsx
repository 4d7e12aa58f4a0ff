import { describe, expect, it } from 'vitest'
import { renderToString } from 'react-dom/server'
import type { Store } from '#shared/models/stores.ts'
import { storeEventParams } from './store-analytics.ts'
import { locateMessage, GEO_DENIED_MESSAGE } from './geolocation.ts'
import { markerHtml, markerLabel, StoreMap } from './store-map.tsx'
import { toResults } from './use-store-search.ts'

const city = { fiasId: 'f1', name: 'Москва', region: 'Москва', lat: 55.75, lon: 37.61 }
const store = (code: string, lat: number, lon: number): Store => ({
  code,
  name: `Аврора ${code}`,
  type: 'shop',
  address: `г. Москва, ул. ${code}, д. 1`,
  city,
  lat,
  lon,
  phone: '+7',
  schedule: 'Ежедневно 09:00–22:00',
  openingHours: [],
  isPickupAvailable: true,
})

describe('store picker parts', () => {
  it('spells the store fields of spec section 3 on store events', () => {
    expect(storeEventParams(store('AU-MSK-001', 55.7, 37.6))).toEqual({
      store_id: 'AU-MSK-001',
      store_name: 'Аврора AU-MSK-001',
      store_code: 'AU-MSK-001',
      store_city: 'Москва',
      store_address: 'г. Москва, ул. AU-MSK-001, д. 1',
    })
  })

  it('orders results nearest first from the point, and keeps the order without one', () => {
    const stores = [store('A', 55.9, 37.6), store('B', 55.751, 37.611), store('C', 55.8, 37.6)]
    expect(toResults(stores, { lat: 55.75, lon: 37.61 }).map((r) => r.store.code)).toEqual(['B', 'C', 'A'])
    expect(toResults(stores, undefined).map((r) => [r.store.code, r.distanceMeters])).toEqual([
      ['A', undefined],
      ['B', undefined],
      ['C', undefined],
    ])
  })

  it('gives a clear Russian message for a refused location', () => {
    expect(locateMessage('denied')).toBe(GEO_DENIED_MESSAGE)
    expect(GEO_DENIED_MESSAGE).toMatch(/Разрешите доступ к геолокации/)
  })

  it('draws each marker as a button named by its number and store, pressed only when selected, with the text escaped', () => {
    const html = markerHtml(2, { ...store('A', 55.7, 37.5), name: 'Аврора "<Центр>"' }, true)
    expect(html).toContain('<button type="button"')
    expect(html).toContain('aria-label="3. Аврора &quot;&lt;Центр&gt;&quot;, г. Москва, ул. A, д. 1"')
    expect(html).toContain('aria-pressed="true"')
    expect(html).toContain('<span aria-hidden="true">3</span>')
    expect(markerHtml(0, store('B', 55.7, 37.5), false)).toContain('aria-pressed="false"')
    expect(markerLabel(0, store('B', 55.7, 37.5))).toBe('1. Аврора B, г. Москва, ул. B, д. 1')
  })

  it('renders the Leaflet map container on the server without loading Leaflet', () => {
    const html = renderToString(
      <StoreMap
        stores={[store('A', 55.7, 37.5)]}
        onSelect={() => {}}
        tileUrl="https://tiles.example/{z}/{x}/{y}.png"
      />,
    )
    expect(html).toContain('data-map-kind="leaflet"')
    expect(html).toContain('data-map-ready="false"')
  })

  it('says so when there is nothing to show', () => {
    expect(renderToString(<StoreMap stores={[]} onSelect={() => {}} />)).toContain('Нет магазинов')
  })
})
