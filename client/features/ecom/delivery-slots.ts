/** The courier's windows for a city (`/v1/checkout/delivery-slots`) and how a window is named. */
import { listDeliverySlots } from '#shared/gateway/checkout.ts'
import type { DeliverySlot, DeliverySlots } from '#shared/models/checkout.ts'
import { definePersonalQuery } from '#shared/routing/query.ts'
import { formatDate } from '#client/lib/format-date.ts'

/** The coming windows for a city; personal (the shopper's session asks). */
export const deliverySlotsQuery = definePersonalQuery(
  'ecom.deliverySlots',
  async (api, [cityFiasId]: [string], signal) => api.call(listDeliverySlots, { query: { cityFiasId }, signal }),
)

/** Windows grouped by day, in the gateway's order. */
export function slotsByDay(items: DeliverySlots['items']): { date: string; slots: DeliverySlots['items'] }[] {
  const days: { date: string; slots: DeliverySlots['items'] }[] = []
  for (const slot of items) {
    const day = days.at(-1)
    if (day?.date === slot.date) day.slots.push(slot)
    else days.push({ date: slot.date, slots: [slot] })
  }
  return days
}

/** `14:00–18:00`. */
export const slotTime = (slot: Pick<DeliverySlot, 'from' | 'to'>): string => `${slot.from}–${slot.to}`

/** `6 марта, 14:00–18:00` (the year left out: windows are days ahead). */
export function slotLabel(slot: Pick<DeliverySlot, 'date' | 'from' | 'to'>): string {
  const day = formatDate(slot.date).replace(/\s\d{4}$/, '')
  return `${day}, ${slotTime(slot)}`
}
