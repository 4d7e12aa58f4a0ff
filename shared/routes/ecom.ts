/**
 * Head and data of the e-commerce pages (personal: never cached, never indexed). The loaders run only
 * when the `authorized` guard passes; a guarded page without a session renders its frame and asks
 * the shopper to sign in.
 */
import { SITE_NAME } from '../constants.ts'
import { activeOrdersQuery, cartQuery, checkoutQuery, orderQuery, ordersQuery, paymentMethodsQuery } from '../queries/ecom.ts'
import type { RoutePage } from '../routing/types.ts'

const privateMeta = (title: string) => ({ title: `${title} — ${SITE_NAME}`, description: `${title} в интернет-магазине Аврора.`, robots: 'noindex, nofollow' })

/** E-commerce hub (`ecom`): active orders, all orders and payment methods. */
export const ecomPage: RoutePage<unknown, {
  active: ReturnType<typeof activeOrdersQuery>
  orders: ReturnType<typeof ordersQuery>
  methods: ReturnType<typeof paymentMethodsQuery>
}> = {
  loaders: () => ({ active: activeOrdersQuery(), orders: ordersQuery(1), methods: paymentMethodsQuery() }),
  meta: () => privateMeta('Заказы и способы оплаты'),
}

/** Cart (`ecom-cart`). */
export const cartPage: RoutePage<unknown, { cart: ReturnType<typeof cartQuery> }> = {
  loaders: () => ({ cart: cartQuery() }),
  meta: () => privateMeta('Корзина'),
}

/** Checkout (`ecom-checkout`): the draft, the cart it was made from and the saved payment methods. */
export const checkoutPage: RoutePage<unknown, {
  checkout: ReturnType<typeof checkoutQuery>
  cart: ReturnType<typeof cartQuery>
  methods: ReturnType<typeof paymentMethodsQuery>
}> = {
  loaders: () => ({ checkout: checkoutQuery(), cart: cartQuery(), methods: paymentMethodsQuery() }),
  meta: () => privateMeta('Оформление заказа'),
}

/** Order status (`ecom-order`). */
export const orderPage: RoutePage<{ id: string }, { order: ReturnType<typeof orderQuery> }> = {
  loaders: (ctx) => ({ order: orderQuery(ctx.params.id) }),
  meta: (_ctx, data) => privateMeta(data.order ? `Заказ ${data.order.number}` : 'Заказ'),
}
