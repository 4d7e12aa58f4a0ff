/**
 * What the order page says about collecting a pickup order, shaped from the order and its store
 * (`/v1/stores-facade/store`): the store's hours, phone and route, how long the order is kept, and,
 * once the order is ready for pickup, the pass: the code the till scans and what to bring. Pure, so
 * the shapes are tested without a browser; only what the data says is said.
 */
import type { Order } from '#shared/models/orders.ts'
import type { Store } from '#shared/models/stores.ts'
import { ACTIVE_STATUSES } from '#shared/models/values.ts'
import { countLabel } from '#client/lib/format.ts'
import { formatDate } from '#client/lib/format-date.ts'
import { stateBesideSchedule, storeStateNow } from '#client/features/stores/opening-state.ts'

/** The store part: what the order knows of its store, and what the store's own data adds. */
export interface PickupStoreInfo {
  name: string
  address: string
  /** The week in short (`Ежедневно 09:00–22:00`), when the store data has it. */
  schedule: string | undefined
  /**
   * The store's state now (`Открыто до 22:00`, `Закрыто · откроется завтра в 10:00`), when the store data
   * has hours; beside a schedule, without the times it already gives (`Открыто сейчас`).
   */
  today: string | undefined
  phone: { text: string; href: string } | undefined
  /** A route to the store in Яндекс Карты, from where the shopper is (by the store's coordinates). */
  routeUrl: string | undefined
  /** How long the order is kept: until a date once ready, or for how many days after it is ready. */
  keeping: string | undefined
}

/** The pass of an order ready for pickup. */
export interface PickupPass extends PickupStoreInfo {
  number: string
  /** The text of the QR code: the order number, as the till finds the order by it. */
  qrText: string
  /** The keeping deadline as a timestamp (for `<time dateTime>`). */
  keepUntil: string | undefined
  /** What to bring, one item per line. */
  bring: string[]
}

/** Whether the order waits in its store for the shopper: a pickup order with a store, ready for pickup. */
export const isReadyForPickup = (order: Pick<Order, 'deliveryType' | 'status' | 'store'>): boolean =>
  order.deliveryType === 'pickup' && order.status === 'ready' && order.store !== null

/** Whether the order page says how to collect it: a pickup order with a store, still in progress. */
export const showsPickupDetails = (order: Pick<Order, 'deliveryType' | 'status' | 'store'>): boolean =>
  order.deliveryType === 'pickup' && order.store !== null && ACTIVE_STATUSES.includes(order.status)

/** Яндекс Карты with a route from the shopper's place to a point (`rtext=~lat,lon`). */
export const yandexRouteUrl = (lat: number, lon: number): string =>
  `https://yandex.ru/maps/?rtext=~${lat}%2C${lon}&rtt=auto`

/** A `tel:` address of a phone as people write it (`+7 (800) 555-12-34` → `tel:+78005551234`); undefined without digits. */
export function telHref(phone: string): string | undefined {
  const digits = phone.replace(/\D/g, '')
  if (digits.length < 5) return undefined
  return `tel:${phone.trim().startsWith('+') ? '+' : ''}${digits}`
}

/** How long the order is kept, in the shopper's words; undefined when the order says nothing of it. */
export function keepingText(order: Pick<Order, 'status' | 'pickup'>): string | undefined {
  const pickup = order.pickup
  if (!pickup) return undefined
  if (order.status === 'ready' && pickup.keepUntil)
    return `Хранится до ${formatDate(pickup.keepUntil, { style: 'dateTime' })}`
  if (ACTIVE_STATUSES.includes(order.status) && order.status !== 'ready')
    return `Хранится ${countLabel(pickup.keepDays, ['день', 'дня', 'дней'])} с момента готовности`
  return undefined
}

/** The store part of an order; `store` is used only when it is the order's own store. */
export function pickupStoreInfo(
  order: Pick<Order, 'store' | 'status' | 'pickup'>,
  store: Store | undefined,
  today: Date,
): PickupStoreInfo | undefined {
  if (!order.store) return undefined
  const own = store && store.code === order.store.code ? store : undefined
  const phoneHref = own?.phone ? telHref(own.phone) : undefined
  const schedule = own?.schedule.trim() || undefined
  const state = own ? storeStateNow(own, today) : undefined
  return {
    name: order.store.name,
    address: order.store.address,
    schedule,
    today: state && schedule ? stateBesideSchedule(schedule, state) : state,
    phone: own && phoneHref ? { text: own.phone.trim(), href: phoneHref } : undefined,
    routeUrl: own ? yandexRouteUrl(own.lat, own.lon) : undefined,
    keeping: keepingText(order),
  }
}

/** The pass of an order ready for pickup; undefined for any other order. */
export function pickupPass(order: Order, store: Store | undefined, today: Date): PickupPass | undefined {
  if (!isReadyForPickup(order)) return undefined
  const info = pickupStoreInfo(order, store, today)
  if (!info) return undefined
  // A ready order went through `paid` (the statuses' order): nothing is left to pay at the till.
  const payment = `Ничего платить не нужно: заказ оплачен${order.payment ? ` (${order.payment.title})` : ''}`
  return {
    ...info,
    number: order.number,
    qrText: order.number,
    keepUntil: order.pickup?.keepUntil ?? undefined,
    bring: [`Этот QR-код или номер заказа ${order.number}`, payment],
  }
}
