/**
 * Takes over a store the shopper already chose elsewhere (the gateway's cart keeps the pickup store
 * of another device or session): saves it on this device as if picked here, so the store guard does
 * not ask again for a store the shopper already has.
 */
import type { ApiClient } from '#shared/api/client.ts'
import { STORAGE } from '#shared/cookies.ts'
import { browserStorage, chooseStore } from './store-storage.ts'

/**
 * Keeps the name of a store saved before the device kept names (`store_name` of product events, spec
 * section 3): loads the store by code and writes its name while that store is still the chosen one.
 */
export async function rememberStoreName(api: ApiClient, code: string, signal?: AbortSignal): Promise<void> {
  const storage = browserStorage()
  try {
    const store = await api.call((await import('#shared/gateway/stores.ts')).getStore, { query: { code }, signal })
    if (storage?.getItem(STORAGE.shopCode) === code) storage.setItem(STORAGE.shopName, store.name)
  } catch {
    // Unknown store or no network: the events go without the name, as before.
  }
}

/** Loads the store by code and saves it; false when it cannot be loaded (the picker is then the way). */
export async function adoptStore(api: ApiClient, code: string, signal?: AbortSignal): Promise<boolean> {
  try {
    const store = await api.call((await import('#shared/gateway/stores.ts')).getStore, { query: { code }, signal })
    chooseStore(store)
    return true
  } catch {
    return false
  }
}
