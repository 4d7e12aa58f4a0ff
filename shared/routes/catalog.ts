/** Head and data of the catalogue pages: the tree, the goods list of the URL state, filters, header tiles. */
import { CATALOG_COMMERCE_HEADER_BANNER, CATALOG_COMMERCE_HEADER_SLIDER, SITE_NAME } from '../constants.ts'
import {
  categoryPlaceQuery,
  categoryPromoTilesQuery,
  categoryTreeQuery,
  goodsFiltersQuery,
  goodsListArgs,
  goodsListQuery,
  listStateFromSearch,
  promoTilesQuery,
} from '../queries/catalog.ts'
import { bannersQuery } from '../queries/promotions.ts'
import { optional } from '../routing/query.ts'
import { href } from '../routing/href.ts'
import { definePage } from '../routing/define-page.ts'
import type { SearchParams } from '../routing/types.ts'
import { breadcrumbLd, pageDescription, pageTitle } from './seo.ts'

/** The loaders of a catalogue list (root or category) besides the tree: goods, filters, header tiles. */
function listLoaders(search: SearchParams, categoryId: number | undefined) {
  const state = listStateFromSearch(search)
  return {
    goods: goodsListQuery(goodsListArgs(state, { categoryId })),
    filters: optional(goodsFiltersQuery(categoryId)),
    // A category page shows its own promotions only; the catalogue root shows them all.
    ...(CATALOG_COMMERCE_HEADER_SLIDER
      ? { tiles: optional(categoryId === undefined ? promoTilesQuery() : categoryPromoTilesQuery(categoryId)) }
      : {}),
    ...(CATALOG_COMMERCE_HEADER_BANNER ? { banner: optional(bannersQuery('main-slider')) } : {}),
  }
}

/** Catalogue root (`catalog`). */
export const catalogPage = definePage('catalog', {
  /** The whole tree (the root shows every group) and the list. */
  loaders: (ctx) => ({ tree: categoryTreeQuery(), ...listLoaders(ctx.search, undefined) }),
  meta: (_ctx, data) => ({
    title: pageTitle('Каталог косметики и товаров для дома'),
    description: pageDescription(
      `Каталог Аврора: ${data.goods ? `${data.goods.total} товаров` : 'косметика, парфюмерия и товары для дома'} — категории, бренды, цены и скидки.`,
    ),
    canonicalPath: href('catalog'),
    jsonLd: [
      breadcrumbLd([
        { name: 'Главная', path: '/' },
        { name: 'Каталог', path: href('catalog') },
      ]),
    ],
  }),
})

/** Catalogue category (`catalog-category`): a wrong or missing slug redirects to the canonical URL. */
export const catalogCategoryPage = definePage('catalog-category', {
  /** Only the category's place in the tree (name, group, links), and the list. */
  loaders: (ctx) => ({
    place: categoryPlaceQuery(ctx.params.category),
    ...listLoaders(ctx.search, ctx.params.category),
  }),
  canonical: (_ctx, data) => {
    const category = data.place?.category
    return category ? href('catalog-category', { category: category.id, slug: category.slug }) : undefined
  },
  meta: (ctx, data) => {
    const place = data.place ?? undefined
    const name = place?.category.name ?? `Категория ${ctx.params.category}`
    const path = place
      ? href('catalog-category', { category: place.category.id, slug: place.category.slug })
      : undefined
    const steps = [
      { name: 'Главная', path: '/' },
      { name: 'Каталог', path: href('catalog') },
    ]
    if (place?.group)
      steps.push({
        name: place.group.name,
        path: href('catalog-category', { category: place.group.id, slug: place.group.slug }),
      })
    if (path) steps.push({ name, path })
    const count = data.goods?.total
    return {
      title: pageTitle(`${name} — купить в интернет-магазине`, SITE_NAME),
      description: pageDescription(
        `${name}${count ? `: ${count} товаров` : ''} в каталоге Аврора. Цены, скидки, отзывы и наличие в магазинах.`,
      ),
      ...(path ? { canonicalPath: path } : {}),
      ...(place?.category.image ? { ogImage: place.category.image } : {}),
      jsonLd: [breadcrumbLd(steps)],
    }
  },
})
