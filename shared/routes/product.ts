/** Head and data of the product pages (goods, promo goods, popular items). */
import { SITE_NAME } from '../constants.ts'
import { isRedirect } from '../models/values.ts'
import { publicationQuery } from '../queries/articles.ts'
import { goodsOf, goodsQuery, productPath, productTrail } from '../queries/goods.ts'
import { promotionQuery } from '../queries/promotions.ts'
import { reviewMediaQuery, reviewsQuery, scoresQuery } from '../queries/reviews.ts'
import { href } from '../routing/href.ts'
import { optional } from '../routing/query.ts'
import { definePage } from '../routing/define-page.ts'
import type { LoadedData, PageMeta } from '../routing/types.ts'
import { breadcrumbLd, clampText, pageDescription, pageTitle, productLd, reviewsLd } from './seo.ts'

/** The loaders of a goods page: the goods are essential, scores and reviews are optional blocks. */
function productLoaders(id: number) {
  return {
    goods: goodsQuery(id),
    scores: optional(scoresQuery(id)),
    reviews: optional(reviewsQuery(id, 1)),
    media: optional(reviewMediaQuery(id)),
  }
}

type ProductData = LoadedData<ReturnType<typeof productLoaders>>

function productMeta(data: ProductData, reviews: boolean): PageMeta {
  const goods = goodsOf(data.goods)
  if (!goods)
    return { title: pageTitle('Товар'), description: pageDescription('Товар в магазинах Аврора.'), robots: 'noindex' }
  const path = productPath(goods)
  const lead = reviews ? `Отзывы о товаре ${goods.name}` : goods.name
  return {
    title: pageTitle(reviews ? `Отзывы: ${goods.name}` : goods.name, SITE_NAME),
    description: pageDescription(
      reviews
        ? `${lead}: ${goods.reviewsCount} отзывов покупателей, средняя оценка ${goods.rating.toFixed(1)} из 5.`
        : `${goods.brand.name}. ${clampText(goods.description, 110)} Цена ${Math.round(goods.price)} ₽.`,
    ),
    canonicalPath: productPath(goods, reviews),
    ogType: 'product',
    ...(goods.images[0] ? { ogImage: goods.images[0].url } : {}),
    jsonLd: [
      productLd(goods, path, data.scores),
      ...reviewsLd(goods, data.reviews?.items ?? []),
      breadcrumbLd([...productTrail(goods), { name: goods.name, path }]),
    ],
  }
}

/** Goods page (`product`, also the no-slug form); a wrong slug redirects to the canonical URL. */
export const productPage = definePage(['product', 'product-reviews'], {
  loaders: (ctx) => productLoaders(ctx.params.product),
  serverRedirect: (data) => (data.goods && isRedirect(data.goods) ? data.goods.redirect : undefined),
  canonical: (_ctx, data) => {
    const goods = goodsOf(data.goods)
    return goods ? productPath(goods) : undefined
  },
  meta: (_ctx, data) => productMeta(data, false),
})

/** The `reviews` child route of a goods page (`product-reviews`). */
export const productReviewsPage = definePage(['product', 'product-reviews'], {
  ...productPage,
  canonical: (_ctx, data) => {
    const goods = goodsOf(data.goods)
    return goods ? productPath(goods, true) : undefined
  },
  meta: (_ctx, data) => productMeta(data, true),
})

/** Promo goods page (`promo-product`, and `promo-catalog-category-product` under a promotions category). */
export const promoProductPage = definePage(['promo-product', 'promo-catalog-category-product'], {
  loaders: (ctx) => ({ promotion: promotionQuery(ctx.params.product) }),
  canonical: (ctx, data) => {
    const promo = data.promotion
    if (!promo) return undefined
    if ('category' in ctx.params) {
      return href('promo-catalog-category-product', {
        category: ctx.params.category,
        categorySlug: ctx.params.categorySlug,
        product: promo.id,
        slug: promo.slug,
      })
    }
    return href('promo-product', { product: promo.id, slug: promo.slug })
  },
  meta: (_ctx, data) => {
    const promo = data.promotion
    if (!promo)
      return { title: pageTitle('Акция'), description: pageDescription('Акция в магазинах Аврора.'), robots: 'noindex' }
    const path = href('promo-product', { product: promo.id, slug: promo.slug })
    return {
      title: pageTitle(`${promo.badge} ${promo.title}`),
      description: pageDescription(`Акция «${promo.title}»: ${clampText(promo.description, 120)}`),
      canonicalPath: path,
      ogType: 'product',
      ogImage: promo.image.url,
      jsonLd: [
        breadcrumbLd([
          { name: 'Главная', path: '/' },
          { name: 'Акции', path: href('promo-catalog') },
          { name: promo.title, path },
        ]),
      ],
    }
  },
})

/** Popular item (`popular`): a curated publication and its goods. */
export const popularPage = definePage('popular', {
  loaders: (ctx) => ({ publication: publicationQuery(ctx.params.id) }),
  canonical: (_ctx, data) =>
    data.publication ? href('popular', { id: data.publication.id, slug: data.publication.slug }) : undefined,
  meta: (_ctx, data) => {
    const item = data.publication
    if (!item)
      return { title: pageTitle('Популярное'), description: pageDescription('Популярные товары и подборки Аврора.') }
    const path = href('popular', { id: item.id, slug: item.slug })
    return {
      title: pageTitle(item.title),
      description: pageDescription(`${item.subtitle}. Подборка товаров Аврора.`),
      canonicalPath: path,
      ogType: 'article',
      ogImage: item.image.url,
      jsonLd: [
        breadcrumbLd([
          { name: 'Главная', path: '/' },
          { name: item.title, path },
        ]),
      ],
    }
  },
})
