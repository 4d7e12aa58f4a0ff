/**
 * The route table: every route of spec section 2, with its name (the analytics names where the spec
 * gives them), patterns, layout, params, guards and page data. The one list of routes.
 */
import * as z from 'zod/mini'
import { idParam, slugParam } from './params.ts'
import { defineRoute } from './types.ts'
import { cookiePolicyPage, incompleteProfilePage, mainPage, registrationPage, searchPage } from '../pages/site.ts'
import { catalogCategoryPage, catalogPage } from '../pages/catalog.ts'
import { promoCatalogCategoryPage, promoCatalogPage } from '../pages/promotions.ts'
import { popularPage, productPage, productReviewsPage, promoProductPage } from '../pages/product.ts'
import { articlePage, articlesPage } from '../pages/articles.ts'
import { cartPage, checkoutPage, ecomPage, orderPage } from '../pages/ecom.ts'

const productParams = z.object({ product: idParam, slug: z.optional(slugParam) })

export const ROUTES = {
  main: defineRoute({ name: 'main', patterns: ['/'], page: mainPage }),
  search: defineRoute({ name: 'search', patterns: ['/search'], page: searchPage }),
  'cookie-policy': defineRoute({ name: 'cookie-policy', patterns: ['/cookie-policy'], page: cookiePolicyPage }),
  articles: defineRoute({ name: 'articles', patterns: ['/articles'], page: articlesPage }),
  article: defineRoute({
    name: 'article',
    patterns: ['/articles/:id-:slug'],
    params: z.object({ id: idParam, slug: slugParam }),
    page: articlePage,
  }),
  registration: defineRoute({ name: 'registration', patterns: ['/registration'], page: registrationPage }),
  'profile-incomplete': defineRoute({ name: 'profile-incomplete', patterns: ['/profile/incomplete'], page: incompleteProfilePage }),
  /** The profile lives on the main site (spec section 2); rule 2 sends every /profile path there. */
  profile: defineRoute({ name: 'profile', patterns: ['/profile'], kind: 'external' }),
  popular: defineRoute({
    name: 'popular',
    patterns: ['/popular/:id-:slug'],
    params: z.object({ id: idParam, slug: slugParam }),
    page: popularPage,
  }),
  product: defineRoute({
    name: 'product',
    patterns: ['/product/:product-:slug', '/product/:product'],
    layout: 'product',
    params: productParams,
    page: productPage,
  }),
  'product-reviews': defineRoute({
    name: 'product-reviews',
    patterns: ['/product/:product-:slug/reviews', '/product/:product/reviews'],
    layout: 'product',
    parent: 'product',
    params: productParams,
    page: productReviewsPage,
  }),
  catalog: defineRoute({ name: 'catalog', patterns: ['/catalog'], page: catalogPage }),
  'catalog-category': defineRoute({
    name: 'catalog-category',
    patterns: ['/catalog/:category-:slug', '/catalog/:category'],
    params: z.object({ category: idParam, slug: z.optional(slugParam) }),
    page: catalogCategoryPage,
  }),
  'promo-product': defineRoute({
    name: 'promo-product',
    patterns: ['/promo-product/:product-:slug', '/promo-product/:product'],
    layout: 'product',
    params: productParams,
    page: promoProductPage,
  }),
  'promo-catalog': defineRoute({ name: 'promo-catalog', patterns: ['/promo-catalog'], page: promoCatalogPage }),
  'promo-catalog-category': defineRoute({
    name: 'promo-catalog-category',
    patterns: ['/promo-catalog/:category-:categorySlug'],
    params: z.object({ category: idParam, categorySlug: slugParam }),
    page: promoCatalogCategoryPage,
  }),
  /** A promo product opened from a promotions category (analytics name of spec section 2). */
  'promo-catalog-category-product': defineRoute({
    name: 'promo-catalog-category-product',
    patterns: ['/promo-catalog/:category-:categorySlug/:product-:slug'],
    layout: 'product',
    parent: 'promo-catalog-category',
    params: z.object({ category: idParam, categorySlug: slugParam, product: idParam, slug: slugParam }),
    page: promoProductPage,
  }),
  sitemap: defineRoute({ name: 'sitemap', patterns: ['/sitemap.xml'], kind: 'resource' }),
  ecom: defineRoute({ name: 'ecom', patterns: ['/ecom'], guards: ['authorized'], feature: 'ecom', page: ecomPage }),
  'ecom-cart': defineRoute({
    name: 'ecom-cart',
    patterns: ['/ecom/cart'],
    parent: 'ecom',
    guards: ['authorized', 'offline-store-guard'],
    feature: 'ecom',
    page: cartPage,
  }),
  'ecom-checkout': defineRoute({
    name: 'ecom-checkout',
    patterns: ['/ecom/checkout'],
    parent: 'ecom',
    guards: ['authorized', 'offline-store-guard'],
    feature: 'ecom',
    page: checkoutPage,
  }),
  'ecom-order': defineRoute({
    name: 'ecom-order',
    patterns: ['/ecom/orders/:id'],
    parent: 'ecom',
    guards: ['authorized'],
    feature: 'ecom',
    // Order ids are gateway strings (`OrderParamsSchema`: `o-1024`), not numbers.
    params: z.object({ id: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/)) }),
    page: orderPage,
  }),
} as const

export type RouteName = keyof typeof ROUTES
export type AnyRoute = (typeof ROUTES)[RouteName]
/** Routes in matching order. */
export const ROUTE_LIST: readonly AnyRoute[] = Object.values(ROUTES)
