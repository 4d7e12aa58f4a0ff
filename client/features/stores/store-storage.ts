/**
 * The shopper's city and store on the device (spec section 3: shop city, shop code, shop type,
 * delivery type and the store-prompted flag). Browser only: call from effects and handlers.
 * Every function takes the storage so tests pass a fake; none throws (storage may be blocked).
 */
import { STORAGE } from '#shared/cookies.ts'
import type { DeliveryType } from '#shared/models/checkout.ts'
import type { StoreType } from '#shared/models/stores.ts'
import { STORE_CHANGE_EVENT } from './stored-city.ts'

/** The stored city: JSON `{ fiasId, name }` under `STORAGE.shopCity` (read by the toolbar). */
export interface StoredCity {
  fiasId: string
  name: string
}

/** What the device remembers. */
export interface StoredChoice {
  city: StoredCity | undefined
  storeCode: string | undefined
  storeType: StoreType | undefined
  deliveryType: DeliveryType | undefined
  prompted: boolean
}

/** The storage methods used here. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/** The browser's local storage, or undefined where it is blocked. */
export function browserStorage(): KeyValueStorage | undefined {
  try {
    return window.localStorage
  } catch {
    return undefined
  }
}

const read = (storage: KeyValueStorage | undefined, key: string): string | null => {
  try {
    return storage?.getItem(key) ?? null
  } catch {
    return null
  }
}

const write = (storage: KeyValueStorage | undefined, key: string, value: string | undefined): void => {
  try {
    if (value === undefined) storage?.removeItem(key)
    else storage?.setItem(key, value)
  } catch {
    // Full or blocked storage: the choice lives for this page only.
  }
}

/** Parses a stored city: JSON `{ fiasId, name }`, or a legacy plain name (no FIAS id). */
export function parseStoredCity(value: string | null): StoredCity | undefined {
  if (!value) return undefined
  try {
    const parsed: unknown = JSON.parse(value)
    if (
      parsed &&
      typeof parsed === 'object' &&
      'name' in parsed &&
      typeof parsed.name === 'string' &&
      parsed.name.trim()
    ) {
      const fiasId = 'fiasId' in parsed && typeof parsed.fiasId === 'string' ? parsed.fiasId : ''
      return { fiasId, name: parsed.name.trim() }
    }
    if (typeof parsed === 'string' && parsed.trim()) return { fiasId: '', name: parsed.trim() }
    return undefined
  } catch {
    return value.trim() ? { fiasId: '', name: value.trim() } : undefined
  }
}

/** Reads the stored choice. */
export function readChoice(storage: KeyValueStorage | undefined): StoredChoice {
  const type = read(storage, STORAGE.shopType)
  const delivery = read(storage, STORAGE.deliveryType)
  return {
    city: parseStoredCity(read(storage, STORAGE.shopCity)),
    storeCode: read(storage, STORAGE.shopCode) || undefined,
    storeType: type === 'shop' || type === 'pickup-point' ? type : undefined,
    deliveryType: delivery === 'pickup' || delivery === 'courier' ? delivery : undefined,
    prompted: read(storage, STORAGE.storePrompted) === '1',
  }
}

/** A store as far as saving needs it. */
export interface ChosenStore {
  code: string
  /** The store's name (`Аврора, ул. Баумана`), sent as `store_name` with product events. */
  name: string
  type: StoreType
  city: StoredCity
  /** The full address (`г. Казань, ул. Баумана, д. 12`); the street part is kept for the toolbar. */
  address: string
}

/**
 * The address without its leading city: `г. Казань, ул. Баумана, д. 12` → `ул. Баумана, д. 12`
 * (the toolbar and the confirmation show the city separately).
 */
export function streetAddress(address: string, cityName: string): string {
  const trimmed = address.trim()
  const city = cityName.trim().toLocaleLowerCase('ru-RU')
  const match = /^(?:г\.\s*)?([^,]+),\s*(.+)$/.exec(trimmed)
  if (match && city && match[1]!.trim().toLocaleLowerCase('ru-RU') === city) return match[2]!.trim()
  return trimmed
}

/**
 * Saves a chosen store: its city, code and type, pickup as the delivery type, and the
 * store-prompted flag (so the first-visit prompt never returns).
 */
export function saveStore(storage: KeyValueStorage | undefined, store: ChosenStore): void {
  write(storage, STORAGE.shopCity, JSON.stringify({ fiasId: store.city.fiasId, name: store.city.name }))
  write(storage, STORAGE.shopCode, store.code)
  write(storage, STORAGE.shopType, store.type)
  write(storage, STORAGE.shopAddress, streetAddress(store.address, store.city.name))
  write(storage, STORAGE.shopName, store.name)
  write(storage, STORAGE.deliveryType, 'pickup' satisfies DeliveryType)
  markPrompted(storage)
}

/**
 * The shopper chose `store` (the picker, the product's "where to buy", a store adopted from the cart):
 * saves it on this device and tells the toolbar.
 */
export function chooseStore(store: ChosenStore): void {
  saveStore(browserStorage(), {
    code: store.code,
    name: store.name,
    type: store.type,
    city: { fiasId: store.city.fiasId, name: store.city.name },
    address: store.address,
  })
  announceStoreChange()
}

/** Saves a city without a store (the previous store, from another city, is forgotten). */
export function saveCity(storage: KeyValueStorage | undefined, city: StoredCity): void {
  const previous = parseStoredCity(read(storage, STORAGE.shopCity))
  write(storage, STORAGE.shopCity, JSON.stringify({ fiasId: city.fiasId, name: city.name }))
  if (previous?.fiasId !== city.fiasId) {
    write(storage, STORAGE.shopCode, undefined)
    write(storage, STORAGE.shopType, undefined)
    write(storage, STORAGE.shopAddress, undefined)
    write(storage, STORAGE.shopName, undefined)
  }
  markPrompted(storage)
}

/** Sets the store-prompted flag: the first-visit prompt is not shown again. */
export function markPrompted(storage: KeyValueStorage | undefined): void {
  write(storage, STORAGE.storePrompted, '1')
}

/** Tells the toolbar (and other tabs' listeners in this tab) that the choice changed. */
export function announceStoreChange(): void {
  window.dispatchEvent(new Event(STORE_CHANGE_EVENT))
}
