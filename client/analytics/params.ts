/**
 * Typed parameter helpers for goal events: the product and position fields of spec section 3,
 * spelled the same way on every event (the store fields: store-params.ts, which only store events
 * use, after a store is chosen).
 */

/** A parameter value the counter accepts. */
export type AnalyticsValue = string | number | boolean | null
/** Parameters of one event (undefined values are dropped before sending). */
export type AnalyticsParams = Readonly<Record<string, AnalyticsValue | undefined>>

/** The product fields of an event (prices in roubles). */
export interface ProductFields {
  id: number | string
  price: number
  oldPrice?: number | undefined
  discountPercent?: number | undefined
}

/**
 * Product params: `product_id`, `price`, `old_price`, and the discount fields `discount` (roubles)
 * and `discount_percent` (computed from the prices when not given).
 */
export function productParams(product: ProductFields): AnalyticsParams {
  const sale = product.oldPrice !== undefined && product.oldPrice > product.price
  const discount = sale ? Math.round((product.oldPrice! - product.price) * 100) / 100 : 0
  const percent = product.discountPercent ?? (sale ? Math.round((1 - product.price / product.oldPrice!) * 100) : 0)
  return {
    product_id: String(product.id),
    price: product.price,
    old_price: sale ? product.oldPrice! : null,
    discount,
    discount_percent: percent,
  }
}

/**
 * Position of an item in a list, counted from 1; `list` names the list (`catalog`, `main.popular`).
 * Without a list, `list` is undefined, which is dropped before sending like every undefined value.
 */
export function positionParams(index: number, list?: string): AnalyticsParams {
  return { position: index + 1, list }
}

/** Merges parameter objects and drops undefined values. */
export function mergeParams(...parts: ReadonlyArray<AnalyticsParams | undefined>): Record<string, AnalyticsValue> {
  const out: Record<string, AnalyticsValue> = {}
  for (const part of parts) {
    if (!part) continue
    for (const [key, value] of Object.entries(part)) if (value !== undefined) out[key] = value
  }
  return out
}
