/** The courier's windows for a city (`/v1/checkout/delivery-slots`) and how a window is named. */
import { listDeliverySlots } from '#shared/gateway/checkout.ts'
import type { DeliverySlot, DeliverySlots } from '#shared/models/checkout.ts'
import { definePersonalQuery } from '#shared/routing/query.ts'
import { calendarDay, formatDate } from '#client/lib/format-date.ts'

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

const WEEKDAYS = ['вс', 'пн', 'вт', 'ср', 'чт', 'пт', 'сб'] as const

/**
 * A window's day as a shopper counts it: `сегодня, пт, 28 ноября`, `завтра, сб, 29 ноября`, then
 * `вс, 30 ноября`; without `now` (a page the server renders) the weekday and date only.
 */
export function slotDay(date: string, now?: Date): string {
  const day = formatDate(date).replace(/\s\d{4}$/, '')
  const weekday = WEEKDAYS[new Date(`${date}T12:00:00Z`).getUTCDay()]
  const withWeekday = weekday ? `${weekday}, ${day}` : day
  if (!now) return withWeekday
  const today = calendarDay(now)
  const tomorrow = calendarDay(new Date(new Date(`${today}T12:00:00Z`).getTime() + 24 * 3600 * 1000), 'UTC')
  return date === today ? `сегодня, ${withWeekday}` : date === tomorrow ? `завтра, ${withWeekday}` : withWeekday
}

/** `сб, 6 марта, 14:00–18:00` (the year left out: windows are days ahead). */
export function slotLabel(slot: Pick<DeliverySlot, 'date' | 'from' | 'to'>): string {
  return `${slotDay(slot.date)}, ${slotTime(slot)}`
}
