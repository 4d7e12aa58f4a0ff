/**
 * The route table: every route of spec section 2, with its name (the analytics names where the spec
 * gives them), patterns, layout, params, guards and page data. The one list of routes.
 * Page data (loaders, head) loads lazily: in the browser it is a chunk of its own, out of the first load.
 */
import { idParam, optionalParam, paramsOf, slugParam, stringIdParam } from './params.ts'
import { defineRoute } from './types.ts'

const productParams = paramsOf({ product: idParam, slug: optionalParam(slugParam) })

export const ROUTES = {
  main: defineRoute({ name: 'main', patterns: ['/'], page: () => import('../routes/site.ts').then((m) => m.mainPage) }),
  search: defineRoute({ name: 'search', patterns: ['/search'], page: () => import('../routes/site.ts').then((m) => m.searchPage) }),
  'cookie-policy': defineRoute({ name: 'cookie-policy', patterns: ['/cookie-policy'], page: () => import('../routes/site.ts').then((m) => m.cookiePolicyPage) }),
  articles: defineRoute({ name: 'articles', patterns: ['/articles'], page: () => import('../routes/articles.ts').then((m) => m.articlesPage) }),
  article: defineRoute({
    name: 'article',
    patterns: ['/articles/:id-:slug'],
    params: paramsOf({ id: idParam, slug: slugParam }),
    page: () => import('../routes/articles.ts').then((m) => m.articlePage),
  }),
  registration: defineRoute({ name: 'registration', patterns: ['/registration'], page: () => import('../routes/site.ts').then((m) => m.registrationPage) }),
  'profile-incomplete': defineRoute({ name: 'profile-incomplete', patterns: ['/profile/incomplete'], page: () => import('../routes/site.ts').then((m) => m.incompleteProfilePage) }),
  /** The profile lives on the main site (spec section 2); rule 2 sends every /profile path there. */
  profile: defineRoute({ name: 'profile', patterns: ['/profile'], kind: 'external' }),
  popular: defineRoute({
    name: 'popular',
    patterns: ['/popular/:id-:slug'],
    params: paramsOf({ id: idParam, slug: slugParam }),
    page: () => import('../routes/product.ts').then((m) => m.popularPage),
  }),
  product: defineRoute({
    name: 'product',
    patterns: ['/product/:product-:slug', '/product/:product'],
    layout: 'product',
    params: productParams,
    page: () => import('../routes/product.ts').then((m) => m.productPage),
  }),
  'product-reviews': defineRoute({
    name: 'product-reviews',
    patterns: ['/product/:product-:slug/reviews', '/product/:product/reviews'],
    layout: 'product',
    parent: 'product',
    params: productParams,
    page: () => import('../routes/product.ts').then((m) => m.productReviewsPage),
  }),
  catalog: defineRoute({ name: 'catalog', patterns: ['/catalog'], page: () => import('../routes/catalog.ts').then((m) => m.catalogPage) }),
  'catalog-category': defineRoute({
    name: 'catalog-category',
    patterns: ['/catalog/:category-:slug', '/catalog/:category'],
    params: paramsOf({ category: idParam, slug: optionalParam(slugParam) }),
    page: () => import('../routes/catalog.ts').then((m) => m.catalogCategoryPage),
  }),
  'promo-product': defineRoute({
    name: 'promo-product',
    patterns: ['/promo-product/:product-:slug', '/promo-product/:product'],
    layout: 'product',
    params: productParams,
    page: () => import('../routes/product.ts').then((m) => m.promoProductPage),
  }),
  'promo-catalog': defineRoute({ name: 'promo-catalog', patterns: ['/promo-catalog'], page: () => import('../routes/promotions.ts').then((m) => m.promoCatalogPage) }),
  'promo-catalog-category': defineRoute({
    name: 'promo-catalog-category',
    patterns: ['/promo-catalog/:category-:categorySlug'],
    params: paramsOf({ category: idParam, categorySlug: slugParam }),
    page: () => import('../routes/promotions.ts').then((m) => m.promoCatalogCategoryPage),
  }),
  /** A promo product opened from a promotions category (analytics name of spec section 2). */
  'promo-catalog-category-product': defineRoute({
    name: 'promo-catalog-category-product',
    patterns: ['/promo-catalog/:category-:categorySlug/:product-:slug'],
    layout: 'product',
    parent: 'promo-catalog-category',
    params: paramsOf({ category: idParam, categorySlug: slugParam, product: idParam, slug: slugParam }),
    page: () => import('../routes/product.ts').then((m) => m.promoProductPage),
  }),
  /** The signed-in shopper's favorite goods (personal: `private, no-store`, never indexed). */
  favorites: defineRoute({ name: 'favorites', patterns: ['/favorites'], guards: ['authorized'], page: () => import('../routes/favorites.ts').then((m) => m.favoritesPage) }),
  sitemap: defineRoute({ name: 'sitemap', patterns: ['/sitemap.xml'], kind: 'resource' }),
  ecom: defineRoute({ name: 'ecom', patterns: ['/ecom'], guards: ['authorized'], feature: 'ecom', page: () => import('../routes/ecom.ts').then((m) => m.ecomPage) }),
  'ecom-cart': defineRoute({
    name: 'ecom-cart',
    patterns: ['/ecom/cart'],
    parent: 'ecom',
    guards: ['authorized', 'offline-store-guard'],
    feature: 'ecom',
    page: () => import('../routes/ecom.ts').then((m) => m.cartPage),
  }),
  'ecom-checkout': defineRoute({
    name: 'ecom-checkout',
    patterns: ['/ecom/checkout'],
    parent: 'ecom',
    guards: ['authorized', 'offline-store-guard'],
    feature: 'ecom',
    page: () => import('../routes/ecom.ts').then((m) => m.checkoutPage),
  }),
  'ecom-order': defineRoute({
    name: 'ecom-order',
    patterns: ['/ecom/orders/:id'],
    parent: 'ecom',
    guards: ['authorized'],
    feature: 'ecom',
    // Order ids are gateway strings (`OrderParamsSchema`: `o-1024`), not numbers.
    params: paramsOf({ id: stringIdParam }),
    page: () => import('../routes/ecom.ts').then((m) => m.orderPage),
  }),
} as const

export type RouteName = keyof typeof ROUTES
export type AnyRoute = (typeof ROUTES)[RouteName]
/** Routes in matching order. */
export const ROUTE_LIST: readonly AnyRoute[] = Object.values(ROUTES)
