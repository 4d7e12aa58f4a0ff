/**
 * Route name → page module. Each module is its own chunk (code splitting per route); the build reads
 * this table to emit the modulepreload links of each route, so keep one `import('./...')` per line.
 */
import type { ComponentType } from 'react'
import type { RouteName } from '#shared/routing/routes.ts'
import type { SearchParams } from '#shared/routing/types.ts'

/** Props every page receives from the router. */
export interface PageProps {
  routeName: RouteName
  params: Record<string, unknown>
  search: SearchParams
  /** A guard that is not satisfied yet: the page shows its frame and asks to sign in or choose a store. */
  blocked?: 'login' | 'store' | undefined
}

/** A page module exports its component as `Page`. */
export interface PageModule {
  Page: ComponentType<PageProps>
}

/** Routes that render a page of ours (the profile is external, the sitemap a server resource). */
export type PageRouteName = Exclude<RouteName, 'profile' | 'sitemap'>

export const PAGE_MODULES: Record<PageRouteName, () => Promise<PageModule>> = {
  main: () => import('./home/home-page.tsx'),
  search: () => import('./search/search-page.tsx'),
  'cookie-policy': () => import('./site/cookie-policy-page.tsx'),
  articles: () => import('./articles/articles-page.tsx'),
  article: () => import('./articles/article-page.tsx'),
  registration: () => import('./auth/registration-page.tsx'),
  'profile-incomplete': () => import('./auth/incomplete-profile-page.tsx'),
  popular: () => import('./product/popular-page.tsx'),
  product: () => import('./product/product-page.tsx'),
  'product-reviews': () => import('./product/product-page.tsx'),
  catalog: () => import('./catalog/catalog-page.tsx'),
  'catalog-category': () => import('./catalog/catalog-category-page.tsx'),
  'promo-product': () => import('./promotions/promo-product-page.tsx'),
  'promo-catalog': () => import('./promotions/promo-catalog-page.tsx'),
  'promo-catalog-category': () => import('./promotions/promo-catalog-category-page.tsx'),
  'promo-catalog-category-product': () => import('./promotions/promo-product-page.tsx'),
  favorites: () => import('./favorites/favorites-page.tsx'),
  ecom: () => import('./ecom/ecom-page.tsx'),
  'ecom-cart': () => import('./ecom/cart-page.tsx'),
  'ecom-checkout': () => import('./ecom/checkout-page.tsx'),
  'ecom-order': () => import('./ecom/order-page.tsx'),
}

/** Whether a route renders a page of ours. */
export const hasPage = (name: string): name is PageRouteName => name in PAGE_MODULES
