/**
 * Order lifecycle: numbering, change versions, the time-driven status advance, and the keeping of a
 * pickup order that is ready: the store keeps it `PICKUP_KEEP_DAYS`, then cancels it uncollected.
 */
import type { DeliveryType } from '#shared/models/checkout.ts'
import type { OrderLine, OrderStatus } from '#shared/models/orders.ts'
import type { OrderRecord } from '../db/schemas.ts'
import { money, totalsOf } from '../http/views.ts'
import type { MockState } from '../state.ts'

/** An order in progress moves to its next status after this long, until `ready`. */
export const ORDER_STEP_MS = 10_000

const NEXT: Partial<Record<OrderStatus, OrderStatus>> = { created: 'paid', paid: 'assembling', assembling: 'ready' }

/** Days a store keeps a pickup order once it is ready for pickup. */
export const PICKUP_KEEP_DAYS = 3
const DAY_MS = 86_400_000

/** The keeping of an order that has just moved to `status` at `at`: null for courier orders. */
function pickupAfter(deliveryType: DeliveryType, status: OrderStatus, at: number): OrderRecord['pickup'] {
  if (deliveryType !== 'pickup') return null
  const keepUntil = status === 'ready' ? new Date(at + PICKUP_KEEP_DAYS * DAY_MS).toISOString() : null
  return { keepDays: PICKUP_KEEP_DAYS, keepUntil }
}

/** The steps an order takes by `now`: the time-driven ones, then the end of a pickup order's keeping. */
function stepsBy(order: OrderRecord, now: number): { status: OrderStatus; at: number }[] {
  let status = order.status
  let at = Date.parse(order.statusHistory.at(-1)?.at ?? order.createdAt)
  const steps: { status: OrderStatus; at: number }[] = []
  for (let next = NEXT[status]; next && now - at >= ORDER_STEP_MS; next = NEXT[status]) {
    at += ORDER_STEP_MS
    status = next
    steps.push({ status, at })
  }
  if (status === 'ready' && order.deliveryType === 'pickup') {
    const keptUntil = steps.length > 0 ? at + PICKUP_KEEP_DAYS * DAY_MS : Date.parse(order.pickup?.keepUntil ?? '')
    if (now >= keptUntil) steps.push({ status: 'cancelled', at: keptUntil })
  }
  return steps
}

/**
 * The next instant a user's orders change by time alone (a step of one in progress, the end of a ready
 * pickup order's keeping); Infinity when none will. Their answers stay true until then.
 */
export function nextOrderChange(state: MockState, userId: string): number {
  let next = Infinity
  for (const order of state.db.orders.findMany((q) => q.where({ userId }))) {
    const at = Date.parse(order.statusHistory.at(-1)?.at ?? order.createdAt)
    if (NEXT[order.status]) next = Math.min(next, at + ORDER_STEP_MS)
    else if (order.status === 'ready' && order.pickup?.keepUntil)
      next = Math.min(next, Date.parse(order.pickup.keepUntil))
  }
  return next
}

/** The next change version of a user's orders. */
export function nextOrderVersion(state: MockState, userId: string): number {
  const version = (state.orderVersions.get(userId) ?? 0) + 1
  state.orderVersions.set(userId, version)
  return version
}

/**
 * Advances the user's orders by the time passed (a pickup order not collected while kept is cancelled,
 * its units back in stock); answers all their orders, newest first.
 */
export async function syncOrders(state: MockState, userId: string): Promise<OrderRecord[]> {
  const now = state.clock.now()
  for (const order of state.db.orders.findMany((q) => q.where({ userId }))) {
    const steps = stepsBy(order, now)
    const last = steps.at(-1)
    if (!last) continue
    const version = nextOrderVersion(state, userId)
    await state.db.orders.update(order, {
      data(draft) {
        draft.status = last.status
        draft.statusHistory.push(...steps.map((step) => ({ status: step.status, at: new Date(step.at).toISOString() })))
        draft.updatedAt = new Date(last.at).toISOString()
        draft.version = version
        draft.pickup = pickupAfter(order.deliveryType, last.status, last.at)
      },
    })
    if (last.status === 'cancelled') await returnToStock(state, order)
  }
  return state.db.orders
    .findMany((q) => q.where({ userId }))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id))
}

