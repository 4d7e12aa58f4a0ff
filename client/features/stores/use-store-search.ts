/**
 * The picker's data: the cities, and the stores for the current city / address text / point.
 * Address text waits for a pause in typing and searches within the chosen city (then everywhere,
 * when the city has no match); a superseded request is aborted.
 */
import { useEffect, useState } from 'react'
import type { ApiClient } from '#shared/api/client.ts'
import { listCities, searchStores, searchStoresByAddress } from '#shared/gateway/stores.ts'
import type { Cities, Store } from '#shared/models/stores.ts'
import { sortByDistance, type LatLon } from './geo.ts'

/** Address search waits this long after the last keystroke. */
export const ADDRESS_DEBOUNCE_MS = 300
/** At most this many stores are listed. */
export const STORE_RESULTS_LIMIT = 50

/** A listed store and its distance from the shopper's point (when one is known). */
export interface StoreResult {
  store: Store
  distanceMeters: number | undefined
}

/** What the picker shows. */
export interface StoreSearchState {
  results: StoreResult[] | undefined
  loading: boolean
  failed: boolean
  /**
   * Set when the address had no store in the chosen city but had some elsewhere: the city they are
   * all in, or null for several cities. The picker then switches its city select to match.
   */
  foundIn?: string | null
}

/** The one city all stores are in, or null. */
const commonCity = (stores: readonly Store[]): string | null => {
  const cities = new Set(stores.map((store) => store.city.fiasId))
  return cities.size === 1 ? [...cities][0]! : null
}

/** What to search. */
export interface StoreSearchInput {
  cityFiasId: string | undefined
  query: string
  point: LatLon | undefined
}

/** Orders stores nearest-first from the point, or keeps the gateway's order without one. */
export function toResults(stores: readonly Store[], point: LatLon | undefined): StoreResult[] {
  if (!point) return stores.map((store) => ({ store, distanceMeters: undefined }))
  return sortByDistance(stores, point).map(({ distanceMeters, ...store }) => ({
    store: store as Store,
    distanceMeters,
  }))
}

/** The cities with stores (undefined while loading or after a failure). */
export function useCities(api: ApiClient): Cities['items'] | undefined {
  const [cities, setCities] = useState<Cities['items']>()
  useEffect(() => {
    const controller = new AbortController()
    api.call(listCities, { signal: controller.signal }).then(
      (answer) => setCities([...answer.items].sort((a, b) => a.name.localeCompare(b.name, 'ru'))),
      () => {},
    )
    return () => controller.abort()
  }, [api])
  return cities
}

/** Stores for the input; nothing is asked before a city, a text or a point is known. */
export function useStoreSearch(api: ApiClient, { cityFiasId, query, point }: StoreSearchInput): StoreSearchState {
  const [state, setState] = useState<StoreSearchState>({ results: undefined, loading: false, failed: false })
  const text = query.trim()
  const lat = point?.lat
  const lon = point?.lon
  useEffect(() => {
    if (!text && !cityFiasId && lat === undefined) return
    const controller = new AbortController()
    const here = lat !== undefined && lon !== undefined ? { lat, lon } : undefined
    const run = async () => {
      setState((s) => ({ ...s, loading: true, failed: false }))
      try {
        const byAddress = async (city: string | undefined) =>
          (
            await api.call(searchStoresByAddress, {
              query: { q: text, ...(city ? { cityFiasId: city } : {}), pageSize: STORE_RESULTS_LIMIT },
              signal: controller.signal,
            })
          ).items
        if (text) {
          // Within the chosen city, as the city select says; when it has none there, everywhere,
          // and the picker's select moves to where they were found.
          const inCity = await byAddress(cityFiasId)
          const elsewhere = inCity.length === 0 && cityFiasId ? await byAddress(undefined) : []
          if (controller.signal.aborted) return
          setState({
            results: toResults(inCity.length > 0 ? inCity : elsewhere, here),
            loading: false,
            failed: false,
            ...(elsewhere.length > 0 ? { foundIn: commonCity(elsewhere) } : {}),
          })
          return
        }
        const stores = (
          await api.call(searchStores, {
            query: {
              ...(cityFiasId ? { cityFiasId } : {}),
              ...(here ?? {}),
              pageSize: here && !cityFiasId ? 20 : STORE_RESULTS_LIMIT,
            },
            signal: controller.signal,
          })
        ).items
        if (!controller.signal.aborted) setState({ results: toResults(stores, here), loading: false, failed: false })
      } catch {
        if (!controller.signal.aborted) setState({ results: undefined, loading: false, failed: true })
      }
    }
    const timer = setTimeout(() => void run(), text ? ADDRESS_DEBOUNCE_MS : 0)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [api, text, cityFiasId, lat, lon])
  return state
}
