/**
 * Address suggestions for a delivery address, from the store search by address that the store picker
 * uses (`/v1/store-search/address`): the streets of the stores matching the typed words, one per city
 * and street, each with its city's FIAS id. Waits for a pause in typing; a superseded request is aborted.
 */
import { useEffect, useState } from 'react'
import type { ApiClient } from '#shared/api/client.ts'
import { searchStoresByAddress } from '#shared/gateway/stores.ts'
import type { Store } from '#shared/models/stores.ts'
import { streetAddress } from './store-storage.ts'
import { ADDRESS_DEBOUNCE_MS } from './use-store-search.ts'

/** Suggestions start from this many typed characters. */
export const ADDRESS_SUGGEST_MIN_CHARS = 2
/** At most this many suggestions are listed. */
export const ADDRESS_SUGGEST_LIMIT = 8

/** One suggested street in a city. */
export interface AddressSuggestion {
  cityFiasId: string
  city: string
  /** The street without the house number (`ул. Баумана`). */
  street: string
}

/** `ул. Баумана, д. 12` → `ул. Баумана`: the house is the shopper's to type. */
const withoutHouse = (streetAndHouse: string): string => streetAndHouse.replace(/,\s*(?:д\.|дом)\s*\S+.*$/u, '').trim()

/** Distinct streets of the stores, in the gateway's order, at most `ADDRESS_SUGGEST_LIMIT`. */
export function suggestionsOf(stores: readonly Store[]): AddressSuggestion[] {
  const seen = new Set<string>()
  const out: AddressSuggestion[] = []
  for (const store of stores) {
    const street = withoutHouse(streetAddress(store.address, store.city.name))
    const key = `${store.city.fiasId}|${street}`
    if (!street || seen.has(key)) continue
    seen.add(key)
    out.push({ cityFiasId: store.city.fiasId, city: store.city.name, street })
    if (out.length === ADDRESS_SUGGEST_LIMIT) break
  }
  return out
}

/** Suggestions for the typed text (the house number and anything after a comma are not searched). */
export function useAddressSuggestions(
  api: ApiClient,
  text: string,
): { suggestions: AddressSuggestion[]; loading: boolean } {
  const [state, setState] = useState<{ suggestions: AddressSuggestion[]; loading: boolean }>({
    suggestions: [],
    loading: false,
  })
  const words = text.split(',')[0]!.trim()
  useEffect(() => {
    if (words.length < ADDRESS_SUGGEST_MIN_CHARS) {
      setState({ suggestions: [], loading: false })
      return
    }
    const controller = new AbortController()
    const timer = setTimeout(() => {
      setState((s) => ({ ...s, loading: true }))
      api.call(searchStoresByAddress, { query: { q: words, pageSize: 50 }, signal: controller.signal }).then(
        (page) => !controller.signal.aborted && setState({ suggestions: suggestionsOf(page.items), loading: false }),
        () => !controller.signal.aborted && setState({ suggestions: [], loading: false }),
      )
    }, ADDRESS_DEBOUNCE_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [api, words])
  return state
}
