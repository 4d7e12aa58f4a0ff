/**
 * Queries of the e-commerce area: the cart, the checkout draft, orders and saved payment methods.
 * All of them are personal (DESIGN.md section 6): never cached across users, and a page that loads
 * one is sent `private, no-store`.
 */
import { definePersonalQuery } from '../routing/query.ts'

// Endpoint definitions carry their zod schemas: they load with the first call, not with this module
// (docs/decisions/007-endpoint-schemas-load-with-the-first-call.md).
const cart = () => import('../gateway/cart.ts')
const checkout = () => import('../gateway/checkout.ts')
const orders = () => import('../gateway/orders.ts')
const paymentMethods = () => import('../gateway/payment-methods.ts')

/** Orders per page of the order list on `/ecom`. */
export const ORDERS_PAGE_SIZE = 10

/** The shopper's cart (also read by the toolbar's cart count and the add-to-cart buttons). */
export const cartQuery = definePersonalQuery('ecom.cart', async (api, _args: [], signal) =>
  api.call((await cart()).getCart, { signal }),
)

/** The checkout draft: delivery, store, payment method, totals and problems. */
export const checkoutQuery = definePersonalQuery('ecom.checkout', async (api, _args: [], signal) =>
  api.call((await checkout()).getCheckout, { signal }),
)

/** One order with its status history. */
export const orderQuery = definePersonalQuery('ecom.order', async (api, [id]: [string], signal) =>
  api.call((await orders()).getOrder, { params: { id }, signal }),
)

/** One page of all orders, newest first. */
export const ordersQuery = definePersonalQuery('ecom.orders', async (api, [page]: [number], signal) =>
  api.call((await orders()).listOrders, { query: { page, pageSize: ORDERS_PAGE_SIZE }, signal }),
)

/** Orders still in progress. */
export const activeOrdersQuery = definePersonalQuery('ecom.orders.active', async (api, _args: [], signal) =>
  api.call((await orders()).listActiveOrders, { signal }),
)

/** Saved payment methods (cards and SBP accounts), the default first. */
export const paymentMethodsQuery = definePersonalQuery('ecom.paymentMethods', async (api, _args: [], signal) =>
  api.call((await paymentMethods()).listPaymentMethods, { signal }),
)

/** Banks an SBP account can be linked with. */
export const sbpBanksQuery = definePersonalQuery('ecom.sbpBanks', async (api, _args: [], signal) =>
  api.call((await paymentMethods()).listSbpBanks, { signal }),
)
