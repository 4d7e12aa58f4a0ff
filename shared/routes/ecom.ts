/**
 * Head and data of the e-commerce pages (personal: never cached, never indexed). The loaders run only
 * when the `authorized` guard passes; a guarded page without a session renders its frame and asks
 * the shopper to sign in.
 */
import { SITE_NAME } from '../constants.ts'
import {
  activeOrdersQuery,
  cartQuery,
  checkoutQuery,
  orderQuery,
  ordersQuery,
  paymentMethodsQuery,
} from '../queries/ecom.ts'
import { definePage } from '../routing/define-page.ts'

const privateMeta = (title: string) => ({
  title: `${title} — ${SITE_NAME}`,
  description: `${title} в интернет-магазине Аврора.`,
  robots: 'noindex, nofollow',
})

/** E-commerce hub (`ecom`): active orders, all orders and payment methods. */
export const ecomPage = definePage('ecom', {
  loaders: () => ({ active: activeOrdersQuery(), orders: ordersQuery(1), methods: paymentMethodsQuery() }),
  meta: () => privateMeta('Заказы и способы оплаты'),
})

/** Cart (`ecom-cart`). */
export const cartPage = definePage('ecom-cart', {
  loaders: () => ({ cart: cartQuery() }),
  meta: () => privateMeta('Корзина'),
})

/** Checkout (`ecom-checkout`): the draft, the cart it was made from and the saved payment methods. */
export const checkoutPage = definePage('ecom-checkout', {
  loaders: () => ({ checkout: checkoutQuery(), cart: cartQuery(), methods: paymentMethodsQuery() }),
  meta: () => privateMeta('Оформление заказа'),
})

/** Order status (`ecom-order`). */
export const orderPage = definePage('ecom-order', {
  loaders: (ctx) => ({ order: orderQuery(ctx.params.id) }),
  meta: (_ctx, data) => privateMeta(data.order ? `Заказ ${data.order.number}` : 'Заказ'),
})
