/** Head and data of the catalogue pages. */
import { SITE_NAME } from '../constants.ts'
import type { RoutePage } from '../routing/types.ts'

/** Catalogue root (`catalog`). */
export const catalogPage: RoutePage<unknown> = {
  meta: () => ({ title: `Каталог товаров — ${SITE_NAME}`, description: 'Каталог косметики, парфюмерии и товаров для дома: категории, бренды и цены.', canonicalPath: '/catalog' }),
}

/** Catalogue category (`catalog-category`). */
export const catalogCategoryPage: RoutePage<{ category: number; slug?: string }> = {
  meta: (ctx) => ({ title: `Категория ${ctx.params.category} — ${SITE_NAME}`, description: 'Товары категории в каталоге Аврора.' }),
}
