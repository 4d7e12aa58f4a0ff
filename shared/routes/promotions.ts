/** Head and data of the promotions pages. */
import type { PromotionType } from '../models/promotions.ts'
import { PROMOTION_TYPES } from '../models/values.ts'
import {
  promotionCategoriesQuery,
  promotionCategoryQuery,
  promotionTypesQuery,
  promotionsQuery,
  typedPromotionsQuery,
} from '../queries/promotions.ts'
import { href } from '../routing/href.ts'
import { definePage } from '../routing/define-page.ts'
import type { LoaderContext } from '../routing/types.ts'
import { breadcrumbLd, pageDescription, pageTitle } from './seo.ts'

/** The page number of a promotions list from `?page=`. */
export const promoPageOf = (ctx: Pick<LoaderContext<unknown>, 'search'>): number => {
  const raw = ctx.search.page
  const value = typeof raw === 'string' && /^[1-9]\d{0,4}$/.test(raw) ? Number(raw) : 1
  return value
}

/** The promotion kind of the type filter from `?type=`; undefined for none or an unknown one. */
export const promoTypeOf = (ctx: Pick<LoaderContext<unknown>, 'search'>): PromotionType | undefined => {
  const raw = ctx.search.type
  return typeof raw === 'string' && (PROMOTION_TYPES as readonly string[]).includes(raw)
    ? (raw as PromotionType)
    : undefined
}

/** The promotions of the catalogue page: of one kind when the type filter is set. */
export const promoCatalogListQuery = (type: PromotionType | undefined, page: number) =>
  type ? typedPromotionsQuery(type, page) : promotionsQuery(undefined, page)

/** Promotions catalogue (`promo-catalog`), with the promotion kinds as a filter. */
export const promoCatalogPage = definePage('promo-catalog', {
  loaders: (ctx) => ({
    categories: promotionCategoriesQuery(),
    types: promotionTypesQuery(),
    promotions: promoCatalogListQuery(promoTypeOf(ctx), promoPageOf(ctx)),
  }),
  meta: (_ctx, data) => ({
    title: pageTitle('Акции и скидки'),
    description: pageDescription(
      `${data.promotions ? `${data.promotions.total} акций` : 'Все акции'} магазинов Аврора: скидки, подарки и выгодные наборы на косметику и товары для дома.`,
    ),
    canonicalPath: href('promo-catalog'),
    jsonLd: [
      breadcrumbLd([
        { name: 'Главная', path: '/' },
        { name: 'Акции', path: href('promo-catalog') },
      ]),
    ],
  }),
})

/** Promotions category (`promo-catalog-category`). */
export const promoCatalogCategoryPage = definePage('promo-catalog-category', {
  loaders: (ctx) => ({
    // First: an unknown category is a 404 before anything else of the page is decided.
    category: promotionCategoryQuery(ctx.params.category),
    categories: promotionCategoriesQuery(),
    promotions: promotionsQuery(ctx.params.category, promoPageOf(ctx)),
  }),
  canonical: (ctx, data) => {
    const category = data.categories?.items.find((item) => item.id === ctx.params.category)
    return category ? href('promo-catalog-category', { category: category.id, categorySlug: category.slug }) : undefined
  },
  meta: (ctx, data) => {
    const category = data.categories?.items.find((item) => item.id === ctx.params.category)
    const name = category?.name ?? 'Акции'
    const path = category
      ? href('promo-catalog-category', { category: category.id, categorySlug: category.slug })
      : undefined
    return {
      title: pageTitle(`Акции: ${name}`),
      description: pageDescription(
        `Акции и скидки в разделе «${name}»: ${data.promotions?.total ?? 0} предложений в магазинах Аврора.`,
      ),
      ...(path ? { canonicalPath: path } : {}),
      jsonLd: [
        breadcrumbLd([
          { name: 'Главная', path: '/' },
          { name: 'Акции', path: href('promo-catalog') },
          ...(path ? [{ name, path }] : []),
        ]),
      ],
    }
  },
})
