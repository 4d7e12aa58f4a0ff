/** Turns records into the answer shapes of the shared models (and nothing more: no internal fields leak). */
import type { Cart, CartTotals } from '#shared/models/cart.ts'
import { CART_LINE_LIMIT } from '#shared/models/cart.ts'
import type { Goods, GoodsCard } from '#shared/models/goods.ts'
import { CANCELLABLE_STATUSES, type Order, type OrderSummary } from '#shared/models/orders.ts'
import type { CartRecord, GoodsRecord, OrderRecord } from '../db/schemas.ts'
import type { MockState } from '../state.ts'

/** Rounds money to kopecks. */
export const money = (value: number): number => Math.round(value * 100) / 100

/** The product page body of goods. */
export function goodsBody(record: GoodsRecord): Goods {
  const { popularity: _popularity, addedAt: _addedAt, exclusive: _exclusive, ...goods } = record
  return goods
}

/** The list card of goods. */
export function goodsCard(record: GoodsRecord): GoodsCard {
  return {
    id: record.id,
    name: record.name,
    slug: record.slug,
    brand: record.brand,
    categoryId: record.categoryId,
    price: record.price,
    oldPrice: record.oldPrice,
    discountPercent: record.discountPercent,
    image: record.images[0] ?? null,
    rating: record.rating,
    reviewsCount: record.reviewsCount,
    ageRestricted: record.ageRestricted,
    inStock: record.inStock,
    labels: record.labels,
  }
}

/** Goods by id, or undefined. */
export const findGoods = (state: MockState, id: number): GoodsRecord | undefined =>
  state.db.goods.findFirst((q) => q.where({ id }))

/** Goods cards for ids, in their order, skipping unknown ids. */
export function goodsCards(state: MockState, ids: readonly number[]): GoodsCard[] {
  const wanted = new Set(ids)
  const byId = new Map(state.db.goods.findMany((q) => q.where({ id: (id) => wanted.has(id) })).map((g) => [g.id, g]))
  return ids.flatMap((id) => {
    const record = byId.get(id)
    return record ? [goodsCard(record)] : []
  })
}

/** A page of a list: `{ items, total, page, pageSize }`. */
export function paginate<T>(
  items: readonly T[],
  page = 1,
  pageSize = 20,
): { items: T[]; total: number; page: number; pageSize: number } {
  return { items: items.slice((page - 1) * pageSize, page * pageSize), total: items.length, page, pageSize }
}

/** Totals of lines: old-price sum, saving, sum to pay and units. */
export function totalsOf(
  lines: readonly { price: number; oldPrice?: number | undefined; quantity: number }[],
): CartTotals {
  const itemsTotal = money(lines.reduce((sum, line) => sum + (line.oldPrice ?? line.price) * line.quantity, 0))
  const total = money(lines.reduce((sum, line) => sum + line.price * line.quantity, 0))
  return {
    itemsTotal,
    discountTotal: money(itemsTotal - total),
    total,
    count: lines.reduce((sum, line) => sum + line.quantity, 0),
  }
}

/** The cart answer of a cart record, priced with today's goods. */
export function cartView(state: MockState, cart: CartRecord): Cart {
  const lines = cart.lines.flatMap((line) => {
    const goods = findGoods(state, line.goodsId)
    if (!goods) return []
    return [
      {
        goodsId: goods.id,
        name: goods.name,
        slug: goods.slug,
        image: goods.images[0] ?? null,
        price: goods.price,
        oldPrice: goods.oldPrice,
        quantity: line.quantity,
        maxQuantity: Math.min(goods.stock, CART_LINE_LIMIT),
        lineTotal: money(goods.price * line.quantity),
        ageRestricted: goods.ageRestricted,
      },
    ]
  })
  // Sold-out lines are set aside: in the cart, in no total (CartTotalsSchema).
  const orderable = lines.filter((line) => line.maxQuantity > 0)
  return { lines, totals: totalsOf(orderable), storeCode: cart.storeCode, version: cart.version }
}

/** The order answer of an order record. */
export function orderView(record: OrderRecord): Order {
  const { userId: _userId, idempotencyKey: _key, ...order } = record
  return { ...order, canCancel: CANCELLABLE_STATUSES.includes(order.status) }
}

/** The list summary of an order record. */
export function orderSummary(record: OrderRecord): OrderSummary {
  const { id, number, status, createdAt, total, itemsCount, deliveryType, storeName } = record
  const images = record.lines.flatMap((line) => (line.image ? [line.image] : [])).slice(0, 4)
  return { id, number, status, createdAt, total, itemsCount, deliveryType, storeName, images }
}
