/** Head and data of the e-commerce pages (personal: never cached, never indexed). */
import { SITE_NAME } from '../constants.ts'
import type { RoutePage } from '../routing/types.ts'

const privateMeta = (title: string) => ({ title: `${title} — ${SITE_NAME}`, description: `${title} в интернет-магазине Аврора.`, robots: 'noindex, nofollow' })

/** E-commerce hub (`ecom`): orders and payment methods. */
export const ecomPage: RoutePage<unknown> = { meta: () => privateMeta('Заказы и способы оплаты') }
/** Cart (`ecom-cart`). */
export const cartPage: RoutePage<unknown> = { meta: () => privateMeta('Корзина') }
/** Checkout (`ecom-checkout`). */
export const checkoutPage: RoutePage<unknown> = { meta: () => privateMeta('Оформление заказа') }
/** Order status (`ecom-order`). */
export const orderPage: RoutePage<{ id: number }> = { meta: (ctx) => privateMeta(`Заказ № ${ctx.params.id}`) }
