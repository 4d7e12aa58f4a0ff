/** Courier delivery: the time windows the mock offers and how an order keeps its address and window. */
import type { DeliverySlots } from '#shared/models/checkout.ts'

/** The courier's daily windows (local time of the city; every seeded city is on Moscow time). */
export const COURIER_WINDOWS = [
  ['10:00', '14:00'],
  ['14:00', '18:00'],
  ['18:00', '22:00'],
] as const
/** Days offered, today first. */
export const COURIER_DAYS = 4
/** A window closes for new orders this long before it starts (the store needs time to pack). */
export const COURIER_LEAD_MS = 2 * 60 * 60 * 1000
/** Offset of Moscow time from UTC (no daylight saving since 2014). */
const MSK_OFFSET_MS = 3 * 60 * 60 * 1000
const DAY_MS = 24 * 60 * 60 * 1000

/**
 * The windows from `now` on: past and too-soon windows are left out; some are full (deterministic by
 * day and window, so tests and people trying the store see the same), answered with `available: false`.
 */
export function deliverySlots(now: number, full: ReadonlySet<string> = new Set()): DeliverySlots['items'] {
  const localMidnight = Math.floor((now + MSK_OFFSET_MS) / DAY_MS) * DAY_MS
  const items: DeliverySlots['items'] = []
  for (let day = 0; day < COURIER_DAYS; day++) {
    const date = new Date(localMidnight + day * DAY_MS).toISOString().slice(0, 10)
    COURIER_WINDOWS.forEach(([from, to], index) => {
      const startsAt = localMidnight + day * DAY_MS + Number(from.slice(0, 2)) * 60 * 60 * 1000 - MSK_OFFSET_MS
      if (startsAt - now < COURIER_LEAD_MS) return
      const id = `${date}T${from}`
      items.push({ id, date, from, to, available: (day + index) % 4 !== 3 && !full.has(id) })
    })
  }
  return items
}
