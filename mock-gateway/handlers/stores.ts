/** Cities and stores: text search, nearest-first search, the city guess, city by FIAS id, store by code. */
import type { HttpHandler } from 'msw'
import {
  getCityByFiasId,
  getStore,
  guessCity,
  listCities,
  searchStores,
  searchStoresByAddress,
} from '#shared/gateway/stores.ts'
import type { Store, StoreWithDistance } from '#shared/models/stores.ts'
import { matchesWords } from '../domain/catalog.ts'
import { distanceMeters } from '../http/geo.ts'
import { notFound } from '../http/gateway-error.ts'
import { CACHEABLE, mockEndpoint } from '../http/mock-endpoint.ts'
import { paginate } from '../http/views.ts'
import { CITIES } from '../seed/stores.ts'
import type { MockState } from '../state.ts'

/** A point farther than this from every city's centre is "far from all": `/geo` answers the default city. */
const CITY_RADIUS_M = 60_000

/**
 * The seeded city of a client address: `10.{n}.x.x` is the n-th seeded city (10.1 Moscow, 10.2
 * Saint Petersburg, … 10.6 Nizhny Novgorod), so tests can stand anywhere; loopback and any other
 * address: undefined (the default city).
 */
export function cityIndexOfAddress(address: string | null | undefined): number | undefined {
  const first = address
    ?.split(',')[0]
    ?.trim()
    .replace(/^::ffff:/, '')
  const match = first ? /^10\.(\d{1,3})\.\d{1,3}\.\d{1,3}$/.exec(first) : null
  const n = Number(match?.[1])
  return n >= 1 && n <= CITIES.length ? n - 1 : undefined
}

/** Handlers of the store and city calls. */
export function storeHandlers(state: MockState): HttpHandler[] {
  const byName = (a: Store, b: Store) =>
    a.city.name.localeCompare(b.city.name, 'ru') || a.address.localeCompare(b.address, 'ru')
  const withDistance = (store: Store, lat?: number, lon?: number): StoreWithDistance => ({
    ...store,
    distanceMeters: lat === undefined || lon === undefined ? 0 : distanceMeters(lat, lon, store.lat, store.lon),
  })
  return [
    mockEndpoint(
      state,
      searchStoresByAddress,
      ({ query }) => {
        const items = state.db.stores
          .findMany()
          .filter(
            (s) => (!query.cityFiasId || s.city.fiasId === query.cityFiasId) && (!query.type || s.type === query.type),
          )
          .filter((s) => matchesWords(`${s.address} ${s.name}`, query.q))
          .sort(byName)
        return paginate(items, query.page, query.pageSize ?? 20)
      },
      CACHEABLE,
    ),

    mockEndpoint(
      state,
      searchStores,
      ({ query }) => {
        const { lat, lon } = query
        const hasPoint = lat !== undefined && lon !== undefined
        const items = state.db.stores
          .findMany()
          .filter(
            (s) => (!query.cityFiasId || s.city.fiasId === query.cityFiasId) && (!query.type || s.type === query.type),
          )
          .map((s) => withDistance(s, lat, lon))
          .filter((s) => !hasPoint || query.radiusMeters === undefined || s.distanceMeters <= query.radiusMeters)
          .sort((a, b) => (hasPoint ? a.distanceMeters - b.distanceMeters : 0) || byName(a, b))
        return paginate(items, query.page, query.pageSize ?? 20)
      },
      CACHEABLE,
    ),

    // Not cacheable: without a point the answer depends on the client address (X-Forwarded-For).
    mockEndpoint(state, guessCity, ({ query, request }) => {
      const { lat, lon } = query
      const cities = state.db.cities.findMany()
      const fallback = cities.find((c) => c.fiasId === CITIES[0]?.fiasId) ?? (cities[0] as (typeof cities)[number])
      let city = fallback
      let source: 'point' | 'address' | 'default' = 'default'
      const byAddress = cityIndexOfAddress(request.headers.get('x-forwarded-for'))
      const addressCity =
        byAddress === undefined ? undefined : cities.find((c) => c.fiasId === CITIES[byAddress]?.fiasId)
      if (addressCity) {
        city = addressCity
        source = 'address'
      }
      if (lat !== undefined && lon !== undefined) {
        const nearest = cities
          .map((c) => ({ c, d: distanceMeters(lat, lon, c.lat, c.lon) }))
          .sort((a, b) => a.d - b.d)[0]
        if (nearest && nearest.d <= CITY_RADIUS_M) {
          city = nearest.c
          source = 'point'
        }
      }
      const pointLat = source === 'point' ? lat : city.lat
      const pointLon = source === 'point' ? lon : city.lon
      const nearestStore =
        state.db.stores
          .findMany()
          .filter((s) => s.city.fiasId === city.fiasId)
          .map((s) => withDistance(s, pointLat, pointLon))
          .sort((a, b) => a.distanceMeters - b.distanceMeters)[0] ?? null
      return { city, source, nearestStore }
    }),

    mockEndpoint(
      state,
      getCityByFiasId,
      ({ query }) => state.db.cities.findFirst((q) => q.where({ fiasId: query.fiasId })) ?? notFound('Город не найден'),
      CACHEABLE,
    ),

    mockEndpoint(
      state,
      listCities,
      () => {
        const stores = state.db.stores.findMany()
        return {
          items: state.db.cities
            .findMany()
            .map((c) => ({ ...c, storesCount: stores.filter((s) => s.city.fiasId === c.fiasId).length })),
        }
      },
      CACHEABLE,
    ),

    mockEndpoint(
      state,
      getStore,
      ({ query }) => state.db.stores.findFirst((q) => q.where({ code: query.code })) ?? notFound('Магазин не найден'),
      CACHEABLE,
    ),
  ]
}
