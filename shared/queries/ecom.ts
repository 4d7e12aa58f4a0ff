/**
 * Queries of the e-commerce area: the cart, the checkout draft, orders and saved payment methods.
 * All of them are personal (DESIGN.md section 6): never cached across users, and a page that loads
 * one is sent `private, no-store`.
 */
import { getCart } from '../gateway/cart.ts'
import { getCheckout } from '../gateway/checkout.ts'
import { getOrder, listActiveOrders, listOrders } from '../gateway/orders.ts'
import { listPaymentMethods, listSbpBanks } from '../gateway/payment-methods.ts'
import { defineQuery } from '../routing/query.ts'

/** Orders per page of the order list on `/ecom`. */
export const ORDERS_PAGE_SIZE = 10

/** The shopper's cart (also read by the toolbar's cart count and the add-to-cart buttons). */
export const cartQuery = defineQuery('ecom.cart', (api, _args: [], signal) => api.call(getCart, { signal }), { personal: true })

/** The checkout draft: delivery, store, payment method, totals and problems. */
export const checkoutQuery = defineQuery('ecom.checkout', (api, _args: [], signal) => api.call(getCheckout, { signal }), { personal: true })

/** One order with its status history. */
export const orderQuery = defineQuery(
  'ecom.order',
  (api, [id]: [string], signal) => api.call(getOrder, { params: { id }, signal }),
  { personal: true },
)

/** One page of all orders, newest first. */
export const ordersQuery = defineQuery(
  'ecom.orders',
  (api, [page]: [number], signal) => api.call(listOrders, { query: { page, pageSize: ORDERS_PAGE_SIZE }, signal }),
  { personal: true },
)

/** Orders still in progress. */
export const activeOrdersQuery = defineQuery('ecom.orders.active', (api, _args: [], signal) => api.call(listActiveOrders, { signal }), { personal: true })

/** Saved payment methods (cards and SBP accounts), the default first. */
export const paymentMethodsQuery = defineQuery('ecom.paymentMethods', (api, _args: [], signal) => api.call(listPaymentMethods, { signal }), { personal: true })

/** Banks an SBP account can be linked with. */
export const sbpBanksQuery = defineQuery('ecom.sbpBanks', (api, _args: [], signal) => api.call(listSbpBanks, { signal }), { personal: true })
