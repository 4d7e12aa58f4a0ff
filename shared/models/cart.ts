/** The signed-in shopper's cart (`/v1/cart`). */
import * as z from 'zod/mini'
import { IdSchema, ImageSchema, PriceSchema } from './common.ts'

/** One cart line: the goods summary, its quantity, and how many may be ordered. */
export const CartLineSchema = z.object({
  goodsId: IdSchema,
  name: z.string(),
  slug: z.string(),
  image: z.nullable(ImageSchema),
  price: PriceSchema,
  oldPrice: z.optional(PriceSchema),
  quantity: z.int().check(z.positive()),
  /** The most this line may hold now (stock, capped per order); 0 when sold out. */
  maxQuantity: z.int().check(z.nonnegative()),
  lineTotal: PriceSchema,
  ageRestricted: z.boolean(),
})
export type CartLine = z.infer<typeof CartLineSchema>

/**
 * Cart totals: `itemsTotal` at old prices, `discountTotal` saved, `total` to pay, `count` units; all
 * over the lines that can be ordered. Sold-out lines (`maxQuantity` 0) are set aside: they stay in the
 * cart, count in no total, and an order leaves them in the cart.
 */
export const CartTotalsSchema = z.object({
  itemsTotal: PriceSchema,
  discountTotal: PriceSchema,
  total: PriceSchema,
  count: z.int().check(z.nonnegative()),
})
export type CartTotals = z.infer<typeof CartTotalsSchema>

/** The cart. `version` grows on every change; placing an order names the version it saw. */
export const CartSchema = z.object({
  lines: z.array(CartLineSchema),
  totals: CartTotalsSchema,
  storeCode: z.nullable(z.string()),
  version: z.int().check(z.nonnegative()),
})
export type Cart = z.infer<typeof CartSchema>

/** Most units of one goods in one order. */
export const CART_LINE_LIMIT = 10

/** `POST /v1/cart/items`: adds units (to an existing line, quantities add up, capped at the limit and stock). */
export const CartAddSchema = z.object({
  goodsId: IdSchema,
  quantity: z.int().check(z.positive(), z.maximum(CART_LINE_LIMIT)),
})

/** `PATCH /v1/cart/items/:goodsId`: sets a line's quantity. */
export const CartQuantitySchema = z.object({
  quantity: z.int().check(z.positive(), z.maximum(CART_LINE_LIMIT)),
})
