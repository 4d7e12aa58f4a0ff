/**
 * Russian texts of the e-commerce area: order statuses, delivery types, card errors and the messages
 * of failed calls. One place, so pages, dialogs and tests read the same words.
 */
import type { Checkout, DeliveryType } from '#shared/models/checkout.ts'
import type { Order, OrderStatus } from '#shared/models/orders.ts'
import type { CardBrand, PaymentMethod } from '#shared/models/payment-cards.ts'
import { formatPrice } from '#client/lib/format.ts'

/** Status names shown to the shopper. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  created: 'Оформлен',
  paid: 'Оплачен',
  assembling: 'Собирается',
  ready: 'Готов к выдаче',
  completed: 'Получен',
  cancelled: 'Отменён',
}

/** A courier order's own words for the steps after assembly (it is never «ready for pickup»). */
const COURIER_STATUS_LABELS: Partial<Record<OrderStatus, string>> = {
  ready: 'Передан курьеру',
  completed: 'Доставлен',
}

/** The status name of an order with its delivery type. */
export const orderStatusLabel = (status: OrderStatus, deliveryType?: DeliveryType): string =>
  (deliveryType === 'courier' ? COURIER_STATUS_LABELS[status] : undefined) ?? ORDER_STATUS_LABELS[status]

/** Delivery type names. */
export const DELIVERY_LABELS: Record<DeliveryType, string> = {
  pickup: 'Самовывоз из магазина',
  courier: 'Доставка курьером',
}

/** Card network names. */
export const CARD_BRAND_LABELS: Record<CardBrand, string> = {
  mir: 'Мир',
  visa: 'Visa',
  mastercard: 'Mastercard',
  unionpay: 'UnionPay',
  unknown: 'Карта',
}

/** Why the gateway's card form sent the shopper back without a card (`?cardError=`). */
export const CARD_ERROR_TEXTS: Record<string, string> = {
  invalidNumber: 'Номер карты введён неверно',
  expired: 'Срок действия карты истёк',
  invalidCvc: 'Код CVC введён неверно',
  sessionExpired: 'Время на ввод данных карты истекло',
  cancelled: 'Добавление карты отменено',
  duplicate: 'Эта карта уже привязана',
}

/** Words of removing a saved method: a card is deleted, an SBP account is switched off. */
export function removeMethodTexts(method: PaymentMethod): {
  action: string
  title: string
  done: string
  failed: string
} {
  return method.type === 'sbp'
    ? {
        action: 'Отключить',
        title: 'Отключить СБП?',
        done: `«${methodLabel(method)}» отключён`,
        failed: 'Не удалось отключить',
      }
    : {
        action: 'Удалить',
        title: 'Удалить карту?',
        done: `«${methodLabel(method)}» удалена`,
        failed: 'Не удалось удалить',
      }
}

/** Whether money was taken for the order (it went past 'created', or its history says it was paid). */
export const orderPaid = (order: Pick<Order, 'status' | 'statusHistory'>): boolean =>
  order.statusHistory.some((step) => step.status === 'paid') || !['created', 'cancelled'].includes(order.status)

/** What cancelling the order means for the shopper's money: only a paid order gets a refund. */
export function cancelOrderText(order: Pick<Order, 'status' | 'statusHistory'>): string {
  const now = `Сейчас заказ в статусе «${ORDER_STATUS_LABELS[order.status]}».`
  return orderPaid(order)
    ? `${now} Деньги вернутся тем же способом, которым вы платили, в течение нескольких дней.`
    : `${now} Заказ ещё не оплачен, деньги не списывались.`
}

/** The one-line description of a saved method (`Visa •• 4242, до 12/29` or the bank of an SBP account). */
export function methodDetails(method: PaymentMethod): string {
  return method.type === 'card'
    ? `${CARD_BRAND_LABELS[method.brand]} ${method.maskedPan}, до ${method.expiry}`
    : `СБП, ${method.bankName}`
}

/** The names a gateway gives a method by itself (the network, or «СБП — bank»): none of them is the shopper's. */
function givenNames(method: PaymentMethod): string[] {
  return method.type === 'card'
    ? [CARD_BRAND_LABELS[method.brand], method.brand, 'Карта', `${CARD_BRAND_LABELS[method.brand]} ${method.maskedPan}`]
    : ['СБП', method.bankName, `СБП — ${method.bankName}`, `СБП, ${method.bankName}`, `СБП ${method.bankName}`]
}

/** The shopper's own name of a method, or undefined when the name is only the one the gateway gave it. */
export function methodCustomName(method: PaymentMethod): string | undefined {
  const name = method.name.trim()
  const plain = (text: string) => text.toLocaleLowerCase('ru').replace(/\s+/g, ' ')
  if (!name || givenNames(method).some((given) => plain(given) === plain(name))) return undefined
  return name
}

/** A method named once: `Мир •• 0004, до 08/28`, after the shopper's own name when there is one. */
export function methodLabel(method: PaymentMethod): string {
  const custom = methodCustomName(method)
  return custom ? `${custom}, ${methodDetails(method)}` : methodDetails(method)
}

/** What an option of delivery costs, on the option itself: «Бесплатно», «299 ₽ · бесплатно от 2 000 ₽». */
export function deliveryHint(type: DeliveryType, checkout: Checkout): string | undefined {
  if (type === 'pickup') return 'Бесплатно'
  if (checkout.courierPrice === undefined) return undefined
  if (checkout.courierPrice === 0) return 'Бесплатно'
  const free = checkout.freeDeliveryFrom
  return free
    ? `${formatPrice(checkout.courierPrice)} · бесплатно от ${formatPrice(free)}`
    : formatPrice(checkout.courierPrice)
}

/** The courier price under the courier fields, with how much more makes it free. */
export function courierPriceText(checkout: Checkout): string {
  if (checkout.deliveryPrice === 0) return 'Доставка бесплатная.'
  const free = checkout.freeDeliveryFrom
  const left = free ? free - checkout.totals.total : 0
  return left > 0
    ? `Доставка — ${formatPrice(checkout.deliveryPrice)}. До бесплатной доставки осталось ${formatPrice(left)}.`
    : `Доставка — ${formatPrice(checkout.deliveryPrice)}.`
}

/** The messages of failed calls live in ecom-errors.ts (the product cards' cart button needs only them). */
export { ecomErrorMessage, gatewayCodeOf } from './ecom-errors.ts'
