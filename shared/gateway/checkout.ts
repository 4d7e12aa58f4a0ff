/** Checkout: the draft, its delivery and payment, and placing the order. */
import { defineEndpoint } from '../api/endpoint.ts'
import {
  CheckoutDeliverySchema,
  CheckoutPaymentSchema,
  CheckoutSchema,
  DeliverySlotsQuerySchema,
  DeliverySlotsSchema,
  PlaceOrderSchema,
} from '../models/checkout.ts'
import { OrderSchema } from '../models/orders.ts'

/** The current draft with its problems. */
export const getCheckout = defineEndpoint({
  name: 'checkout.get',
  gateway: 'web',
  method: 'GET',
  path: '/v1/checkout',
  auth: true,
  response: CheckoutSchema,
})

/** Chooses pickup in a store or courier delivery; 404 `notFound` for an unknown store, 409 `storeChanged` when it allows no pickup. */
export const setCheckoutDelivery = defineEndpoint({
  name: 'checkout.delivery',
  gateway: 'web',
  method: 'PUT',
  path: '/v1/checkout/delivery',
  auth: true,
  body: CheckoutDeliverySchema,
  response: CheckoutSchema,
})

/** Chooses one of the saved payment methods; 404 `notFound` for another id. */
export const setCheckoutPayment = defineEndpoint({
  name: 'checkout.payment',
  gateway: 'web',
  method: 'PUT',
  path: '/v1/checkout/payment',
  auth: true,
  body: CheckoutPaymentSchema,
  response: CheckoutSchema,
})

/** The courier's coming time windows for a city; 404 `notFound` for a city without stores. */
export const listDeliverySlots = defineEndpoint({
  name: 'checkout.deliverySlots',
  gateway: 'web',
  method: 'GET',
  path: '/v1/checkout/delivery-slots',
  auth: true,
  query: DeliverySlotsQuerySchema,
  response: DeliverySlotsSchema,
})

/**
 * Places the order and empties the cart. The same idempotency key answers the same order.
 * 409 `cartChanged` (stale `cartVersion`), `outOfStock` (with `goodsIds`), `storeChanged`, `emptyCart`,
 * `slotUnavailable` (the courier window is past or full); 400 `validationError` without a store for
 * pickup, without the address and window for courier, or without a payment method.
 */
export const placeOrder = defineEndpoint({
  name: 'checkout.placeOrder',
  gateway: 'web',
  method: 'POST',
  path: '/v1/checkout/orders',
  auth: true,
  body: PlaceOrderSchema,
  response: OrderSchema,
})
