/** The store fields of spec section 3 on an event, spelled the same way on every event. */
import type { AnalyticsParams } from './params.ts'

/** The store fields of an event. */
export interface StoreFields {
  id?: string | number | undefined
  name: string
  code: string
  city: string
  address: string
}

/** Store params: `store_id`, `store_name`, `store_code`, `store_city`, `store_address`. */
export function storeParams(store: StoreFields): AnalyticsParams {
  return {
    store_id: store.id === undefined ? store.code : String(store.id),
    store_name: store.name,
    store_code: store.code,
    store_city: store.city,
    store_address: store.address,
  }
}
