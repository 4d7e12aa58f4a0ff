/** Orders of the signed-in shopper: list, status with history, cancel, active summary and the status poll. */
import * as z from 'zod/mini'
import { CartTotalsSchema } from './cart.ts'
import { CourierAddressSchema, DeliverySlotSchema, DeliveryTypeSchema } from './checkout.ts'
import { IdSchema, ImageSchema, PriceSchema, TimestampSchema, pageOf, queryInt, PAGE_SIZE_MAX } from './common.ts'
import { ACTIVE_STATUSES, CANCELLABLE_STATUSES, ORDER_STATUSES } from './values.ts'

/** Order statuses in their order, and those still cancellable or in progress. */
export { ACTIVE_STATUSES, CANCELLABLE_STATUSES, ORDER_STATUSES }
export const OrderStatusSchema = z.enum(ORDER_STATUSES)
export type OrderStatus = z.infer<typeof OrderStatusSchema>

/** One order line, as ordered. */
export const OrderLineSchema = z.object({
  goodsId: IdSchema,
  name: z.string(),
  image: z.nullable(ImageSchema),
  price: PriceSchema,
  quantity: z.int().check(z.positive()),
  lineTotal: PriceSchema,
})
export type OrderLine = z.infer<typeof OrderLineSchema>

/** An order in lists. */
export const OrderSummarySchema = z.object({
  id: z.string(),
  /** The number shown to the shopper (`AU-100245`). */
  number: z.string(),
  status: OrderStatusSchema,
  createdAt: TimestampSchema,
  total: PriceSchema,
  itemsCount: z.int().check(z.nonnegative()),
  deliveryType: DeliveryTypeSchema,
  storeName: z.nullable(z.string()),
  /** Pictures of the first goods (up to 4), the list's thumbnails. */
  images: z.optional(z.array(ImageSchema)),
})
export type OrderSummary = z.infer<typeof OrderSummarySchema>

/**
 * A pickup order's keeping in the store: how many days the store keeps it once it is ready for pickup,
 * and until when it is kept (null until the order is ready).
 */
export const OrderPickupSchema = z.object({
  keepDays: z.int().check(z.positive()),
  keepUntil: z.nullable(TimestampSchema),
})

/** `GET /v1/orders/:id`: the whole order with its status history (oldest first). */
export const OrderSchema = z.extend(OrderSummarySchema, {
  lines: z.array(OrderLineSchema),
  totals: CartTotalsSchema,
  statusHistory: z.array(z.object({ status: OrderStatusSchema, at: TimestampSchema })),
  store: z.nullable(z.object({ code: z.string(), name: z.string(), address: z.string() })),
  payment: z.nullable(z.object({ methodId: z.string(), title: z.string() })),
  /** A courier order's address and time window (absent or null for pickup). */
  delivery: z.optional(z.nullable(z.object({ address: CourierAddressSchema, slot: DeliverySlotSchema }))),
  /** A pickup order's keeping in the store (absent or null for courier orders). */
  pickup: z.optional(z.nullable(OrderPickupSchema)),
  canCancel: z.boolean(),
  updatedAt: TimestampSchema,
  /** The order's place in the shopper's change sequence (see `/v1/orders/poll`). */
  version: z.int().check(z.nonnegative()),
})
export type Order = z.infer<typeof OrderSchema>

/** Path params of one order. */
export const OrderParamsSchema = z.object({ id: z.string().check(z.minLength(1)) })

/** `GET /v1/orders`: newest first. */
export const OrdersQuerySchema = z.object({
  page: z.optional(queryInt(1)),
  pageSize: z.optional(queryInt(1).check(z.maximum(PAGE_SIZE_MAX))),
})

/** A page of orders. */
export const OrdersPageSchema = pageOf(OrderSummarySchema)
export type OrdersPage = z.infer<typeof OrdersPageSchema>

/** `GET /v2/orders/active/list`: orders still in progress, newest first. */
export const ActiveOrdersSchema = z.object({
  items: z.array(OrderSummarySchema),
  count: z.int().check(z.nonnegative()),
})

/** `GET /v1/orders/poll?since=`: changes after version `since` (0 or absent: every order). */
export const OrdersPollQuerySchema = z.object({ since: z.optional(queryInt(0)) })

/** Changed statuses and the version to ask from next time. */
export const OrdersPollSchema = z.object({
  version: z.int().check(z.nonnegative()),
  changes: z.array(
    z.object({
      id: z.string(),
      status: OrderStatusSchema,
      updatedAt: TimestampSchema,
      version: z.int(),
      /** A pickup order's `pickup.keepUntil` after this change (absent for courier orders). */
      keepUntil: z.optional(z.nullable(TimestampSchema)),
    }),
  ),
})
export type OrdersPoll = z.infer<typeof OrdersPollSchema>
