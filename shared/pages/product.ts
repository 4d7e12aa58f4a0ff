/** Head and data of the product pages (goods, promo goods, popular items). */
import { SITE_NAME } from '../constants.ts'
import type { RoutePage } from '../routing/types.ts'

/** Goods page (`product`, also its `reviews` child and the no-slug form). */
export const productPage: RoutePage<{ product: number; slug?: string }> = {
  meta: (ctx) => ({ title: `Товар ${ctx.params.product} — ${SITE_NAME}`, description: 'Описание, цена и отзывы о товаре в магазинах Аврора.', ogType: 'product' }),
}

/** Promo goods page (`promo-product`). */
export const promoProductPage: RoutePage<{ product: number; slug?: string; category?: number; categorySlug?: string }> = {
  meta: (ctx) => ({ title: `Акция ${ctx.params.product} — ${SITE_NAME}`, description: 'Условия акции и товар по специальной цене в магазинах Аврора.', ogType: 'product' }),
}

/** Popular item (`popular`). */
export const popularPage: RoutePage<{ id: number; slug: string }> = {
  meta: (ctx) => ({ title: `Популярное ${ctx.params.id} — ${SITE_NAME}`, description: 'Популярные товары и подборки Аврора.' }),
}
