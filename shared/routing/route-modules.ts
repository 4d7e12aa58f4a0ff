/**
 * Route name → its route module (`shared/routes/<group>.ts`: loaders, meta, canonical, server redirect).
 * Lazy imports, one chunk per route group, so the browser's first load carries only the URL table
 * (`routes.ts`). The type check ties each module to its route's params: a module written for other
 * params fails to compile.
 */
import type { RouteName, RouteParams } from './routes.ts'
import type { LoaderMap, RoutePage } from './types.ts'

/** Routes that render a page of ours (the profile is external, the sitemap a server resource). */
export type PageRouteName = Exclude<RouteName, 'profile' | 'sitemap'>

/** The route module of one route, typed by that route's params. */
export type RouteModuleOf<N extends PageRouteName> = RoutePage<RouteParams<N>, LoaderMap>

/** Loads the route module of every page route. */
export const ROUTE_MODULES: { readonly [N in PageRouteName]: () => Promise<RouteModuleOf<N>> } = {
  main: () => import('../routes/site.ts').then((m) => m.mainPage),
  search: () => import('../routes/site.ts').then((m) => m.searchPage),
  'cookie-policy': () => import('../routes/site.ts').then((m) => m.cookiePolicyPage),
  registration: () => import('../routes/site.ts').then((m) => m.registrationPage),
  'profile-incomplete': () => import('../routes/site.ts').then((m) => m.incompleteProfilePage),
  articles: () => import('../routes/articles.ts').then((m) => m.articlesPage),
  article: () => import('../routes/articles.ts').then((m) => m.articlePage),
  popular: () => import('../routes/product.ts').then((m) => m.popularPage),
  product: () => import('../routes/product.ts').then((m) => m.productPage),
  'product-reviews': () => import('../routes/product.ts').then((m) => m.productReviewsPage),
  'promo-product': () => import('../routes/product.ts').then((m) => m.promoProductPage),
  'promo-catalog-category-product': () => import('../routes/product.ts').then((m) => m.promoProductPage),
  catalog: () => import('../routes/catalog.ts').then((m) => m.catalogPage),
  'catalog-category': () => import('../routes/catalog.ts').then((m) => m.catalogCategoryPage),
  'promo-catalog': () => import('../routes/promotions.ts').then((m) => m.promoCatalogPage),
  'promo-catalog-category': () => import('../routes/promotions.ts').then((m) => m.promoCatalogCategoryPage),
  favorites: () => import('../routes/favorites.ts').then((m) => m.favoritesPage),
  ecom: () => import('../routes/ecom.ts').then((m) => m.ecomPage),
  'ecom-cart': () => import('../routes/ecom.ts').then((m) => m.cartPage),
  'ecom-checkout': () => import('../routes/ecom.ts').then((m) => m.checkoutPage),
  'ecom-order': () => import('../routes/ecom.ts').then((m) => m.orderPage),
}

/** Whether a route renders a page of ours (has a route module and a view). */
export const isPageRoute = (name: string): name is PageRouteName => Object.hasOwn(ROUTE_MODULES, name)

/** Loads the route module of a page route, for the page pipeline that serves every route alike. */
export const loadRouteModule = (name: PageRouteName): Promise<RoutePage<unknown, LoaderMap>> => ROUTE_MODULES[name]()
