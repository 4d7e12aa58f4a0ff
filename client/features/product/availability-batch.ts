/**
 * Which goods the chosen store has, asked once for all the cards a page shows: every card asks for its
 * own goods id, the asks of one render are gathered into one `/v2/goods/search?storeCode=&id=…` call
 * (up to `AVAILABILITY_CHUNK` ids each), and each card gets its answer.
 */
import type { ApiClient } from '#shared/api/client.ts'

/**
 * Ids per call: the gateway's largest page (`PAGE_SIZE_MAX` of shared/models/common.ts, pinned by the
 * test; not imported, so the cards' first load carries no zod schemas).
 */
export const AVAILABILITY_CHUNK = 100

/** Loads the ids of the given goods that the store has. */
export type AvailabilityFetch = (storeCode: string, ids: readonly number[]) => Promise<ReadonlySet<number>>

/**
 * The gateway's answer: search within the ids, limited to the store. The endpoint (and its schemas)
 * loads with the first call (docs/decisions/007-endpoint-schemas-load-with-the-first-call.md).
 */
export const gatewayAvailability =
  (api: ApiClient): AvailabilityFetch =>
  async (storeCode, ids) => {
    const { searchGoods } = await import('#shared/gateway/goods.ts')
    const page = await api.call(searchGoods, { query: { storeCode, id: [...ids], pageSize: ids.length } })
    return new Set(page.items.map((item) => item.id))
  }

interface Pending {
  ids: Set<number>
  waiters: { id: number; resolve: (available: boolean) => void; reject: (error: unknown) => void }[]
}

/** Gathers asks per store until the next macrotask, then loads them in chunks of at most `AVAILABILITY_CHUNK`. */
export function createAvailabilityBatcher(
  fetch: AvailabilityFetch,
  schedule: (run: () => void) => void = (run) => setTimeout(run, 0),
) {
  const pending = new Map<string, Pending>()
  const flush = (storeCode: string) => {
    const batch = pending.get(storeCode)
    pending.delete(storeCode)
    if (!batch) return
    const ids = [...batch.ids]
    for (let start = 0; start < ids.length; start += AVAILABILITY_CHUNK) {
      const chunk = ids.slice(start, start + AVAILABILITY_CHUNK)
      const inChunk = new Set(chunk)
      const waiters = batch.waiters.filter((waiter) => inChunk.has(waiter.id))
      fetch(storeCode, chunk).then(
        (available) => waiters.forEach((waiter) => waiter.resolve(available.has(waiter.id))),
        (error: unknown) => waiters.forEach((waiter) => waiter.reject(error)),
      )
    }
  }
  return {
    /** Whether the store has the goods; asks made before the scheduled flush share one call. */
    load(storeCode: string, id: number): Promise<boolean> {
      let batch = pending.get(storeCode)
      if (!batch) {
        batch = { ids: new Set(), waiters: [] }
        pending.set(storeCode, batch)
        schedule(() => flush(storeCode))
      }
      batch.ids.add(id)
      return new Promise<boolean>((resolve, reject) => batch.waiters.push({ id, resolve, reject }))
    },
  }
}
