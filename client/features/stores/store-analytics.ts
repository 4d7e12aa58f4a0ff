/** Store fields of spec section 3 on store events, spelled by the analytics helpers. */
import type { AnalyticsParams } from '#client/analytics/params.ts'
import { storeParams } from '#client/analytics/store-params.ts'
import type { Store } from '#shared/models/stores.ts'

/** `store_id`, `store_name`, `store_code`, `store_city`, `store_address` of a store (the code is its id). */
export function storeEventParams(store: Pick<Store, 'code' | 'name' | 'address' | 'city'>): AnalyticsParams {
  return storeParams({
    id: store.code,
    code: store.code,
    name: store.name,
    city: store.city.name,
    address: store.address,
  })
}
