/** Head and data of the promotions pages. */
import { SITE_NAME } from '../constants.ts'
import type { RoutePage } from '../routing/types.ts'

/** Promotions catalogue (`promo-catalog`). */
export const promoCatalogPage: RoutePage<unknown> = {
  meta: () => ({ title: `Акции и скидки — ${SITE_NAME}`, description: 'Все акции и скидки магазинов Аврора: выгодные предложения на косметику и товары для дома.', canonicalPath: '/promo-catalog' }),
}

/** Promotions category (`promo-catalog-category`). */
export const promoCatalogCategoryPage: RoutePage<{ category: number; categorySlug: string }> = {
  meta: () => ({ title: `Акции — ${SITE_NAME}`, description: 'Акции и скидки категории в магазинах Аврора.' }),
}
