/**
 * `usePickupStore(order)`: the store of a pickup order in progress, by its code
 * (`/v1/stores-facade/store`), for its hours, phone and coordinates, which the order does not carry.
 * Asked in the browser after hydration (the endpoint's code loads with the call, so the order page's
 * first visit carries no store schemas); a failed call leaves the store out, and the page says what
 * the order alone knows.
 */
import { useEffect, useState } from 'react'
import type { Order } from '#shared/models/orders.ts'
import type { Store } from '#shared/models/stores.ts'
import { useApi } from '#client/context/app-context.tsx'
import { showsPickupDetails } from './pickup-pass-data.ts'

/** Where the store stands: still asked, or answered (undefined when it could not be had). */
export type PickupStoreState = { status: 'loading' } | { status: 'done'; store: Store | undefined }

/** The pickup store of the order; `done` with no store at once for an order that needs none. */
export function usePickupStore(order: Order | undefined): PickupStoreState {
  const api = useApi()
  const code = order && showsPickupDetails(order) ? order.store?.code : undefined
  const [state, setState] = useState<PickupStoreState & { code?: string }>({ status: 'loading' })

  useEffect(() => {
    if (!code) return
    const abort = new AbortController()
    void (async () => {
      try {
        const { getStore } = await import('#shared/gateway/stores.ts')
        const store = await api.call(getStore, { query: { code }, signal: abort.signal })
        setState({ status: 'done', store, code })
      } catch (error) {
        if (abort.signal.aborted) return
        console.warn('[orders] pickup store failed', error instanceof Error ? error.message : error)
        setState({ status: 'done', store: undefined, code })
      }
    })()
    return () => abort.abort()
  }, [api, code])

  if (!code) return { status: 'done', store: undefined }
  return state.status === 'done' && state.code === code ? state : { status: 'loading' }
}
