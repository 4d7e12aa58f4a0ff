/** The checkout draft of the signed-in shopper (`/v1/checkout`) and placing an order. */
import * as z from 'zod/mini'
import { CartTotalsSchema } from './cart.ts'
import { DateSchema, IdSchema } from './common.ts'
import { PaymentMethodSchema } from './payment-cards.ts'
import { StoreSchema } from './stores.ts'

/** How the order reaches the shopper. */
export const DELIVERY_TYPES = ['pickup', 'courier'] as const
export const DeliveryTypeSchema = z.enum(DELIVERY_TYPES)
export type DeliveryType = z.infer<typeof DeliveryTypeSchema>

/** Something that stops the order from being placed as it is. */
export const CheckoutProblemSchema = z.object({
  kind: z.enum(['outOfStock', 'notEnough', 'storeUnavailable', 'noStore', 'noPayment', 'emptyCart']),
  /** The goods concerned, for stock problems. */
  goodsId: z.nullable(IdSchema),
  /** Units that can be ordered, for stock problems. */
  available: z.nullable(z.int().check(z.nonnegative())),
  message: z.string(),
})
export type CheckoutProblem = z.infer<typeof CheckoutProblemSchema>

/** `GET /v1/checkout`: the current draft, with the cart version it was computed for. */
export const CheckoutSchema = z.object({
  deliveryType: DeliveryTypeSchema,
  store: z.nullable(StoreSchema),
  paymentMethod: z.nullable(PaymentMethodSchema),
  totals: CartTotalsSchema,
  deliveryPrice: z.number().check(z.nonnegative()),
  /** What courier delivery would cost this cart (0: free), shown on the option before it is chosen. */
  courierPrice: z.optional(z.number().check(z.nonnegative())),
  /** The items total from which courier delivery is free; null when it never is. */
  freeDeliveryFrom: z.optional(z.nullable(z.number().check(z.nonnegative()))),
  cartVersion: z.int().check(z.nonnegative()),
  problems: z.array(CheckoutProblemSchema),
  /** True when there are no problems. */
  canPlace: z.boolean(),
})
export type Checkout = z.infer<typeof CheckoutSchema>

/** `PUT /v1/checkout/delivery`: pickup needs a store that allows pickup. */
export const CheckoutDeliverySchema = z.object({
  deliveryType: DeliveryTypeSchema,
  storeCode: z.optional(z.string()),
})
export type CheckoutDelivery = z.infer<typeof CheckoutDeliverySchema>

/** `PUT /v1/checkout/payment`: one of the shopper's saved methods. */
export const CheckoutPaymentSchema = z.object({ paymentMethodId: z.string().check(z.minLength(1)) })

/** Longest street-and-house line of a courier address. */
export const COURIER_STREET_MAX = 200
/** Longest courier comment. */
export const COURIER_COMMENT_MAX = 300

/**
 * Where the courier brings the order: a city with stores (by FIAS id), the street and house line,
 * and the optional flat, entrance, floor and comment for the courier.
 */
export const CourierAddressSchema = z.object({
  cityFiasId: z.string().check(z.minLength(1)),
  city: z.string().check(z.minLength(1)),
  street: z.string().check(z.minLength(3), z.maxLength(COURIER_STREET_MAX)),
  flat: z.optional(z.string().check(z.regex(/^[0-9А-Яа-яЁёA-Za-z/-]{1,10}$/))),
  entrance: z.optional(z.string().check(z.regex(/^\d{1,3}$/))),
  floor: z.optional(z.string().check(z.regex(/^-?\d{1,3}$/))),
  comment: z.optional(z.string().check(z.maxLength(COURIER_COMMENT_MAX))),
})
export type CourierAddress = z.infer<typeof CourierAddressSchema>

/** A courier time window of one day, in the city's local time (`from`/`to` as `HH:MM`). */
export const DeliverySlotSchema = z.object({
  id: z.string().check(z.minLength(1)),
  date: DateSchema,
  from: z.string().check(z.regex(/^\d{2}:\d{2}$/)),
  to: z.string().check(z.regex(/^\d{2}:\d{2}$/)),
})
export type DeliverySlot = z.infer<typeof DeliverySlotSchema>

/** `GET /v1/checkout/delivery-slots?cityFiasId=`: the coming windows; a full one has `available: false`. */
export const DeliverySlotsSchema = z.object({
  items: z.array(z.extend(DeliverySlotSchema, { available: z.boolean() })),
})
export type DeliverySlots = z.infer<typeof DeliverySlotsSchema>

/** Query of the delivery slots: the city the courier goes to. */
export const DeliverySlotsQuerySchema = z.object({ cityFiasId: z.string().check(z.minLength(1)) })

/** What a courier order carries: the address and the chosen window. */
export const CourierDetailsSchema = z.object({
  address: CourierAddressSchema,
  slotId: z.string().check(z.minLength(1)),
})
export type CourierDetails = z.infer<typeof CourierDetailsSchema>

/**
 * `POST /v1/checkout/orders`: places the order from the cart the shopper saw. The same
 * `idempotencyKey` answers the same order again. A courier order carries `courier`.
 */
export const PlaceOrderSchema = z.object({
  cartVersion: z.int().check(z.nonnegative()),
  idempotencyKey: z.string().check(z.minLength(8), z.maxLength(100)),
  courier: z.optional(CourierDetailsSchema),
})

/** Codes of the 409 answers of checkout calls. */
export const CHECKOUT_CONFLICTS = ['cartChanged', 'outOfStock', 'storeChanged', 'emptyCart', 'slotUnavailable'] as const

/** The 409 body of checkout conflicts: `goodsIds` names the lines of `outOfStock`. */
export const CheckoutConflictSchema = z.object({
  code: z.enum(CHECKOUT_CONFLICTS),
  message: z.optional(z.string()),
  goodsIds: z.optional(z.array(IdSchema)),
  cartVersion: z.optional(z.int()),
})