/** Puts the units of a cancelled order back on the shelf. */
export async function returnToStock(state: MockState, order: Pick<OrderRecord, 'lines'>): Promise<void> {
  for (const line of order.lines) {
    await state.db.goods.update((q) => q.where({ id: line.goodsId }), {
      data(draft) {
        draft.stock += line.quantity
        draft.inStock = true
      },
    })
  }
}

/** What a new order is made of. */
export interface NewOrder {
  userId: string
  lines: OrderLine[]
  oldPrices: (number | undefined)[]
  deliveryType: DeliveryType
  store: OrderRecord['store']
  payment: OrderRecord['payment']
  /** A courier order's address and window; null (or absent) for pickup. */
  delivery?: OrderRecord['delivery']
  idempotencyKey: string | null
  createdAt: number
  /** Seeded history; a new order starts `created` at `createdAt`. */
  history?: { status: OrderStatus; at: number }[]
}

/** Creates an order record with the next number and change version. */
export async function createOrder(state: MockState, input: NewOrder): Promise<OrderRecord> {
  const seq = ++state.seq.order
  const history = (input.history ?? [{ status: 'created' as const, at: input.createdAt }]).map((step) => ({
    status: step.status,
    at: new Date(step.at).toISOString(),
  }))
  const totals = totalsOf(
    input.lines.map((line, index) => ({
      price: line.price,
      oldPrice: input.oldPrices[index],
      quantity: line.quantity,
    })),
  )
  const last = history.at(-1) as { status: OrderStatus; at: string }
  return state.db.orders.create({
    id: `o-${seq}`,
    number: `AU-${String(100000 + seq)}`,
    status: last.status,
    createdAt: new Date(input.createdAt).toISOString(),
    total: money(totals.total + (input.deliveryType === 'courier' ? courierPrice(totals.total) : 0)),
    itemsCount: totals.count,
    deliveryType: input.deliveryType,
    storeName: input.store?.name ?? null,
    lines: input.lines,
    totals,
    statusHistory: history,
    store: input.store,
    payment: input.payment,
    delivery: input.delivery ?? null,
    pickup: pickupAfter(input.deliveryType, last.status, Date.parse(last.at)),
    canCancel: false,
    updatedAt: last.at,
    version: nextOrderVersion(state, input.userId),
    userId: input.userId,
    idempotencyKey: input.idempotencyKey,
  })
}

/** Items total from which courier delivery is free. */
export const FREE_DELIVERY_FROM = 2000

/** Courier delivery costs 299 ₽, free from 2 000 ₽. */
export const courierPrice = (itemsTotal: number): number => (itemsTotal >= FREE_DELIVERY_FROM ? 0 : 299)

/** The status a control switch moves an order to: the time-driven steps, then `ready → completed`. */
const MANUAL_NEXT: Partial<Record<OrderStatus, OrderStatus>> = { ...NEXT, ready: 'completed' }

/**
 * Moves one order to its next status now (`POST /__mock/orders/advance`, the control page). Undefined
 * for an unknown order; the order unchanged when its status is final (completed or cancelled).
 */
export async function advanceOrder(
  state: MockState,
  orderId: string,
): Promise<{ order: OrderRecord; advanced: boolean } | undefined> {
  const order = state.db.orders.findFirst((q) => q.where({ id: orderId }))
  if (!order) return undefined
  await syncOrders(state, order.userId)
  const current = state.db.orders.findFirst((q) => q.where({ id: orderId })) ?? order
  const next = MANUAL_NEXT[current.status]
  if (!next) return { order: current, advanced: false }
  const at = new Date(state.clock.now()).toISOString()
  const version = nextOrderVersion(state, current.userId)
  const updated = await state.db.orders.update(current, {
    data(draft) {
      draft.status = next
      draft.statusHistory.push({ status: next, at })
      draft.updatedAt = at
      draft.version = version
      draft.pickup = pickupAfter(current.deliveryType, next, Date.parse(at))
    },
  })
  return { order: updated ?? current, advanced: true }
}
