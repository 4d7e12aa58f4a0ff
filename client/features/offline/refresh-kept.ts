/**
 * Keeps the signed-in shopper's card and ready passes current without their screens being opened:
 * once per visit (a tab's session) and shopper, in idle time after the worker is registered, the card
 * (`/v1/keeperid/bunch`) and, for an e-commerce shopper, the pickup orders ready in their store (the
 * active orders, each order and its store) are asked and kept; a kept pass whose order is no longer
 * ready is forgotten. Every call has the API client's timeout; a failure keeps what was kept.
 */
import type { ApiClient } from '#shared/api/client.ts'
import { barcodeFormat } from '#client/features/loyalty/barcode-format.ts'
import { isReadyForPickup, pickupPass } from '#client/features/ecom/pickup-pass-data.ts'
import { currentShopper, forgetPass, keepCard, keepPass, readKept } from './kept-data.ts'

/** session storage: the shopper whose kept data this visit has refreshed. */
export const REFRESHED_KEY = 'app.kept.refreshedFor'

async function refreshCard(api: ApiClient): Promise<void> {
  const { getKeeperBunch } = await import('#shared/gateway/profile.ts')
  const number = (await api.call(getKeeperBunch)).loyaltyCardNumber.trim()
  if (number && barcodeFormat(number)) await keepCard(number, { shown: false })
}

async function refreshPasses(api: ApiClient, userId: string, now: Date): Promise<void> {
  const [{ listActiveOrders, getOrder }, { getStore }] = await Promise.all([
    import('#shared/gateway/orders.ts'),
    import('#shared/gateway/stores.ts'),
  ])
  const active = await api.call(listActiveOrders)
  const ready = active.items.filter((order) => order.status === 'ready' && order.deliveryType === 'pickup')
  const readyIds = new Set(ready.map((order) => order.id))
  for (const kept of (await readKept(userId, now)).passes)
    if (!readyIds.has(kept.orderId)) await forgetPass(kept.orderId)
  for (const summary of ready) {
    const order = await api.call(getOrder, { params: { id: summary.id } })
    if (!isReadyForPickup(order) || !order.store) continue
    const store = await api.call(getStore, { query: { code: order.store.code } }).catch(() => undefined)
    const pass = pickupPass(order, store, now)
    if (pass) await keepPass(order.id, pass, { shown: false })
  }
}

/** Refreshes the kept data of the signed-in shopper, once per visit; never throws. */
export async function refreshKept(api: ApiClient, ecom: boolean, now = new Date()): Promise<void> {
  const userId = currentShopper()
  if (!userId || sessionStorage.getItem(REFRESHED_KEY) === userId) return
  sessionStorage.setItem(REFRESHED_KEY, userId)
  const results = await Promise.allSettled([refreshCard(api), ecom ? refreshPasses(api, userId, now) : undefined])
  for (const result of results)
    if (result.status === 'rejected')
      console.warn(
        '[offline] kept data not refreshed',
        result.reason instanceof Error ? result.reason.message : result.reason,
      )
}
