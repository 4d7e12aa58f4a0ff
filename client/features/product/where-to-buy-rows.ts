/**
 * What «Где купить сегодня» shows of a page of stores: at most `WHERE_TO_BUY_LIMIT`, the nearest ones
 * that have the goods first (the nearest without them fill the rest), each with «Есть» / «Мало» /
 * «Нет», its distance when one is known (the row adds the store's state now).
 */
import type { StoreWithDistance } from '#shared/models/stores.ts'
import type { WhereToBuyData } from '#shared/queries/where-to-buy.ts'
import { sortByDistance, type LatLon } from '#client/features/stores/geo.ts'
import { streetAddress } from '#client/features/stores/store-storage.ts'

/** Stores in the list at most. */
export const WHERE_TO_BUY_LIMIT = 5
/** Units at or below which a store has «Мало» (a shelf that may be empty by the time the shopper comes). */
export const FEW_UNITS_MAX = 3

/** How much of the goods a store has. */
export type StockLevel = 'many' | 'few' | 'none'

/** The shopper's words for each level. */
export const STOCK_LEVEL_TEXT: Record<StockLevel, string> = { many: 'Есть', few: 'Мало', none: 'Нет' }

/** The level of a number of units. */
export const stockLevel = (units: number): StockLevel => (units <= 0 ? 'none' : units <= FEW_UNITS_MAX ? 'few' : 'many')

/** The level of a store's units: `null` is «has it, count unknown» (decision 030), missing is none. */
const unitsLevel = (units: number | null | undefined): StockLevel => (units === null ? 'many' : stockLevel(units ?? 0))

/** One store of the list. */
export interface WhereToBuyRow {
  store: StoreWithDistance
  level: StockLevel
  /** Metres from the shopper's point or chosen store; undefined when neither is known. */
  distanceMeters: number | undefined
}

/**
 * The rows: distances from the point the gateway measured from, or else from the chosen store (when it
 * is on the page), nearest first; the stores with the goods first.
 */
export function whereToBuyRows(data: WhereToBuyData, chosenCode?: string): WhereToBuyRow[] {
  const chosen = chosenCode ? data.stores.find((store) => store.code === chosenCode) : undefined
  const origin: LatLon | undefined = data.measured ? undefined : chosen
  const ordered = origin ? sortByDistance(data.stores, origin) : data.stores
  const rows = ordered.map((store) => ({
    store,
    level: unitsLevel(data.units[store.code]),
    distanceMeters: data.measured || origin ? store.distanceMeters : undefined,
  }))
  const having = rows.filter((row) => row.level !== 'none')
  const without = rows.filter((row) => row.level === 'none')
  return [...having, ...without].slice(0, WHERE_TO_BUY_LIMIT)
}

/**
 * What the list is near (UX4-11): the shopper's point, the chosen store, or, with neither, the city the
 * gateway placed the shopper in, with no distances until a store is chosen.
 */
export function originText(data: WhereToBuyData, chosenCode: string | undefined): string {
  if (data.measured) return 'Ближайшие к вам, расстояние — от того места, где вы сейчас.'
  const chosen = data.stores.find((store) => store.code === chosenCode)
  if (chosen) return `Расстояние — от вашего магазина: ${streetAddress(chosen.address, chosen.city.name)}.`
  const city = data.stores[0]!.city.name
  return chosenCode
    ? `Магазины в городе ${city}.`
    : `Магазины в городе ${city}. Выберите свой магазин — покажем, как далеко до остальных.`
}
