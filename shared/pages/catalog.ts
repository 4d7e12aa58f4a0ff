/** Head and data of the catalogue pages: the tree, the goods list of the URL state, filters, header tiles. */
import { CATALOG_COMMERCE_HEADER_BANNER, CATALOG_COMMERCE_HEADER_SLIDER, SITE_NAME } from '../constants.ts'
import { categoryTreeQuery, findCategory, goodsFiltersQuery, goodsListArgs, goodsListQuery, listStateFromSearch, promoTilesQuery } from '../queries/catalog.ts'
import { bannersQuery } from '../queries/promotions.ts'
import { optional } from '../routing/query.ts'
import { href } from '../routing/href.ts'
import type { LoaderContext, RoutePage } from '../routing/types.ts'
import { breadcrumbLd, pageDescription, pageTitle } from './seo.ts'

type CategoryParams = { category: number; slug?: string }

/** The loaders of a catalogue list (root or category). */
export function catalogLoaders(ctx: LoaderContext<{ category?: number }>) {
  const state = listStateFromSearch(ctx.search)
  const categoryId = ctx.params.category
  return {
    tree: categoryTreeQuery(),
    goods: goodsListQuery(goodsListArgs(state, { categoryId })),
    filters: optional(goodsFiltersQuery(categoryId)),
    ...(CATALOG_COMMERCE_HEADER_SLIDER ? { tiles: optional(promoTilesQuery()) } : {}),
    ...(CATALOG_COMMERCE_HEADER_BANNER ? { banner: optional(bannersQuery('main-slider')) } : {}),
  }
}

/** Catalogue root (`catalog`). */
export const catalogPage: RoutePage<unknown, ReturnType<typeof catalogLoaders>> = {
  loaders: (ctx) => catalogLoaders(ctx as LoaderContext<{ category?: number }>),
  meta: (_ctx, data) => ({
    title: pageTitle('Каталог косметики и товаров для дома'),
    description: pageDescription(
      `Каталог Аврора: ${data.goods ? `${data.goods.total} товаров` : 'косметика, парфюмерия и товары для дома'} — категории, бренды, цены и скидки.`,
    ),
    canonicalPath: href('catalog'),
    jsonLd: [breadcrumbLd([{ name: 'Главная', path: '/' }, { name: 'Каталог', path: href('catalog') }])],
  }),
}

/** Catalogue category (`catalog-category`): a wrong or missing slug redirects to the canonical URL. */
export const catalogCategoryPage: RoutePage<CategoryParams, ReturnType<typeof catalogLoaders>> = {
  loaders: (ctx) => catalogLoaders(ctx),
  canonical: (ctx, data) => {
    const found = findCategory(data.tree, ctx.params.category)
    return found ? href('catalog-category', { category: found.category.id, slug: found.category.slug }) : undefined
  },
  meta: (ctx, data) => {
    const found = findCategory(data.tree, ctx.params.category)
    const name = found?.category.name ?? `Категория ${ctx.params.category}`
    const path = found ? href('catalog-category', { category: found.category.id, slug: found.category.slug }) : undefined
    const steps = [{ name: 'Главная', path: '/' }, { name: 'Каталог', path: href('catalog') }]
    if (found?.group) steps.push({ name: found.group.name, path: href('catalog-category', { category: found.group.id, slug: found.group.slug }) })
    if (path) steps.push({ name, path })
    const count = data.goods?.total
    return {
      title: pageTitle(`${name} — купить в интернет-магазине`, SITE_NAME),
      description: pageDescription(`${name}${count ? `: ${count} товаров` : ''} в каталоге Аврора. Цены, скидки, отзывы и наличие в магазинах.`),
      ...(path ? { canonicalPath: path } : {}),
      ...(found?.category.image ? { ogImage: found.category.image.url } : {}),
      jsonLd: [breadcrumbLd(steps)],
    }
  },
}
