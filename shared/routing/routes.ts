/**
 * The route table: every route of spec section 2 with its URL part: name (the analytics names where
 * the spec gives them), patterns, layout, typed params, guards. The one list of routes, small enough
 * for every browser's first load. A route's data, head and redirects are its route module
 * (`shared/routes/<group>.ts`, loaded lazily through `route-modules.ts`); its React view is in
 * `client/views/registry.ts`.
 */
import { idParam, optionalParam, paramsOf, slugParam, stringIdParam } from './params.ts'
import { defineRoute, type RouteDef } from './types.ts'

const productParams = paramsOf({ product: idParam, slug: optionalParam(slugParam) })

export const ROUTES = {
  main: defineRoute({ name: 'main', patterns: ['/'] }),
  search: defineRoute({ name: 'search', patterns: ['/search'] }),
  'cookie-policy': defineRoute({ name: 'cookie-policy', patterns: ['/cookie-policy'] }),
  articles: defineRoute({ name: 'articles', patterns: ['/articles'] }),
  article: defineRoute({
    name: 'article',
    patterns: ['/articles/:id-:slug'],
    params: paramsOf({ id: idParam, slug: slugParam }),
  }),
  registration: defineRoute({ name: 'registration', patterns: ['/registration'] }),
  'profile-incomplete': defineRoute({ name: 'profile-incomplete', patterns: ['/profile/incomplete'] }),
  /** The profile lives on the main site (spec section 2); rule 2 sends every /profile path there. */
  profile: defineRoute({ name: 'profile', patterns: ['/profile'], kind: 'external' }),
  popular: defineRoute({
    name: 'popular',
    patterns: ['/popular/:id-:slug'],
    params: paramsOf({ id: idParam, slug: slugParam }),
  }),
  product: defineRoute({
    name: 'product',
    patterns: ['/product/:product-:slug', '/product/:product'],
    layout: 'product',
    params: productParams,
  }),
  'product-reviews': defineRoute({
    name: 'product-reviews',
    patterns: ['/product/:product-:slug/reviews', '/product/:product/reviews'],
    layout: 'product',
    parent: 'product',
    params: productParams,
  }),
  catalog: defineRoute({ name: 'catalog', patterns: ['/catalog'] }),
  'catalog-category': defineRoute({
    name: 'catalog-category',
    patterns: ['/catalog/:category-:slug', '/catalog/:category'],
    params: paramsOf({ category: idParam, slug: optionalParam(slugParam) }),
  }),
  'promo-product': defineRoute({
    name: 'promo-product',
    patterns: ['/promo-product/:product-:slug', '/promo-product/:product'],
    layout: 'product',
    params: productParams,
  }),
  'promo-catalog': defineRoute({ name: 'promo-catalog', patterns: ['/promo-catalog'] }),
  'promo-catalog-category': defineRoute({
    name: 'promo-catalog-category',
    patterns: ['/promo-catalog/:category-:categorySlug'],
    params: paramsOf({ category: idParam, categorySlug: slugParam }),
  }),
  /** A promo product opened from a promotions category (analytics name of spec section 2). */
  'promo-catalog-category-product': defineRoute({
    name: 'promo-catalog-category-product',
    patterns: ['/promo-catalog/:category-:categorySlug/:product-:slug'],
    layout: 'product',
    parent: 'promo-catalog-category',
    params: paramsOf({ category: idParam, categorySlug: slugParam, product: idParam, slug: slugParam }),
  }),
  /** The signed-in shopper's favorite goods (personal: `private, no-store`, never indexed). */
  favorites: defineRoute({ name: 'favorites', patterns: ['/favorites'], guards: ['authorized'] }),
  sitemap: defineRoute({ name: 'sitemap', patterns: ['/sitemap.xml'], kind: 'resource' }),
  ecom: defineRoute({ name: 'ecom', patterns: ['/ecom'], guards: ['authorized'], feature: 'ecom' }),
  'ecom-cart': defineRoute({
    name: 'ecom-cart',
    patterns: ['/ecom/cart'],
    parent: 'ecom',
    guards: ['authorized', 'offline-store-guard'],
    feature: 'ecom',
  }),
  'ecom-checkout': defineRoute({
    name: 'ecom-checkout',
    patterns: ['/ecom/checkout'],
    parent: 'ecom',
    guards: ['authorized', 'offline-store-guard'],
    feature: 'ecom',
  }),
  'ecom-order': defineRoute({
    name: 'ecom-order',
    patterns: ['/ecom/orders/:id'],
    parent: 'ecom',
    guards: ['authorized'],
    feature: 'ecom',
    // Order ids are gateway strings (`OrderParamsSchema`: `o-1024`), not numbers.
    params: paramsOf({ id: stringIdParam }),
  }),
} as const

export type RouteName = keyof typeof ROUTES
export type AnyRoute = (typeof ROUTES)[RouteName]
/** The parsed params of a route (`{ product: number; slug?: string }`); `unknown` for a route without params. */
export type RouteParams<N extends RouteName> = (typeof ROUTES)[N] extends RouteDef<string, infer P> ? P : never
/** Routes in matching order. */
export const ROUTE_LIST: readonly AnyRoute[] = Object.values(ROUTES)
